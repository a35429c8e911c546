import type { RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { formatMessage, type Catalogue, type PhraseNames } from '../kit/phrasing';
import type { Lang } from '../ruleset';
import type { GalaxyLeagueEvents } from './gl-events';
import { FACTIONS } from './gl-factions';

/**
 * Sentences for the league's own events, in English and Russian (ICU patterns: Russian number
 * and case come from plural forms). Players, planets and stages are named, never given by id.
 */

export const STAGE_NAMES: Record<string, LocalizedText> = {
  preparation: { en: 'Preparation', ru: 'Подготовка' },
  attack: { en: 'Attack', ru: 'Нападение' },
  return: { en: 'Return', ru: 'Возврат' },
  joining: { en: 'Joining', ru: 'Присоединение' },
  defence: { en: 'Defence', ru: 'Защита' },
  battles: { en: 'Battles', ru: 'Проведение боёв' },
};

type Key =
  | 'setUp'
  | 'stageOpened'
  | 'stageDone'
  | 'income'
  | 'incomeBonus'
  | 'captured'
  | 'neutral'
  | 'claimed'
  | 'capitalSet'
  | 'capitalMoved'
  | 'allianceProposed'
  | 'allianceConsented'
  | 'allianceFormed'
  | 'allianceJoined'
  | 'duesCharged'
  | 'duesDefaulted'
  | 'forfeited'
  | 'dissolved'
  | 'exitNoted'
  | 'left'
  | 'splitProposed'
  | 'swapOffered'
  | 'swapped'
  | 'researched'
  | 'structure'
  | 'paused'
  | 'pausedReturned'
  | 'roundPoints'
  | 'priority'
  | 'declared'
  | 'lapsed'
  | 'battleCapture'
  | 'battleColonisation'
  | 'recalled'
  | 'joined'
  | 'defender'
  | 'mercenaries'
  | 'reported'
  | 'confirmed'
  | 'settledWin'
  | 'settledNone'
  | 'payouts'
  | 'capitalCaptured'
  | 'annexed'
  | 'annexedNone'
  | 'morale'
  | 'eliminated'
  | 'colonisationUnpaid'
  | 'returned'
  | 'entered'
  | 'enteredAttacks'
  | 'noShow';

const MESSAGES: Catalogue<Key> = {
  en: {
    setUp:
      'The league is set up on {map}{illustrative, select, yes { (made up: the rules give no map)} other {}}: {players}{entrants, select, none {} other {; kept for new players: {entrants}}}; {rounds} rounds',
    stageOpened: 'Round {round}: the {stage} stage opens',
    stageDone: '{seat} is done with the {stage} stage',
    income:
      '{seat} receives {total} IC income from {n, plural, one {# planet} other {# planets}}{unlinked, plural, =0 {} one {, # without a direct path to the capital} other {, # without a direct path to the capital}}',
    incomeBonus: '{base}; technologies bring {bonus} IC more',
    captured: '{planet} passes from {from} to {to}',
    neutral: '{planet} is lost by {from} and becomes neutral',
    claimed: '{to} takes control of {planet}',
    capitalSet: '{seat} makes {planet} the capital',
    capitalMoved: '{seat} moves the capital to {planet} for {cost} IC',
    allianceProposed: '{by} proposes an alliance of {members}',
    allianceConsented: '{seat} consents to the alliance',
    allianceFormed: 'Alliance of {members} formed, bound until the end of round {until}',
    allianceJoined:
      '{seats} {count, plural, one {joins} other {join}} the alliance, now {members}; bound until the end of round {until}',
    duesCharged: 'Alliance dues for round {round}: {charges}',
    duesDefaulted:
      'The alliance of {members} cannot pay its dues: each member gives up a planet of its choice, the alliance stays',
    forfeited: '{seat} gives up {planet} for the unpaid dues: it becomes neutral',
    dissolved:
      'The alliance of {members} breaks up ({reason, select, dues {dues unpaid} declined {a member declined to pay the dues} left {members left} other {members eliminated}})',
    left: '{seat} leaves the alliance',
    exitNoted: '{seat} leaves the alliance when round {round} ends',
    splitProposed: '{seat} proposes the dues split: {charges}',
    swapOffered: '{from} offers {to} to swap {mine} for {theirs}',
    swapped: '{a} and {b} swap planets: {planetOfA} ↔ {planetOfB}',
    researched:
      '{seat} researches {technology} for {cost} IC{points, plural, =0 {} one { (+# point)} other { (+# points)}}',
    structure: '{base}; its structure stands on {planet}',
    paused:
      '{seat} pauses for round {round} ({used, plural, one {first pause} other {second pause}})',
    pausedReturned: '{base}; {returned} IC of income returned',
    roundPoints: 'Points at the start of round {round}: {points}',
    priority:
      'Priority in round {round}: {order}{lot, select, none {} other { (a lot among {lot})}}',
    declared:
      '{seat} declares {kind, select, returning {a return to the league: } entry {on entering: } other {}}{attacks, plural, =0 {no attack} one {# attack} other {# attacks}} and {colonisations, plural, =0 {no colonisation} one {# colonisation} other {# colonisations}}{targets}',
    lapsed: '{seat}’s declaration on {planet} lapses: {before} declared first in priority',
    battleCapture:
      'Battle for {planet}{capital, select, yes { (a capital)} other {}}: {attackers} against {owner}',
    battleColonisation: 'Colonisation of {planet}: {attackers}',
    recalled:
      '{seat} recalls a ship from {planet}{lapsed, select, yes {: the declaration lapses} other {}}',
    joined: '{seat} joins {n, plural, =0 {nothing} one {# battle} other {# battles}}{targets}',
    defender:
      '{seat} places a defender on {planet}{ally, select, yes { (an ally’s planet, −10)} other {}}',
    mercenaries:
      '{seat} hires {count, plural, one {# mercenary} other {# mercenaries}} for {planet}, {total} IC',
    reported:
      '{seat} reports the battle for {planet}: {won, select, yes {{winner} won} other {all destroyed, no winner}}; points {points}',
    confirmed: '{seat} confirms the result of the battle for {planet}',
    settledWin:
      '{planet}: {winner} wins ({source, select, linked {linked match {match}} reported {confirmed report} noDefender {no defender: no battle} soleColoniser {the only coloniser} firstInPriority {first in priority} noShow {the others did not show up: no battle} other {no battle}})',
    settledNone:
      '{planet}: {source, select, mercenaries {the mercenaries win; the owner keeps it} noShow {no attacker showed up; the planet stays as it was} other {no winner; the planet stays as it was}}',
    payouts: '{base}; payouts: {payouts}',
    capitalCaptured: '{to} captures {from}’s capital {planet}',
    annexed: '{seat} annexes {territories} from {from}',
    annexedNone: '{seat} annexes nothing: {from} has no territory next to the captured capital',
    morale:
      '{seat} is {status, select, demoralised {demoralised} other {inspired}} in round {round} ({reason, select, fourLosses {lost 4 battles} capitalLost {lost the capital} fourWins {won 4 battles} other {captured a capital}})',
    colonisationUnpaid:
      '{seat} wins {planet} but cannot pay the colonisation ({cost} IC, has {credits}): the planet stays neutral',
    eliminated:
      '{seat} has lost every territory and is out: skips round {skipped}, may try to return from round {returns}',
    returned: '{seat} captures {planet} and returns to the league',
    entered:
      '{seat} enters the league in round {round}: {capital, select, none {no neutral planet is left, it enters as a returning player with 3 attacks} other {capital {capital}{planets}}}; receives {credits} IC{technologies, plural, =0 {} one {, # free technology} other {, # free technologies}}{wins, plural, =0 {} one {, # point in «wins»} other {, # points in «wins»}}',
    enteredAttacks: '{base}; its actions this round are 3 attacks next to its capital',
    noShow: '{by} records that {absent} did not show up for the battle for {planet}',
  },
  ru: {
    setUp:
      'Лига подготовлена, карта: {map}{illustrative, select, yes { (придумана: в правилах карты нет)} other {}}; {players}{entrants, select, none {} other {; места для новых игроков: {entrants}}}; раундов: {rounds}',
    stageOpened: 'Раунд {round}: начинается этап «{stage}»',
    stageDone: '{seat} завершает этап «{stage}»',
    income:
      '{seat} получает доход {total} ИК с {n, plural, one {# планеты} other {# планет}}{unlinked, plural, =0 {} one {, из них # без прямого пути к столице} few {, из них # без прямого пути к столице} other {, из них # без прямого пути к столице}}',
    incomeBonus: '{base}; технологии дают ещё {bonus} ИК',
    captured: 'Планета {planet} переходит от игрока {from} к игроку {to}',
    neutral: 'Игрок {from} теряет планету {planet}, она становится нейтральной',
    claimed: 'Игрок {to} берёт под контроль планету {planet}',
    capitalSet: '{seat}: столица — {planet}',
    capitalMoved: '{seat} переносит столицу: {planet}, за {cost} ИК',
    allianceProposed: '{by} предлагает Альянс: {members}',
    allianceConsented: '{seat} соглашается на Альянс',
    allianceFormed: 'Заключён Альянс: {members}; обязателен до конца раунда {until}',
    allianceJoined:
      '{seats} {count, plural, one {вступает} other {вступают}} в Альянс, теперь это {members}; обязателен до конца раунда {until}',
    duesCharged: 'Взносы Альянса за раунд {round}: {charges}',
    duesDefaulted:
      'Альянс ({members}) не может оплатить взнос: каждый член теряет планету по своему выбору, Альянс сохраняется',
    forfeited: '{seat} теряет планету {planet} за неуплату взноса, она становится нейтральной',
    dissolved:
      'Альянс ({members}) распадается ({reason, select, dues {взнос не оплачен} declined {член Альянса отказался платить взнос} left {члены вышли} other {члены выбыли}})',
    left: '{seat} выходит из Альянса',
    exitNoted: '{seat} выйдет из Альянса по окончании раунда {round}',
    splitProposed: '{seat} предлагает доли взноса: {charges}',
    swapOffered: '{from} предлагает игроку {to} обмен: {mine} на {theirs}',
    swapped: '{a} и {b} меняются планетами: {planetOfA} ↔ {planetOfB}',
    researched:
      '{seat} исследует технологию «{technology}» за {cost} ИК{points, plural, =0 {} one { (+# очко)} few { (+# очка)} other { (+# очков)}}',
    structure: '{base}; сооружение размещено: {planet}',
    paused:
      '{seat} берёт паузу на раунд {round} ({used, plural, one {первая пауза} other {вторая пауза}})',
    pausedReturned: '{base}; возвращено {returned} ИК дохода',
    roundPoints: 'Очки в начале раунда {round}: {points}',
    priority:
      'Очередность в раунде {round}: {order}{lot, select, none {} other { (жребий между: {lot})}}',
    declared:
      '{seat} заявляет {kind, select, returning {возврат в игру: } entry {при входе в игру: } other {}}{attacks, plural, =0 {без атак} one {# атаку} few {# атаки} other {# атак}} и {colonisations, plural, =0 {без колонизаций} one {# колонизацию} few {# колонизации} other {# колонизаций}}{targets}',
    lapsed: 'Заявка игрока {seat} на планету {planet} отпадает: {before} раньше по очередности',
    battleCapture:
      'Бой за планету {planet}{capital, select, yes { (столица)} other {}}: {attackers} против игрока {owner}',
    battleColonisation: 'Колонизация планеты {planet}: {attackers}',
    recalled:
      '{seat} отзывает звездолёт с планеты {planet}{lapsed, select, yes {, заявка отменена} other {}}',
    joined:
      '{n, plural, =0 {{seat} ни к чему не присоединяется} one {{seat} присоединяется к # бою{targets}} other {{seat} присоединяется к # боям{targets}}}',
    defender:
      '{seat} выставляет защитника на планету {planet}{ally, select, yes { (планета союзника, −10)} other {}}',
    mercenaries:
      '{seat} нанимает {count, plural, one {# наёмника} other {# наёмников}} для планеты {planet} за {total} ИК',
    reported:
      '{seat} сообщает итог боя за планету {planet}: {won, select, yes {победа — {winner}} other {все уничтожены, победителя нет}}; очки: {points}',
    confirmed: '{seat} подтверждает итог боя за планету {planet}',
    settledWin:
      'Планета {planet}: побеждает {winner} ({source, select, linked {связанная партия {match}} reported {подтверждённый итог} noDefender {защитника нет, боя не было} soleColoniser {единственный колонист} firstInPriority {первый по очередности} noShow {соперники не явились, боя не было} other {боя не было}})',
    settledNone:
      'Планета {planet}: {source, select, mercenaries {наёмники побеждают, планета остаётся у владельца} noShow {атакующие не явились, планета остаётся как была} other {победителя нет, планета остаётся как была}}',
    payouts: '{base}; выплаты: {payouts}',
    capitalCaptured: '{to} захватывает столицу игрока {from}: {planet}',
    annexed: '{seat} присоединяет территории игрока {from}: {territories}',
    annexedNone:
      '{seat} ничего не присоединяет: рядом с захваченной столицей у игрока {from} территорий нет',
    morale:
      '{seat}: {status, select, demoralised {Деморализация} other {Воодушевление}} в раунде {round} ({reason, select, fourLosses {проиграно 4 боя} capitalLost {потеряна столица} fourWins {выиграно 4 боя} other {захвачена чужая столица}})',
    colonisationUnpaid:
      '{seat} побеждает за планету {planet}, но не может оплатить колонизацию ({cost} ИК, есть {credits}): планета остаётся нейтральной',
    eliminated:
      '{seat} теряет все территории и выбывает из игры: пропускает раунд {skipped}, может пытаться вернуться с раунда {returns}',
    returned: '{seat} захватывает планету {planet} и возвращается в игру',
    entered:
      '{seat} входит в Лигу в раунде {round}: {capital, select, none {нейтральных планет нет, входит как возвращающийся игрок, с 3 атаками} other {столица — {capital}{planets}}}; получает {credits} ИК{technologies, plural, =0 {} one {, # бесплатную технологию} few {, # бесплатные технологии} other {, # бесплатных технологий}}{wins, plural, =0 {} one {, в графу «победы» — # очко} few {, в графу «победы» — # очка} other {, в графу «победы» — # очков}}',
    enteredAttacks:
      '{base}; его действия в этом раунде — 3 атаки на соседние со столицей территории',
    noShow:
      '{by}: на бой за планету {planet} {n, plural, one {не явился игрок} other {не явились игроки}} {absent}',
  },
};

interface Words {
  seats(ids: readonly string[]): string;
  charges(charges: readonly { seat: string; amount: number }[], lang: Lang): string;
  technology(id: string): string;
  say(key: Key, values?: Record<string, string | number>): string;
  seat(id: string | undefined): string;
  planet(id: string): string;
  faction(id: string): string;
  stage(id: string): string;
}

function wordsOf(lang: Lang, names: PhraseNames = {}): Words {
  return {
    say: (key, values = {}) => formatMessage(lang, MESSAGES[lang][key], values),
    seat: (id) => (id === undefined ? '?' : (names.seat?.(id, lang) ?? id)),
    planet: (id) => names.zone?.(id, lang) ?? id,
    faction: (id) => FACTIONS.find((f) => f.id === id)?.name[lang] ?? id,
    stage: (id) => own(STAGE_NAMES, id)?.[lang] ?? id,
    seats: (ids) => ids.map((id) => names.seat?.(id, lang) ?? id).join(', '),
    charges: (charges) =>
      charges
        .map(
          (c) =>
            `${names.seat?.(c.seat, lang) ?? c.seat} ${c.amount} ${lang === 'ru' ? 'ИК' : 'IC'}`,
        )
        .join(', '),
    technology: (id) => names.term?.(`technology:${id}`, lang) ?? id,
  };
}

const reasonKey = (reason: string) =>
  reason === 'dues-unpaid'
    ? 'dues'
    : reason === 'dues-declined'
      ? 'declined'
      : reason === 'members-left'
        ? 'left'
        : 'eliminated';

type Phrases = {
  [K in keyof GalaxyLeagueEvents]: (d: GalaxyLeagueEvents[K], w: Words, lang: Lang) => string;
};

const PHRASES: Phrases = {
  LeagueSetUp: (d, w, lang) =>
    w.say('setUp', {
      map: d.map.title[lang],
      illustrative: d.map.illustrative ? 'yes' : 'no',
      players: d.players.map((p) => `${w.seat(p.seat)} (${w.faction(p.faction)})`).join(', '),
      entrants: d.entrants?.length
        ? d.entrants.map((p) => `${w.seat(p.seat)} (${w.faction(p.faction)})`).join(', ')
        : 'none',
      rounds: d.rounds,
    }),
  StageOpened: (d, w) => w.say('stageOpened', { round: d.round, stage: w.stage(d.stage) }),
  StageDone: (d, w) => w.say('stageDone', { seat: w.seat(d.seat), stage: w.stage(d.stage) }),
  IncomeReceived: (d, w) => {
    const base = w.say('income', {
      seat: w.seat(d.seat),
      total: d.total,
      n: d.lines.length,
      unlinked: d.lines.filter((l) => !l.connected).length,
    });
    return d.bonus > 0 ? w.say('incomeBonus', { base, bonus: d.bonus }) : base;
  },
  ControlChanged: (d, w) =>
    d.to === undefined
      ? w.say('neutral', { planet: w.planet(d.territory), from: w.seat(d.from) })
      : d.from === undefined
        ? w.say('claimed', { planet: w.planet(d.territory), to: w.seat(d.to) })
        : w.say('captured', {
            planet: w.planet(d.territory),
            from: w.seat(d.from),
            to: w.seat(d.to),
          }),
  CapitalSet: (d, w) =>
    d.cost
      ? w.say('capitalMoved', { seat: w.seat(d.seat), planet: w.planet(d.territory), cost: d.cost })
      : w.say('capitalSet', { seat: w.seat(d.seat), planet: w.planet(d.territory) }),
  AllianceProposed: (d, w) =>
    w.say('allianceProposed', { by: w.seat(d.by), members: w.seats(d.members) }),
  AllianceConsented: (d, w) => w.say('allianceConsented', { seat: w.seat(d.seat) }),
  AllianceFormed: (d, w) =>
    w.say('allianceFormed', { members: w.seats(d.members), until: d.lastBoundRound }),
  AllianceJoined: (d, w) =>
    w.say('allianceJoined', {
      seats: w.seats(d.seats),
      count: d.seats.length,
      members: w.seats(d.members),
      until: d.lastBoundRound,
    }),
  DuesCharged: (d, w, lang) =>
    w.say('duesCharged', { round: d.round, charges: w.charges(d.charges, lang) }),
  DuesDefaulted: (d, w) => w.say('duesDefaulted', { members: w.seats(d.members) }),
  PlanetForfeited: (d, w) =>
    w.say('forfeited', { seat: w.seat(d.seat), planet: w.planet(d.territory) }),
  AllianceDissolved: (d, w) =>
    w.say('dissolved', {
      members: w.seats(d.members),
      reason: reasonKey(d.reason),
    }),
  AllianceLeft: (d, w) => w.say('left', { seat: w.seat(d.seat) }),
  AllianceExitNoted: (d, w) => w.say('exitNoted', { seat: w.seat(d.seat), round: d.round }),
  DuesSplitProposed: (d, w, lang) =>
    w.say('splitProposed', { seat: w.seat(d.seat), charges: w.charges(d.shares, lang) }),
  SwapOffered: (d, w) =>
    w.say('swapOffered', {
      from: w.seat(d.from),
      to: w.seat(d.to),
      mine: w.planet(d.mine),
      theirs: w.planet(d.theirs),
    }),
  PlanetsSwapped: (d, w) =>
    w.say('swapped', {
      a: w.seat(d.a),
      b: w.seat(d.b),
      planetOfA: w.planet(d.planetOfA),
      planetOfB: w.planet(d.planetOfB),
    }),
  TechnologyResearched: (d, w) => {
    const base = w.say('researched', {
      seat: w.seat(d.seat),
      technology: w.technology(d.technology),
      cost: d.cost,
      points: d.points,
    });
    return d.structureAt ? w.say('structure', { base, planet: w.planet(d.structureAt) }) : base;
  },
  RoundPointsNoted: (d, w) =>
    w.say('roundPoints', {
      round: d.round,
      points: Object.entries(d.points)
        .map(([seat, n]) => `${w.seat(seat)} ${n}`)
        .join(', '),
    }),
  PriorityOrderSet: (d, w) =>
    w.say('priority', {
      round: d.round,
      order: w.seats(d.order),
      lot: d.lot ? w.seats(d.lot) : 'none',
    }),
  AttacksDeclared: (d, w) => {
    const targets = [
      ...d.attacks.map((a) => a.planet),
      ...d.colonisations.map((c) => c.planet),
    ].map((p) => w.planet(p));
    return w.say('declared', {
      seat: w.seat(d.seat),
      kind: d.returning ? 'returning' : d.entry ? 'entry' : 'none',
      attacks: d.attacks.length,
      colonisations: d.colonisations.length,
      targets: targets.length > 0 ? `: ${targets.join(', ')}` : '',
    });
  },
  DeclarationLapsed: (d, w) =>
    w.say('lapsed', { seat: w.seat(d.seat), planet: w.planet(d.planet), before: w.seat(d.before) }),
  BattleOpened: (d, w) =>
    d.kind === 'capture'
      ? w.say('battleCapture', {
          planet: w.planet(d.planet),
          capital: d.capital ? 'yes' : 'no',
          attackers: w.seats(d.attackers.map((a) => a.seat)),
          owner: w.seat(d.owner),
        })
      : w.say('battleColonisation', {
          planet: w.planet(d.planet),
          attackers: w.seats(d.attackers.map((a) => a.seat)),
        }),
  ShipRecalled: (d, w) =>
    w.say('recalled', {
      seat: w.seat(d.seat),
      planet: w.planet(d.battle.replace(/^battle-\d+-/, '')),
      lapsed: d.lapsed ? 'yes' : 'no',
    }),
  JoinsDeclared: (d, w) =>
    w.say('joined', {
      seat: w.seat(d.seat),
      n: d.joins.length,
      targets:
        d.joins.length > 0
          ? `: ${d.joins.map((j) => w.planet(j.battle.replace(/^battle-\d+-/, ''))).join(', ')}`
          : '',
    }),
  DefenderAssigned: (d, w) =>
    w.say('defender', {
      seat: w.seat(d.seat),
      planet: w.planet(d.battle.replace(/^battle-\d+-/, '')),
      ally: d.ally ? 'yes' : 'no',
    }),
  MercenariesHired: (d, w) =>
    w.say('mercenaries', {
      seat: w.seat(d.seat),
      count: d.count,
      planet: w.planet(d.battle.replace(/^battle-\d+-/, '')),
      total: d.total,
    }),
  BattleReported: (d, w) =>
    w.say('reported', {
      seat: w.seat(d.by),
      planet: w.planet(d.battle.replace(/^battle-\d+-/, '')),
      // The reporter is the subject; the winner is named as the winner, never where the
      // reporter stands (a report of another's win read as the reporter's own).
      won: d.winner ? 'yes' : 'no',
      winner: d.winner ? w.seat(d.winner) : '',
      points: d.points.map((p) => `${w.seat(p.seat)} ${p.points}`).join(', '),
    }),
  BattleConfirmed: (d, w) =>
    w.say('confirmed', {
      seat: w.seat(d.seat),
      planet: w.planet(d.battle.replace(/^battle-\d+-/, '')),
    }),
  BattleSettled: (d, w, lang) => {
    const base = d.winner
      ? w.say('settledWin', {
          planet: w.planet(d.planet),
          winner: w.seat(d.winner),
          source: selectKey(d.source),
          match: d.match ?? '',
        })
      : w.say('settledNone', { planet: w.planet(d.planet), source: selectKey(d.source) });
    return d.payouts.length > 0
      ? w.say('payouts', {
          base,
          payouts: d.payouts
            .map((p) => `${w.seat(p.seat)} ${p.amount} ${lang === 'ru' ? 'ИК' : 'IC'}`)
            .join(', '),
        })
      : base;
  },
  CapitalCaptured: (d, w) =>
    w.say('capitalCaptured', {
      to: w.seat(d.to),
      from: w.seat(d.from),
      planet: w.planet(d.planet),
    }),
  TerritoriesAnnexed: (d, w) =>
    d.territories.length === 0
      ? w.say('annexedNone', { seat: w.seat(d.seat), from: w.seat(d.from) })
      : w.say('annexed', {
          seat: w.seat(d.seat),
          from: w.seat(d.from),
          territories: d.territories.map((t) => w.planet(t)).join(', '),
        }),
  MoraleSet: (d, w) =>
    w.say('morale', {
      seat: w.seat(d.seat),
      status: d.status,
      round: d.round,
      reason: selectKey(d.reason),
    }),
  ColonisationUnpaid: (d, w) =>
    w.say('colonisationUnpaid', {
      seat: w.seat(d.seat),
      planet: w.planet(d.planet),
      cost: d.cost,
      credits: d.credits,
    }),
  PlayerEliminated: (d, w) =>
    w.say('eliminated', { seat: w.seat(d.seat), skipped: d.round + 1, returns: d.mayReturnFrom }),
  PlayerReturned: (d, w) =>
    w.say('returned', { seat: w.seat(d.seat), planet: w.planet(d.territory) }),
  PlayerEntered: (d, w, lang) => {
    const base = w.say('entered', {
      seat: w.seat(d.seat),
      round: d.round,
      capital: d.capital ? w.planet(d.capital) : 'none',
      planets:
        d.planets.length > 0
          ? `${lang === 'ru' ? ', а также' : ', and'} ${d.planets.map((p) => w.planet(p)).join(', ')}`
          : '',
      credits: d.credits,
      technologies: d.technologies.length,
      wins: d.wins,
    });
    return d.attacks === 'next-to-capital' ? w.say('enteredAttacks', { base }) : base;
  },
  NoShowRecorded: (d, w) =>
    w.say('noShow', {
      by: w.seat(d.by),
      n: d.absent.length,
      absent: w.seats(d.absent),
      planet: w.planet(d.planet),
    }),
  PauseTaken: (d, w) => {
    const base = w.say('paused', { seat: w.seat(d.seat), round: d.round, used: d.used });
    return d.incomeReturned > 0
      ? w.say('pausedReturned', { base, returned: d.incomeReturned })
      : base;
  },
};

/** An ICU select key for a recorded value: ICU keys cannot hold a hyphen («no-defender»). */
function selectKey(value: string): string {
  return value.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

export function describeGalaxyLeagueEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names?: PhraseNames,
): string | undefined {
  if (!Object.hasOwn(PHRASES, event.type)) return undefined;
  if (event.data === null || typeof event.data !== 'object') return undefined;
  const phrase = PHRASES[event.type as keyof GalaxyLeagueEvents] as (
    d: unknown,
    w: Words,
    lang: Lang,
  ) => string;
  return phrase(event.data, wordsOf(lang, names), lang);
}
