import type { LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import { byName, type ChoicesOf, type ChoiceValue, type FieldChoices } from '../decision-choices';
import { seatName } from '../kit/seat-name';
import { hasParts, locationOf, mapOf, troopsAt, type TroopSectors } from './rex-board';
import { FACTIONS, MECHANIZED } from './rex-factions';
import type { RexLocation } from './rex-map';
import { factionOf, turnOrder, type RexState } from './rex-state';

/**
 * The values Rex's decisions offer, shared by its phases: each kind's field choices
 * (`DecisionSpec.choices`, issue 39) and params to try (`DecisionSpec.examples`) sit with its
 * spec in decisions/<phase>.ts and are built from these. A seat picks only its own troops,
 * leaders and cards, and places on the board (never decks, hands, loss banks or the box), named
 * as the board names them and sorted as a person reads them. Lists the rules may narrow further
 * (where a group may go, what a deployment can be paid for) are `tried`: the match keeps the
 * values some completion of which the decider accepts. The params to try are built from the
 * table so that, whenever a decision would be accepted with some params, one of them is
 * accepted (rex-legal-decisions.spec proves it).
 */

export type RexChoices = ChoicesOf<RexState>;
type Ctx = Parameters<RexChoices>[0];

export const num = (n: number): ChoiceValue => ({
  value: n,
  name: { en: String(n), ru: String(n) },
});
export const range = (from: number, to: number): ChoiceValue[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => num(from + i));

export const troopWord = (n: number): LocalizedText => {
  const m10 = n % 10;
  const m100 = n % 100;
  const ru =
    m10 === 1 && m100 !== 11
      ? 'Войско'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'Войска'
        : 'Войск';
  return { en: `${n} troop${n === 1 ? '' : 's'}`, ru: `${n} ${ru}` };
};

const sectorsHint = (l: RexLocation): LocalizedText | undefined =>
  l.sectors.length === 0
    ? undefined
    : l.sectors.length === 1
      ? { en: `sector ${l.sectors[0]}`, ru: `сектор ${l.sectors[0]}` }
      : { en: `sectors ${l.sectors.join(', ')}`, ru: `секторы ${l.sectors.join(', ')}` };

/** The board's locations (never a deck, a hand, a loss bank or the box), sorted by name. */
export function places(ctx: Ctx, keep: (l: RexLocation) => boolean = () => true): ChoiceValue[] {
  return mapOf(ctx.table)
    .locations.filter(keep)
    .map((l) => {
      const hint = sectorsHint(l);
      return { value: l.id, name: { ...l.name }, ...(hint ? { hint } : {}) };
    })
    .sort(byName());
}

/** A seat named by its player, with its race. */
export function seatValue(ctx: Ctx, seat: string): ChoiceValue {
  const faction = factionOf(ctx.rs, seat);
  return {
    value: seat,
    name: seatName(ctx, seat),
    ...(faction ? { hint: { ...FACTIONS[faction].name } } : {}),
  };
}

export const otherSeats = (ctx: Ctx): ChoiceValue[] =>
  turnOrder(ctx.rs)
    .filter((s) => s !== ctx.seat && !(ctx.rs.conceded ?? []).includes(s))
    .map((s) => seatValue(ctx, s));

const reading = (ctx: Ctx): TroopSectors =>
  ctx.options.troopSectors === 'one-sector' ? 'one-sector' : 'whole-location';

/** The sector a group stands in, when the location spans several and the option asks for one. */
export function sectorField(ctx: Ctx, location: unknown): FieldChoices[] {
  const where = typeof location === 'string' ? locationOf(ctx.table, location) : undefined;
  if (!where || !hasParts(where, reading(ctx))) return [];
  const sectors = [...where.sectors]
    .sort((a, b) => a - b)
    .map((s) => ({ value: s, name: { en: `Sector ${s}`, ru: `Сектор ${s}` } }));
  return [{ path: 'sector', pick: 'one', tried: true, values: sectors }];
}

/** How many troops (and, for Lazax, how many of them Mechanized) of `pieces` may go. */
export function troopFields(ctx: Ctx, pieces: readonly Piece[], tried: boolean): FieldChoices[] {
  const mech = pieces.filter((p) => p.type === MECHANIZED).length;
  const fields: FieldChoices[] = [
    {
      path: 'troops',
      pick: 'one',
      ...(tried ? { tried: true as const } : {}),
      values: range(1, pieces.length),
    },
  ];
  if (factionOf(ctx.rs, ctx.seat) === 'lazax' && mech > 0)
    fields.push({ path: 'mechanized', pick: 'one', tried: true, values: range(0, mech) });
  return fields;
}

export const ownTroops = (ctx: Ctx, zone: string) => troopsAt(ctx.table, zone, ctx.seat);

export const strengthHint = (strength: number): LocalizedText => ({
  en: `strength ${strength}`,
  ru: `сила ${strength}`,
});

export function pieceName(p: Piece): LocalizedText {
  const name = p.attrs.name as Partial<LocalizedText> | undefined;
  return typeof name?.en === 'string' && typeof name.ru === 'string'
    ? { en: name.en, ru: name.ru }
    : { en: p.id, ru: p.id };
}

export const cardValue = (p: Piece): ChoiceValue => ({ value: p.id, name: pieceName(p) });

/** For the params to try (`DecisionSpec.examples`): seats, places, one troop. */
export const seatsOf = ({ rs }: Ctx) => rs.seats.map((s) => s.seat);
export const locationsOf = ({ table }: Ctx) => mapOf(table).locations.map((l) => l.id);
export const occupied = (ctx: Ctx) =>
  locationsOf(ctx).filter((from) => troopsAt(ctx.table, from, ctx.seat).length > 0);
/** One troop, and one Mechanized troop (Lazax), with the other params given. */
export const oneTroop = <P extends object>(params: P) => [
  { ...params, troops: 1 },
  { ...params, troops: 1, mechanized: 1 },
];
