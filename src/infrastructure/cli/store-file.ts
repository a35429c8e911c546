import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  matchIdOfChainedStream,
  StoredChainCheck,
  UNCHAINED_STREAMS,
} from '../../application/matches/stored-chain-check';
import { CHAIN_BREAK_MEANING, type StreamChainBreak } from '../../application/errors';
import { ruCount, type LocalizedText, type Message } from '../../domain/shared/localized-text';
import { OperatorError } from '../operator-error';
import { SQLITE_EVENTS_FILE } from '../eventstore/sqlite/sqlite-schema';
import { LOCAL_DATABASE_FILE } from '../persistence/local-database.provider';
import { makeDirectory } from '../persistence/directories';
import { refuseWhileServiceRuns } from '../persistence/service-lock';

/** Reports how far a long job is: done and total in its own unit. */
export type OnProgress = (done: number, total: number) => void;

/** A refusal of a backup or a restore: nothing was changed. */
export class StoreFileError extends OperatorError {
  override readonly name = 'StoreFileError';
  constructor(
    text: Message,
    /** True when the file is a matchlog store that is damaged, false when it is none at all. */
    readonly damaged = false,
  ) {
    super(text);
  }
}

/**
 * Refuses a data directory that exists but is not a directory (MATCHLOG_DATA_DIR=/etc/passwd)
 * or that cannot be created (/proc/nope, a read-only mount): in one line, before anything tries
 * to make files in it. A missing one is created.
 */
