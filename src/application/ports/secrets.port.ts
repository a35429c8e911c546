/** Dice seeds live here, never in the event stream before the reveal (DESIGN section 5). */
export interface Secrets {
  putSeed(matchId: string, seed: Uint8Array): Promise<void>;
  getSeed(matchId: string): Promise<Uint8Array | undefined>;
}
export const SECRETS = Symbol('Secrets');
