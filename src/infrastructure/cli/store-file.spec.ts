import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openEventsDatabase, SQLITE_EVENTS_FILE } from '../eventstore/sqlite/sqlite-schema';
import { LOCAL_DATABASE_FILE } from '../persistence/local-database.provider';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { LEAF_EVENT, TRANSPARENCY_LOG_STREAM } from '../../domain/transparency/log-leaf';
import { SqliteLogTileStore } from '../persistence/sqlite-log-tile-store';
import {
  backupStore,
  inspectStoreFile,
  checkStoreBeforeStart,
  restoreStore,
  sqliteHeaderProblem,
  SQLITE_HEADER_BYTES,
  StoreDamagedError,
} from './store-file';

describe('sqliteHeaderProblem', () => {
  let header: Buffer;
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-header-'));
    const db = new Database(join(dir, 'sample.db'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    db.close();
    header = readFileSync(join(dir, 'sample.db')).subarray(0, SQLITE_HEADER_BYTES);
    rmSync(dir, { recursive: true, force: true });
  });
  const changed = (offset: number, value: number): Buffer => {
    const copy = Buffer.from(header);
    copy[offset] = value;
    return copy;
  };

  it('finds nothing wrong with a header SQLite wrote', () => {
    expect(sqliteHeaderProblem(header)).toBeUndefined();
  });

  it('names each damaged field by its byte, in both languages', () => {
    expect(sqliteHeaderProblem(changed(18, 0xff))).toEqual({
      en: 'its file format write version (header byte 18) is 255, not 1 or 2',
      ru: 'версия формата для записи в нём (байт заголовка 18) равна 255, а не 1 или 2',
    });
    expect(sqliteHeaderProblem(changed(19, 3))?.en).toBe(
      'its file format read version (header byte 19) is 3, not 1 or 2',
    );
    expect(sqliteHeaderProblem(changed(0, 0x73))).toEqual({
      en: 'it does not start with "SQLite format 3"',
      ru: 'он не начинается с «SQLite format 3»',
    });
    // 4096 → 4097: not a power of two.
    expect(sqliteHeaderProblem(changed(17, 0x01))).toEqual({
      en: 'its page size (header bytes 16-17) is 4097',
      ru: 'размер страницы в нём (байты заголовка 16–17) равен 4097',
    });
    expect(sqliteHeaderProblem(changed(21, 65))?.en).toBe(
      'its payload fractions (header bytes 21-23) are not 64, 32, 32',
    );
    expect(sqliteHeaderProblem(header.subarray(0, 40))).toEqual({
      en: 'its header is 40 bytes, not 100',
      ru: 'его заголовок — 40 байт, а не 100',
    });
  });

  it('accepts the page size 65536, written as 1', () => {
    const copy = Buffer.from(header);
    copy.writeUInt16BE(1, 16);
    expect(sqliteHeaderProblem(copy)).toBeUndefined();
  });
});

describe('checkStoreBeforeStart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-start-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** An SQLite file in the data dir, with the events table or not, byte 18 set when given. */
  const sqliteFile = (
    name: string,
    { events = true, byte18 }: { events?: boolean; byte18?: number },
  ) => {
    const file = join(dataDir, name);
    const db = openEventsDatabase(file);
    if (!events)
      db.exec('DROP TABLE events; CREATE TABLE rm_checkpoints (name TEXT, position TEXT)');
    db.close();
    if (byte18 !== undefined) {
      const bytes = readFileSync(file);
      bytes[18] = byte18;
      writeFileSync(file, bytes);
    }
    return file;
  };

  it('passes a data dir with no store yet, and a sound one', () => {
    expect(() => checkStoreBeforeStart(dataDir)).not.toThrow();
    sqliteFile(SQLITE_EVENTS_FILE, {});
    expect(() => checkStoreBeforeStart(dataDir)).not.toThrow();
  });

  it('refuses a damaged embedded store in one line naming the file and the restore command', () => {
    const file = sqliteFile(SQLITE_EVENTS_FILE, { byte18: 0xff });
    expect(() => checkStoreBeforeStart(dataDir)).toThrow(StoreDamagedError);
    expect(() => checkStoreBeforeStart(dataDir)).toThrow(
      `matchlog: not starting: ${file} is damaged: its file format write version (header byte 18) is 255, not 1 or 2. Stop here and restore the last good backup: npm run restore -- BACKUP_FILE`,
    );
  });

  it('on EventStoreDB checks the replica’s read models and says they are rebuilt', () => {
    const file = sqliteFile(LOCAL_DATABASE_FILE, { events: false });
    expect(() => checkStoreBeforeStart(dataDir, true)).not.toThrow();
    rmSync(file);
    sqliteFile(LOCAL_DATABASE_FILE, { events: false, byte18: 0xff });
    expect(() => checkStoreBeforeStart(dataDir, true)).toThrow(
      new RegExp(
        `^matchlog: not starting: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: .*header byte 18.*rebuilt from EventStoreDB\\.$`,
      ),
    );
  });
});

describe('inspectStoreFile', () => {
  it('reads the transparency log’s stream (no hash chain: its tree proves it) beside the chained ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-inspect-'));
    const store = new SqliteEventStore({ dataDir });
    const leaf = { matchId: 'm', seq: 3, headHash: 'a'.repeat(64), time: 't', position: '4' };
    await store.append(
      TRANSPARENCY_LOG_STREAM,
      [{ eventId: randomUUID(), type: LEAF_EVENT, data: leaf, meta: {} }],
      'no_stream',
    );
    await store.close();
    expect(inspectStoreFile(join(dataDir, SQLITE_EVENTS_FILE))).toEqual({
      streams: 1,
      events: 1,
      broken: [],
    });
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('backup and restore', () => {
  it('carry the transparency log’s kept tiles and checkpoint with its leaves', async () => {
    const [dataDir, restoredDir, backups] = ['live', 'restored', 'backups'].map((name) =>
      mkdtempSync(join(tmpdir(), `matchlog-tiles-${name}-`)),
    );
    const store = new SqliteEventStore({ dataDir });
    const tiles = new SqliteLogTileStore(store);
    const leaf = { matchId: 'm', seq: 3, headHash: 'a'.repeat(64), time: 't', position: '4' };
    const tile = { height: 0, index: 0, hashes: new Uint8Array(256 * 32).fill(7) };
    await tiles.appendLeaf(
      TRANSPARENCY_LOG_STREAM,
      [{ eventId: randomUUID(), type: LEAF_EVENT, data: leaf, meta: {} }],
      'no_stream',
      [tile],
    );
    await tiles.saveCheckpoint(1, 'the checkpoint of one leaf');
    // Taken while the store is open, as the service's backup is.
    const file = join(backups, 'matchlog.db');
    await backupStore(dataDir, file);
    await store.close();
    restoreStore(file, restoredDir, new Date());
    const restored = new SqliteEventStore({ dataDir: restoredDir });
    try {
      const kept = new SqliteLogTileStore(restored);
      expect((await kept.tiles()).map((t) => ({ ...t, hashes: Buffer.from(t.hashes) }))).toEqual([
        { ...tile, hashes: Buffer.from(tile.hashes) },
      ]);
      expect(await kept.lastCheckpoint()).toBe('the checkpoint of one leaf');
    } finally {
      await restored.close();
      for (const dir of [dataDir, restoredDir, backups])
        rmSync(dir, { recursive: true, force: true });
    }
  });
});