export function checkDataDirectory(dataDir: string): void {
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory())
    throw new StoreFileError({
      en: `MATCHLOG_DATA_DIR ${dataDir} is not a directory`,
      ru: `MATCHLOG_DATA_DIR ${dataDir} — не каталог`,
    });
  try {
    makeDirectory(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StoreFileError({
      en: `MATCHLOG_DATA_DIR ${dataDir} cannot be created (${code})`,
      ru: `каталог MATCHLOG_DATA_DIR ${dataDir} не удаётся создать (${code})`,
    });
  }
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
  if (!existsSync(source))
    throw new StoreFileError({
      en: `There is no matchlog store at ${source}`,
      ru: `Хранилища matchlog по пути ${source} нет`,
    });
  if (existsSync(target)) throw new StoreFileError(NEVER_OVERWRITES(target));
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

/** The refusal of a backup into a file that exists. */
export const NEVER_OVERWRITES = (file: string) => ({
  en: `${file} exists: a backup never overwrites a file`,
  ru: `${file} уже существует: резервная копия никогда не записывается поверх файла`,
});

/** What a store file holds, once every chain in it has been verified. */
export interface CheckedStore {
  streams: number;
  events: number;
}

const EVENT_COLUMNS = ['stream', 'revision', 'position', 'event_id', 'type', 'data', 'meta'];

/** The SQLite file header's first 16 bytes (https://www.sqlite.org/fileformat.html). */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
export const SQLITE_HEADER_BYTES = 100;

/**
 * What is wrong with an SQLite file's 100-byte header, if anything: the magic string, a page
 * size that is a power of two from 512 to 65536, file format versions 1 (legacy) or 2 (WAL)
 * (a larger write version makes SQLite open the file read-only, a larger read version not at
 * all), and the payload fractions every SQLite file has (64, 32, 32).
 */
export function sqliteHeaderProblem(header: Uint8Array): LocalizedText | undefined {
  if (header.length < SQLITE_HEADER_BYTES)
    return {
      en: `its header is ${header.length} bytes, not ${SQLITE_HEADER_BYTES}`,
      ru: `его заголовок — ${ruCount(header.length, 'байт', 'байта', 'байт')}, а не ${SQLITE_HEADER_BYTES}`,
    };
  const bytes = Buffer.from(header.buffer, header.byteOffset, header.byteLength);
  if (!bytes.subarray(0, 16).equals(SQLITE_MAGIC))
    return {
      en: 'it does not start with "SQLite format 3"',
      ru: 'он не начинается с «SQLite format 3»',
    };
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
    return {
      en: `its page size (header bytes 16-17) is ${rawPageSize}`,
      ru: `размер страницы в нём (байты заголовка 16–17) равен ${rawPageSize}`,
    };
  for (const [offset, name, ru] of [
    [18, 'write', 'записи'],
    [19, 'read', 'чтения'],
  ] as const) {
    const version = bytes[offset];
    if (version !== 1 && version !== 2)
      return {
        en: `its file format ${name} version (header byte ${offset}) is ${version}, not 1 or 2`,
        ru: `версия формата для ${ru} в нём (байт заголовка ${offset}) равна ${version}, а не 1 или 2`,
      };
  }
  if (pageSize - bytes[20] < 480)
    return {
      en: `its reserved space per page (header byte 20) is ${bytes[20]}`,
      ru: `резерв на странице в нём (байт заголовка 20) равен ${bytes[20]}`,
    };
  if (bytes[21] !== 64 || bytes[22] !== 32 || bytes[23] !== 32)
    return {
      en: 'its payload fractions (header bytes 21-23) are not 64, 32, 32',
      ru: 'доли полезной нагрузки в нём (байты заголовка 21–23) не 64, 32, 32',
    };
  return undefined;
}

/**
 * Opens a matchlog store read-only once its file header is sane, it is a database with the
 * events table (unless `eventsTable` is false: a replica's read models), and SQLite's
 * `PRAGMA quick_check` finds no damage; else a StoreFileError that says what is wrong with
 * the file. The caller closes it.
 */
export function openCheckedStore(file: string, { eventsTable = true } = {}): Database.Database {
  if (!existsSync(file))
    throw new StoreFileError({ en: `There is no file ${file}`, ru: `Файла ${file} нет` });
  const header = Buffer.alloc(SQLITE_HEADER_BYTES);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, SQLITE_HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const headerProblem = sqliteHeaderProblem(header.subarray(0, read));
  if (headerProblem) {
    const damaged = read >= 16 && header.subarray(0, 16).equals(SQLITE_MAGIC);
    // SQLite's own messages below stay as SQLite words them.
    throw new StoreFileError(
      damaged
        ? {
            en: `${file} is damaged: ${headerProblem.en}`,
            ru: `${file} повреждён: ${headerProblem.ru}`,
          }
        : notSqlite(file, headerProblem),
      damaged,
    );
  }
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('schema_version');
  } catch (error) {
    throw new StoreFileError(notSqlite(file, (error as Error).message));
  }
  try {
    const columns = (db.pragma('table_info(events)') as { name: string }[]).map((c) => c.name);
    if (eventsTable && !EVENT_COLUMNS.every((column) => columns.includes(column)))
      throw new StoreFileError({
        en: `${file} is not a matchlog store: it has no events table`,
        ru: `${file} — не хранилище matchlog: в нём нет таблицы events`,
      });
    const integrity = db.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') {
      const report = oneLine(String(integrity));
      throw new StoreFileError(
        {
          en: `${file} is damaged (SQLite quick_check: ${report})`,
          ru: `${file} повреждён (quick_check SQLite: ${report})`,
        },
        true,
      );
    }
    return db;
  } catch (error) {
    db.close();
    if (error instanceof StoreFileError) throw error;
    const { message } = error as Error;
    throw new StoreFileError(
      { en: `${file} is damaged: ${message}`, ru: `${file} повреждён: ${message}` },
      true,
    );
  }
}

function notSqlite(file: string, why: string | LocalizedText) {
  const reason = typeof why === 'string' ? { en: why, ru: why } : why;
  return {
    en: `${file} is not an SQLite database: ${reason.en}`,
    ru: `${file} — не база данных SQLite: ${reason.ru}`,
  };
}

/**
 * The check the service runs before it opens its SQLite file (openCheckedStore's): the
 * embedded store (`matchlog.db` in the data directory), or, on EventStoreDB, the replica's
 * read models (`matchlog-local.db`; the events there are verified stream by stream as they
 * are loaded). A file not created yet (none, or empty) passes. Throws StoreDamagedError,
 * whose message is the one line to print, naming the file and what to do.
 */
