import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { makeDirectory } from '../../persistence/directories';

/** How long a statement waits for another connection's write lock (read models share the file). */
const BUSY_TIMEOUT_MS = 5000;

/*
 * No extra index for the stream-prefix filter, on purpose: readAll pages walk the rowid
 * (position) range after the cursor and test the prefix per row, so each page costs only the
 * rows it passes over. An index on `stream` would tempt the planner into scanning every
 * matching row and sorting by position on every page, which is quadratic for broad prefixes.
 * Reads of one stream use the UNIQUE (stream, revision) index. The UNIQUE event_id index is
 * cheap to keep because the service's event ids are time-ordered (`Rng.timeOrderedUuid`): each
 * commit extends it at its end. Random ids cost one random page per event in every commit, about
 * 10% of the decisions/s over HTTP.
 */
const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY,
    stream   TEXT    NOT NULL,
    revision INTEGER NOT NULL,
    event_id TEXT    NOT NULL UNIQUE,
    type     TEXT    NOT NULL,
    data     TEXT    NOT NULL,
    meta     TEXT    NOT NULL,
    UNIQUE (stream, revision)
  );
`;

export const INSERT_EVENT_SQL =
  'INSERT INTO events (stream, revision, event_id, type, data, meta) VALUES (?, ?, ?, ?, ?, ?)';

/** The embedded store's file in the data directory. */
export const SQLITE_EVENTS_FILE = 'matchlog.db';

/**
 * Opens (creating if needed) the database file holding the events table, with the settings an
 * acknowledged append relies on to survive a crash: WAL, and an fsync on every commit.
 */
export function openEventsDatabase(file: string): Database.Database {
  makeDirectory(dirname(file));
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec(EVENTS_SCHEMA);
  return db;
}
