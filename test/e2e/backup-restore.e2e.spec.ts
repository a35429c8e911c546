import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  backupStore,
  checkStoreFile,
  restoreStore,
  StoreFileError,
} from '../../src/infrastructure/cli/store-file';
import { SIGNING_KEY_FILE } from '../../src/infrastructure/persistence/signing-key';
import { anyDecision, asAdmin, createApi, type Api } from '../support/api-client';
import { LogCapture } from '../support/log-capture';
import { auditOf, eventually, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { matchlogCli, verifyCli } from '../support/verify-cli';

interface Receipt {
  match: string;
  seq: number;
  headHash: string;
  keyId: string;
}

interface ListedKey {
  keyId: string;
  publicKey: string;
  since?: string;
}

async function keysOf(url: string): Promise<ListedKey[]> {
  return ((await (await fetch(`${url}/api/v1/keys`)).json()) as { keys: ListedKey[] }).keys;
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
    // A writer that fails (its error is the suite's) must not leave this waiting forever.
    await Promise.race([
      eventually(
        '40 decisions acknowledged before the backup',
        async () => acknowledgedBefore.length >= 40 || undefined,
        60_000,
      ),
      Promise.all(writers),
    ]).catch((error: unknown) => {
      stop = true;
      throw error;
    });
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

  it('restores into a new data dir without the key: /keys still lists the old key, and every receipt verifies with it', async () => {
    const dataDir = join(work, 'new-key');
    restoreStore(backupFile, dataDir, new Date());
    const sourceKeys = await keysOf(source.url);
    expect(sourceKeys).toHaveLength(1);
    const log = new LogCapture();
    // Nest's lines go to the logger of the app created last in the process: this one's.
    const app = await startTestApp(
      { MATCHLOG_LOG_LEVEL: 'warn', MATCHLOG_LOG_FORMAT: 'json' },
      dataDir,
      { logDestination: log },
    );
    try {
      const keys = await keysOf(app.url);
      // A new key signs from now on; the one the backup's store was signed with stays listed.
      expect(keys).toHaveLength(2);
      expect(keys[0].keyId).not.toBe(sourceKeys[0].keyId);
      expect(keys[1]).toEqual(sourceKeys[0]);
      expect(keys[1].since).toEqual(expect.any(String));
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: expect.stringContaining(
            `The data directory had no ${SIGNING_KEY_FILE}, yet this store was signed with ${sourceKeys[0].keyId}`,
          ),
        }),
      );

      const keysFile = join(work, 'keys.json');
      writeFileSync(keysFile, JSON.stringify({ keys }));
      for (const matchId of matchIds) {
        const exported = await fetch(`${app.url}/api/v1/matches/${matchId}/export`, {
          headers: asAdmin().headers,
        });
        expect(exported.status).toBe(200);
        const exportFile = join(work, `${matchId}.export.ndjson`);
        writeFileSync(exportFile, await exported.text());
        const receipts = acknowledgedBefore.filter((receipt) => receipt.match === matchId);
        expect(receipts.length).toBeGreaterThan(0);
        expect(new Set(receipts.map((receipt) => receipt.keyId))).toEqual(
          new Set([sourceKeys[0].keyId]),
        );
        const receiptsFile = join(work, `${matchId}.receipts.ndjson`);
        writeFileSync(receiptsFile, receipts.map((receipt) => JSON.stringify(receipt)).join('\n'));
        const checked = await verifyCli(exportFile, '--receipts', receiptsFile, '--keys', keysFile);
        expect({ code: checked.code, stderr: checked.stderr }).toEqual({ code: 0, stderr: '' });
        expect(checked.stdout).toContain(`signature by key ${keys[0].keyId} verified`);
        expect(checked.stdout).toContain(`  receipts: ${receipts.length} receipt`);
      }
    } finally {
      await app.close();
    }
  }, 120_000);

  it('as commands: matchlog backup FILE (the signing key beside it) and matchlog restore FILE (npm run backup -- FILE, npm run restore -- FILE)', async () => {
    const file = join(work, 'by-command.db');
    const env = { MATCHLOG_DATA_DIR: source.dataDir, EVENTSTORE_URL: '' };
    const backup = await matchlogCli(['backup', file], env);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.stdout).toMatch(/^Backed up \d+ events \(\d+ pages\) into /m);
    const savedKey = `${file}.${SIGNING_KEY_FILE}`;
    expect(backup.stdout).toContain(`The signing key is copied beside it: ${savedKey}`);
    expect(readFileSync(savedKey)).toEqual(readFileSync(join(source.dataDir, SIGNING_KEY_FILE)));
    expect(statSync(savedKey).mode & 0o777).toBe(0o600);

    const target = mkdtempSync(join(work, 'command-'));
    const restore = await matchlogCli(['restore', file], { ...env, MATCHLOG_DATA_DIR: target });
    expect(restore.code).toBe(0);
    expect(restore.stderr).not.toContain('warning');
    expect(restore.stdout).toMatch(/Restored \d+ events in \d+ streams, every chain verified\./);
    expect(restore.stdout).toContain(
      `Restored the signing key into ${join(target, SIGNING_KEY_FILE)}.`,
    );
    const app = await startTestApp({}, target);
    try {
      // The same key signs on: nothing new to list.
      expect(await keysOf(app.url)).toEqual(await keysOf(source.url));
    } finally {
      await app.close({ keepData: true });
    }

    const again = await matchlogCli(['backup', file], env);
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/exists: a backup never overwrites a file/),
    });

    // Without the key: said so, and the restore warns that a new key will be made.
    const bare = join(work, 'without-key.db');
    const withoutKey = await matchlogCli(['backup', '--without-key', bare], env);
    expect(withoutKey).toMatchObject({ code: 0 });
    expect(withoutKey.stdout).toContain('The signing key is not in this backup (--without-key).');
    expect(existsSync(`${bare}.${SIGNING_KEY_FILE}`)).toBe(false);
    const fresh = mkdtempSync(join(work, 'fresh-'));
    const warned = await matchlogCli(['restore', bare], { ...env, MATCHLOG_DATA_DIR: fresh });
    expect(warned).toMatchObject({ code: 0 });
    expect(warned.stderr).toContain(
      'warning: the data directory has no signing key and none is beside the backup',
    );
  }, 120_000);

  it('refuses a backup without the signing key unless told --without-key, and leaves nothing behind', async () => {
    const keyless = mkdtempSync(join(work, 'keyless-'));
    restoreStore(backupFile, keyless, new Date());
    const file = join(work, 'keyless-backup.db');
    const refused = await matchlogCli(['backup', file], {
      MATCHLOG_DATA_DIR: keyless,
      EVENTSTORE_URL: '',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `There is no signing key at ${join(keyless, SIGNING_KEY_FILE)}: a backup holds it`,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
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
