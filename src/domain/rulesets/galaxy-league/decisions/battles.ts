import { own, setOwn } from '../../../shared/id-record';
import { ruCount } from '../../../shared/localized-text';
import { refuse } from '../../kit/refuse';
import { galaxyLeagueDecision as decision, type GalaxyLeagueDraft } from '../gl-draft';
import { byName, type ChoicesOf } from '../../decision-choices';
import { ownPlanet, planetValue } from '../gl-choice-values';
import { annexableOf, territoriesOf } from '../gl-economy';
import { joined, optionNamed, planetName, playerName } from '../gl-names';
import { battleId, roundBattles } from './orders';
import { RULES } from '../gl-rules-text';
import type { GalaxyLeagueState, LeagueBattle } from '../gl-state';
import {
  GalaxyLeagueAnnexParams,
  GalaxyLeagueBattlePlanetParams,
  GalaxyLeagueLinkBattleParams,
  GalaxyLeagueNoShowParams,
  GalaxyLeagueReportBattleParams,
} from './battles.params';
import { GalaxyLeaguePlanetParams } from './preparation.params';

const BATTLES = ['battles'];

/** The open battle for `planet` this round, which the seat fights in. */
function battleOf(d: GalaxyLeagueDraft, planet: string): { id: string; battle: LeagueBattle } {
  const id = battleId(d.rs.round, planet);
  const battle = own(d.rs.battles, id);
  const name = planetName(d, planet);
  if (!battle)
    refuse(
      'no_battle',
      {
        en: `No battle for ${name.en} is open this round`,
        ru: `Боя за планету ${name.ru} в этом раунде нет`,
      },
      RULES.battlesPhase,
    );
  if (!d.participants(battle).some((p) => p.seat === d.seat))
    refuse(
      'not_a_participant',
      {
        en: `You do not fight for ${name.en}`,
        ru: `Вы не участвуете в бою за планету ${name.ru}`,
      },
      RULES.battlesPhase,
    );
  return { id, battle };
}

/**
 * Participants who did not show up by the round's end drop out of the battle. An owner whose
 * defenders are all absent, facing one attacker, loses the planet («или не явился на бой до
 * конца раунда – планета автоматически переходит под контроль атакующего»); with no attacker
 * left the owner keeps it (option attackerNoShow, which may leave an attacker's no-show to a
 * judge); a colonisation left with one coloniser is its; the rest still fight.
 */
function recordNoShow(d: GalaxyLeagueDraft, planet: string, absent: string[]): void {
  const { id, battle } = battleOf(d, planet);
  const people = d.participants(battle).map((p) => p.seat);
  const name = planetName(d, planet);
  if (new Set(absent).size !== absent.length || absent.some((s) => !people.includes(s))) {
    const named = joined(people.map((s) => playerName(d.ctx, s)));
    refuse(
      'absent_not_participant',
      {
        en: `Name participants of the battle for ${name.en} (${named.en}), each once`,
        ru: `Назовите участников боя за планету ${name.ru} (${named.ru}), каждого один раз`,
      },
      RULES.noDefender,
    );
  }
  if (d.ctx.byJudge !== true && absent.includes(d.seat))
    refuse(
      'absent_reporter',
      {
        en: 'You came: name the participants who did not',
        ru: 'Вы явились на бой: назовите тех, кто не явился',
      },
      RULES.noDefender,
    );
  if (absent.length === people.length)
    refuse(
      'nobody_came',
      {
        en: 'Somebody came: name only those who did not',
        ru: 'Кто-то на бой явился: назовите только тех, кто не явился',
      },
      RULES.noDefender,
    );
  if (battle.report)
    refuse(
      'already_reported',
      {
        en: `The battle for ${name.en} is reported already`,
        ru: `Итог боя за планету ${name.ru} уже сообщён`,
      },
      RULES.battlesPhase,
    );
  const absentAttacker = battle.attackers.some((a) => absent.includes(a.seat));
  if (absentAttacker && d.options.attackerNoShow === 'judge' && d.ctx.byJudge !== true) {
    const option = optionNamed('attackerNoShow');
    refuse(
      'judge_decides',
      {
        en: `An attacker’s no-show is recorded by a judge of the league (${option.en})`,
        ru: `Неявку атакующего записывает судья Лиги (${option.ru})`,
      },
      RULES.noDefender,
    );
  }
  d.own('NoShowRecorded', { battle: id, planet, absent: [...absent], by: d.seat });
  const left = own(d.rs.battles, id)!;
  if (left.attackers.length === 0) d.settle(id, 'no-show', undefined, undefined);
  else if (left.kind === 'colonisation' && left.attackers.length === 1)
    d.settle(id, 'no-show', left.attackers[0].seat, undefined);
  else if (
    left.kind === 'capture' &&
    left.defenders.length === 0 &&
    left.mercenaries.length === 0 &&
    left.attackers.length === 1
  )
    d.settle(id, 'no-show', left.attackers[0].seat, undefined);
}

