import type Database from 'better-sqlite3';
import { MatchRepository } from '../../src/application/matches/match-repository';
import { SNAPSHOT_INTERVAL } from '../../src/application/ports/snapshot-store.port';
import { LOCAL_DATABASE } from '../../src/infrastructure/persistence/local-database.provider';
import { MatchProjector } from '../../src/infrastructure/readmodels/match-projector';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Read models are caches fed by a checkpointed subscription: they must survive restarts and rebuilds exactly. */
describe('read models', () => {
  let running: TestApp;
  /** The generated client of the running service (a new one after a restart). */
  let api: Api;
  let matchId: string;
  let red: Session;

  /** Moves red's ship to `to`; any refusal fails the test with the problem it got. */
  async function move(to: string): Promise<void> {
    const { error, response } = await api.client.POST('/api/v1/matches/{id}/decisions', {
      params: { path: { id: matchId } },
      headers: red.headers,
      body: { kind: 'move', params: { pieces: ['ship'], to } },
    });
    if (error) throw new Error(`move: ${response.status} ${JSON.stringify(error)}`);
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
    api = await createApi(running.url);
    const organizer = await asNewOrganizer(api, 'Клуб «Звезда»');
    const { data: created, error } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: {
          zones: [
            { id: 'a', kind: 'location' },
            { id: 'b', kind: 'location' },
          ],
          pieces: [{ id: 'ship', type: 'Фрегат', owner: 'red', zone: 'a' }],
        },
      },
    });
    if (!created) throw new Error(`create: ${JSON.stringify(error)}`);
    matchId = created.matchId;
    const seats = seatSessions(created);
    red = seats.red;
    for (const [seat, name] of [
      ['red', 'Ольга'],
      ['blue', 'Boris'],
    ] as const) {
      const claimed = await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        params: { path: { id: matchId, seat } },
        headers: seats[seat].headers,
        body: { name },
      });
      expect(claimed.error).toBeUndefined();
    }
    const started = await api.client.POST('/api/v1/matches/{id}/start', {
      params: { path: { id: matchId } },
      headers: red.headers,
    });
    expect(started.error).toBeUndefined();
    for (let i = 0; i < 530; i += 1) await move(i % 2 === 0 ? 'b' : 'a');
  });

  afterAll(async () => {
    expect(api.checks.failures).toEqual([]);
    await running.close();
  });

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
      const { data: state } = await api.client.GET('/api/v1/matches/{id}/state', {
        params: { path: { id: matchId }, query: { at } },
        headers: red.headers,
      });
      // Six events of creation, claims and start; then each move decision is DecisionMade + PiecesMoved.
      const moves = at >= 7 ? Math.floor((at - 7) / 2) + 1 : 0;
      const zone = (state?.table as { pieces: Record<string, { zone: string }> }).pieces.ship.zone;
      expect(zone).toBe(moves % 2 === 1 ? 'b' : 'a');
      expect(state?.seq).toBe(at);
    }
  });

  it('commits the read models without their own fsync, and leaves the events at synchronous=FULL', async () => {
    await caughtUp();
    // 2 is FULL: the events appended on this shared connection still wait for their fsync.
    expect(database().pragma('synchronous', { simple: true })).toBe(2);
    await move('a');
    await caughtUp();
    expect(database().pragma('synchronous', { simple: true })).toBe(2);
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
    api = await createApi(running.url);
    await move('b');
    await caughtUp();
    const after = indexRows() as { last_seq: number }[];
    expect(after).toHaveLength(before.length);
    expect(after[0].last_seq).toBe((before[0] as { last_seq: number }).last_seq + 2);
  });
  it('drops read models folded with other rules at start, and folds them again from the log', async () => {
    await caughtUp();
    const before = { rows: indexRows(), snapshots: snapshotSeqs() };
    const formatNow = () =>
      database().prepare(`SELECT format FROM rm_format WHERE name = 'read-models'`).pluck().get();
    const format = formatNow() as string;
    expect(format).toMatch(/^engine@\d+ .*freeform@\d/);
    // As an older build left them: another freeform version, and a snapshot in a shape this
    // build would misread.
    database()
      .prepare(`UPDATE rm_format SET format = ? WHERE name = 'read-models'`)
      .run(format.replace(/freeform@\S+/, 'freeform@0.0.1'));
    const snapshotAt = SNAPSHOT_INTERVAL - 1;
    const misread = database()
      .prepare('UPDATE rm_snapshots SET state = ? WHERE match_id = ? AND seq = ?')
      .run('{"misread":true}', matchId, snapshotAt);
    expect(misread.changes).toBe(1);

    await running.close({ keepData: true });
    running = await startTestApp({}, running.dataDir);
    api = await createApi(running.url);
    await caughtUp();
    for (let waited = 0; snapshotSeqs().length < before.snapshots.length; waited += 10) {
      if (waited > 5000) throw new Error('the snapshots were not written again');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect({ rows: indexRows(), snapshots: snapshotSeqs() }).toEqual(before);
    expect(formatNow()).toBe(format);
    const { data: state } = await api.client.GET('/api/v1/matches/{id}/state', {
      params: { path: { id: matchId }, query: { at: snapshotAt + 1 } },
      headers: red.headers,
    });
    expect(state?.seq).toBe(snapshotAt + 1);
    expect((state?.table as { pieces: Record<string, unknown> }).pieces.ship).toBeDefined();
  });
});
