import { hiddenFrom } from '../../match/hidden-zones';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Piece, Zone } from '../../table/table';
import { both, byName, type ChoicesOf, type ChoiceValue } from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { seatName, seatNamesOf } from './seat-name';

/**
 * The field choices of the kit's table decisions (issue 39), for freeform and for Commanders
 * Path's manual adjustments: a seat moves, plays and discards only its own pieces or the
 * ownerless ones it sees, picks zones by their names, draws from the decks it may draw from,
 * and names the winners of a declared result among the seats by their players. Nothing here
 * is wider than what the table decisions accept (decision-choices.spec keeps them in step).
 */

type Ctx = AvailabilityContext<unknown>;

/** Cards a seat may draw at once from a deck, as the form lists them. */
const MAX_DRAW_OFFERED = 10;

const seatText = (ctx: Pick<Ctx, 'seats'>, seat: string): LocalizedText => seatName(ctx, seat);

/** A zone as the table names it; a seat's zone with its player («Рука (Ольга)»). */
export function zoneText(ctx: Pick<Ctx, 'seats'>, zone: Zone): LocalizedText {
  const owner = zone.owner !== undefined ? seatText(ctx, zone.owner) : undefined;
  if (zone.kind === 'hand' && owner) return { en: `Hand (${owner.en})`, ru: `Рука (${owner.ru})` };
  const name = zone.name ?? both(zone.id);
  if (!owner || zone.owner === undefined) return name;
  // A name recorded with the seat's id in it (Commanders Path's «Потери red», freeform's own
  // hands) reads its player instead; any other name gets the player after it.
  const seats = seatNamesOf(ctx);
  const withOwner = (text: string, lang: 'en' | 'ru', who: string): string => {
    const named = seats.withSeatNames(text, zone.owner, lang);
    return named !== text ? named : `${text} (${who})`;
  };
  return { en: withOwner(name.en, 'en', owner.en), ru: withOwner(name.ru, 'ru', owner.ru) };
}

/** «Крейсер «Страж»»: its type and own name (a card named as its type reads once). */
const pieceLabel = (piece: Piece): string => {
  const own = piece.attrs.name;
  if (typeof own !== 'string' || own === '' || own === piece.type) return piece.type;
  return `${piece.type} «${own}»`;
};

/**
 * Pieces as values: named by type (and own name), copies told apart by their number
 * («Туз №2»), with whose and where they are as the hint; sorted as a person reads them.
 */