/** Battles of this round the seat takes part in (a report to confirm). */
const battlePlanet: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: Object.values(ctx.rs.battles)
      .filter((b) => own(ctx.rs.battles, battleId(ctx.rs.round, b.planet)) === b)
      .map((b) => planetValue(ctx, b.planet))
      .sort(byName()),
  },
];

/** Who fights a battle: its attackers, then its defenders, each once. */
export const fighters = (battle: LeagueBattle): string[] => [
  ...new Set([...battle.attackers.map((a) => a.seat), ...battle.defenders.map((d) => d.seat)]),
];

/** The seat's open battles not reported yet, then who fought: the winner, points, the destroyed. */
const reportBattle: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const open = roundBattles(ctx).filter((b) => !b.report && fighters(b).includes(ctx.seat));
  const fields: ReturnType<ChoicesOf<GalaxyLeagueState>> = [
    {
      path: 'planet',
      pick: 'one',
      values: open.map((b) => planetValue(ctx, b.planet)).sort(byName()),
    },
  ];
  const battle = open.find((b) => b.planet === chosen.planet);
  if (!battle) return fields;
  const people = fighters(battle).map((seat) => ({ value: seat, name: playerName(ctx, seat) }));
  return [
    ...fields,
    { path: 'winner', pick: 'one', values: people },
    {
      path: 'points',
      pick: 'counts',
      item: 'seat',
      count: 'points',
      scores: true,
      values: people.map((p) => ({ ...p, min: 0, max: MAX_BATTLE_POINTS })),
    },
    { path: 'destroyed', pick: 'many', min: 0, max: people.length, values: people },
  ];
};

/** The most points a report's form takes for one participant (a battle scores far less). */
const MAX_BATTLE_POINTS = 999;

/** The seat's open battles, then the other participants who did not come. */
const recordNoShowChoices: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const open = roundBattles(ctx).filter((b) => !b.report && fighters(b).includes(ctx.seat));
  const battle = open.find((b) => b.planet === chosen.planet);
  return [
    {
      path: 'planet',
      pick: 'one',
      tried: true,
      values: open.map((b) => planetValue(ctx, b.planet)).sort(byName()),
    },
    ...(battle
      ? [
          {
            path: 'absent',
            pick: 'many' as const,
            min: 1,
            max: fighters(battle).length - 1,
            values: fighters(battle)
              .filter((seat) => seat !== ctx.seat)
              .map((seat) => ({ value: seat, name: playerName(ctx, seat) })),
          },
        ]
      : []),
  ];
};

/** The loser's territories next to the captured capital: 2 of them, or all when fewer are left. */
const chooseAnnexed: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const annexing = own(ctx.rs.annexing, ctx.seat);
  const eligible = annexing ? annexableOf(ctx.rs, annexing.from, annexing.capital) : [];
  const due = Math.min(2, eligible.length);
  return [
    {
      path: 'territories',
      pick: 'many',
      min: due,
      max: due,
      values: eligible.map((p) => planetValue(ctx, p)).sort(byName()),
    },
  ];
};

