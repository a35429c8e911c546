import { Inject, Injectable } from '@nestjs/common';
import { SECRETS, type Secrets } from '../ports/secrets.port';
import { LruCache } from '../lru-cache';

/**
 * One seed a match, about 200 bytes with its key (10 MB at most). At 1,000, a service with more
 * live matches read the secrets store on every decision (4% of a decision's CPU at 20,000).
 */
const SEEDS_KEPT = 50_000;

/** The dice seed of a match, which every decision needs and no event holds before the reveal. */
@Injectable()
export class SeedVault {
  /** A seed never changes: hot matches need not read the secrets store on every decision. */
  private readonly seeds = new LruCache<string, Uint8Array>(SEEDS_KEPT);

  constructor(@Inject(SECRETS) private readonly secrets: Secrets) {}

  async seedOf(matchId: string): Promise<Uint8Array> {
    const cached = this.seeds.get(matchId);
    if (cached) return cached;
    const seed = await this.secrets.getSeed(matchId);
    // A match without its seed cannot roll provably: a server fault, not bad input.
    if (!seed)
      throw new Error(`The dice seed of match ${matchId} is missing from the secrets store`);
    this.seeds.set(matchId, seed);
    return seed;
  }
}
