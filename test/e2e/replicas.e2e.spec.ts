import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEsdbFake, type EsdbFake } from '../support/esdb-fake/esdb-fake';
import {
  anyDecision,
  asAdmin,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
} from '../support/api-client';
import { auditOf, ok } from '../support/match-checks';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { verifyCli } from '../support/verify-cli';

/**
 * Two replicas of the service on one EventStoreDB (the gRPC fake, one log for both): nothing
 * a replica needs lives only in its own data directory. The same test runs against a real
 * cluster with EVENTSTORE_URL set (README, Running on EventStoreDB).
 */
describe('two replicas on one EventStoreDB (operations)', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-replicas-'));
  let fake: EsdbFake | undefined;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let apiA: Api;
  let apiB: Api;

  beforeAll(async () => {
    const url = process.env.EVENTSTORE_URL || (fake = await startEsdbFake()).connectionString;
    const keyFile = join(work, 'signing-key.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
      { mode: 0o600 },
    );
    const shared = {
      EVENTSTORE_URL: url,
      MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
      MATCHLOG_SIGNING_KEY_FILE: keyFile,
    };
    [a, b] = await Promise.all(
      ['a', 'b'].map((name) =>
        startServiceProcess({ ...shared, MATCHLOG_DATA_DIR: join(work, `replica-${name}`) }),
      ),
    );
    [apiA, apiB] = await Promise.all([createApi(a.url), createApi(b.url)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await fake?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('a token issued through one replica works on the other, and so does a tournament', async () => {
    const organizer = await asNewOrganizer(apiA, 'Клуб «Командор»');
    ok(
      await apiB.client.POST('/api/v1/tournaments', {
        headers: organizer.headers,
        body: { tournamentId: 'replica-cup', name: 'Кубок реплик' },
      }),
      201,
    );
    expect(
      ok(
        await apiA.client.GET('/api/v1/tournaments/{tournamentId}', {
          params: { path: { tournamentId: 'replica-cup' } },
        }),
        200,
      ),
    ).toMatchObject({ name: 'Кубок реплик', organizer: organizer.id });
    // Taken once, whichever replica is asked.
    expect(
      (
        await apiA.client.POST('/api/v1/tournaments', {
          headers: organizer.headers,
          body: { tournamentId: 'replica-cup', name: 'Другой' },
        })
      ).response.status,
    ).toBe(409);
  });

  it('a player registered through one replica is found and claims seats on the other; an id is taken once', async () => {
    const organizer = await asNewOrganizer(apiA, 'Клуб «Реплики»');
    const register = (api: Api, latin: string) =>
      api.client.POST('/api/v1/players', {
        headers: organizer.headers,
        body: {
          playerId: 'replica-player',
          names: { ru: 'Вера Репликова', latin },
          aliases: ['Вера Р.'],
        },
      });
    // Both replicas asked at once: one registration wins, the other is told the id is taken.
    const statuses = (
      await Promise.all([register(apiA, 'Vera Replikova'), register(apiB, 'Vera R')])
    ).map((answer) => answer.response.status);
    expect(statuses.sort()).toEqual([201, 409]);
    for (const api of [apiA, apiB]) {
      const { data } = await api.client.GET('/api/v1/players', {
        params: { query: { name: 'вера р.' } },
      });
      expect(data?.items.map((player) => player.playerId)).toEqual(['replica-player']);
    }
    const { data: created } = await apiA.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    ok(
      await apiB.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seatSessions(created!).red.headers,
        params: { path: { id: created!.matchId, seat: 'red' } },
        body: { player: 'ВЕРА РЕПЛИКОВА' },
      }),
      201,
    );
    const { data: match } = await apiA.client.GET('/api/v1/matches/{id}', {
      headers: organizer.headers,
      params: { path: { id: created!.matchId } },
    });
    expect(match?.seats[0]).toMatchObject({ player: 'Вера Репликова', playerId: 'replica-player' });
  });

  it('plays a match created on one replica alternately on both, server dice included; the export from the other verifies', async () => {
    // Organizer registered on B, match created on A, red claims on A and blue on B, started on B.
    const { matchId, seats } = await startedAcross(
      { register: apiB, create: apiA, claim: [apiA, apiB], start: apiB },
      'Матч на двух репликах',
    );
    const apis = [apiA, apiB];
    for (let i = 0; i < 6; i += 1) {
      const api = apis[i % 2];
      const body =
        i % 3 === 0
          ? anyDecision({ kind: 'roll', params: { dice: '2d6', purpose: 'attack' } })
          : anyDecision({
              kind: 'move',
              params: { pieces: ['c1'], to: i % 2 ? 'south' : 'north' },
            });
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body,
        }),
        201,
      );
    }
    ok(
      await apiA.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind: 'concede' }),
      }),
      201,
    );
    const exported = await fetch(`${b.url}/api/v1/matches/${matchId}/export`, {
      headers: asAdmin().headers,
    });
    expect(exported.status).toBe(200);
    const file = join(work, 'match.ndjson');
    writeFileSync(file, await exported.text());
    const verdict = await verifyCli(file, '--json');
    expect(verdict.code).toBe(0);
    // Both server rolls re-derived from the seed that replica A drew and replica B revealed.
    expect(JSON.parse(verdict.stdout)).toMatchObject({
      ok: true,
      dice: 'verified',
      counts: { rolls: 2 },
    });
  });

  it('serializes concurrent decisions on one match from both replicas: the chain never forks', async () => {
    const { matchId, seats } = await startedAcross(
      { register: apiA, create: apiA, claim: [apiB, apiB], start: apiA },
      'Гонка',
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        [apiA, apiB][i % 2].client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: anyDecision({
            kind: 'move',
            params: { pieces: ['c1'], to: i % 2 ? 'south' : 'north' },
          }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.response.status);
    // Each is recorded, or refused as stale (409) after its one retry lost again: never forked.
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const accepted = answers
      .filter((answer) => answer.response.status === 201)
      .map((answer) => answer.data!.receipt!.seq);
    expect(new Set(accepted).size).toBe(accepted.length);
    const audit = await auditOf(apiB, matchId);
    expect(audit.verified).toBe(true);
    expect(Math.max(...accepted)).toBe(audit.eventCount - 1);
  });

  it('each replica is ready once its read models have caught up with the log, and lists what the other recorded', async () => {
    for (const api of [apiA, apiB])
      expect(ok(await api.client.GET('/health/ready'), 200)).toMatchObject({
        status: 'ready',
        readModelsCaughtUp: true,
      });
    const organizer = await asNewOrganizer(apiA, 'Организатор списка');
    const created = ok(
      await apiA.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: 'Видно с другой реплики',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [], pieces: [] },
        },
      }),
      201,
    );
    let listed = false;
    for (let i = 0; i < 100 && !listed; i += 1) {
      const list = ok(
        await apiB.client.GET('/api/v1/matches', { headers: organizer.headers }),
        200,
      );
      listed = list.items.some((m) => m.matchId === created.matchId);
      if (!listed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(listed).toBe(true);
    // Both publish the one signing key they share.
    const keys = await Promise.all(
      [apiA, apiB].map(async (api) => ok(await api.client.GET('/api/v1/keys'), 200).keys),
    );
    expect(keys[0]).toEqual(keys[1]);
    expect(keys[0]).toHaveLength(1);
  });
});

