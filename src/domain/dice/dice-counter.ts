import { shufflePurpose } from './dice';

/** What the counter needs from a recorded roll or shuffle. */
export type CountedDraw =
  | { readonly kind?: 'roll'; readonly purpose: string; readonly k: number }
  | { readonly kind: 'shuffle'; readonly deckId: string; readonly k: number };

/** The purpose a recorded draw is counted under (`shuffle:<deckId>` for shuffles). */
export function purposeOf(draw: CountedDraw): string {
  return draw.kind === 'shuffle' ? shufflePurpose(draw.deckId) : draw.purpose;
}

/**
 * Immutable: the next roll number k per purpose. Counters are independent, so an
 * extra combat roll never shifts a deck shuffle. Built from recorded draws, the next
 * k of a purpose is one past the highest k recorded for it (0 if none). Pass every
 * recorded draw, including ones a rewind marked as undone: a k is never reused.
 */
export class DiceCounter {
  private constructor(private readonly nextK: ReadonlyMap<string, number>) {}

  static empty(): DiceCounter {
    return new DiceCounter(new Map());
  }

  static fromRecorded(draws: Iterable<CountedDraw>): DiceCounter {
    const next = new Map<string, number>();
    for (const d of draws) {
      const p = purposeOf(d);
      next.set(p, Math.max(next.get(p) ?? 0, d.k + 1));
    }
    return new DiceCounter(next);
  }

  /** The k the next roll of `purpose` must use. */
  next(purpose: string): number {
    return this.nextK.get(purpose) ?? 0;
  }

  /** The k the next shuffle of `deckId` must use. */
  nextShuffle(deckId: string): number {
    return this.next(shufflePurpose(deckId));
  }

  /** A counter that has also seen roll `k` of `purpose` (default: the next one). */
  record(purpose: string, k: number = this.next(purpose)): DiceCounter {
    const next = new Map(this.nextK);
    next.set(purpose, Math.max(this.next(purpose), k + 1));
    return new DiceCounter(next);
  }

  /** Purposes seen so far with their next k. */
  entries(): Array<[purpose: string, nextK: number]> {
    return [...this.nextK.entries()];
  }
}
