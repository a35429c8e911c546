import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LOCAL_DATABASE } from '../../src/infrastructure/persistence/local-database.provider';
import { anyDecision, asAdmin, createApi, type Api } from '../support/api-client';
import { LogCapture } from '../support/log-capture';
import {
  auditOf,
  chainSweepDone,
  expectProblem,
  ok,
  startedFreeform,
  type StartedFreeform,
} from '../support/match-checks';
import { startServiceProcess } from '../support/service-process';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');

/** `matchlog doctor …` as an operator runs it: its own process, no server. */
function doctorCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'src/infrastructure/cli/matchlog.ts', 'doctor', ...args],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, EVENTSTORE_URL: '' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * A data directory with two started freeform matches, the first with a track moved by 7.
 * Written by a service process: Nest's logger is process-wide, and an app closed in this
 * process would leave the next one's log lines unwritten.
 */
async function storeWithTwoMatches(work: string, name: string) {
  const dataDir = mkdtempSync(join(work, `${name}-`));
  const service = await startServiceProcess({ MATCHLOG_DATA_DIR: dataDir });
  try {
    const api = await createApi(service.url);
    const [tampered, intact] = await Promise.all([
      startedFreeform(api, 'Клуб «Звезда»'),
      startedFreeform(api, 'Клуб «Ладья»'),
    ]);
    for (const { matchId, seats } of [tampered, intact]) {
      for (const to of ['south', 'north'])
        ok(
          await api.client.POST('/api/v1/matches/{id}/decisions', {
            headers: seats.red.headers,
            params: { path: { id: matchId } },
            body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to } }),
          }),
          201,
        );
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind: 'change-track', params: { track: 'vp', delta: 7 } }),
        }),
        201,
      );
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
        }),
        201,
      );
    }
    return { dataDir, tampered, intact };
  } finally {
    await service.stop();
  }
}

/** Changes one digit inside one event's JSON, as F4 did: `"delta":7` becomes 8. Returns its seq. */
function alterOneDigit(dataDir: string, matchId: string): number {
  const db = new Database(join(dataDir, 'matchlog.db'));
  try {
    const row = db
      .prepare(
        `SELECT revision FROM events WHERE stream = ? AND data LIKE '%"delta":7%' ORDER BY revision LIMIT 1`,
      )
      .get(`match-${matchId}`) as { revision: number };
    db.prepare(
      `UPDATE events SET data = replace(data, '"delta":7', '"delta":8') WHERE stream = ? AND revision = ?`,
    ).run(`match-${matchId}`, row.revision);
    return row.revision;
  } finally {
    db.close();
  }
}

