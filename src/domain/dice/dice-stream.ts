import { createHmac } from 'node:crypto';
import { uint32At } from '../shared/bytes';

/** Length of the secret match seed S, in bytes. */
export const SEED_BYTES = 32;
/** Largest die a stream can draw: faces come from one uint32 each. */
export const MAX_STREAM_SIDES = 2 ** 32;

const UINT32_RANGE = 2 ** 32;
const HMAC_BLOCK_BYTES = 32;

/** A caller broke the contract of the dice API (wrong seed size, bad purpose, bad die...). */
export class DiceInputError extends RangeError {
  override readonly name = 'DiceInputError';
}

/** The inputs that name one roll's byte stream. */
export interface StreamInput {
  /** The secret seed S (32 bytes). */
  readonly seed: Uint8Array;
  readonly matchId: string;
  /** Purpose p, e.g. `combat` or `shuffle:<deckId>`; must not contain `|`. */
  readonly purpose: string;
  /** Roll number k of this purpose, 0-based. */
  readonly k: number;
  /** The entropy string E (see `entropyString`); `''` if no seat gave entropy. */
  readonly entropy: string;
}

export function assertSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES) {
    throw new DiceInputError(`seed must be ${SEED_BYTES} bytes`);
  }
}

export function assertSides(n: number): void {
  if (!Number.isInteger(n) || n < 2 || n > MAX_STREAM_SIDES) {
    throw new DiceInputError(`a die needs an integer number of sides in 2..2^32, got ${n}`);
  }
}

/**
 * The message prefix `matchId|p|k|E` of a roll's stream; block j is
 * HMAC-SHA256(S, prefix + "|" + j), all strings UTF-8.
 * `|` is refused in matchId and purpose so that distinct rolls never share a message.
 */
export function streamMessagePrefix(input: Omit<StreamInput, 'seed'>): string {
  const { matchId, purpose, k, entropy } = input;
  if (typeof matchId !== 'string' || matchId === '' || matchId.includes('|')) {
    throw new DiceInputError('matchId must be a non-empty string without "|"');
  }
  if (typeof purpose !== 'string' || purpose === '' || purpose.includes('|')) {
    throw new DiceInputError('purpose must be a non-empty string without "|"');
  }
  if (!Number.isSafeInteger(k) || k < 0) {
    throw new DiceInputError(`roll number k must be a non-negative integer, got ${k}`);
  }
  if (typeof entropy !== 'string') {
    throw new DiceInputError('entropy must be a string');
  }
  return `${matchId}|${purpose}|${k}|${entropy}`;
}

/**
 * Accepts uint32 `x` for an n-sided die only below the largest multiple of n
 * (no modulo bias). Returns the face 1..n, or `undefined` when x is rejected.
 */
export function faceOf(x: number, n: number): number | undefined {
  const limit = Math.floor(UINT32_RANGE / n) * n;
  return x < limit ? (x % n) + 1 : undefined;
}

/** Draws one n-sided face from a source of uint32 values, rejecting as needed. */
export function drawFace(nextUint32: () => number, n: number): number {
  for (;;) {
    const face = faceOf(nextUint32(), n);
    if (face !== undefined) return face;
  }
}

/**
 * The byte stream of one roll: HMAC blocks j = 0, 1, 2, ... computed lazily and
 * read 4 bytes at a time as big-endian uint32. 32-byte blocks hold exactly 8 values,
 * so a value never straddles two blocks.
 */
export class DiceStream {
  private readonly prefix: string;
  private block: Uint8Array | undefined;
  private nextBlock = 0;
  private offset = HMAC_BLOCK_BYTES;
  private words = 0;

  constructor(private readonly input: StreamInput) {
    assertSeed(input.seed);
    this.prefix = streamMessagePrefix(input);
  }

  /** Number of uint32 values read so far (accepted and rejected). */
  get valuesRead(): number {
    return this.words;
  }

  /** Bytes of the stream consumed so far. */
  get bytesRead(): number {
    return this.words * 4;
  }

  /** HMAC blocks computed so far. */
  get blocksComputed(): number {
    return this.nextBlock;
  }

  /** The next big-endian uint32 of the stream. */
  nextUint32(): number {
    if (this.block === undefined || this.offset >= HMAC_BLOCK_BYTES) {
      this.block = createHmac('sha256', this.input.seed)
        .update(`${this.prefix}|${this.nextBlock}`, 'utf8')
        .digest();
      this.nextBlock += 1;
      this.offset = 0;
    }
    const x = uint32At(this.block, this.offset);
    this.offset += 4;
    this.words += 1;
    return x;
  }

  /** The next accepted face of an n-sided die (1..n). */
  draw(n: number): number {
    assertSides(n);
    return drawFace(() => this.nextUint32(), n);
  }
}
