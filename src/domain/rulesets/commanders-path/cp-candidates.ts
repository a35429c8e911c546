import type { Piece } from '../../table/table';
import type { AvailabilityContext } from '../ruleset';
import { SAMPLE_CATALOG } from './cp-catalog';
import { battleSides, setupBuilds } from './cp-choices';
import type { CpState } from './cp-state';
import { HAND_SIZE } from './cp-setup';
import { cardDef, handOf, isDestroyed, kindOf, objectsInPlay } from './cp-table';

/**
 * The params to try now for Commanders Path decisions (`DecisionSpec.examples`): for the
 * battle decisions, built from the battle waiting, so that whenever the decision would be
 * accepted with some params, one of these is (cp-availability.spec proves it step after
 * step); for the kinds without params, `{}`, the only params they take; for cards played from
 * hand, each card in hand; for the manual adjustments waiting, each one. A kind with these and
 * no `available` is offered only when one is accepted. The other kinds are tried with their
 * published example (legal-decision-offers.spec lists them).
 */
type Ctx = AvailabilityContext<CpState>;

/** The ids of the seat's pieces and the other side's in the battle waiting. */
function sides(ctx: Ctx): { mine: string[]; theirs: string[] } {
  const { mine, theirs } = battleSides(ctx);
  return { mine: mine.map((p) => p.id), theirs: theirs.map((p) => p.id) };
}

const weaponsOf = ({ table }: Ctx, id: string): string[] =>
  ((table.pieces[id]?.attrs.weapons as { kind: string }[] | undefined) ?? []).map((w) => w.kind);

const shipAndTarget = (ctx: Ctx) => {
  const { mine, theirs } = sides(ctx);
  return mine.flatMap((ship) => theirs.map((target) => ({ ship, target })));
};

const nothing = () => [{}];
const inHand = ({ table, seat }: Ctx) =>
  Object.values(table.pieces)
    .filter((p) => p.zone === `hand:${seat}`)
    .map((p) => p.id);
/** A card from hand, paid for with server dice or a reported six. */
const cardFromHand = (ctx: Ctx) => inHand(ctx).flatMap((card) => [{ card }, { card, face: 6 }]);
const pendingManual = ({ rs }: Ctx) => Object.keys(rs.manual.pending).map((id) => ({ id }));
/** The seat's ships in play (in a sector or on an orbit). */
const myShips = ({ table, seat }: Ctx) =>
  Object.values(table.pieces)
    .filter(
      (p) =>
        p.owner === seat &&
        kindOf(p) === 'ship' &&
        !isDestroyed(p) &&
        (p.zone.startsWith('sector:') || p.zone.startsWith('orbit:')),
    )
    .map((p) => p.id);
const objects = ({ table }: Ctx) => objectsInPlay(table).map((p) => p.id);
const myObjects = (ctx: Ctx) =>
  objectsInPlay(ctx.table)
    .filter((p) => p.zone === `objects:${ctx.seat}`)
    .map((p) => p.id);
/** Where ships may go: a new sector, each sector in play, each object's orbit. */
const destinations = (ctx: Ctx) => [
  'new',
  ...Object.keys(ctx.table.zones).filter((z) => z.startsWith('sector:')),
  ...objects(ctx).map((o) => `orbit:${o}`),
];
const hosts = (ctx: Ctx) => [...myShips(ctx), ...myObjects(ctx)];
const inZone = ({ table }: Ctx, zone: string) =>
  Object.values(table.pieces)
    .filter((p) => p.zone === zone && !isDestroyed(p))
    .map((p) => p.id);

/**
 * A deck of the sample catalog (its first Commander, four copies of each other card until
 * there are 40): what a seat that has not registered one could send to try the game.
 */
function sampleDeck(): object {
  const commander = SAMPLE_CATALOG.find((entry) => entry.card.kind === 'commander');
  const cards = SAMPLE_CATALOG.filter((entry) => entry.card.kind !== 'commander')
    .slice(0, 10)
    .map((entry) => ({ catalog: entry.id, copies: 4 }));
  return { commander: { catalog: commander?.id ?? '' }, cards };
}

/**
 * The setup deployment: every ship built at setup to a new sector, the Commander on each
 * ship or object built, and (with more than 7 cards in hand) the first 7 kept.
 */
