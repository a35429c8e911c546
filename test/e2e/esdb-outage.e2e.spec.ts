import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anyDecision, createApi, type Api } from '../support/api-client';
import { startEsdbFake, type EsdbFake } from '../support/esdb-fake/esdb-fake';
import { LogCapture } from '../support/log-capture';
import { ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/** EventStoreDB down and back (issue 44 item 6): 503 with Retry-After, one line per change. */
describe('EventStoreDB unreachable, then back (operations)', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-esdb-outage-'));
  const log = new LogCapture();
  let fake: EsdbFake;
  let test: TestApp;
  let api: Api;
  let match: StartedFreeform;

  beforeAll(async () => {
    fake = await startEsdbFake();
    const keyFile = join(work, 'signing-key.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
      { mode: 0o600 },
    );
    test = await startTestApp(
      {
        EVENTSTORE_URL: fake.connectionString,
        MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
        MATCHLOG_SIGNING_KEY_FILE: keyFile,
        MATCHLOG_LOG_LEVEL: 'info',
        MATCHLOG_LOG_FORMAT: 'json',
      },
      join(work, 'data'),
      { logDestination: log },
    );
    api = await createApi(test.url);
    match = await startedFreeform(api, 'Клуб «Сбой»');
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
    rmSync(work, { recursive: true, force: true });
  });

  const decide = (to: string, language = 'en') =>
    fetch(`${test.url}/api/v1/matches/${match.matchId}/decisions`, {
      method: 'POST',
      headers: {
        ...match.seats.red.headers,
        'content-type': 'application/json',
        'accept-language': language,
      },
      body: JSON.stringify(anyDecision({ kind: 'move', params: { pieces: ['c1'], to } })),
    });
  const linesWhere = (field: string, value: string) =>
    log.lines.filter((line) => line[field] === value);

  it('answers writes 503 with Retry-After in the reader’s language, says why in readiness, logs each change once, then writes again', async () => {
    expect((await decide('south')).status).toBe(201);
    fake.refuse();

    for (const [language, detail] of [
      ['en', /event store cannot be reached just now: nothing was recorded/],
      ['ru', /Хранилище событий сейчас недоступно: ничего не записано/],
      ['ru', /Хранилище событий/],
    ] as const) {
      const answer = await decide('north', language);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      const problem = (await answer.json()) as { type: string; detail: string };
      expect(problem.type).toMatch(/store-unavailable$/);
      expect(problem.detail).toMatch(detail);
    }
    const ready = await fetch(`${test.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not-ready',
      store: 'unreachable',
      reason: 'the event store is unreachable',
    });
    // The projector retries with backoff meanwhile: give it a few attempts.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    fake.recover();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 201; attempt += 1) {
      status = (await decide('north')).status;
      if (status !== 201) {
        expect(status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(status).toBe(201);
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: match.seats.red.headers,
        params: { path: { id: match.matchId } },
        body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
      }),
      201,
    );
    let readiness = 0;
    for (let attempt = 0; attempt < 100 && readiness !== 200; attempt += 1) {
      readiness = (await fetch(`${test.url}/health/ready`)).status;
      if (readiness !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(readiness).toBe(200);

    // One line when the store went away and one when it came back, not one per request;
    // the same for the read models' projection, whatever its retries.
    expect(linesWhere('storeState', 'unreachable')).toHaveLength(1);
    expect(linesWhere('storeState', 'reachable')).toHaveLength(1);
    expect(linesWhere('storeState', 'unreachable')[0]).toMatchObject({ level: 50 });
    // Nest's static logger hands every app's lines in this Jest worker to the app created last,
    // so a projector an earlier spec file left retrying may add a line of its own: what must
    // hold is that a stall is logged once, never once per retry (the same stop twice).
    const stopped = linesWhere('readModels', 'stopped');
    expect(stopped.length).toBeGreaterThanOrEqual(1);
    expect(new Set(stopped.map((line) => line.reason)).size).toBe(stopped.length);
    expect(linesWhere('readModels', 'following').length).toBeGreaterThanOrEqual(1);
    // No request failed with a 500, and no stack was logged for the 503s.
    expect(log.accessLines().filter((line) => line.status === 500)).toEqual([]);
    expect(log.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
  });

  it('started while the store is down: waits with one JSON line, then starts once it answers', async () => {
    const down = await startEsdbFake({ log: fake.log });
    down.refuse();
    const startLog = new LogCapture();
    const starting = startTestApp(
      {
        EVENTSTORE_URL: down.connectionString,
        MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
        MATCHLOG_SIGNING_KEY_FILE: join(work, 'signing-key.pem'),
        MATCHLOG_LOG_LEVEL: 'info',
        MATCHLOG_LOG_FORMAT: 'json',
      },
      join(work, 'second'),
      { logDestination: startLog },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const waiting = startLog.lines.filter((line) => line.storeState === 'waiting');
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ level: 40, hosts: `127.0.0.1:${down.port}` });
      expect(String(waiting[0].msg)).toMatch(
        /cannot be reached .*: waiting for it before starting/,
      );
      down.recover();
      const second = await starting;
      try {
        expect(startLog.lines.filter((line) => line.storeState === 'reachable')).toHaveLength(1);
        expect((await fetch(`${second.url}/health`)).status).toBe(200);
      } finally {
        await second.close({ keepData: true });
      }
    } finally {
      down.recover();
      await starting.then(undefined, () => undefined);
      await down.close();
    }
  });
});
