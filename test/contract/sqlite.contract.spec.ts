import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  WrongExpectedRevisionError,
  type EventToAppend,
} from '../../src/application/ports/event-store.port';
import { DuplicateEventIdError } from '../../src/infrastructure/eventstore/sqlite/duplicate-event-id.error';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import Database from 'better-sqlite3';
import { SQLITE_EVENTS_FILE } from '../../src/infrastructure/eventstore/sqlite/sqlite-schema';
import { SqliteSigningKeyRecords } from '../../src/infrastructure/persistence/signing-key-records';
import { SqliteLogTileStore } from '../../src/infrastructure/persistence/sqlite-log-tile-store';
import { describeEventStoreContract } from './event-store.contract';
import { describeSigningKeyRecordsContract } from './signing-key-records.contract';
import { describeTransparencyLogContract } from './transparency-log.contract';

function openInTempDir(): { store: SqliteEventStore; dataDir: string; cleanup(): Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-sqlite-contract-'));
  const store = new SqliteEventStore({ dataDir });
  return {
    store,
    dataDir,
    async cleanup() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describeEventStoreContract('sqlite', async () => openInTempDir());

describeTransparencyLogContract('sqlite', async () => {
  const { store, dataDir, cleanup } = openInTempDir();
  const others: SqliteEventStore[] = [];
  return {
    store,
    async reopened() {
      others.push(new SqliteEventStore({ dataDir }));
      return others[others.length - 1];
    },
    tilesOf: (opened) => new SqliteLogTileStore(opened as SqliteEventStore),
    async alterStoredTile(opened, height, index) {
      const { database } = opened as SqliteEventStore;
      const tile = database
        .prepare('SELECT hashes FROM transparency_log_tiles WHERE height = ? AND idx = ?')
        .pluck()
        .get(height, index) as Buffer;
      tile[40] ^= 1;
      database
        .prepare('UPDATE transparency_log_tiles SET hashes = ? WHERE height = ? AND idx = ?')
        .run(tile, height, index);
    },
    async cleanup() {
      for (const other of others) await other.close();
      await cleanup();
    },
  };
});

describeSigningKeyRecordsContract('sqlite (a table of matchlog.db)', async () => {
  const { store, dataDir, cleanup } = openInTempDir();
  const others: Database.Database[] = [];
  return {
    records: new SqliteSigningKeyRecords(store.database),
    async reopened() {
      // Another connection to the same file, as a process started later has.
      others.push(new Database(join(dataDir, SQLITE_EVENTS_FILE)));
      return new SqliteSigningKeyRecords(others[others.length - 1]);
    },
    async cleanup() {
      for (const other of others) other.close();
      await cleanup();
    },
  };
});

function newEvent(): EventToAppend {
  return { eventId: randomUUID(), type: 'Tested', data: {}, meta: {} };
}

describe('SqliteEventStore', () => {
  let subject: ReturnType<typeof openInTempDir>;
  beforeEach(() => (subject = openInTempDir()));
  afterEach(() => subject.cleanup());

  it('commits concurrent appends in one transaction', async () => {
    const { store, dataDir } = subject;
    const pageSize = store.database.pragma('page_size', { simple: true }) as number;
    const walFrames = () => statSync(join(dataDir, 'matchlog.db-wal')).size / (pageSize + 24);
    const before = walFrames();

    await Promise.all(
      Array.from({ length: 100 }, (_, i) => store.append(`match-${i}`, [newEvent()], 'no_stream')),
    );

    // One commit writes each touched page once (table and two indexes): a handful of frames.
    // A transaction per append would write at least 100 times that.
    expect(walFrames() - before).toBeLessThan(20);
  });

  it('lets appends to one stream in the same batch see each other', async () => {
    const { store } = subject;
    const [first, stale, next] = await Promise.allSettled([
      store.append('match-1', [newEvent()], 'no_stream'),
      store.append('match-1', [newEvent()], 'no_stream'),
      store.append('match-1', [newEvent(), newEvent()], 0n),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0n } });
    expect(stale).toMatchObject({ status: 'rejected', reason: { actual: 0n } });
    expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(next).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2n } });
  });

  it('rolls back only the failing append of a batch', async () => {
    const { store } = subject;
    const reused = newEvent();
    await store.append('match-1', [reused], 'no_stream');

    const [ok, duplicate] = await Promise.allSettled([
      store.append('match-2', [newEvent()], 'no_stream'),
      store.append('match-3', [newEvent(), reused], 'no_stream'),
    ]);
    expect(ok.status).toBe('fulfilled');
    expect((duplicate as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    const streams = store.database.prepare('SELECT DISTINCT stream FROM events ORDER BY stream');
    expect(streams.pluck().all()).toEqual(['match-1', 'match-2']);
  });

  it('starts a subscription from a checkpoint ahead of the log strictly after it', async () => {
    const { store } = subject;
    const { position } = await store.append('match-1', [newEvent()], 'no_stream');
    const controller = new AbortController();
    const delivered: bigint[] = [];
    const subscription = (async () => {
      const events = store.subscribeAll({ fromPosition: position + 5n, signal: controller.signal });
      for await (const event of events) {
        delivered.push(event.position);
        if (delivered.length === 3) controller.abort();
      }
    })();

    for (let revision = 0n; revision < 8n; revision += 1n) {
      await store.append('match-1', [newEvent()], revision);
    }
    await subscription;
    expect(delivered).toEqual([position + 6n, position + 7n, position + 8n]);
  });

  it('refuses events over a configured maxEventBytes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-sqlite-limit-'));
    const store = new SqliteEventStore({ dataDir, fileName: 'small.db', maxEventBytes: 100 });
    try {
      const large = { ...newEvent(), data: { text: 'x'.repeat(100) } };
      await expect(store.append('match-1', [large], 'no_stream')).rejects.toMatchObject({
        reason: 'too_large',
      });
      await expect(store.append('match-1', [newEvent()], 'no_stream')).resolves.toBeDefined();
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on close, writes pending appends and ends live subscriptions', async () => {
    const { store, dataDir } = subject;
    const delivered: string[] = [];
    const subscription = (async () => {
      for await (const event of store.subscribeAll()) delivered.push(event.eventId);
    })();
    const pending = store.append('match-1', [newEvent()], 'no_stream');

    await store.close();
    await expect(pending).resolves.toMatchObject({ nextRevision: 0n });
    await subscription;
    await expect(store.append('match-1', [newEvent()], 0n)).rejects.toThrow(/closed/);

    const reopened = new SqliteEventStore({ dataDir });
    try {
      expect(await reopened.health()).toMatchObject({ ok: true, store: 'sqlite' });
      const events = [];
      for await (const event of reopened.read('match-1')) events.push(event);
      expect(events).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
