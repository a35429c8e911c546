import { own, setOwn } from '../../shared/id-record';
import type { Table } from '../../table/table';
import { COMBAT_COMMANDER_POSITION } from './cc-position';
import { CC_UNDO_BARRIERS, undoCc } from './cc-undo';
import { CC_ROLL_EVENTS } from './cc-events';
import { ccCardRolls } from './cc-card-luck';
import type { Derived, Ruleset } from '../ruleset';
import { cardsIn, deckCount, TRACK, UNIT_KINDS, Z } from './cc-draft';
import { axialOf, hexesOf, hexOfZone } from './cc-map';
import { CC_OPTIONS } from './cc-options';
import { outcomeDecisions } from './decisions/outcomes';
import { rollDecisions } from './decisions/rolls';
import { CC_CATALOG, ccSetup } from './cc-setup';
import { evolveCc, initialCcState, type CcState } from './cc-state';
import { turnDecisions } from './decisions/turn';
import { CcSetupParams } from './cc.params';
import { RULES } from './cc-rules-text';

/**
 * Combat Commander: Europe, from the Russian translation of the v1.1 rules (an excerpt that
 * stops inside section 3), digest shared/rules/combat-commander.md. The dice are cards: every
 * roll reveals the top card of a Fate deck, and every Fate deck shuffle is the engine's
 * provable shuffle, so each revealed card is re-derived offline by `matchlog verify`.
 */
export const combatCommanderRuleset: Ruleset<CcState> = {
  id: 'combat-commander',
  version: '0.2.0',
  title: { en: 'Combat Commander: Europe', ru: 'Combat Commander: Европа' },
  rules: RULES,
  summary: {
    en: 'Card-driven WWII infantry tactics: Orders and Actions from Fate cards, rolls and triggers read off the Fate deck, the break ladder, Time and Objectives.',
    ru: 'Тактика пехоты Второй мировой на картах: Приказы и Действия с Карт Судьбы, броски и триггеры с колоды Судьбы, слом фишек, Время и Цели.',
  },
  options: CC_OPTIONS,
  // No dice: every shuffle (so every "roll") is the server's provable shuffle.
  diceModes: () => ({ default: 'server' }),
  catalog: CC_CATALOG,
  seats: { min: 2, max: 2 },
  setupParams: CcSetupParams,
  initialState: initialCcState,
  setup: ccSetup,
  decisions: { ...turnDecisions, ...rollDecisions, ...outcomeDecisions },
  evolve: evolveCc,
  derive: deriveCc,
  undo: undoCc,
  undoBarriers: CC_UNDO_BARRIERS,
  rollEvents: CC_ROLL_EVENTS,
  cardRolls: ccCardRolls,
  layout: (table) => ({
    kind: 'hex',
    orientation: 'flat',
    cells: Object.fromEntries(
      Object.values(table.zones)
        .filter((z) => z.kind === 'hex')
        .map((z) => [z.id, axialOf(hexOfZone(z.id) ?? 'A1')]),
    ),
  }),
  position: COMBAT_COMMANDER_POSITION,
};

/** What anyone may read: counts of hands and decks, the discard piles, tracks, Objectives. */
export function deriveCc(table: Readonly<Table>, rs: Readonly<CcState>): Derived {
  const seats = rs.sides.map((s) => s.seat);
  const control: Record<string, string> = {};
  for (const o of rs.objectives) if (o.controller) setOwn(control, `hex:${o.hex}`, o.controller);
  const eliminated = Object.fromEntries(
    seats.map((seat) => [
      seat,
      (own(table.losses, seat) ?? []).filter((l) => UNIT_KINDS.has(l.type)).length,
    ]),
  );
  return {
    scores: Object.fromEntries(seats.map((s) => [s, own(table.tracks, TRACK.vp(s))?.value ?? 0])),
    control,
    time: own(table.tracks, TRACK.time)?.value ?? 0,
    suddenDeath: rs.suddenDeath,
    ...(rs.initiative ? { initiative: rs.initiative } : {}),
    turn: rs.turn
      ? {
          seat: rs.turn.seat,
          number: rs.turn.number,
          orders: rs.turn.orders,
          ...(rs.turn.lastOrder ? { lastOrder: rs.turn.lastOrder } : {}),
        }
      : undefined,
    sides: rs.sides.map((s) => ({ ...s })),
    hands: Object.fromEntries(seats.map((s) => [s, cardsIn(table, Z.hand(s)).length])),
    decks: Object.fromEntries(seats.map((s) => [s, deckCount(table, s)])),
    discards: Object.fromEntries(seats.map((s) => [s, cardsIn(table, Z.discard(s)).length])),
    objectives: rs.objectives.map((o) => ({ ...o })),
    objectiveVp: Object.fromEntries(
      seats.map((s) => [
        s,
        rs.objectives.filter((o) => o.controller === s).reduce((n, o) => n + o.vp, 0),
      ]),
    ),
    eliminated,
    exited: Object.fromEntries(seats.map((s) => [s, (own(rs.exited, s) ?? []).length])),
    ...(rs.pending ? { trigger: { ...rs.pending } } : {}),
    pendingOutcomes: Object.values(rs.outcomes.pending).map((o) => ({ ...o })),
    illustrativeDecks: [...rs.illustrative],
    hexes: hexesOf(rs.grid).length,
  };
}
