import type { LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import { both, byName, type ChoiceValue } from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { UNIT_KINDS } from './cc-draft';
import { hexOfZone } from './cc-map';
import type { CcState } from './cc-state';

/**
 * The field choices of Combat Commander (issue 39): a seat plays only the cards of its hand,
 * activates only its own units not yet activated this Turn (more than one through a Leader's
 * Command, as option orderActivation says), fires its own Weapons, and states or confirms
 * outcomes naming pieces as the counters print them; hexes are read A1, A2 … A10, B1 … .
 * Values the decider may still refuse (a Leader's reach, Op Fire's Ordnance, what a claim
 * may state under a rule) are `tried`: the match keeps those some completion makes legal.
 *
 * Here is what every phase's choices offer: a piece as its counter names it and where it
 * stands, a hex. Each decision's own choices sit beside its `decide` (decisions/<phase>.ts).
 */
export type Ctx = AvailabilityContext<CcState>;

/** A counter's name as printed, in both languages (a setup may give one name for both). */
export function pieceName(piece: Readonly<Piece>): LocalizedText {
  const name = piece.attrs.name;
  if (typeof name === 'string') return both(name);
  const t = name as Partial<LocalizedText> | undefined;
  if (typeof t?.en === 'string' && typeof t.ru === 'string') return { en: t.en, ru: t.ru };
  return both(piece.id);
}

export const where = (hex: string | undefined): LocalizedText | undefined =>
  hex ? { en: `in ${hex}`, ru: `в гексе ${hex}` } : undefined;

export function pieceValue(piece: Readonly<Piece>, extra?: LocalizedText): ChoiceValue {
  const at = where(hexOfZone(piece.zone));
  const parts = [at, extra].filter((p): p is LocalizedText => p !== undefined);
  return {
    value: piece.id,
    name: pieceName(piece),
    ...(parts.length
      ? {
          hint: {
            en: parts.map((p) => p.en).join(', '),
            ru: parts.map((p) => p.ru).join(', '),
          },
        }
      : {}),
  };
}

export const values = (
  pieces: readonly Readonly<Piece>[],
  extra?: (p: Readonly<Piece>) => LocalizedText,
) => pieces.map((p) => pieceValue(p, extra?.(p))).sort(byName());

export const pieceOnMap = (p: Readonly<Piece>) =>
  p.status !== 'destroyed' && hexOfZone(p.zone) !== undefined;
export const isUnit = (p: Readonly<Piece>) => UNIT_KINDS.has(p.type);
export const piecesOf = (ctx: Ctx, keep: (p: Readonly<Piece>) => boolean) =>
  Object.values(ctx.table.pieces).filter(keep);

/** Hexes named as the map prints them, read A1, A2 … A10, B1 … */
export function hexValues(hexes: readonly string[]): ChoiceValue[] {
  return hexes.map((hex) => ({ value: hex, name: both(hex) })).sort(byName());
}
