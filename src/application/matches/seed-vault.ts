import { Inject, Injectable } from '@nestjs/common';
import { SECRETS, type Secrets } from '../ports/secrets.port';

/** The dice seed of a match, which every decision needs and no event holds before the reveal. */
@Injectable()
export class SeedVault {
  constructor(@Inject(SECRETS) private readonly secrets: Secrets) {}

  async seedOf(matchId: string): Promise<Uint8Array> {
    const seed = await this.secrets.getSeed(matchId);
    // A match without its seed cannot roll provably: a server fault, not bad input.
    if (!seed)
      throw new Error(`The dice seed of match ${matchId} is missing from the secrets store`);
    return seed;
  }
}
