import type Database from 'better-sqlite3';
import { MatchRepository } from '../../src/application/matches/match-repository';
import { SNAPSHOT_INTERVAL } from '../../src/application/ports/snapshot-store.port';
import { LOCAL_DATABASE } from '../../src/infrastructure/persistence/local-database.provider';
import { MatchProjector } from '../../src/infrastructure/readmodels/match-projector';
import { httpClient } from '../support/http-client';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

/** Read models are caches fed by a checkpointed subscription: they must survive restarts and rebuilds exactly. */
describe('read models', () => {
  let running: TestApp;
  let matchId: string;
  let red: string;

  /** The service over HTTP; any non-2xx fails the test with the problem it got. */
  async function call(
    path: string,
    token: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ): Promise<Record<string, unknown>> {
    const http = httpClient(running); // `running` changes when the service restarts
    const result =
      method === 'POST' ? await http.post(path, token, body) : await http.get(path, token);
    if (result.status >= 300)
      throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  }

  const database = () => running.app.get<Database.Database>(LOCAL_DATABASE);
  const indexRows = () => database().prepare('SELECT * FROM rm_matches ORDER BY match_id').all();
  const snapshotSeqs = () =>
    (
      database()
        .prepare('SELECT seq FROM rm_snapshots WHERE match_id = ? ORDER BY seq')
        .all(matchId) as { seq: number }[]
    ).map((r) => r.seq);

  beforeAll(async () => {
    running = await startTestApp();
    const organizer = await call('/api/v1/organizers', TEST_ADMIN_TOKEN, { name: 'Клуб «Звезда»' });
    const created = await call('/api/v1/matches', organizer.token as string, {
      ruleset: 'freeform',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      setup: {
        zones: [
          { id: 'a', kind: 'location' },
          { id: 'b', kind: 'location' },
        ],
        pieces: [{ id: 'ship', type: 'Фрегат', owner: 'red', zone: 'a' }],
      },
    });
    matchId = created.matchId as string;
    const tokens = created.seatTokens as { seat: string; token: string }[];
    red = tokens[0].token;
    await call(`/api/v1/matches/${matchId}/seats/red/claim`, red, { name: 'Ольга' });
    await call(`/api/v1/matches/${matchId}/seats/blue/claim`, tokens[1].token, { name: 'Boris' });
    await call(`/api/v1/matches/${matchId}/start`, red, undefined, 'POST');
    for (let i = 0; i < 530; i += 1) {
      await call(`/api/v1/matches/${matchId}/decisions`, red, {
        kind: 'move',
        params: { pieces: ['ship'], to: i % 2 === 0 ? 'b' : 'a' },
      });
    }
  });

  afterAll(() => running.close());

  /** Waits (bounded) until the projector has applied the match's head event. */
  async function caughtUp(): Promise<void> {
    const head = (await running.app.get(MatchRepository).current(matchId)).lastSeq;
    const lastSeq = () =>
      (
        database().prepare('SELECT last_seq FROM rm_matches WHERE match_id = ?').get(matchId) as
          { last_seq: number } | undefined
      )?.last_seq;
    for (let waited = 0; lastSeq() !== head; waited += 10) {
      if (waited > 5000) throw new Error(`projector did not reach seq ${head}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('snapshots the state every SNAPSHOT_INTERVAL events, and state at N through a snapshot equals the full fold', async () => {
    await caughtUp();
    // Snapshots are written after the index commit: wait (bounded) for the second one.
    for (let waited = 0; snapshotSeqs().length < 2 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seqs = snapshotSeqs();
    expect(seqs).toEqual(
      [SNAPSHOT_INTERVAL - 1, 2 * SNAPSHOT_INTERVAL - 1].filter((seq) => seq <= 1065),
    );
    for (const at of [SNAPSHOT_INTERVAL - 2, SNAPSHOT_INTERVAL - 1, SNAPSHOT_INTERVAL + 7]) {
      const state = await call(`/api/v1/matches/${matchId}/state?at=${at}`, red);
      // Six events of creation, claims and start; then each move decision is DecisionMade + PiecesMoved.
      const moves = at >= 7 ? Math.floor((at - 7) / 2) + 1 : 0;
      const zone = (state.table as { pieces: Record<string, { zone: string }> }).pieces.ship.zone;
      expect(zone).toBe(moves % 2 === 1 ? 'b' : 'a');
      expect(state.seq).toBe(at);
    }
  });

  it('rebuilds the index and snapshots from the log to the same rows', async () => {
    await caughtUp();
    const before = { rows: indexRows(), snapshots: snapshotSeqs() };
    const { events } = await running.app.get(MatchProjector).rebuild();
    expect(events).toBeGreaterThan(1000);
    expect({ rows: indexRows(), snapshots: snapshotSeqs() }).toEqual(before);
    running.app.get(MatchProjector).start();
  });

  it('resumes from its checkpoint after a restart without applying an event twice', async () => {
    await caughtUp();
    const before = indexRows();
    await running.close({ keepData: true });
    running = await startTestApp({}, running.dataDir);
    await call(`/api/v1/matches/${matchId}/decisions`, red, {
      kind: 'move',
      params: { pieces: ['ship'], to: 'b' },
    });
    await caughtUp();
    const after = indexRows() as { last_seq: number }[];
    expect(after).toHaveLength(before.length);
    expect(after[0].last_seq).toBe((before[0] as { last_seq: number }).last_seq + 2);
  });
});
