import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FactoryProvider } from '@nestjs/common';
import Database from 'better-sqlite3';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';

/**
 * DI token for the local SQLite database (better-sqlite3 `Database`): read models, dice
 * secrets and token hashes live there.
 *
 * - SQLite mode: it is the event store's own file (`matchlog.db`), one connection for all.
 * - EventStoreDB mode (`EVENTSTORE_URL` set): each API replica keeps its own file,
 *   `${MATCHLOG_DATA_DIR}/matchlog-local.db` (WAL, synchronous=FULL).
 *
 * Known limit of EventStoreDB mode: read models are rebuilt from `$all` on every replica, but
 * dice seeds and tokens are per replica. A match created on replica A rolls dice only on A,
 * and a token issued by A is unknown to B. Until a shared secrets and token store exists, run
 * one API replica (or pin each client to one), and set MATCHLOG_ADMIN_TOKEN so that every
 * replica accepts the same admin token.
 */
export const LOCAL_DATABASE = Symbol('LocalDatabase');

export const LOCAL_DATABASE_FILE = 'matchlog-local.db';

/** How long a statement waits for another connection's write lock. */
const BUSY_TIMEOUT_MS = 5000;

export const localDatabaseProvider: FactoryProvider<Database.Database> = {
  provide: LOCAL_DATABASE,
  inject: [APP_CONFIG, EVENT_STORE],
  useFactory: (config: AppConfig, store: EventStore) =>
    store instanceof SqliteEventStore ? store.database : openLocalDatabase(config.dataDir),
};

function openLocalDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const database = new Database(join(dataDir, LOCAL_DATABASE_FILE));
  // Same durability as the event store: an issued token or a drawn seed is never lost.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return database;
}
