import { Module } from '@nestjs/common';
import { DISPUTE_QUEUE } from '../../application/ports/dispute-queue.port';
import { MATCH_INDEX } from '../../application/ports/match-index.port';
import { SNAPSHOT_STORE } from '../../application/ports/snapshot-store.port';
import { STATS_READ_MODEL } from '../../application/ports/stats-read-model.port';
import { SqliteDisputeQueue } from './sqlite-dispute-queue';
import { SqliteMatchIndex } from './sqlite-match-index';
import { SqliteSnapshotStore } from './sqlite-snapshot-store';
import { SqliteStatsStore } from './sqlite-stats-store';

/** The read models: caches in the local database, rebuilt from the log (`npm run rebuild`). */
@Module({
  providers: [
    SqliteMatchIndex,
    { provide: MATCH_INDEX, useExisting: SqliteMatchIndex },
    SqliteStatsStore,
    { provide: STATS_READ_MODEL, useExisting: SqliteStatsStore },
    { provide: SNAPSHOT_STORE, useClass: SqliteSnapshotStore },
    SqliteDisputeQueue,
    { provide: DISPUTE_QUEUE, useExisting: SqliteDisputeQueue },
  ],
  exports: [
    SqliteMatchIndex,
    MATCH_INDEX,
    SqliteStatsStore,
    STATS_READ_MODEL,
    SNAPSHOT_STORE,
    SqliteDisputeQueue,
    DISPUTE_QUEUE,
  ],
})
export class ReadModelsModule {}
