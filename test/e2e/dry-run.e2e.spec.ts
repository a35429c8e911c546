import { createApi, type Api } from '../support/api-client';
import { ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * POST decisions/dry-run: what a decision would record, with nothing recorded; a refusal as
 * the decision itself would answer it; and no outcome that chance decides before the seat
 * commits to the decision.
 */
describe('trying a decision without recording it', () => {
  let app: TestApp;
  let api: Api;
  let match: StartedFreeform;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    match = await startedFreeform(api, 'Клуб «Пробный ход»');
  });
  afterAll(() => app?.close());

  const headSeq = async () =>
    ok(
      await api.client.GET('/api/v1/matches/{id}', {
        params: { path: { id: match.matchId } },
        headers: match.organizer.headers,
      }),
    ).seq;

  const tryDecision = (
    body: { kind: string; params?: Record<string, unknown>; seat?: string; expectedSeq?: number },
    seat: 'red' | 'blue' = 'red',
  ) =>
    api.client.POST('/api/v1/matches/{id}/decisions/dry-run', {
      params: { path: { id: match.matchId } },
      headers: match.seats[seat].headers,
      body,
    });

  it('shows the events an accepted decision would record, and records nothing', async () => {
    const before = await headSeq();
    const tried = ok(
      await tryDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
      200,
    );
    expect(tried).toMatchObject({
      matchId: match.matchId,
      seq: before,
      kind: 'move',
      accepted: true,
    });
    expect(tried.withheld).toBeUndefined();
    expect(tried.events?.map((e) => e.type)).toEqual(['DecisionMade', 'PiecesMoved']);
    expect(tried.events?.[1]).toMatchObject({
      visibility: 'public',
      data: { pieces: ['c1'], to: 'south' },
    });
    expect(await headSeq()).toBe(before);
    const state = ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        params: { path: { id: match.matchId } },
        headers: match.seats.red.headers,
      }),
    ) as unknown as { table: { pieces: Record<string, { zone: string }> } };
    expect(state.table.pieces.c1.zone).toBe('north');
  });

  it('answers a refusal exactly as the decision would, and records nothing', async () => {
    const before = await headSeq();
    const body = { kind: 'move' as const, params: { pieces: ['c1'], to: 'nowhere' } };
    const tried = await tryDecision(body);
    const made = await api.client.POST('/api/v1/matches/{id}/decisions', {
      params: { path: { id: match.matchId } },
      headers: match.seats.red.headers,
      body,
    });
    expect(tried.response.status).toBe(422);
    expect(tried.response.headers.get('content-type')).toContain('application/problem+json');
    expect(made.response.status).toBe(tried.response.status);
    // The path and the request id name the request; everything else must be the same.
    type Named = { instance?: string; requestId?: string };
    const { instance: _tried, requestId: _triedId, ...triedProblem } = tried.error as Named;
    const { instance: _made, requestId: _madeId, ...madeProblem } = made.error as Named;
    expect(triedProblem).toEqual(madeProblem);
    expect(triedProblem).toMatchObject({ rule: { code: 'unknown_zone' } });
    expect(await headSeq()).toBe(before);
  });

  it('refuses bad params with 400 naming the field', async () => {
    const tried = await tryDecision({ kind: 'move', params: { pieces: 'c1', to: 'south' } });
    expect(tried.response.status).toBe(400);
    expect(JSON.stringify(tried.error)).toContain('pieces');
  });

  it('withholds the outcome of a server roll and of a draw: the seat learns only that it would be accepted', async () => {
    const rolled = ok(await tryDecision({ kind: 'roll', params: { dice: '2d6' } }), 200);
    expect(rolled.events).toBeUndefined();
    expect(rolled.withheld).toMatch(/server dice/);
    const drawn = ok(await tryDecision({ kind: 'draw', params: { deck: 'deck', count: 1 } }), 200);
    expect(drawn.events).toBeUndefined();
    expect(drawn.withheld).toMatch(/cards/);
    // Reported dice are the seat's own: nothing to withhold.
    const reported = ok(
      await tryDecision({ kind: 'roll', params: { dice: '2d6', faces: [3, 4] } }),
      200,
    );
    expect(reported.events?.[1]).toMatchObject({
      type: 'DiceRolled',
      data: { faces: [3, 4], source: 'reported' },
    });
    // And the dice the seat then rolls for real are the ones it could not see.
    const before = await headSeq();
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        params: { path: { id: match.matchId } },
        headers: match.seats.red.headers,
        body: { kind: 'roll', params: { dice: '2d6' } },
      }),
      201,
    );
    expect(await headSeq()).toBe(before + 2);
  });

  it('is 409 on a stale expectedSeq, 403 for another seat, 401 without a token', async () => {
    const head = await headSeq();
    expect((await tryDecision({ kind: 'pass', expectedSeq: head - 1 })).response.status).toBe(409);
    expect((await tryDecision({ kind: 'pass', seat: 'blue' })).response.status).toBe(403);
    const anonymous = await api.client.POST('/api/v1/matches/{id}/decisions/dry-run', {
      params: { path: { id: match.matchId } },
      body: { kind: 'pass' },
    });
    expect(anonymous.response.status).toBe(401);
    const organizer = await api.client.POST('/api/v1/matches/{id}/decisions/dry-run', {
      params: { path: { id: match.matchId } },
      headers: match.organizer.headers,
      body: { kind: 'pass' },
    });
    expect(organizer.response.status).toBe(403);
  });
});