describe('a store that checks itself (security review 2026-12-06, F3 and F4)', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-integrity-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe('one digit changed inside one event (F4)', () => {
    let app: TestApp;
    let api: Api;
    let tampered: StartedFreeform;
    let intact: StartedFreeform;
    let dataDir: string;
    let brokenSeq: number;
    const log = new LogCapture();

    beforeAll(async () => {
      ({ dataDir, tampered, intact } = await storeWithTwoMatches(work, 'altered'));
      const before = await doctorCli(dataDir);
      expect(before).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^OK: every chain verifies/),
      });
      brokenSeq = alterOneDigit(dataDir, tampered.matchId);
      app = await startTestApp(
        { MATCHLOG_LOG_LEVEL: 'error', MATCHLOG_LOG_FORMAT: 'json' },
        dataDir,
        {
          logDestination: log,
        },
      );
      api = await createApi(app.url);
    }, 120_000);
    afterAll(() => app?.close());

    // First, before any request reaches a match: what the sweep found on its own.
    it('the chain sweep at start finds the break before any request loads the match', async () => {
      const sweep = await chainSweepDone(api);
      expect(sweep).toMatchObject({ state: 'done', broken: 1, streams: expect.any(Number) });
      expect(sweep.streams).toBeGreaterThanOrEqual(2);
      // Anonymous callers get the count; the admin token lists what is broken.
      expect(sweep.brokenStreams).toBeUndefined();
      const named = await chainSweepDone(api, asAdmin());
      expect(named.brokenStreams).toEqual([
        {
          stream: `match-${tampered.matchId}`,
          matchId: tampered.matchId,
          brokenSeq,
          reason: 'hash_mismatch',
        },
      ]);
      // Logged once already, and readiness never waited for it.
      expect(log.lines.filter((line) => String(line.msg).includes(tampered.matchId))).toHaveLength(
        1,
      );
      const ready = await fetch(`${app.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ chainSweep: { state: 'done', broken: 1 } });
      const metrics = await fetch(`${app.url}/metrics`, { headers: asAdmin().headers }).then(
        (answer) => answer.text(),
      );
      expect(metrics).toMatch(/^matchlog_chain_sweep_broken_streams 1$/m);
      expect(metrics).toMatch(
        new RegExp(`^matchlog_chain_sweep_streams_total ${sweep.streams}$`, 'm'),
      );
      // The first request on the match is a write, refused for what the sweep found.
      await expectProblem(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: tampered.seats.red.headers,
          params: { path: { id: tampered.matchId } },
          body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } }),
        }),
        409,
        'chain-broken',
        `seq ${brokenSeq}`,
      );
    });

    const headOf = async (matchId: string) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: asAdmin().headers,
          params: { path: { id: matchId } },
        }),
        200,
      ).lastSeq;

    it('reads serve the match as stored and name the break; the audit says where', async () => {
      const state = await api.client.GET('/api/v1/matches/{id}/state', {
        headers: tampered.seats.blue.headers,
        params: { path: { id: tampered.matchId } },
      });
      expect(state.response.status).toBe(200);
      expect(state.response.headers.get('matchlog-chain-break')).toBe(
        `seq=${brokenSeq}; reason=hash_mismatch`,
      );
      const events = await api.client.GET('/api/v1/matches/{id}/events', {
        headers: asAdmin().headers,
        params: { path: { id: tampered.matchId } },
      });
      expect(events.response.headers.get('matchlog-chain-break')).toBe(
        `seq=${brokenSeq}; reason=hash_mismatch`,
      );
      expect(await auditOf(api, tampered.matchId)).toMatchObject({
        verified: false,
        brokenSeq,
        reason: 'hash_mismatch',
      });
    });

    it('refuses every write on that match with a 409 naming the seq, and records nothing', async () => {
      const head = await headOf(tampered.matchId);
      const { matchId, seats, organizer } = tampered;
      const path = { path: { id: matchId } };
      const writes = [
        api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: path,
          body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } }),
        }),
        api.client.POST('/api/v1/matches/{id}/abandon', {
          headers: organizer.headers,
          params: path,
          body: { reason: 'Игрок ушёл' },
        }),
        api.client.POST('/api/v1/matches/{id}/disputes', {
          headers: seats.blue.headers,
          params: path,
          body: { atSeq: brokenSeq, claim: 'Счёт изменён', ruleRef: '§1' },
        }),
        api.client.POST('/api/v1/matches/{id}/annotations', {
          headers: seats.blue.headers,
          params: path,
          body: { seq: brokenSeq, text: 'Странный ход', tags: ['?'] },
        }),
      ];
      for (const write of writes) {
        const refused = await expectProblem(
          await write,
          409,
          'chain-broken',
          new RegExp(`match ${matchId} is damaged at seq ${brokenSeq}: the event was altered`),
        );
        expect(refused).toMatchObject({ brokenSeq, chainBreak: 'hash_mismatch' });
      }
      expect(await headOf(matchId)).toBe(head);
      const notes = ok(
        await api.client.GET('/api/v1/matches/{id}/annotations', {
          headers: asAdmin().headers,
          params: path,
        }),
        200,
      );
      expect(notes).toMatchObject({ annotations: [] });
    });

    it('never signs an export over the break', async () => {
      const exported = await api.fetchChecked(
        '/api/v1/matches/{id}/export',
        `/api/v1/matches/${tampered.matchId}/export`,
        { headers: asAdmin().headers },
      );
      await expectProblem({ response: exported }, 409, 'chain-broken', `seq ${brokenSeq}`);
    });

    it('logs the match and the seq once, at error', async () => {
      const found = log.lines.filter((line) =>
        String(line.msg).includes(`match-${tampered.matchId}`),
      );
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ level: 50 });
      expect(String(found[0].msg)).toContain(`breaks at seq ${brokenSeq} (hash_mismatch`);
    });

    it('other matches still work: written, signed, no break named', async () => {
      const decided = await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: intact.seats.red.headers,
        params: { path: { id: intact.matchId } },
        body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } }),
      });
      expect(decided.response.status).toBe(201);
      expect(decided.response.headers.get('matchlog-chain-break')).toBeNull();
      const exported = await api.fetchChecked(
        '/api/v1/matches/{id}/export',
        `/api/v1/matches/${intact.matchId}/export`,
        { headers: asAdmin().headers },
      );
      expect(exported.status).toBe(200);
      expect(await exported.text()).toContain('"kind":"trailer"');
      expect(await auditOf(api, intact.matchId)).toMatchObject({ verified: true });
    });

    it('matchlog doctor names the broken stream, its match, the seq and the reason (exit 1)', async () => {
      const run = await doctorCli(dataDir);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^BROKEN: 1 of \d+ streams do not verify/);
      expect(run.stdout).toContain(
        `match-${tampered.matchId}\tmatch ${tampered.matchId}\tseq ${brokenSeq}\thash_mismatch`,
      );
      expect(run.stdout).not.toContain(intact.matchId);
      expect(run.stdout).toContain('npm run restore -- BACKUP_FILE');
    });
  });

  describe('matchlog doctor', () => {
    it('answers 2 when nothing could be checked, and explains itself with --help', async () => {
      const missing = await doctorCli(join(work, 'no-such-store.db'));
      expect(missing).toMatchObject({ code: 2, stdout: expect.stringMatching(/There is no file/) });
      const text = join(work, 'words.db');
      writeFileSync(text, 'not a database, just words, long enough for a header. '.repeat(3));
      expect(await doctorCli(text)).toMatchObject({
        code: 2,
        stdout: expect.stringMatching(/is not an SQLite database/),
      });
      const help = await doctorCli('--help');
      expect(help).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^Usage: matchlog doctor/),
      });
      expect(help.stdout).toMatch(/Exit status: 0 every chain verifies, 1 something is broken/);
    }, 60_000);
  });

  describe('a damaged SQLite file (F3)', () => {
    let dataDir: string;
    beforeAll(async () => {
      ({ dataDir } = await storeWithTwoMatches(work, 'damaged'));
    }, 120_000);

    /** A copy of the store with `damage` done to the file's bytes. */
    const damagedCopy = (name: string, damage: (bytes: Buffer) => void): string => {
      const dir = mkdtempSync(join(work, `${name}-`));
      const bytes = readFileSync(join(dataDir, 'matchlog.db'));
      damage(bytes);
      writeFileSync(join(dir, 'matchlog.db'), bytes);
      return dir;
    };

    it('a corrupted b-tree page: the service refuses to start, naming the file and the restore command (exit 1)', async () => {
      const db = new Database(join(dataDir, 'matchlog.db'), { readonly: true });
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const root = db
        .prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'events'`)
        .pluck()
        .get() as number;
      db.close();
      // The page type byte of the events table's root page: no valid b-tree page has 0x00.
      const dir = damagedCopy('btree', (bytes) => {
        bytes[(root - 1) * pageSize] = 0x00;
      });
      const file = join(dir, 'matchlog.db');
      await expect(startServiceProcess({ MATCHLOG_DATA_DIR: dir })).rejects.toThrow(
        new RegExp(
          `exited with 1[^]*matchlog: not starting: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged[^\\n]*npm run restore -- BACKUP_FILE`,
        ),
      );
      const run = await doctorCli(file);
      expect(run).toMatchObject({ code: 1, stdout: expect.stringMatching(/is damaged/) });
    }, 90_000);

    it('header byte 18 set to 0xff: refused at start with the reason, never an uncaught exception', async () => {
      const dir = damagedCopy('header18', (bytes) => {
        bytes[18] = 0xff;
      });
      const failure = await startServiceProcess({ MATCHLOG_DATA_DIR: dir }).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/exited with 1/);
      expect(failure).toMatch(/file format write version \(header byte 18\) is 255, not 1 or 2/);
      expect(failure).not.toMatch(/SqliteError|\n\s+at /);
    }, 90_000);
  });

  describe('a read-model projection that fails (F3)', () => {
    let app: TestApp;
    let api: Api;
    beforeAll(async () => {
      app = await startTestApp();
      api = await createApi(app.url);
    });
    afterAll(() => app?.close());

    const ready = async () => {
      const answer = await fetch(`${app.url}/health/ready`);
      return { status: answer.status, body: (await answer.json()) as { reason?: string } };
    };

    it('is logged, counted, marks the service not ready with the reason, and retries until it follows again', async () => {
      const match = await startedFreeform(api, 'Клуб «Пешка»');
      const db = app.app.get<Database.Database>(LOCAL_DATABASE);
      // Every read-model commit now fails, as on a file that turned read-only.
      db.exec(
        `CREATE TEMP TRIGGER fail_read_models BEFORE INSERT ON rm_checkpoints BEGIN SELECT RAISE(ABORT, 'attempt to write a readonly database'); END`,
      );
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: match.seats.red.headers,
          params: { path: { id: match.matchId } },
          body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
        }),
        201,
      );
      let answer = await ready();
      for (let i = 0; i < 50 && answer.status === 200; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await ready();
      }
      expect(answer).toMatchObject({
        status: 503,
        body: { reason: expect.stringMatching(/attempt to write a readonly database/) },
      });
      const metrics = await fetch(`${app.url}/metrics`, {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      }).then((r) => r.text());
      expect(metrics).toMatch(/^matchlog_read_model_failures_total [1-9]\d*$/m);

      db.exec('DROP TRIGGER fail_read_models');
      for (let i = 0; i < 100 && answer.status !== 200; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await ready();
      }
      expect(answer).toMatchObject({ status: 200 });
      expect(answer.body.reason).toBeUndefined();
    }, 30_000);
  });
});
