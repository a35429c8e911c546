import { createHash } from 'node:crypto';
import { bytesOfHex } from '../shared/bytes';
import { DiceInputError, DiceStream, SEED_BYTES, assertSeed, assertSides } from './dice-stream';

/** Purpose under which the shuffles of deck `deckId` are counted: `shuffle:<deckId>`. */
export function shufflePurpose(deckId: string): string {
  return `shuffle:${deckId}`;
}

/** `hex(sha256(S))`, lowercase: the value recorded in `MatchCreated` before the reveal. */
export function commitmentOf(seed: Uint8Array): string {
  assertSeed(seed);
  return createHash('sha256').update(seed).digest('hex');
}

/** True when `seed` is 32 bytes and hashes to `commitment` (hex, case-insensitive). */
export function verifyCommitment(seed: Uint8Array, commitment: string): boolean {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES) return false;
  return commitmentOf(seed) === commitment.trim().toLowerCase();
}

/** Parses a revealed seed given as 64 hex digits. Throws `DiceInputError` otherwise. */
export function seedFromHex(hex: string): Uint8Array {
  const clean = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(clean)) {
    throw new DiceInputError(`a seed is ${SEED_BYTES} bytes written as 64 hex digits`);
  }
  return bytesOfHex(clean);
}

/**
 * The entropy string E: the public entropies of the seats that gave one, in seat
 * order, joined by `,`. A seat without entropy (`undefined` or `''`) is SKIPPED, not
 * written as an empty element: `['alice', undefined, 'bob']` gives `"alice,bob"`, and
 * no seat with entropy gives `""`. E itself is what goes into the HMAC and it is
 * recorded with the rolls, so a verifier never has to rebuild it.
 * A seat entropy containing `,` is refused (it would make E ambiguous).
 */
export function entropyString(entropies: readonly (string | undefined)[]): string {
  const given = entropies.filter((e): e is string => e !== undefined && e !== '');
  for (const e of given) {
    if (e.includes(',')) throw new DiceInputError('a seat entropy must not contain ","');
  }
  return given.join(',');
}

export interface RollInput {
  readonly seed: Uint8Array;
  readonly matchId: string;
  readonly purpose: string;
  /** Roll number of this purpose (see `DiceCounter`). */
  readonly k: number;
  /** The entropy string E. */
  readonly entropy: string;
  /** Sides of each die, in order; dice may differ (`[6, 6, 8]`). */
  readonly sides: readonly number[];
}

/** Faces of roll k of `purpose`: the dice are drawn one after another from one stream. */
export function rollDice(input: RollInput): number[] {
  input.sides.forEach(assertSides);
  const stream = new DiceStream(input);
  return input.sides.map((n) => stream.draw(n));
}

export interface ShuffleInput<T> {
  readonly seed: Uint8Array;
  readonly matchId: string;
  readonly deckId: string;
  /** Shuffle number of this deck (purpose `shuffle:<deckId>`). */
  readonly k: number;
  readonly entropy: string;
  /** The deck before the shuffle; not modified. */
  readonly items: readonly T[];
}

/**
 * Fisher-Yates from the last index down to 1: for i = n-1 .. 1, j = (die with i+1
 * sides) - 1, swap items i and j. Every draw of one shuffle comes from the single
 * stream of roll k of purpose `shuffle:<deckId>`. Returns a new array.
 */
export function shuffleOrder<T>(input: ShuffleInput<T>): T[] {
  const order = input.items.slice();
  const stream = new DiceStream({ ...input, purpose: shufflePurpose(input.deckId) });
  for (let i = order.length - 1; i >= 1; i--) {
    const j = stream.draw(i + 1) - 1;
    const tmp = order[i];
    order[i] = order[j];
    order[j] = tmp;
  }
  return order;
}