export function pieceValues(ctx: Ctx, pieces: readonly Piece[]): ChoiceValue[] {
  const total = new Map<string, number>();
  for (const p of pieces) total.set(pieceLabel(p), (total.get(pieceLabel(p)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return pieces
    .map((p) => {
      const label = pieceLabel(p);
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      const name = both((total.get(label) ?? 0) > 1 ? `${label} №${n}` : label);
      const zone = own(ctx.table.zones, p.zone);
      const where = zone ? zoneText(ctx, zone) : both(p.zone);
      const whose = p.owner !== undefined ? seatText(ctx, p.owner) : undefined;
      const hint = whose
        ? { en: `${whose.en}, ${where.en}`, ru: `${whose.ru}, ${where.ru}` }
        : where;
      return { value: p.id, name, hint };
    })
    .sort(byName());
}

const zoneValues = (ctx: Ctx, zones: readonly Zone[]): ChoiceValue[] =>
  zones.map((z) => ({ value: z.id, name: zoneText(ctx, z) })).sort(byName());

const inPlay = (p: Piece): boolean => p.status !== 'destroyed' && p.status !== 'captured';

/**
 * The seat's own pieces and the ownerless ones, else all of `pieces`: the table decisions
 * enforce no ownership (freeform has no rules), but a seat's list holds what it would touch
 * in its own move, and another seat's pieces only when it has none of these.
 */
function ownFirst(ctx: Ctx, pieces: Piece[]): Piece[] {
  const mine = pieces.filter((p) => inPlay(p) && (p.owner === undefined || p.owner === ctx.seat));
  return mine.length > 0 ? mine : pieces;
}

/** The pieces a seat sees (the engine refuses the others): what a move may name. */
export function visiblePieces(ctx: Ctx): Piece[] {
  return Object.values(ctx.table.pieces).filter(
    (p) => !hiddenFrom(own(ctx.table.zones, p.zone), ctx.seat),
  );
}

/** The pieces a seat's move offers: its own or ownerless ones (see `ownFirst`). */
export const movablePieces = (ctx: Ctx): Piece[] => ownFirst(ctx, visiblePieces(ctx));

/**
 * Cards a seat may play or discard (the table decisions' rule): in one of its own zones or a
 * public one, which it sees (its own deck is its zone too, yet hidden from it).
 */
export function reachableCards(ctx: Ctx): Piece[] {
  return Object.values(ctx.table.pieces).filter((p) => {
    const from = own(ctx.table.zones, p.zone);
    return (
      (from?.visibility === 'public' || from?.owner === ctx.seat) && !hiddenFrom(from, ctx.seat)
    );
  });
}

/** The cards a seat's play or discard offers: its own or ownerless ones (see `ownFirst`). */
export const playableCards = (ctx: Ctx): Piece[] => ownFirst(ctx, reachableCards(ctx));

/** Zones a seat may put pieces in: those it sees, decks left out (a draw pile is shuffled). */
export function targetZones(ctx: Ctx): Zone[] {
  return Object.values(ctx.table.zones).filter(
    (z) => !hiddenFrom(z, ctx.seat) && own(ctx.table.decks, z.id) === undefined,
  );
}

/** Decks a seat may draw from: holding cards, and shared or its own. */
export function drawableDecks(ctx: Ctx): Zone[] {
  return Object.values(ctx.table.zones).filter((z) => {
    const deck = own(ctx.table.decks, z.id);
    return (
      deck !== undefined && deck.order.length > 0 && (z.owner === undefined || z.owner === ctx.seat)
    );
  });
}

const piecesTo: ChoicesOf<unknown> = (ctx) => {
  const pieces = pieceValues(ctx, movablePieces(ctx));
  return [
    { path: 'pieces', pick: 'many', min: 1, max: pieces.length, values: pieces },
    { path: 'to', pick: 'one', values: zoneValues(ctx, targetZones(ctx)) },
  ];
};

const cardsTo: ChoicesOf<unknown> = (ctx) => {
  const cards = pieceValues(ctx, playableCards(ctx));
  return [
    { path: 'pieces', pick: 'many', min: 1, max: cards.length, values: cards },
    { path: 'to', pick: 'one', values: zoneValues(ctx, targetZones(ctx)) },
  ];
};

const draw: ChoicesOf<unknown> = (ctx, chosen) => {
  const decks = drawableDecks(ctx);
  const deck = own(ctx.table.decks, typeof chosen.deck === 'string' ? chosen.deck : '');
  const most = Math.min(
    MAX_DRAW_OFFERED,
    deck
      ? deck.order.length
      : Math.min(...decks.map((z) => own(ctx.table.decks, z.id)!.order.length)),
  );
  const counts = Array.from({ length: Math.max(0, most) }, (_, i) => ({
    value: i + 1,
    name: both(String(i + 1)),
  }));
  const mine = targetZones(ctx).filter((z) => z.owner === ctx.seat);
  return [
    {
      path: 'deck',
      pick: 'one',
      values: decks
        .map((z) => ({
          value: z.id,
          name: zoneText(ctx, z),
          hint: {
            en: `${own(ctx.table.decks, z.id)!.order.length} cards`,
            ru: `карт: ${own(ctx.table.decks, z.id)!.order.length}`,
          },
        }))
        .sort(byName()),
    },
    { path: 'count', pick: 'one', values: counts },
    // Where the cards go: one of the seat's own zones (its hand when left out).
    ...(mine.length > 0
      ? [{ path: 'to', pick: 'one' as const, values: zoneValues(ctx, mine) }]
      : []),
  ];
};

/** The winners of a declared result: none (a draw), one or several seats, by their players. */
const declareResult: ChoicesOf<unknown> = (ctx) => [
  {
    path: 'winners',
    pick: 'many',
    min: 0,
    max: ctx.seats.length,
    values: ctx.seats.map((s) => ({ value: s.seat, name: seatText(ctx, s.seat) })),
  },
];

/** The table decisions' choices, by kind. */
export const TABLE_CHOICES: Record<string, ChoicesOf<unknown>> = {
  move: piecesTo,
  play: cardsTo,
  discard: cardsTo,
  draw,
  'declare-result': declareResult,
};
