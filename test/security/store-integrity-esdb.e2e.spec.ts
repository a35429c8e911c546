import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEsdbFake, type EsdbFake } from '../support/esdb-fake/esdb-fake';
import { anyDecision, asAdmin, createApi, type Api } from '../support/api-client';
import {
  auditOf,
  chainSweepDone,
  expectProblem,
  ok,
  startedFreeform,
  type StartedFreeform,
} from '../support/match-checks';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

/**
 * A broken chain on EventStoreDB (the gRPC fake): one digit changed inside one event of the
 * log, between two runs of the service, as someone with access to the database could. The
 * service that loads the match next serves it as stored with the break named, and refuses
 * every write on it with a 409 naming the seq; the other match is untouched.
 */
describe('an altered event on EventStoreDB (security review 2026-12-06, F4)', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-integrity-esdb-'));
  let fake: EsdbFake;
  let shared: Record<string, string>;
  let service: ServiceProcess | undefined;
  let api: Api;
  let tampered: StartedFreeform;
  let intact: StartedFreeform;
  let brokenSeq: number;

  const decide = (match: StartedFreeform, body: ReturnType<typeof anyDecision>) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: match.seats.red.headers,
      params: { path: { id: match.matchId } },
      body,
    });

  beforeAll(async () => {
    fake = await startEsdbFake();
    const keyFile = join(work, 'signing-key.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
      { mode: 0o600 },
    );
    shared = {
      EVENTSTORE_URL: fake.connectionString,
      MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
      MATCHLOG_SIGNING_KEY_FILE: keyFile,
    };
    const first = await startServiceProcess({ ...shared, MATCHLOG_DATA_DIR: join(work, 'first') });
    try {
      api = await createApi(first.url);
      [tampered, intact] = await Promise.all([
        startedFreeform(api, 'Клуб «Звезда»'),
        startedFreeform(api, 'Клуб «Ладья»'),
      ]);
      for (const match of [tampered, intact]) {
        ok(
          await decide(
            match,
            anyDecision({ kind: 'change-track', params: { track: 'vp', delta: 7 } }),
          ),
          201,
        );
        ok(
          await decide(
            match,
            anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
          ),
          201,
        );
      }
    } finally {
      await first.stop();
    }

    // `"delta":7` becomes 8 inside the stored event's JSON, hash and links left as they were.
    const altered = fake.log
      .stream(`match-${tampered.matchId}`)!
      .find((event) => Buffer.from(event.data).toString('utf8').includes('"delta":7'))!;
    altered.data = Buffer.from(
      Buffer.from(altered.data).toString('utf8').replace('"delta":7', '"delta":8'),
    );
    brokenSeq = Number(altered.revision);

    service = await startServiceProcess({ ...shared, MATCHLOG_DATA_DIR: join(work, 'second') });
    api = await createApi(service.url);
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await fake?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the chain sweep at start names the break before any request loads the match', async () => {
    const sweep = await chainSweepDone(api, asAdmin());
    expect(sweep).toMatchObject({ state: 'done', broken: 1 });
    expect(sweep.brokenStreams).toEqual([
      {
        stream: `match-${tampered.matchId}`,
        matchId: tampered.matchId,
        brokenSeq,
        reason: 'hash_mismatch',
      },
    ]);
  });

  it('reads serve the match as stored and carry the break; the audit names it', async () => {
    for (const path of ['/api/v1/matches/{id}/state', '/api/v1/matches/{id}/events'] as const) {
      const read = await api.client.GET(path, {
        headers: asAdmin().headers,
        params: { path: { id: tampered.matchId } },
      });
      expect(read.response.status).toBe(200);
      expect(read.response.headers.get('matchlog-chain-break')).toBe(
        `seq=${brokenSeq}; reason=hash_mismatch`,
      );
    }
    expect(await auditOf(api, tampered.matchId)).toMatchObject({
      verified: false,
      brokenSeq,
      reason: 'hash_mismatch',
    });
  });

  it('refuses a write on that match with a 409 naming the seq, in the reader’s language', async () => {
    const stateOf = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: asAdmin().headers,
          params: { path: { id: tampered.matchId } },
        }),
        200,
      ).lastSeq;
    const head = await stateOf();
    const move = anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } });
    const refused = await expectProblem(
      await decide(tampered, move),
      409,
      'chain-broken',
      new RegExp(`match ${tampered.matchId} is damaged at seq ${brokenSeq}: the event was altered`),
    );
    expect(refused).toMatchObject({ brokenSeq, chainBreak: 'hash_mismatch' });
    const inRussian = await api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: { ...tampered.seats.red.headers, 'accept-language': 'ru' },
      params: { path: { id: tampered.matchId } },
      body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } }),
    });
    expect(inRussian.response.status).toBe(409);
    expect(inRussian.response.headers.get('content-language')).toBe('ru');
    expect(JSON.stringify(inRussian.error)).toContain(`№${brokenSeq}`);
    expect(await stateOf()).toBe(head);
  });

  it('the other match on the same store verifies and takes writes', async () => {
    const moved = await decide(
      intact,
      anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'north' } }),
    );
    expect(moved.response.status).toBe(201);
    expect(await auditOf(api, intact.matchId)).toMatchObject({ verified: true });
  });
});
