import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fromStoredEvent } from '../../application/matches/recorded-event.mapping';
import { verifyChain } from '../../domain/events/hash-chain';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { SQLITE_EVENTS_FILE } from '../eventstore/sqlite/sqlite-schema';
import { refuseWhileServiceRuns } from '../persistence/service-lock';

/** Reports how far a long job is: done and total in its own unit. */
export type OnProgress = (done: number, total: number) => void;

/** A refusal of a backup or a restore: nothing was changed. */
export class StoreFileError extends Error {
  override readonly name = 'StoreFileError';
}

/** Pages per backup step: progress to show, yet few restarts when the service writes meanwhile. */
const BACKUP_STEP_PAGES = 2048;
/** After this many restarts (the service wrote between two steps) the rest goes in one step. */
const RESTARTS_BEFORE_ONE_STEP = 2;

/**
 * A consistent copy of the embedded store at `target`, taken with SQLite's online backup API
 * while the service may be running and writing. Each write of the service between two steps
 * restarts the copy; after a few restarts the rest is copied in one step, under one read
 * transaction (WAL: it never blocks the service's writes).
 */
export async function backupStore(
  dataDir: string,
  target: string,
  onProgress: OnProgress = () => undefined,
): Promise<{ pages: number; events: number }> {
  const source = join(dataDir, SQLITE_EVENTS_FILE);
  if (!existsSync(source)) throw new StoreFileError(`There is no matchlog store at ${source}`);
  if (existsSync(target))
    throw new StoreFileError(`${target} exists: a backup never overwrites a file`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    let restarts = 0;
    let lastRemaining = Infinity;
    const { totalPages } = await db.backup(target, {
      progress({ totalPages: total, remainingPages }) {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        onProgress(total - remainingPages, total);
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : BACKUP_STEP_PAGES;
      },
    });
    onProgress(totalPages, totalPages);
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true, fileMustExist: true });
  try {
    return {
      pages: copy.pragma('page_count', { simple: true }) as number,
      events: eventCount(copy),
    };
  } finally {
    copy.close();
  }
}

/** What a store file holds, once every chain in it has been verified. */
export interface CheckedStore {
  streams: number;
  events: number;
}

const EVENT_COLUMNS = ['stream', 'revision', 'position', 'event_id', 'type', 'data', 'meta'];
/** Streams whose events carry the match's hash chain, and the prefix before the match id. */
const CHAINED_STREAMS = ['match-', 'notes-', 'audit-'];

/**
 * Refuses a file that is not a matchlog store, and one whose streams' hash chains do not all
 * verify from seq 0 (naming the first broken stream and seq).
 */
export function checkStoreFile(
  file: string,
  onProgress: OnProgress = () => undefined,
): CheckedStore {
  if (!existsSync(file)) throw new StoreFileError(`There is no file ${file}`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch (error) {
    throw new StoreFileError(`${file} is not an SQLite database: ${(error as Error).message}`);
  }
  try {
    const columns = (db.pragma('table_info(events)') as { name: string }[]).map((c) => c.name);
    if (!EVENT_COLUMNS.every((column) => columns.includes(column)))
      throw new StoreFileError(`${file} is not a matchlog store: it has no events table`);
    const integrity = db.pragma('quick_check', { simple: true });
    if (integrity !== 'ok')
      throw new StoreFileError(`${file} is damaged (SQLite quick_check: ${String(integrity)})`);
    const total = eventCount(db);
    const rows = db
      .prepare(
        'SELECT stream, revision, event_id, type, data, meta FROM events ORDER BY stream, revision',
      )
      .raw()
      .iterate() as IterableIterator<[string, number, string, string, string, string]>;
    let streams = 0;
    let done = 0;
    let current: { stream: string; events: RecordedEvent[] } | undefined;
    const verify = (): void => {
      if (!current) return;
      streams += 1;
      const verdict = verifyChain(current.events);
      if (!verdict.ok)
        throw new StoreFileError(
          `The chain of ${current.stream} is broken at seq ${verdict.brokenSeq}: ${verdict.message}`,
        );
    };
    for (const [stream, revision, eventId, type, data, meta] of rows) {
      if (current?.stream !== stream) {
        verify();
        current = { stream, events: [] };
      }
      const prefix = CHAINED_STREAMS.find((p) => stream.startsWith(p));
      if (prefix === undefined)
        throw new StoreFileError(`${file} holds a stream matchlog does not write: ${stream}`);
      let parsed: { data: unknown; meta: unknown };
      try {
        parsed = { data: JSON.parse(data), meta: JSON.parse(meta) };
      } catch {
        throw new StoreFileError(`Event ${revision} of ${stream} is not JSON`);
      }
      current.events.push(
        fromStoredEvent(
          { stream, revision: BigInt(revision), eventId, type, ...parsed } as Parameters<
            typeof fromStoredEvent
          >[0],
          stream.slice(prefix.length),
        ),
      );
      done += 1;
      if (done % 10_000 === 0) onProgress(done, total);
    }
    verify();
    onProgress(done, total);
    return { streams, events: done };
  } finally {
    db.close();
  }
}

/**
 * Replaces the data directory's store with `file` after checking every chain in it. The
 * store it replaces is kept beside it (`matchlog.db.replaced-<time>`), never deleted.
 */
export function restoreStore(
  file: string,
  dataDir: string,
  now: Date,
  onProgress: OnProgress = () => undefined,
): CheckedStore & { replaced?: string } {
  refuseWhileServiceRuns(dataDir, 'restore');
  const checked = checkStoreFile(file, onProgress);
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, SQLITE_EVENTS_FILE);
  const incoming = `${target}.restoring`;
  copyFileSync(file, incoming);
  const fd = openSync(incoming, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  let replaced: string | undefined;
  if (existsSync(target)) {
    // A live store's last commits may sit in its WAL: checkpoint them into the file first.
    const old = new Database(target, { fileMustExist: true });
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    replaced = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, replaced);
    // A write-ahead log left beside the old file must never be applied to the new one.
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(target + suffix)) renameSync(target + suffix, replaced + suffix);
  }
  renameSync(incoming, target);
  return { ...checked, ...(replaced !== undefined && { replaced }) };
}

function eventCount(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM events').pluck().get() as number;
}
