import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 8 of the security issue: an Idempotency-Key reused with another body must be refused
 * (422), a key belongs to the token that sent it (blue reusing red's key got red's result and
 * blue's decision was dropped), and a key must not expire silently after 256 newer ones.
 */
describe('security: Idempotency-Key', () => {
  let app: TestApp;
  let api: Api;
  let seats: Record<string, Session>;
  let matchId: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    const organizer = await asNewOrganizer(api, 'Club');
    const { data: created } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    matchId = created!.matchId;
    seats = seatSessions(created!);
    for (const seat of ['red', 'blue'] as const) {
      await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        params: { path: { id: matchId, seat } },
        headers: seats[seat].headers,
        body: { name: seat },
      });
    }
    await api.client.POST('/api/v1/matches/{id}/start', {
      params: { path: { id: matchId } },
      headers: organizer.headers,
    });
  });
  afterAll(async () => {
    await app.close();
    expect(api.checks.failures).toEqual([]);
  });

  const decide = (seat: Session, key: string, delta: number, track = 'vp') =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      params: { path: { id: matchId } },
      headers: { ...seat.headers, 'Idempotency-Key': key },
      body: { kind: 'change-track', params: { track, delta } },
    });
  const head = async () =>
    (
      await api.client.GET('/api/v1/matches/{id}', {
        params: { path: { id: matchId } },
        headers: seats.red.headers,
      })
    ).data!.seq;

  it('replays a retry with the same body, and refuses the key with another body (422, nothing recorded)', async () => {
    const first = await decide(seats.red, 'move-1', 1);
    expect(first.response.status).toBe(201);
    const retry = await decide(seats.red, 'move-1', 1);
    expect(retry.response.status).toBe(200);
    expect(retry.data!.events).toEqual(first.data!.events);

    const seq = await head();
    const other = await decide(seats.red, 'move-1', 5);
    expect(other.response.status).toBe(422);
    expect(other.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(other.error).toMatchObject({
      type: expect.stringMatching(/idempotency-key-reused$/),
      detail: expect.stringContaining('Idempotency-Key move-1 was already used'),
    });
    const otherKind = await api.client.POST('/api/v1/matches/{id}/decisions', {
      params: { path: { id: matchId } },
      headers: { ...seats.red.headers, 'Idempotency-Key': 'move-1' },
      body: { kind: 'roll', params: { dice: '1d6' } },
    });
    expect(otherKind.response.status).toBe(422);
    expect(await head()).toBe(seq);
  });

  it("scopes a key to its token: blue's decision with red's key is blue's own", async () => {
    const red = await decide(seats.red, 'shared-key', 1, 'red-vp');
    expect(red.response.status).toBe(201);
    const blue = await decide(seats.blue, 'shared-key', 1, 'red-vp');
    expect(blue.response.status).toBe(201);
    const made = blue.data!.events.find((event) => event.type === 'DecisionMade');
    expect(made?.meta.actor.seat).toBe('blue');
    const { data: state } = await api.client.GET('/api/v1/matches/{id}/state', {
      params: { path: { id: matchId } },
      headers: seats.red.headers,
    });
    expect(
      (state!.table as { tracks: Record<string, { value: number }> }).tracks['red-vp'],
    ).toEqual(expect.objectContaining({ value: 2 }));
  });

  it('remembers a key however many decisions come after it (no silent expiry after 256)', async () => {
    const first = await decide(seats.red, 'early', 1, 'count');
    expect(first.response.status).toBe(201);
    for (let i = 0; i < 260; i += 1) {
      const { response } = await decide(seats.red, `filler-${i}`, 1, 'count');
      expect(response.status).toBe(201);
    }
    const seq = await head();
    const retry = await decide(seats.red, 'early', 1, 'count');
    expect(retry.response.status).toBe(200);
    expect(retry.data!.events).toEqual(first.data!.events);
    expect(await head()).toBe(seq);
  });
});