function deployments({ table, rs, seat }: Ctx): object[] {
  const built = Object.values(table.pieces).filter(
    (p) => p.zone === `production:${seat}` && p.attrs.built === true,
  );
  const kindOfCard = (p: Piece) => cardDef(rs, p)?.kind;
  const ships = built.filter((p) => kindOfCard(p) === 'ship').map((p) => p.id);
  const hostsBuilt = built
    .filter((p) => kindOfCard(p) === 'ship' || kindOfCard(p) === 'object')
    .map((p) => p.id);
  const hand = handOf(table, seat).map((p) => p.id);
  const keep = hand.length > HAND_SIZE ? { keep: hand.slice(0, HAND_SIZE) } : {};
  return hostsBuilt.map((commander) => ({
    ships: ships.map((card) => ({ card, to: 'new' })),
    commander,
    ...keep,
  }));
}

export const CP_CANDIDATES: Record<string, (ctx: Ctx) => object[]> = {
  deploy: deployments,
  'register-deck': () => [sampleDeck()],
  deal: nothing,
  redeal: nothing,
  'end-resources': nothing,
  'end-movement': nothing,
  concede: nothing,
  'setup-spend': setupBuilds,
  'play-tactical': cardFromHand,
  'play-situation': cardFromHand,
  'approve-manual': pendingManual,
  'end-production': (ctx) => [{}, ...inHand(ctx).map((discardAbility) => ({ discardAbility }))],
  'discard-situation': (ctx) => inZone(ctx, `situation:${ctx.seat}`).map((card) => ({ card })),
  'move-commander': (ctx) => hosts(ctx).map((to) => ({ to })),
  'commercial-run': (ctx) =>
    myShips(ctx).flatMap((ship) => objects(ctx).map((to) => ({ ship, to }))),
  'smuggling-run': (ctx) =>
    myShips(ctx).flatMap((ship) =>
      objects(ctx).flatMap((target) => [
        { ship, target },
        { ship, target, face: 6 },
      ]),
    ),
  'move-ships': (ctx) =>
    myShips(ctx).flatMap((ship) => destinations(ctx).map((to) => ({ ships: [ship], to }))),
  'move-ground': (ctx) =>
    Object.values(ctx.table.pieces)
      .filter((p) => p.owner === ctx.seat && kindOf(p) === 'ground' && !isDestroyed(p))
      .flatMap((p) => objects(ctx).map((to) => ({ card: p.id, to }))),
  'play-ability': (ctx) =>
    inHand(ctx).flatMap((card) => [
      { card, variant: 0 },
      { card, variant: 1 },
    ]),
  'play-upgrade': (ctx) =>
    inHand(ctx).flatMap((card) => hosts(ctx).map((target) => ({ card, target }))),
  'move-upgrade': (ctx) =>
    inZone(ctx, `attached:${ctx.seat}`).flatMap((upgrade) =>
      hosts(ctx).map((to) => ({ upgrade, to })),
    ),
  produce: (ctx) =>
    [...inHand(ctx), ...inZone(ctx, `production:${ctx.seat}`)].flatMap((card) => [
      { card, pay: 1 },
      ...['new', ...myObjects(ctx)].map((to) => ({ card, pay: 1, to })),
    ]),
  'reject-manual': pendingManual,
  'start-battle': ({ rs }) => (rs.battlePhase?.queue ?? []).map((q) => ({ location: q.location })),
  attack: (ctx) => {
    const { mine, theirs } = sides(ctx);
    return mine.flatMap((ship) =>
      weaponsOf(ctx, ship).flatMap((weapon) => theirs.map((t) => ({ ship, weapon, targets: [t] }))),
    );
  },
  ram: shipAndTarget,
  board: shipAndTarget,
  bomb: (ctx) => shipAndTarget(ctx).map(({ ship, target }) => ({ ships: [ship], target })),
  'allow-withdrawal': () => [{ allow: false }, { allow: true }],
  evade: () => [{ evade: false }],
  'nova-shields': () => [{ sacrifice: [] }],
  'ground-assault': () => [{ continue: false }],
  land: () => [{ ships: [] }],
  'civil-buildings': ({ rs }) =>
    (rs.battlePhase?.pendingCivil ?? []).map((p) => ({ object: p.object, choice: 'destroy' })),
  'designate-echelon': () => [{}],
  withdraw: () => [{}],
  'end-round': () => [{}],
  'pass-attack': () => [{}],
  'counter-fire': () => [{}],
};
