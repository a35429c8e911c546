import { join } from 'node:path';
import type { FactoryProvider } from '@nestjs/common';
import Database from 'better-sqlite3';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { makeDirectory } from './directories';

/**
 * DI token for the local SQLite database (better-sqlite3 `Database`).
 *
 * - SQLite mode: it is the event store's own file (`matchlog.db`), one connection for all:
 *   read models, dice seeds, token hashes and tournaments.
 * - EventStoreDB mode (`EVENTSTORE_URL` set): each API replica keeps its own file,
 *   `${MATCHLOG_DATA_DIR}/matchlog-local.db`, with read models only (rebuilt from `$all`);
 *   seeds (sealed), token hashes, tournaments and the signing key's public part live in
 *   EventStoreDB (persistence/in-event-store), so any replica serves any request.
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
  makeDirectory(dataDir);
  const database = new Database(join(dataDir, LOCAL_DATABASE_FILE));
  // Same durability as the event store: an issued token or a drawn seed is never lost.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return database;
}
