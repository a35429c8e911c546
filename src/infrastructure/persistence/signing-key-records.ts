import type Database from 'better-sqlite3';
import type { EventStore } from '../../application/ports/event-store.port';
import type { PublicKeyInfo, PublishedKeyInfo } from '../../application/ports/signer.port';
import { StreamRecords } from './in-event-store/stream-records';

/**
 * The public part of every key the store was ever signed with, kept in the store itself: a
 * backup carries them, so after a restore onto a new key GET /api/v1/keys still lists the old
 * ones and every receipt and export signed before still verifies.
 */
export interface SigningKeyRecords {
  /** Records the key, once: the time of its first record stays. */
  record(key: PublicKeyInfo, at: string): Promise<void>;
  /** Every recorded key, oldest first. */
  all(): Promise<PublishedKeyInfo[]>;
}

/** In the embedded store's file (`matchlog.db`), so that a backup holds them. */
export class SqliteSigningKeyRecords implements SigningKeyRecords {
  private readonly insert: Database.Statement<[string, string, string, string]>;
  private readonly select: Database.Statement<
    [],
    { key_id: string; alg: string; public_key: string; since: string }
  >;

  constructor(database: Database.Database) {
    database.exec(
      'CREATE TABLE IF NOT EXISTS signing_keys (key_id TEXT PRIMARY KEY, alg TEXT NOT NULL, public_key TEXT NOT NULL, since TEXT NOT NULL)',
    );
    this.insert = database.prepare(
      'INSERT INTO signing_keys (key_id, alg, public_key, since) VALUES (?, ?, ?, ?) ON CONFLICT (key_id) DO NOTHING',
    );
    this.select = database.prepare(
      'SELECT key_id, alg, public_key, since FROM signing_keys ORDER BY since, key_id',
    );
  }

  async record(key: PublicKeyInfo, at: string): Promise<void> {
    this.insert.run(key.keyId, key.alg, key.publicKey, at);
  }

  async all(): Promise<PublishedKeyInfo[]> {
    return this.select.all().map((row) => ({
      alg: row.alg as PublicKeyInfo['alg'],
      keyId: row.key_id,
      publicKey: row.public_key,
      since: row.since,
    }));
  }
}

/** Streams of the public keys replicas have signed with, on EventStoreDB (`signing-key-<keyId>`). */
const KEY_STREAM_PREFIX = 'signing-key-';

/** On EventStoreDB, one stream per key, so that every replica lists what any one signed with. */
export class EventStoreSigningKeyRecords implements SigningKeyRecords {
  constructor(private readonly store: EventStore) {}

  async record(key: PublicKeyInfo, at: string): Promise<void> {
    await new StreamRecords(this.store).create(
      `${KEY_STREAM_PREFIX}${key.keyId}`,
      'SigningKeyPublished',
      { alg: key.alg, keyId: key.keyId, publicKey: key.publicKey, since: at },
    );
  }

  async all(): Promise<PublishedKeyInfo[]> {
    const keys: PublishedKeyInfo[] = [];
    for await (const event of this.store.readAll({ filter: { streamPrefix: KEY_STREAM_PREFIX } }))
      keys.push({ ...(event.data as PublishedKeyInfo) });
    // Records written before `since` was kept come first, in the order they were written.
    return keys
      .map((key, order) => ({ key, order }))
      .sort((a, b) => (a.key.since ?? '').localeCompare(b.key.since ?? '') || a.order - b.order)
      .map(({ key }) => key);
  }
}
