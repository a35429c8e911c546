import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import {
  backupStore,
  checkStoreFile,
  restoreStore,
  StoreFileError,
} from '../../src/infrastructure/cli/store-file';
import { anyDecision, asAdmin, createApi, type Api } from '../support/api-client';
import { auditOf, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

interface Receipt {
  match: string;
  seq: number;
  headHash: string;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('backups and restores of the embedded store (operations)', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-backup-'));
  const backupFile = join(work, 'backup.db');
  let source: TestApp;
  let api: Api;
  /** Receipts of the decisions acknowledged before the backup started. */
  const acknowledgedBefore: Receipt[] = [];
  let matchIds: string[] = [];

  beforeAll(async () => {
    source = await startTestApp();
    api = await createApi(source.url);
    const matches = await Promise.all(
      [1, 2, 3, 4].map((n) => startedFreeform(api, `Организатор ${n}`)),
    );
    matchIds = matches.map((m) => m.matchId);

    // Four writers keep playing while the backup is taken.
    let backupStarted = false;
    let stop = false;
    const writers = matches.map(async ({ matchId, seats }) => {
      for (let i = 0; !stop && i < 2000; i += 1) {
        const answer = ok(
          await api.client.POST('/api/v1/matches/{id}/decisions', {
            headers: seats.red.headers,
            params: { path: { id: matchId } },
            body: anyDecision({
              kind: 'move',
              params: { pieces: ['c1'], to: i % 2 === 0 ? 'south' : 'north' },
            }),
          }),
          201,
        );
        if (!backupStarted) acknowledgedBefore.push(answer.receipt as Receipt);
      }
    });
    while (acknowledgedBefore.length < 40) await new Promise((r) => setTimeout(r, 10));
    backupStarted = true;
    const result = await backupStore(source.dataDir, backupFile);
    expect(result.events).toBeGreaterThan(40);
    // Writes went on during the backup; a few more after it.
    await new Promise((r) => setTimeout(r, 100));
    stop = true;
    await Promise.all(writers);
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores a backup taken during writes: every chain verifies, nothing acknowledged before it is missing', async () => {
    const dataDir = join(work, 'restored');
    const restored = restoreStore(backupFile, dataDir, new Date());
    expect(restored.streams).toBeGreaterThanOrEqual(4);
    expect(restored.replaced).toBeUndefined();
    const app = await startTestApp({}, dataDir);
    try {
      const restoredApi = await createApi(app.url);
      for (const matchId of matchIds)
        expect((await auditOf(restoredApi, matchId)).verified).toBe(true);
      for (const receipt of acknowledgedBefore) {
        const page = ok(
          await restoredApi.client.GET('/api/v1/matches/{id}/events', {
            headers: asAdmin().headers,
            params: { path: { id: receipt.match }, query: { from: receipt.seq, limit: 1 } },
          }),
          200,
        );
        expect({ seq: page.events[0]?.seq, hash: page.events[0]?.meta.hash }).toEqual({
          seq: receipt.seq,
          hash: receipt.headHash,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('keeps the store it replaces, and never applies the old write-ahead log to the new file', () => {
    const dataDir = join(work, 'replaced');
    restoreStore(backupFile, dataDir, new Date('2026-11-25T08:00:00Z'));
    const again = restoreStore(backupFile, dataDir, new Date('2026-11-25T09:00:00Z'));
    expect(again.replaced).toBe(join(dataDir, 'matchlog.db.replaced-2026-11-25T09-00-00-000Z'));
    expect(existsSync(again.replaced!)).toBe(true);
    expect(
      readdirSync(dataDir).filter((f) => f.endsWith('-wal') && f.startsWith('matchlog.db-')),
    ).toEqual([]);
    expect(checkStoreFile(join(dataDir, 'matchlog.db')).events).toBe(restored(dataDir));
  });

  describe('refuses and changes nothing', () => {
    let dataDir: string;
    let before: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(work, 'target-'));
      restoreStore(backupFile, dataDir, new Date());
      before = sha256(join(dataDir, 'matchlog.db'));
    });
    afterEach(() => {
      expect(sha256(join(dataDir, 'matchlog.db'))).toBe(before);
      expect(readdirSync(dataDir).filter((f) => f.includes('.restoring'))).toEqual([]);
    });
    const refused = (file: string, message: RegExp) => {
      expect(() => restoreStore(file, dataDir, new Date())).toThrow(message);
      expect(() => restoreStore(file, dataDir, new Date())).toThrow(StoreFileError);
    };

    it('a file that is not a matchlog store', () => {
      const text = join(work, 'notes.txt');
      writeFileSync(text, 'not a database at all, just words');
      refused(text, /is not an SQLite database/);
      const other = join(work, 'other.db');
      const db = new Database(other);
      db.exec('CREATE TABLE players (name TEXT)');
      db.close();
      refused(other, /is not a matchlog store: it has no events table/);
      refused(join(work, 'missing.db'), /There is no file/);
    });

    it('a backup whose chain was altered, naming the stream and the seq', () => {
      const tampered = join(work, `tampered-${Date.now()}.db`);
      writeFileSync(tampered, readFileSync(backupFile));
      const db = new Database(tampered);
      db.prepare(
        `UPDATE events SET data = json_set(data, '$.to', 'nowhere') WHERE stream = ? AND revision = 7`,
      ).run(`match-${matchIds[0]}`);
      db.close();
      refused(tampered, new RegExp(`match-${matchIds[0]} is broken at seq 7`));
    });

    it('while the service runs on the data directory', () => {
      // A live process that is not this one: the test runner's parent.
      writeFileSync(join(dataDir, 'matchlog.pid'), String(process.ppid));
      expect(() => restoreStore(backupFile, dataDir, new Date())).toThrow(
        new RegExp(`pid ${process.ppid}\\) is running on .*: stop it before the restore`),
      );
      // A pid file a crash left behind names a dead process: it does not stop a restore.
      writeFileSync(join(dataDir, 'matchlog.pid'), '999999999');
      before = sha256(backupFile);
      restoreStore(backupFile, dataDir, new Date());
    });
  });

  it('as commands: npm run backup -- FILE and npm run restore -- FILE', async () => {
    const file = join(work, 'by-command.db');
    const env = { ...process.env, MATCHLOG_DATA_DIR: source.dataDir, EVENTSTORE_URL: '' };
    const backup = await run(
      process.execPath,
      ['-r', '@swc-node/register', 'src/infrastructure/cli/backup.ts', file],
      { cwd: ROOT, env },
    );
    expect(backup.stdout).toMatch(/^Backed up \d+ events \(\d+ pages\) into /m);
    const target = mkdtempSync(join(work, 'command-'));
    const restore = await run(
      process.execPath,
      ['-r', '@swc-node/register', 'src/infrastructure/cli/restore.ts', file],
      { cwd: ROOT, env: { ...env, MATCHLOG_DATA_DIR: target } },
    );
    expect(restore.stdout).toMatch(/Restored \d+ events in \d+ streams, every chain verified\./);
    const again = await run(
      process.execPath,
      ['-r', '@swc-node/register', 'src/infrastructure/cli/backup.ts', file],
      { cwd: ROOT, env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/exists: a backup never overwrites a file/),
    });
  }, 60_000);
});

function restored(dataDir: string): number {
  const db = new Database(join(dataDir, 'matchlog.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM events').pluck().get() as number;
  } finally {
    db.close();
  }
}
