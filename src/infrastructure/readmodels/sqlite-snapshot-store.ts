import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { MatchState } from '../../domain/match/match-state';
import type { SnapshotStore } from '../../application/ports/snapshot-store.port';
import { LOCAL_DATABASE } from '../persistence/local-database.provider';
import { createReadModelSchema } from './read-model-schema';

@Injectable()
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly latest: Database.Statement<[string, number], { seq: number; state: string }>;
  private readonly upsert: Database.Statement<[string, number, string]>;

  constructor(@Inject(LOCAL_DATABASE) db: Database.Database) {
    createReadModelSchema(db);
    this.latest = db.prepare(
      'SELECT seq, state FROM rm_snapshots WHERE match_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1',
    );
    this.upsert = db.prepare(
      'INSERT OR REPLACE INTO rm_snapshots (match_id, seq, state) VALUES (?, ?, ?)',
    );
  }

  async latestAtOrBefore(
    matchId: string,
    seq: number,
  ): Promise<{ seq: number; state: MatchState } | undefined> {
    const row = this.latest.get(matchId, seq);
    return row ? { seq: row.seq, state: JSON.parse(row.state) as MatchState } : undefined;
  }

  async put(matchId: string, seq: number, state: MatchState): Promise<void> {
    this.upsert.run(matchId, seq, JSON.stringify(state));
  }
}