/** Where each step of starting a match is sent: the replicas are interchangeable. */
interface Route {
  register: Api;
  create: Api;
  /** Red's claim, then blue's. */
  claim: [Api, Api];
  start: Api;
}

/** A started freeform match (red's cruiser c1 in the north), each step through its replica. */
async function startedAcross(route: Route, title: string) {
  const organizer = await asNewOrganizer(route.register, `Организатор: ${title}`);
  const created = ok(
    await route.create.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        title,
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: {
          zones: [
            { id: 'north', kind: 'sector' },
            { id: 'south', kind: 'sector' },
          ],
          pieces: [{ id: 'c1', type: 'cruiser', owner: 'red', zone: 'north' }],
        },
      },
    }),
    201,
  );
  const seats = seatSessions(created);
  for (const [i, seat] of (['red', 'blue'] as const).entries())
    ok(
      await route.claim[i].client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats[seat].headers,
        params: { path: { id: created.matchId, seat } },
        body: { name: seat === 'red' ? 'Анна' : 'Борис' },
      }),
      201,
    );
  ok(
    await route.start.client.POST('/api/v1/matches/{id}/start', {
      headers: organizer.headers,
      params: { path: { id: created.matchId } },
    }),
    201,
  );
  return { matchId: created.matchId, seats };
}
