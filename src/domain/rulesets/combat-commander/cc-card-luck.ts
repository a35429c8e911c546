import type { RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import { rollOutcomesKey, type CountedRoll } from '../../stats/dice-luck';
import type { Table } from '../../table/table';
import { NATION_NAME, rollValue, type FateCardAttrs } from './cc-cards';
import type { CcEvents } from './cc-events';

const isFace = (face: unknown): face is number =>
  Number.isInteger(face) && (face as number) >= 1 && (face as number) <= 6;

const dicePair = (dice: unknown): dice is [number, number] =>
  Array.isArray(dice) && dice.length === 2 && dice.every(isFace);

/**
 * Fate card rolls for dice luck [1.9]: a roll is the top card of a Fate deck, so its value is
 * drawn from the deck's own mix of printed dice (each card equally likely after a fair
 * shuffle), not from two fair dice; a Targeting roll reads their product, whose mix is its own.
 * The mix is the whole deck's, all 72 cards the deck was dealt from: which cards are in hands,
 * discarded or already revealed in this pass is left aside, and each reveal is counted as an
 * independent draw from that mix (a reshuffle restores it; inside a pass the draws are without
 * replacement, which makes the observed sum vary a little less than counted: |z| errs small).
 *
 * A reader per match: each deck's mix is read once, at its first roll (Fate cards are laid out
 * at setup and never change).
 */
export function ccCardRolls(): (
  event: Readonly<RecordedEvent>,
  table: Readonly<Table>,
) => CountedRoll | undefined {
  const mixes = new Map<string, string | undefined>();
  const mixOf = (table: Readonly<Table>, owner: string, product: boolean): string | undefined => {
    const values: number[] = [];
    for (const piece of Object.values(table.pieces)) {
      if (piece.type !== 'fate-card' || piece.owner !== owner) continue;
      const dice = (piece.attrs as Partial<FateCardAttrs>).dice;
      if (!dicePair(dice)) return undefined;
      values.push(rollValue(dice, product));
    }
    return values.length > 0 ? rollOutcomesKey(values) : undefined;
  };
  return (event, table) => {
    if (event.type !== 'FateRolled') return undefined;
    const data = (event.data ?? {}) as Partial<CcEvents['FateRolled']>;
    if (typeof data.seat !== 'string' || typeof data.card !== 'string') return undefined;
    if (!dicePair(data.dice)) return undefined;
    const card = own(table.pieces, data.card);
    if (card?.type !== 'fate-card' || card.owner === undefined) return undefined;
    const nationality = (card.attrs as Partial<FateCardAttrs>).nationality;
    const deck = typeof nationality === 'string' ? own(NATION_NAME, nationality) : undefined;
    if (!deck) return undefined;
    const product = data.combine === 'product';
    const key = `${card.owner}\u0000${product}`;
    if (!mixes.has(key)) mixes.set(key, mixOf(table, card.owner, product));
    const outcomes = mixes.get(key);
    if (outcomes === undefined) return undefined;
    return {
      seat: data.seat,
      deck: { en: deck.en, ru: deck.ru },
      combine: product ? 'product' : 'sum',
      outcomes,
      value: rollValue(data.dice, product),
    };
  };
}
