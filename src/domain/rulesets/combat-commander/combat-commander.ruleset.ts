import { own, setOwn } from '../../shared/id-record';
import type { Table } from '../../table/table';
import { withCandidates, withExamples } from '../kit';
import { withChoices } from '../decision-choices';
import { CC_FIELD_CHOICES } from './cc-choices';
import { CC_UNDO_BARRIERS, undoCc } from './cc-undo';
import { CC_ROLL_EVENTS } from './cc-events';
import type { AvailabilityContext, Derived, Ruleset } from '../ruleset';
import { cardsIn, deckCount, TRACK, UNIT_KINDS, Z } from './cc-draft';
import { axialOf, hexesOf, hexOfZone } from './cc-map';
import { CC_OPTIONS } from './cc-options';
import { outcomeDecisions } from './cc-outcomes';
import { rollDecisions } from './cc-rolls';
import { CC_CATALOG, ccSetup } from './cc-setup';
import { evolveCc, initialCcState, type CcState } from './cc-state';
import { handCards, playableActions, turnDecisions } from './cc-turn';
import { CcSetupParams } from './cc.params';
import { RULES } from './cc-rules-text';

/** How a player sends each kind (published with its schema): ids as the illustrative scenario names them. */
const CC_EXAMPLES: Record<string, object> = {
  begin: {},
  order: { card: 'axis-fate-07', units: ['de-squad-1'] },
  action: { card: 'allies-fate-12', pieces: ['su-squad-2'] },
  discard: { cards: ['axis-fate-03'] },
  'end-turn': {},
  roll: { purpose: 'rout', unit: 'su-squad-2' },
  sniper: { unit: 'su-team' },
  'random-hex': { purpose: 'repair', weapon: 'de-mg' },
  'state-outcome': {
    about: 'morale',
    effects: [{ kind: 'move', piece: 'su-squad-2', to: 'F5' }],
    note: 'Rout roll 7 against Morale 6: the unit routs one hex',
  },
  'confirm-outcome': { id: 'o1' },
  'reject-outcome': { id: 'o1' },
  concede: {},
};

type Ctx = AvailabilityContext<CcState>;
const pendingOutcomes = (ctx: Ctx) => Object.keys(ctx.rs.outcomes.pending).sort();

/** Params to try in a state: the seat's cards and units, the pending outcomes. */
const CC_CANDIDATES: Record<string, (ctx: Ctx) => object[]> = {
  order: (ctx) => {
    const units = Object.values(ctx.table.pieces)
      .filter((p) => p.owner === ctx.seat && UNIT_KINDS.has(p.type) && p.status !== 'destroyed')
      .filter((p) => !(ctx.rs.turn?.activated ?? []).includes(p.id))
      .map((p) => p.id)
      .sort();
    return handCards(ctx.table, ctx.seat)
      .slice(0, 3)
      .map((card) => ({ card, units: units.slice(0, 1) }));
  },
  action: (ctx) => playableActions(ctx).map((card) => ({ card, pieces: [] })),
  discard: () => [{ cards: [] }],
  roll: () => [{ purpose: 'other' }],
  sniper: () => [{}],
  'random-hex': () => [{ purpose: 'event' }],
  'state-outcome': () => [{ about: 'fire', effects: [] }],
  'confirm-outcome': (ctx) =>
    Object.values(ctx.rs.outcomes.pending)
      .filter((o) => o.seat !== ctx.seat)
      .map((o) => ({ id: o.id }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  'reject-outcome': (ctx) => pendingOutcomes(ctx).map((id) => ({ id })),
  concede: () => [{}],
};

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
  decisions: withChoices(
    withCandidates(
      withExamples({ ...turnDecisions, ...rollDecisions, ...outcomeDecisions }, CC_EXAMPLES),
      CC_CANDIDATES,
    ),
    CC_FIELD_CHOICES,
  ),
  evolve: evolveCc,
  derive: deriveCc,
  undo: undoCc,
  undoBarriers: CC_UNDO_BARRIERS,
  rollEvents: CC_ROLL_EVENTS,
  rollsNotCountedBecause: {
    en: 'Combat Commander’s rolls are Fate cards drawn from the Fate decks: the two dice printed on each card follow the deck’s own mix, not fair dice, so they are not counted in dice luck',
    ru: 'Броски в Combat Commander — это карты судьбы из колоды судьбы: два кубика на карте распределены так, как составлена колода, а не как у честных кубиков, поэтому в удаче на кубиках они не учитываются',
  },
  layout: (table) => ({
    kind: 'hex',
    orientation: 'flat',
    cells: Object.fromEntries(
      Object.values(table.zones)
        .filter((z) => z.kind === 'hex')
        .map((z) => [z.id, axialOf(hexOfZone(z.id) ?? 'A1')]),
    ),
  }),
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
