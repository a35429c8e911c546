import { DiceInputError, assertSeed } from './dice-stream';
import { rollDice, shuffleOrder, shufflePurpose } from './dice';

/** A deck entry as recorded in a shuffle (a card or piece id). */
export type DeckItem = string | number;

export interface RecordedRoll {
  readonly kind?: 'roll';
  readonly purpose: string;
  readonly k: number;
  readonly sides: readonly number[];
  readonly faces: readonly number[];
  /** E used for this roll, when it differs from the match-wide E given to `verifyRolls`. */
  readonly entropy?: string;
}

export interface RecordedShuffle {
  readonly kind: 'shuffle';
  readonly deckId: string;
  readonly k: number;
  /** The deck before the shuffle. */
  readonly items: readonly DeckItem[];
  /** The deck after the shuffle. */
  readonly order: readonly DeckItem[];
  readonly entropy?: string;
}

export type RecordedDraw = RecordedRoll | RecordedShuffle;

export interface VerifyOptions {
  /**
   * `strict` (default): within each purpose the recorded k must be 0, 1, 2, ... in
   * order, with no gap and no repeat, so no roll can have been drawn and hidden.
   * Give every draw of the match, in log order. `any`: check each draw on its own.
   */
  readonly sequence?: 'strict' | 'any';
}

interface FailureBase {
  readonly ok: false;
  /** Index in `recorded` of the first draw that fails. */
  readonly index: number;
  readonly kind: 'roll' | 'shuffle';
  readonly purpose: string;
  readonly k: number;
  readonly message: string;
}

export type VerifyFailure =
  | (FailureBase & {
      readonly reason: 'mismatch';
      /** Faces (roll) or order (shuffle) recomputed from the seed. */
      readonly expected: readonly DeckItem[];
      /** Faces or order as recorded. */
      readonly actual: readonly DeckItem[];
      /** First position where they differ. */
      readonly position: number;
    })
  | (FailureBase & {
      readonly reason: 'sequence';
      /** The k this draw should have used. */
      readonly expected: number;
      readonly actual: number;
    })
  | (FailureBase & { readonly reason: 'invalid' });

export type VerifyResult = { readonly ok: true; readonly checked: number } | VerifyFailure;

function firstDifference(a: readonly DeckItem[], b: readonly DeckItem[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/**
 * Recomputes every recorded roll and shuffle from the revealed seed and reports the
 * first one that differs. `entropy` is the match's E (per-draw `entropy` overrides it).
 * Throws `DiceInputError` only for a seed that is not 32 bytes; problems in the
 * recorded draws are reported in the result.
 */
export function verifyRolls(
  seed: Uint8Array,
  matchId: string,
  entropy: string,
  recorded: readonly RecordedDraw[],
  options: VerifyOptions = {},
): VerifyResult {
  assertSeed(seed);
  const strict = (options.sequence ?? 'strict') === 'strict';
  const nextK = new Map<string, number>();

  for (let index = 0; index < recorded.length; index++) {
    const draw = recorded[index];
    const kind: 'roll' | 'shuffle' = draw.kind === 'shuffle' ? 'shuffle' : 'roll';
    const purpose = draw.kind === 'shuffle' ? shufflePurpose(draw.deckId) : draw.purpose;
    const base = { ok: false as const, index, kind, purpose, k: draw.k };
    const e = draw.entropy ?? entropy;

    if (strict) {
      const want = nextK.get(purpose) ?? 0;
      if (draw.k !== want) {
        return {
          ...base,
          reason: 'sequence',
          expected: want,
          actual: draw.k,
          message: `${kind} #${index} (${purpose}) uses k=${draw.k}, expected k=${want}`,
        };
      }
      nextK.set(purpose, want + 1);
    }

    let expected: DeckItem[];
    let actual: readonly DeckItem[];
    try {
      if (draw.kind === 'shuffle') {
        expected = shuffleOrder({
          seed,
          matchId,
          deckId: draw.deckId,
          k: draw.k,
          entropy: e,
          items: draw.items,
        });
        actual = draw.order;
      } else {
        expected = rollDice({
          seed,
          matchId,
          purpose: draw.purpose,
          k: draw.k,
          entropy: e,
          sides: draw.sides,
        });
        actual = draw.faces;
      }
    } catch (err) {
      if (!(err instanceof DiceInputError)) throw err;
      return {
        ...base,
        reason: 'invalid',
        message: `${kind} #${index} (${purpose}): ${err.message}`,
      };
    }

    const position = firstDifference(expected, actual);
    if (position >= 0) {
      return {
        ...base,
        reason: 'mismatch',
        expected,
        actual,
        position,
        message:
          `${kind} #${index} (${purpose}, k=${draw.k}) differs at position ${position}: ` +
          `expected ${JSON.stringify(expected)}, recorded ${JSON.stringify(actual)}`,
      };
    }
  }
  return { ok: true, checked: recorded.length };
}
