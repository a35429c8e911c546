import type { RecordedEvent } from '../../events/recorded-event';
import type { PhraseNames } from '../kit';
import type { Lang } from '../ruleset';
import type { Hex } from './sw-hex';
import { named } from './sw-catalog';
import type { SwEvents } from './sw-events';

/**
 * A sentence for each of the game's own events, in English and Russian. Legions are named
 * by their seat's name (as the engine passes it); ships by class and number, never by id.
 * The Russian names the subject after a colon, so that no name needs declining.
 */
type Phrases = {
  [K in keyof SwEvents]: (data: SwEvents[K], lang: Lang, w: Words) => string;
};

interface Words {
  who(seat: string): string;
  ship(id: string): string;
  piece(id: string): string;
  /** A legionnaire by the name the mission gives him in the reader's language. */
  person(name: string): string;
}

const MAP: Record<string, [string, string]> = {
  space: ['space', 'космос'],
  ground: ['ground', 'земля'],
};
const mapWord = (map: string, lang: Lang) =>
  Object.hasOwn(MAP, map) ? MAP[map][lang === 'ru' ? 1 : 0] : map;
const at = (h: Hex | undefined) => (h ? `(${h.q}, ${h.r})` : '');
const ru = (lang: Lang, en: string, russian: string) => (lang === 'ru' ? russian : en);

function plural(count: number, forms: [string, string, string]): string {
  const m10 = count % 10;
  const m100 = count % 100;
  const form =
    m10 === 1 && m100 !== 11 ? 0 : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 1 : 2;
  return `${count} ${forms[form]}`;
}
const credits = (n: number, lang: Lang) =>
  lang === 'ru' ? plural(n, ['кредит', 'кредита', 'кредитов']) : `${n} credit${n === 1 ? '' : 's'}`;
const turnsWord = (n: number, lang: Lang) =>
  lang === 'ru' ? plural(n, ['ход', 'хода', 'ходов']) : `${n} turn${n === 1 ? '' : 's'}`;
const apWord = (n: number, lang: Lang) =>
  lang === 'ru'
    ? plural(n, ['очко действия', 'очка действия', 'очков действия'])
    : `${n} action point${n === 1 ? '' : 's'}`;
const hitsWord = (n: number, lang: Lang) =>
  lang === 'ru'
    ? plural(n, ['попадание', 'попадания', 'попаданий'])
    : `${n} hit${n === 1 ? '' : 's'}`;

