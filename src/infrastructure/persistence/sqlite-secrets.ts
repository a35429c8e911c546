import type Database from 'better-sqlite3';
import type { Secrets } from '../../application/ports/secrets.port';

/** Dice seeds, one per match, in the local database. */
export class SqliteSecrets implements Secrets {
  private readonly insert: Database.Statement<[string, Buffer]>;
  private readonly select: Database.Statement<[string], Buffer>;

  constructor(database: Database.Database) {
    database.exec(
      'CREATE TABLE IF NOT EXISTS secrets (match_id TEXT PRIMARY KEY, seed BLOB NOT NULL)',
    );
    this.insert = database.prepare(
      'INSERT INTO secrets (match_id, seed) VALUES (?, ?) ON CONFLICT (match_id) DO NOTHING',
    );
    this.select = database
      .prepare<[string], Buffer>('SELECT seed FROM secrets WHERE match_id = ?')
      .pluck();
  }

  /**
   * Stores the seed once. Storing the same seed again is a no-op (a retried create); a different
   * one is refused, since replacing a seed would break the commitment already recorded.
   */
  async putSeed(matchId: string, seed: Uint8Array): Promise<void> {
    const bytes = Buffer.from(seed);
    if (this.insert.run(matchId, bytes).changes > 0) return;
    if (!this.select.get(matchId)?.equals(bytes)) {
      throw new Error(`A different dice seed is already stored for match ${matchId}`);
    }
  }

  async getSeed(matchId: string): Promise<Uint8Array | undefined> {
    const seed = this.select.get(matchId);
    return seed && new Uint8Array(seed);
  }
}
