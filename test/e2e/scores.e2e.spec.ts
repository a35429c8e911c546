import { asNewOrganizer, createApi, type Api, type Session } from '../support/api-client';
import { claimSeatsAndStart, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET matches/:id/scores against the state read: a public freeform match whose `points:`
 * tracks are its derived scores (freeform's pointsByOwner), watched by a spectator a decision
 * behind. The series must equal `derived.scores` of the state read at every seq, and stop at
 * the caller's horizon.
 */
describe('the score series over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let matchId: string;
  let seats: Record<string, Session>;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Очки»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          public: true,
          spectatorDelay: 1,
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = await claimSeatsAndStart(api, created, organizer, (seat) => `Игрок ${seat}`);
  });
  afterAll(() => running.close());

  const scoresOf = async (who?: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/scores', {
        headers: who?.headers ?? {},
        params: { path: { id: matchId } },
      }),
      200,
    );
  const derivedScoresAt = async (at: number, who?: Session) =>
    (
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: who?.headers ?? {},
          params: { path: { id: matchId }, query: { at } },
        }),
        200,
      ).derived as { scores?: Record<string, number> }
    ).scores;
  const changeTrack = async (seat: string, params: Record<string, unknown>) =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
        body: { kind: 'change-track', params: params as never },
      }),
      201,
    );

  it('is empty while the ruleset derives no scores', async () => {
    await changeTrack('red', { track: 'vp', owner: 'red', value: 4 });
    const series = await scoresOf(seats.red);
    expect(series).toMatchObject({ matchId, seats: ['red', 'blue'], points: [] });
    expect(await derivedScoresAt(series.lastSeq, seats.red)).toBeUndefined();
  });

  it('equals derived.scores of the state read at every seq, for a player and for a spectator up to its horizon', async () => {
    await changeTrack('red', { track: 'points:red', owner: 'red', value: 3 });
    await changeTrack('blue', { track: 'points:blue', owner: 'blue', value: 2 });
    await changeTrack('red', { track: 'points:red', delta: 2 });
    // Not a points track: the scores do not change.
    await changeTrack('blue', { track: 'vp:blue', owner: 'blue', value: 9 });
    const last = await changeTrack('blue', { track: 'points:blue', delta: 4 });

    const player = await scoresOf(seats.red);
    expect(player.lastSeq).toBe(last.events[last.events.length - 1].seq);
    expect(player.points.map((point) => point.scores)).toEqual([
      { red: 3 },
      { red: 3, blue: 2 },
      { red: 5, blue: 2 },
      { red: 5, blue: 6 },
    ]);
    // Every seq, not only the points: the scores step exactly where the state read's change.
    const stepAt = (points: typeof player.points, seq: number) =>
      points.filter((point) => point.seq <= seq).at(-1)?.scores;
    for (let seq = 0; seq <= player.lastSeq; seq += 1)
      expect({ seq, scores: await derivedScoresAt(seq, seats.red) }).toEqual({
        seq,
        scores: stepAt(player.points, seq),
      });

    // A spectator sees the match a decision behind: the series stops where its state read does.
    const spectator = await scoresOf();
    const horizon = last.events[0].seq - 1;
    expect(spectator.lastSeq).toBe(horizon);
    expect(spectator.points).toEqual(player.points.filter((point) => point.seq <= horizon));
    expect(spectator.points.at(-1)?.scores).toEqual({ red: 5, blue: 2 });
    expect(await derivedScoresAt(horizon)).toEqual({ red: 5, blue: 2 });
    const ahead = await api.client.GET('/api/v1/matches/{id}/state', {
      params: { path: { id: matchId }, query: { at: horizon + 1 } },
    });
    expect(ahead.response.status).toBe(403);
  });

  it('answers 304 to a caller who holds the series, and the new series once the match moves on', async () => {
    const first = await api.client.GET('/api/v1/matches/{id}/scores', {
      headers: seats.red.headers,
      params: { path: { id: matchId } },
    });
    const tag = first.response.headers.get('etag') ?? '';
    expect(tag).toMatch(/^"\d+\./);
    const again = await fetch(`${running.url}/api/v1/matches/${matchId}/scores`, {
      headers: { ...seats.red.headers, 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await changeTrack('red', { track: 'points:red', delta: 1 });
    const moved = await fetch(`${running.url}/api/v1/matches/${matchId}/scores`, {
      headers: { ...seats.red.headers, 'if-none-match': tag },
    });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(tag);
    const series = (await moved.json()) as { points: { scores: Record<string, number> }[] };
    expect(series.points.at(-1)?.scores).toEqual({ red: 6, blue: 6 });
  });

  it('answers an unknown or hostile match id with a 4xx problem', async () => {
    const nowhere = '00000000-0000-4000-8000-00000000dead';
    await expectProblem(
      await api.client.GET('/api/v1/matches/{id}/scores', { params: { path: { id: nowhere } } }),
      404,
      'not-found',
      `There is no match ${nowhere}`,
    );
    for (const id of ['../../admin', '<script>alert(1)</script>', 'x'.repeat(5000)]) {
      const response = await fetch(
        `${running.url}/api/v1/matches/${encodeURIComponent(id)}/scores`,
      );
      // The id beside the status, so a failure says which id it was.
      expect([id, response.status >= 400 && response.status < 500]).toEqual([id, true]);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
    }
  });
});
