import { LruCache } from '../../../application/lru-cache';
import type { Secrets } from '../../../application/ports/secrets.port';
import type { SecretKeyring, SealedSecret } from './secret-keyring';
import type { StreamRecords } from './stream-records';

/** Opened seeds kept in memory: a roll needs its match's seed, the store is a round trip away. */
const OPENED_SEEDS = 10_000;

/**
 * Dice seeds in the event store (`seed-<matchId>`), sealed with AES-256-GCM under the
 * configured key and bound to their stream: any replica can roll for any match, and the
 * event store's operator reads no seed.
 */
export class EventStoreSecrets implements Secrets {
  private readonly opened = new LruCache<string, Uint8Array>(OPENED_SEEDS);

  constructor(
    private readonly records: StreamRecords,
    private readonly keyring: SecretKeyring,
  ) {}

  /** Stores the seed once; the same seed again is a no-op, a different one is refused. */
  async putSeed(matchId: string, seed: Uint8Array): Promise<void> {
    const stream = seedStream(matchId);
    if (await this.records.create(stream, 'SeedSealed', this.keyring.seal(seed, stream))) return;
    const stored = await this.getSeed(matchId);
    if (!stored || !Buffer.from(stored).equals(Buffer.from(seed)))
      throw new Error(`A different dice seed is already stored for match ${matchId}`);
  }

  async getSeed(matchId: string): Promise<Uint8Array | undefined> {
    const cached = this.opened.get(matchId);
    if (cached) return cached;
    const stream = seedStream(matchId);
    const sealed = await this.records.first<SealedSecret>(stream);
    if (sealed === undefined) return undefined;
    const seed = this.keyring.open(sealed, stream);
    this.opened.set(matchId, seed);
    return seed;
  }
}

function seedStream(matchId: string): string {
  return `seed-${matchId}`;
}