const PHRASES: Phrases = {
  MissionLaidOut: ({ mission }, lang) =>
    ru(
      lang,
      `Mission laid out: ${mission.title?.en ?? mission.name}, ${turnsWord(mission.plannedTurns, lang)}`,
      `Миссия: ${mission.title?.ru ?? mission.name}, ${turnsWord(mission.plannedTurns, lang)}`,
    ),
  TurnOrderRolled: ({ map, order }, lang, w) =>
    ru(
      lang,
      `Turn order (${mapWord(map, lang)}): ${order.map(w.who).join(', ')}`,
      `Порядок ходов (${mapWord(map, lang)}): ${order.map(w.who).join(', ')}`,
    ),
  FactionTurnStarted: ({ map, legion, round }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)}'s turn on the ${mapWord(map, lang)} map, round ${round}`,
      `Ход (${mapWord(map, lang)}, круг ${round}): ${w.who(legion)}`,
    ),
  FactionTurnEnded: ({ map, legion }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)} ends the turn (${mapWord(map, lang)})`,
      `Ход окончен (${mapWord(map, lang)}): ${w.who(legion)}`,
    ),
  TimeCalled: ({ map, legion }, lang, w) =>
    ru(
      lang,
      `The Game Master calls time on ${w.who(legion)} (${mapWord(map, lang)})`,
      `Мастер игры: время вышло (${mapWord(map, lang)}): ${w.who(legion)}`,
    ),
  TurnsRemainingAnnounced: ({ map, turns }, lang) =>
    ru(
      lang,
      `The Game Master: ${turnsWord(turns, lang)} left (${mapWord(map, lang)})`,
      `Мастер игры: осталось ${turnsWord(turns, lang)} (${mapWord(map, lang)})`,
    ),
  MapFinished: ({ map }, lang) =>
    ru(lang, `The ${mapWord(map, lang)} game is over`, `Игра окончена: ${mapWord(map, lang)}`),
  IncomeCollected: ({ legion, dice, total, credits: held }, lang, w) =>
    // No dice: a starting position sets the legion's credits (sw-position.ts).
    dice === 0
      ? ru(
          lang,
          `${w.who(legion)} has ${credits(held, lang)}`,
          `Кредиты: ${w.who(legion)} — ${credits(held, lang)}`,
        )
      : ru(
          lang,
          `${w.who(legion)} rolls ${dice}d4 for income: ${credits(total, lang)}`,
          `Доход (${dice}d4): ${w.who(legion)} получает ${credits(total, lang)}`,
        ),
  ItemPurchased: ({ legion, item, id, cost }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)} buys ${w.ship(id)} for ${credits(cost, lang)}`,
      `Покупка за ${credits(cost, lang)}: ${item === 'reinforcements' || item === 'station' ? named(item, lang) : w.ship(id)} (${w.who(legion)})`,
    ),
  BuildAdvanced: ({ id, turnsLeft }, lang, w) =>
    turnsLeft > 0
      ? ru(
          lang,
          `${w.ship(id)}: ${turnsWord(turnsLeft, lang)} of building left`,
          `${w.ship(id)}: до постройки ${turnsWord(turnsLeft, lang)}`,
        )
      : ru(lang, `${w.ship(id)} is built`, `${w.ship(id)}: построен`),
  ShipEntered: ({ ship, cells, via, captain }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} enters play ${via === 'dock' ? 'from a Dock' : 'at the tunnel'} at ${at(cells[0])}${captain ? `, under ${w.person(captain)}` : ''}`,
      `${w.ship(ship)} входит в игру ${via === 'dock' ? 'из дока' : 'у тоннеля'} на ${at(cells[0])}${captain ? `, капитан: ${w.person(captain)}` : ''}`,
    ),
  ShipMoved: ({ ship, cells }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} moves to ${at(cells[0])}`,
      `${w.ship(ship)} перемещается на ${at(cells[0])}`,
    ),
  ReinforcementsDelivered: ({ transport, count }, lang, w) =>
    ru(
      lang,
      `${w.ship(transport)} delivers ${count} reinforcements to the planet`,
      `${w.ship(transport)} доставляет подкрепления на планету: ${count}`,
    ),
  StationDeployed: ({ cell, legion }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)} deploys a mining station at ${at(cell)}`,
      `Добывающая станция на ${at(cell)}: ${w.who(legion)}`,
    ),
  VolleyFired: ({ ship, target, decks, faces, hits }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} fires ${decks.length} deck(s) at ${w.piece(target)}: ${faces.join(', ') || 'no roll'} — ${hitsWord(hits, lang)}`,
      `Залп: ${w.ship(ship)} по цели ${w.piece(target)}, палуб ${decks.length}: ${faces.join(', ') || 'без броска'} — ${hitsWord(hits, lang)}`,
    ),
  ShipDamaged: ({ ship, shields, decksLost }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)}: shields ${shields}${decksLost.length ? `, deck ${decksLost.join(', ')} destroyed` : ''}`,
      `${w.ship(ship)}: щитов ${shields}${decksLost.length ? `, разрушена палуба ${decksLost.join(', ')}` : ''}`,
    ),
  ShipDestroyed: ({ ship, points }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} is destroyed${points ? ` (${points} points)` : ''}`,
      `${w.ship(ship)} уничтожен${points ? ` (очков: ${points})` : ''}`,
    ),
  ShieldsRegenerated: ({ ship, shields }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)}'s shields are back to ${shields}`,
      `${w.ship(ship)}: щиты восстановлены до ${shields}`,
    ),
  MineLaid: ({ ship, cell }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} lays a mine at ${at(cell)}`,
      `${w.ship(ship)} ставит мину на ${at(cell)}`,
    ),
  MineTriggered: ({ ship, deck }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} hits a mine: deck ${deck} is lost`,
      `${w.ship(ship)} попадает на мину: палуба ${deck} потеряна`,
    ),
  MineDestroyed: (_d, lang) => ru(lang, 'A mine is destroyed', 'Мина уничтожена'),
  StationDamaged: ({ station, hp }, lang, w) =>
    ru(
      lang,
      `${w.piece(station)} is hit: ${hp} left`,
      `${w.piece(station)}: попадание, осталось прочности ${hp}`,
    ),
  StationDestroyed: ({ station }, lang, w) =>
    ru(lang, `${w.piece(station)} is destroyed`, `${w.piece(station)}: уничтожена`),
  StationCaptured: ({ station, legion }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)} captures ${w.piece(station)}`,
      `Станция захвачена: ${w.piece(station)} (${w.who(legion)})`,
    ),
  CaptainKilled: ({ name }, lang, w) =>
    ru(lang, `Captain ${w.person(name)} is dead`, `Капитан погиб: ${w.person(name)}`),
  CaptainSaved: ({ name, medic }, lang, w) =>
    ru(
      lang,
      `Captain ${w.person(name)} survives thanks to the Medic ${w.person(medic)}`,
      `Капитан выжил благодаря медику (${w.person(medic)}): ${w.person(name)}`,
    ),
  RepairStarted: ({ ship, mechanic, deck }, lang, w) =>
    deck === undefined
      ? ru(
          lang,
          `${w.person(mechanic)} starts restoring the shields of ${w.ship(ship)}`,
          `Ремонт щитов начат: ${w.ship(ship)} (механик: ${w.person(mechanic)})`,
        )
      : ru(
          lang,
          `${w.person(mechanic)} starts repairing deck ${deck} of ${w.ship(ship)}`,
          `Ремонт начат: ${w.ship(ship)}, палуба ${deck} (механик: ${w.person(mechanic)})`,
        ),
  CaptureStarted: ({ ship, commando }, lang, w) =>
    ru(
      lang,
      `Commando ${w.person(commando)} starts capturing a station from ${w.ship(ship)}`,
      `Коммандо начинает захват станции: ${w.person(commando)} (${w.ship(ship)})`,
    ),
  PersuasionUsed: ({ master, target }, lang, w) =>
    ru(
      lang,
      `Sword Master ${w.person(master)} blocks ${w.person(target)} for a full turn`,
      `Мастер меча (${w.person(master)}) блокирует на полный ход: ${w.person(target)}`,
    ),
  RepairCompleted: ({ ship, deck, shields }, lang, w) =>
    deck === undefined
      ? ru(
          lang,
          `${w.ship(ship)} is repaired: shields back to ${shields}`,
          `${w.ship(ship)}: ремонт завершён, щиты восстановлены до ${shields}`,
        )
      : ru(
          lang,
          `${w.ship(ship)} is repaired: deck ${deck} is back, shields ${shields}`,
          `${w.ship(ship)}: ремонт завершён, палуба ${deck} восстановлена, щиты ${shields}`,
        ),
  OrbitalBombardment: ({ ship, center }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} bombards the ground at ${at(center)}: the game pauses`,
      `Орбитальный обстрел: ${w.ship(ship)} по ${at(center)}, игра остановлена`,
    ),
  BombardmentDamage: ({ hits }, lang) =>
    ru(
      lang,
      `The Game Master rules the bombardment: ${hits.length} piece(s) hit`,
      `Мастер игры: итог обстрела, задето целей: ${hits.length}`,
    ),
  FighterToGround: ({ ship, squad }, lang, w) =>
    ru(
      lang,
      `${w.ship(ship)} leaves for the ground map (${w.person(squad)}'s squad)`,
      `${w.ship(ship)} уходит на наземную карту (отряд: ${w.person(squad)})`,
    ),
  ProductionQueued: ({ item, turns }, lang) =>
    ru(
      lang,
      `${named(item, lang)} queued: ${turnsWord(turns, lang)}`,
      `В очереди производства: ${named(item, lang)}, ${turnsWord(turns, lang)}`,
    ),
  ProductionSlowed: ({ id, turnsLeft, generatorsLost }, lang, w) =>
    ru(
      lang,
      `${w.piece(id)} slows (${generatorsLost} generator${generatorsLost === 1 ? '' : 's'} lost): ${turnsWord(turnsLeft, lang)} left`,
      `Производство замедлено (потеряно генераторов: ${generatorsLost}): ${w.piece(id)}, осталось ${turnsWord(turnsLeft, lang)}`,
    ),
  ReinforcementsLanded: ({ legion, count, actionPoints }, lang, w) =>
    actionPoints > 0
      ? ru(
          lang,
          `${count} reinforcement${count === 1 ? '' : 's'} reach ${w.who(legion)} on the ground: +${apWord(actionPoints, lang)}`,
          `Подкрепления на земле (${count}): ${w.who(legion)} получает ${apWord(actionPoints, lang)}`,
        )
      : ru(
          lang,
          `${count} reinforcement${count === 1 ? '' : 's'} reach ${w.who(legion)} on the ground as infantry`,
          `Подкрепления на земле (${count}) становятся пехотой: ${w.who(legion)}`,
        ),
  ReactionAwaited: ({ kind, by, unit }, lang, w) =>
    kind === 'deflect'
      ? ru(
          lang,
          `${w.piece(unit)} is hit: Sword Master ${w.person(by)} may try to deflect it`,
          `Мастер меча может отразить попадание (${w.piece(unit)}): ${w.person(by)}`,
        )
      : ru(
          lang,
          `${w.piece(unit)} is destroyed: Medic ${w.person(by)} may try to heal it`,
          `Медик может вылечить уничтоженного (${w.piece(unit)}): ${w.person(by)}`,
        ),
  ReactionDeclined: ({ kind, legion, byGm }, lang, w) =>
    byGm
      ? ru(
          lang,
          `The Game Master closes the reaction not claimed at once (${kind === 'deflect' ? 'no deflection' : 'no heal'}): ${w.who(legion)}`,
          `Мастер игры закрыл реакцию, не заявленную сразу (${kind === 'deflect' ? 'без отражения' : 'без лечения'}): ${w.who(legion)}`,
        )
      : ru(
          lang,
          `${w.who(legion)} lets it be (${kind === 'deflect' ? 'no deflection' : 'no heal'})`,
          `${kind === 'deflect' ? 'Без отражения' : 'Без лечения'}: ${w.who(legion)}`,
        ),
  ProductionAdvanced: ({ id, turnsLeft, stalled }, lang, w) =>
    stalled
      ? ru(
          lang,
          `Production of ${w.piece(id)} is stopped`,
          `Производство остановлено: ${w.piece(id)}`,
        )
      : ru(
          lang,
          `${w.piece(id)}: ${turnsWord(turnsLeft, lang)} left`,
          `${w.piece(id)}: осталось ${turnsWord(turnsLeft, lang)}`,
        ),
  UnitPlaced: ({ kind, hexes }, lang) =>
    ru(
      lang,
      `${named(kind, lang)} appears at ${at(hexes[0])}`,
      `${named(kind, lang)}: появляется на ${at(hexes[0])}`,
    ),
  SupportPlaced: ({ kind, hex }, lang) =>
    ru(
      lang,
      `${named(kind, lang)} is set up at ${at(hex)}`,
      `${named(kind, lang)}: установлено на ${at(hex)}`,
    ),
  ActionPointsSpent: ({ amount, left }, lang) =>
    ru(
      lang,
      `${amount} action point(s) spent, ${left} left`,
      `Потрачено очков действия: ${amount}, осталось ${left}`,
    ),
  UnitMoved: ({ unit, hexes }, lang, w) =>
    ru(
      lang,
      `${w.piece(unit)} moves to ${at(hexes[0])}`,
      `${w.piece(unit)} перемещается на ${at(hexes[0])}`,
    ),
  GroundAttack: ({ target, attack, defence, outcome }, lang, w) =>
    ru(
      lang,
      `Attack on ${w.piece(target)}: ${attack} against ${defence} — ${outcome === 'hit' ? 'a hit' : outcome === 'counter-hit' ? 'a counter-hit' : 'a draw'}`,
      `Атака на цель ${w.piece(target)}: ${attack} против ${defence} — ${outcome === 'hit' ? 'попадание' : outcome === 'counter-hit' ? 'контратака' : 'ничья'}`,
    ),
  PieceHit: ({ piece, hits, destroyed }, lang, w) =>
    ru(
      lang,
      `${w.piece(piece)} takes a hit (${hits})${destroyed ? ' and is destroyed' : ''}`,
      `${w.piece(piece)}: попадание (${hits})${destroyed ? ', уничтожен' : ''}`,
    ),
  TrenchDug: ({ hex }, lang) =>
    ru(lang, `A trench is dug at ${at(hex)}`, `Окоп вырыт на ${at(hex)}`),
  TrenchDestroyed: ({ hex, face }, lang) =>
    ru(
      lang,
      `The trench at ${at(hex)} is destroyed (${face})`,
      `Окоп на ${at(hex)} уничтожен (${face})`,
    ),
  TrenchShotMissed: ({ hex, face }, lang) =>
    ru(lang, `The trench at ${at(hex)} holds (${face})`, `Окоп на ${at(hex)} устоял (${face})`),
  GeneratorHit: ({ generator, hits, destroyed }, lang, w) =>
    ru(
      lang,
      `${w.piece(generator)} is hit (${hits})${destroyed ? ' and destroyed' : ''}`,
      `${w.piece(generator)}: попадание (${hits})${destroyed ? ', уничтожен' : ''}`,
    ),
  ControlPointHeld: ({ hex }, lang) =>
    ru(
      lang,
      `A unit holds the control point at ${at(hex)}`,
      `Юнит удерживает контрольную точку ${at(hex)}`,
    ),
  ControlPointCaptured: ({ hex, legion, value }, lang, w) =>
    ru(
      lang,
      `${w.who(legion)} captures the control point at ${at(hex)} (${value})`,
      `Контрольная точка ${at(hex)} захвачена (${value}): ${w.who(legion)}`,
    ),
  OrbitalCannonFired: ({ cell, ship }, lang, w) =>
    ru(
      lang,
      `The orbital cannon fires at ${at(cell)}${ship ? `: ${w.ship(ship)} is hit` : ''}`,
      `Выстрел орбитальной пушки по ${at(cell)}${ship ? `: попадание, ${w.ship(ship)}` : ''}`,
    ),
  MedicHeal: ({ medic, face, healed }, lang, w) =>
    ru(
      lang,
      `Medic ${w.person(medic)} rolls ${face}: ${healed ? 'healed' : 'no luck'}`,
      `Медик (${w.person(medic)}): ${face} — ${healed ? 'пехотинец вылечен' : 'не удалось'}`,
    ),
  Deflect: ({ master, face, deflected }, lang, w) =>
    ru(
      lang,
      `Sword Master ${w.person(master)} rolls ${face}: ${deflected ? 'deflected' : 'no luck'}`,
      `Мастер меча (${w.person(master)}): ${face} — ${deflected ? 'выстрел отражён' : 'не удалось'}`,
    ),
  FighterShotDown: ({ unit }, lang, w) =>
    ru(
      lang,
      `${w.piece(unit)} is shot down by a communications centre`,
      `${w.piece(unit)} сбит центром связи`,
    ),
  LineOfFireRuled: ({ ship, clear }, lang, w) =>
    ru(
      lang,
      `The Game Master rules ${w.ship(ship)}'s line of fire ${clear ? 'clear' : 'blocked'}`,
      `Мастер игры: линия огня (${w.ship(ship)}) ${clear ? 'открыта' : 'закрыта'}`,
    ),
  MissionScored: ({ combined }, lang, w) =>
    ru(
      lang,
      `Mission scored: ${Object.entries(combined)
        .map(([s, v]) => `${w.who(s)} ${v}`)
        .join(', ')}`,
      `Итог миссии: ${Object.entries(combined)
        .map(([s, v]) => `${w.who(s)} — ${v}`)
        .join(', ')}`,
    ),
};

export function describeSwEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names: PhraseNames = {},
): string | undefined {
  if (!Object.hasOwn(PHRASES, event.type)) return undefined;
  if (event.data === null || typeof event.data !== 'object') return undefined;
  const w: Words = {
    who: (seat) => names.seat?.(seat, lang) ?? seat,
    ship: (id) => named(id, lang),
    piece: (id) => named(id, lang),
    // The viewer knows the mission's legionnaires as named pieces (their titles).
    person: (name) => names.piece?.(name, lang) ?? name,
  };
  try {
    const phrase = PHRASES[event.type as keyof SwEvents] as (
      d: unknown,
      l: Lang,
      w: Words,
    ) => string;
    return phrase(event.data, lang, w);
  } catch {
    return undefined;
  }
}