export const BATTLE_DECISIONS = {
  'record-no-show': decision({
    summary: {
      en: 'Record who did not show up for a battle by the round’s end',
      ru: 'Записать неявку на бой до конца раунда',
    },
    params: GalaxyLeagueNoShowParams,
    example: { planet: 'ember', absent: ['boris'] },
    choices: recordNoShowChoices,
    turn: 'any',
    by: 'seat-or-judge',
    phases: BATTLES,
    turnRuleRef: RULES.noDefender,
    decide(d, { planet, absent }) {
      recordNoShow(d, planet, absent);
    },
  }),
  'link-battle': decision({
    summary: {
      en: 'Link the finished match that was this battle',
      ru: 'Связать с боем сыгранную партию',
    },
    params: GalaxyLeagueLinkBattleParams,
    example: {
      planet: 'ember',
      match: 'battle-ember',
      headHash: 'a'.repeat(64),
      seats: [
        { seat: 'red', player: 'anna' },
        { seat: 'blue', player: 'boris' },
      ],
    },
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    cites: (params) => (typeof params.match === 'string' ? [params.match] : []),
    decide(d, { planet, match, headHash, seats }) {
      const { id, battle } = battleOf(d, planet);
      const cited = d.cite(match, headHash, RULES.battlesPhase);
      const playerOf: Record<string, string> = {};
      // The linked match's seats by the player who sat there, as its own pages name them.
      const linkedSeat = (seat: string) => cited.seats.find((s) => s.seat === seat)?.player || seat;
      for (const { seat, player } of seats) {
        if (!cited.seats.some((s) => s.seat === seat))
          refuse(
            'unknown_linked_seat',
            {
              en: `Match ${match} has no seat “${seat}”`,
              ru: `В связанной партии нет места «${seat}»`,
            },
            RULES.battlesPhase,
          );
        if (own(playerOf, seat) !== undefined)
          refuse(
            'seat_twice',
            {
              en: `The seat of ${linkedSeat(seat)} is named twice`,
              ru: `Место игрока ${linkedSeat(seat)} названо дважды`,
            },
            RULES.battlesPhase,
          );
        setOwn(playerOf, seat, player);
      }
      const people = d.participants(battle).map((p) => p.seat);
      const mapped = Object.values(playerOf);
      if (people.some((p) => !mapped.includes(p)) || mapped.some((p) => !people.includes(p))) {
        const named = joined(people.map((s) => playerName(d.ctx, s)));
        refuse(
          'participants_mismatch',
          {
            en: `Name a seat of ${match} for each participant (${named.en}), and no one else`,
            ru: `Назовите место в связанной партии для каждого участника боя (${named.ru}) и ни для кого больше`,
          },
          RULES.battlesPhase,
        );
      }
      const winners = cited.winners
        .map((seat) => own(playerOf, seat))
        .filter((p) => p !== undefined);
      if (winners.length > 1)
        refuse(
          'several_winners',
          {
            en: `Match ${match} has ${winners.length} winners; a battle has one`,
            ru: `В связанной партии ${ruCount(winners.length, 'победитель', 'победителя', 'победителей')}, а в бою победитель один`,
          },
          RULES.flights,
        );
      const points: Record<string, number> = {};
      for (const [seat, player] of Object.entries(playerOf))
        setOwn(points, player, own(cited.points, seat) ?? 0);
      d.settle(id, 'linked', winners[0], points, match);
    },
  }),
  'report-battle': decision({
    summary: { en: 'Report a battle’s result', ru: 'Сообщить итог боя' },
    params: GalaxyLeagueReportBattleParams,
    example: {
      planet: 'ember',
      winner: 'anna',
      points: [
        { seat: 'anna', points: 60 },
        { seat: 'boris', points: 20 },
      ],
      destroyed: [],
    },
    choices: reportBattle,
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    // For each battle of the seat not reported yet: each participant as its winner (60 points,
    // the others 20, none destroyed), a result to start a report from.
    examples: (ctx) =>
      Object.values(ctx.rs.battles)
        .filter((b) => !b.report && b.round === ctx.rs.round)
        .flatMap((b) => {
          const people = fighters(b);
          if (!people.includes(ctx.seat)) return [];
          return people.map((winner) => ({
            planet: b.planet,
            winner,
            points: people.map((seat) => ({ seat, points: seat === winner ? 60 : 20 })),
            destroyed: [],
          }));
        }),
    decide(d, { planet, winner, points, destroyed }) {
      const { id, battle } = battleOf(d, planet);
      const people = d.participants(battle).map((p) => p.seat);
      const named = points.map((p) => p.seat);
      if (people.some((p) => !named.includes(p)) || named.length !== people.length) {
        const participants = joined(people.map((s) => playerName(d.ctx, s)));
        refuse(
          'points_for_everyone',
          {
            en: `Give the points of each participant once (${participants.en})`,
            ru: `Укажите очки каждого участника боя, по одному разу (${participants.ru})`,
          },
          RULES.battleMoney,
        );
      }
      if (winner !== undefined && !people.includes(winner)) {
        const [who, where] = [playerName(d.ctx, winner), planetName(d, planet)];
        refuse(
          'winner_not_participant',
          {
            en: `${who.en} did not fight for ${where.en}`,
            ru: `${who.ru} не участвует в бою за планету ${where.ru}`,
          },
          RULES.battlesPhase,
        );
      }
      if (destroyed.some((s) => !people.includes(s)))
        refuse(
          'destroyed_not_participant',
          {
            en: 'Only participants’ ships are destroyed',
            ru: 'Уничтожены могут быть только звездолёты участников боя',
          },
          RULES.flights,
        );
      if (winner !== undefined && destroyed.length === people.length)
        refuse(
          'all_destroyed',
          {
            en: 'Every ship was destroyed: there is no winner',
            ru: 'Уничтожены звездолёты всех игроков: победителя нет',
          },
          RULES.captureAllDestroyed,
        );
      d.own('BattleReported', {
        battle: id,
        by: d.seat,
        ...(winner !== undefined ? { winner } : {}),
        points: points.map((p) => ({ seat: p.seat, points: p.points })),
        destroyed: [...destroyed],
      });
    },
  }),
  'confirm-battle': decision({
    summary: { en: 'Confirm a reported battle result', ru: 'Подтвердить итог боя' },
    params: GalaxyLeagueBattlePlanetParams,
    example: { planet: 'ember' },
    choices: battlePlanet,
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    examples: (ctx) =>
      Object.values(ctx.rs.battles)
        .filter((b) => b.report && !b.confirmed?.includes(ctx.seat))
        .map((b) => ({ planet: b.planet })),
    decide(d, { planet }) {
      const { id, battle } = battleOf(d, planet);
      const report = battle.report;
      if (!report) {
        const name = planetName(d, planet);
        refuse(
          'not_reported',
          {
            en: `Nobody reported the battle for ${name.en} yet`,
            ru: `Итог боя за планету ${name.ru} ещё никто не сообщил`,
          },
          RULES.battlesPhase,
        );
      }
      if (battle.confirmed?.includes(d.seat))
        refuse(
          'already_confirmed',
          {
            en: 'You reported or confirmed this result already',
            ru: 'Вы уже сообщили или подтвердили этот итог',
          },
          RULES.battlesPhase,
        );
      d.own('BattleConfirmed', { battle: id, seat: d.seat });
      const people = d.participants(battle).map((p) => p.seat);
      const confirmed = own(d.rs.battles, id)?.confirmed ?? [];
      if (!people.every((p) => confirmed.includes(p))) return;
      d.settle(
        id,
        'reported',
        report.winner,
        Object.fromEntries(report.points.map((p) => [p.seat, p.points])),
      );
    },
  }),
  'choose-annexed': decision({
    summary: {
      en: 'Annex 2 territories next to the captured capital',
      ru: 'Присоединить 2 территории у захваченной столицы',
    },
    params: GalaxyLeagueAnnexParams,
    example: { territories: ['ember', 'fornax'] },
    choices: chooseAnnexed,
    turn: 'any',
    turnRuleRef: RULES.annexation,
    available: (ctx) => own(ctx.rs.annexing, ctx.seat) !== undefined,
    // Every choice there is: each pair of the loser's territories next to the capital, or
    // all of them when fewer than 2 are left (none: the empty choice).
    examples: (ctx) => {
      const annexing = own(ctx.rs.annexing, ctx.seat);
      if (!annexing) return [];
      const eligible = annexableOf(ctx.rs, annexing.from, annexing.capital);
      if (eligible.length <= 2) return [{ territories: eligible }];
      return eligible.flatMap((a, i) =>
        eligible.slice(i + 1).map((b) => ({ territories: [a, b] })),
      );
    },
    decide(d, { territories }) {
      const annexing = own(d.rs.annexing, d.seat);
      if (!annexing)
        refuse(
          'nothing_to_annex',
          { en: 'You captured no capital', ru: 'Вы не захватывали столицу' },
          RULES.annexation,
        );
      const eligible = annexableOf(d.rs, annexing.from, annexing.capital);
      const due = Math.min(2, eligible.length);
      if (new Set(territories).size !== due)
        refuse(
          'annex_count',
          due === 0
            ? {
                en: 'The loser has no territory next to the capital: choose none',
                ru: 'Рядом со столицей нет территорий проигравшего: не выбирайте ни одной',
              }
            : {
                en: `Choose ${due} different territories`,
                ru: `Выберите ${ruCount(due, 'территорию', 'разные территории', 'разных территорий')}`,
              },
          RULES.annexation,
        );
      for (const t of territories)
        if (!eligible.includes(t)) {
          const [name, loser] = [planetName(d, t), playerName(d.ctx, annexing.from, 'gen')];
          refuse(
            'not_annexable',
            {
              en: `${name.en} is not a territory of ${loser.en} next to the captured capital`,
              ru: `${name.ru} — не территория ${loser.ru} рядом с захваченной столицей`,
            },
            RULES.annexation,
          );
        }
      d.own('TerritoriesAnnexed', {
        seat: d.seat,
        from: annexing.from,
        territories: [...territories],
      });
      for (const t of territories)
        d.own('ControlChanged', {
          territory: t,
          from: annexing.from,
          to: d.seat,
          cause: 'annexed',
        });
    },
  }),
  'designate-capital': decision({
    summary: { en: 'Name a new capital', ru: 'Назначить новую столицу' },
    params: GalaxyLeaguePlanetParams,
    example: { planet: 'ember' },
    choices: ownPlanet,
    turn: 'any',
    turnRuleRef: RULES.newCapital,
    available: (ctx) => {
      const player = own(ctx.rs.players, ctx.seat);
      return player?.capital === undefined && territoriesOf(ctx.rs, ctx.seat).length > 0;
    },
    examples: (ctx) => territoriesOf(ctx.rs, ctx.seat).map((planet) => ({ planet })),
    decide(d, { planet }) {
      const player = own(d.rs.players, d.seat);
      if (!player || player.capital !== undefined)
        refuse(
          'has_capital',
          { en: 'You have a capital', ru: 'У вас уже есть столица' },
          RULES.newCapital,
        );
      if (own(d.rs.owner, planet) !== d.seat) {
        const name = planetName(d, planet);
        refuse(
          'not_your_planet',
          { en: `${name.en} is not one of your territories`, ru: `${name.ru} — не ваша планета` },
          RULES.newCapital,
        );
      }
      d.own('CapitalSet', { seat: d.seat, territory: planet, cause: 'designated' });
    },
  }),
};
