import type { AvailabilityContext } from '../ruleset';
import { availableLeaders } from './rex-battle';
import { handOf, mapOf, troopsAt, ZONES } from './rex-board';
import { CANCELLABLE_ABILITIES } from './rex-events';
import type { RexState } from './rex-state';

/**
 * The params to try now for each Rex decision that takes any (`DecisionSpec.examples`): built
 * from the table so that, whenever the decision would be accepted with some params, one of
 * these is accepted. `legal-decisions` lists those accepted; the exactness spec
 * (rex-legal-decisions.spec) proves "some params" is "one of these".
 */
type Ctx = AvailabilityContext<RexState>;

const seatsOf = ({ rs }: Ctx) => rs.seats.map((s) => s.seat);
const locationsOf = ({ table }: Ctx) => mapOf(table).locations.map((l) => l.id);
const occupied = (ctx: Ctx) =>
  locationsOf(ctx).filter((from) => troopsAt(ctx.table, from, ctx.seat).length > 0);
/** One troop, and one Mechanized troop (Lazax), with the other params given. */
const oneTroop = <P extends object>(params: P) => [
  { ...params, troops: 1 },
  { ...params, troops: 1, mechanized: 1 },
];

export const REX_CANDIDATES: Record<string, (ctx: Ctx) => object[]> = {
  'offer-alliance': (ctx) => seatsOf(ctx).map((to) => ({ to })),
  'transfer-influence': (ctx) => seatsOf(ctx).map((to) => ({ to, amount: 1 })),
  bid: ({ rs }) => [{ amount: (rs.auction?.high?.amount ?? 0) + 1 }],
  recruit: () => [{ troops: 0 }],
  'keep-cards': () => [{ discard: [] }],
  'start-battle': (ctx) =>
    occupied(ctx).flatMap((location) => seatsOf(ctx).map((opponent) => ({ location, opponent }))),
  deploy: (ctx) => locationsOf(ctx).flatMap((location) => oneTroop({ location })),
  move: (ctx) =>
    occupied(ctx).flatMap((from) => locationsOf(ctx).flatMap((to) => oneTroop({ from, to }))),
  'take-losses': ({ table, rs, seat }) => {
    const there = rs.battle ? troopsAt(table, rs.battle.location, seat) : [];
    const counts = Array.from({ length: there.length + 1 }, (_, n) => n);
    return counts.flatMap((troops) => counts.map((mechanized) => ({ troops, mechanized })));
  },
  'battle-plan': ({ table, rs, seat }) => [
    { dial: 0, slot: 'none' },
    ...(rs.battle ? availableLeaders({ table, rs }, seat, rs.battle.location) : []).map((p) => ({
      dial: 0,
      leader: p.id,
      slot: 'none',
    })),
  ],
  'battle-cards': ({ table, seat }) => {
    const hand = handOf(table, seat).map((p) => p.id);
    return [
      {},
      ...hand.flatMap((card) => [{ attack: card }, { defense: card }]),
      ...hand.flatMap((attack) => hand.map((defense) => ({ attack, defense }))),
    ];
  },
  'call-traitor': ({ table, seat }) => [
    {},
    ...Object.values(table.pieces)
      .filter((p) => p.zone === ZONES.traitors(seat))
      .map((p) => ({ traitor: p.id })),
  ],
  predict: (ctx) => seatsOf(ctx).map((seat) => ({ seat, round: 8 })),
  'flip-troops': (ctx) => locationsOf(ctx).map((location) => ({ location })),
  'sol-offensive-move': (ctx) =>
    (ctx.rs.influencePhase.struck?.locations ?? []).flatMap((from) =>
      locationsOf(ctx).map((to) => ({ from, to, troops: 1 })),
    ),
  'play-strategy': (ctx) =>
    handOf(ctx.table, ctx.seat).flatMap((piece) => {
      const card = piece.id;
      switch (piece.attrs.effect) {
        case 'informant-deployment':
          return locationsOf(ctx).flatMap((location) => oneTroop({ card, location }));
        case 'accelerated-mobilization':
          return occupied(ctx).flatMap((from) =>
            locationsOf(ctx).flatMap((location) => oneTroop({ card, from, location })),
          );
        case 'graviton-inverter':
          return locationsOf(ctx).map((location) => ({ card, location }));
        case 'diplomatic-intervention':
          return seatsOf(ctx).map((target) => ({ card, seat: target }));
        case 'informant-cancellation':
          return seatsOf(ctx).flatMap((target) =>
            CANCELLABLE_ABILITIES.map((ability) => ({ card, seat: target, ability })),
          );
        default:
          return [{ card }];
      }
    }),
};