export function checkStoreBeforeStart(dataDir: string, onEventStoreDb = false): void {
  const file = join(dataDir, onEventStoreDb ? LOCAL_DATABASE_FILE : SQLITE_EVENTS_FILE);
  if (!existsSync(file) || statSync(file).size === 0) return;
  try {
    openCheckedStore(file, { eventsTable: !onEventStoreDb }).close();
  } catch (error) {
    if (!(error instanceof StoreFileError)) throw error;
    throw new StoreDamagedError(
      onEventStoreDb
        ? {
            en: `matchlog: not starting: ${error.in('en')}. It holds this replica's read models only: stop here, move it (with its -wal and -shm files) aside and start again; they are rebuilt from EventStoreDB.`,
            ru: `matchlog: не запускается: ${error.in('ru')}. В нём только модели чтения этой реплики: остановитесь, уберите его (с файлами -wal и -shm) в сторону и запустите снова — они будут построены заново из EventStoreDB.`,
          }
        : {
            en: `matchlog: not starting: ${error.in('en')}. Stop here and restore the last good backup: npm run restore -- BACKUP_FILE (it keeps ${file} beside the restored store); npm run doctor -- ${file} lists what else it can read.`,
            ru: `matchlog: не запускается: ${error.in('ru')}. Остановитесь и восстановите последнюю исправную резервную копию: npm run restore -- BACKUP_FILE (${file} останется рядом с восстановленным хранилищем); npm run doctor -- ${file} покажет, что ещё в нём можно прочитать.`,
          },
    );
  }
}

/** The embedded store fails its check at start: the service must not serve it. */
export class StoreDamagedError extends OperatorError {
  override readonly name = 'StoreDamagedError';
}

/**
 * Refuses a file that is not a matchlog store, and one whose streams' hash chains do not all
 * verify from seq 0 (naming the first broken stream and seq).
 */
export function checkStoreFile(
  file: string,
  onProgress: OnProgress = () => undefined,
): CheckedStore {
  const checked = inspectStoreFile(file, onProgress, { stopAtFirstBreak: true });
  const [broken] = checked.broken;
  if (broken)
    throw new StoreFileError({
      en: `The chain of ${broken.stream} is broken at seq ${broken.brokenSeq}: ${broken.message}`,
      ru: `Цепочка потока ${broken.stream} разорвана на seq ${broken.brokenSeq}: ${CHAIN_BREAK_MEANING[broken.reason].ru}`,
    });
  return { streams: checked.streams, events: checked.events };
}

/**
 * Verifies every stream's hash chain in a store file (openCheckedStore first): what it holds
 * and every chain that breaks, in stream order.
 */
export function inspectStoreFile(
  file: string,
  onProgress: OnProgress = () => undefined,
  { stopAtFirstBreak = false } = {},
): CheckedStore & { broken: StreamChainBreak[] } {
  const db = openCheckedStore(file);
  try {
    const total = eventCount(db);
    const rows = db
      .prepare(
        'SELECT stream, revision, event_id, type, data, meta FROM events ORDER BY stream, revision',
      )
      .raw()
      .iterate() as IterableIterator<[string, number, string, string, string, string]>;
    let streams = 0;
    let done = 0;
    const broken: StreamChainBreak[] = [];
    let current: StoredChainCheck | undefined;
    const verified = (): boolean => {
      const found = current?.firstBreak;
      if (current && found)
        broken.push({
          stream: current.stream,
          matchId: current.matchId,
          brokenSeq: found.brokenSeq,
          reason: found.reason,
          message: found.message,
        });
      return !(found && stopAtFirstBreak);
    };
    let unchained: string | undefined;
    for (const [stream, revision, eventId, type, data, meta] of rows) {
      if (UNCHAINED_STREAMS.includes(stream)) {
        if (unchained !== stream) {
          if (!verified()) break;
          current = undefined;
          unchained = stream;
          streams += 1;
        }
        done += 1;
        if (done % 10_000 === 0) onProgress(done, total);
        continue;
      }
      if (current?.stream !== stream) {
        if (!verified()) break;
        const matchId = matchIdOfChainedStream(stream);
        if (matchId === undefined)
          throw new StoreFileError({
            en: `${file} holds a stream matchlog does not write: ${stream}`,
            ru: `в ${file} есть поток, который matchlog не пишет: ${stream}`,
          });
        current = new StoredChainCheck(stream, matchId);
        streams += 1;
      }
      done += 1;
      if (done % 10_000 === 0) onProgress(done, total);
      current.next({ stream, revision: BigInt(revision), eventId, type, data, meta });
    }
    verified();
    onProgress(done, total);
    return { streams, events: done, broken };
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
  makeDirectory(dataDir);
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

/** A report of many lines (quick_check's) as one line of a log, at most 300 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s*\n\s*/g, '; ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function eventCount(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM events').pluck().get() as number;
}
