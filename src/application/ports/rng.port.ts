/** The only source of randomness: seeds, tokens and ids. */
export interface Rng {
  bytes(count: number): Uint8Array;
  uuid(): string;
}
export const RNG = Symbol('Rng');
