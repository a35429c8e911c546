/** The only source of randomness: seeds, tokens and ids. */
export interface Rng {
  bytes(count: number): Uint8Array;
  /** A random UUID (version 4). */
  uuid(): string;
  /**
   * A UUID version 7 (RFC 9562): the Unix time in milliseconds, then 74 random bits. Ids made
   * one after another sort together, so an index of them grows at its end: the store's index of
   * event ids then rewrites one page per commit instead of one random page per event.
   */
  timeOrderedUuid(): string;
}
export const RNG = Symbol('Rng');
