import {
  asAdmin,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 9 (part) of the security issue: a spectator of a live public match (no token, or a
 * token of another match) sees it `spectatorDelay` decisions behind, and no read may tell them
 * more: not the last seq, not an event count, not the head hash, not the number of rolls
 * checked. And an admin's read of a live match is recorded in its audit log like a judge's.
 */
describe('security: spectators learn nothing past their horizon', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  let seats: Record<string, Session>;
  let foreignSeat: Session;
  let matchId: string;
  /** What a seat of the match sees: the whole log. */
  let events: { seq: number; type: string; meta: { hash: string } }[];
  let horizon: number;
  let lastSeq: number;

  const DELAY = 2;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Club');
    const create = () =>
      api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          public: true,
          spectatorDelay: DELAY,
        },
      });
    const { data: created } = await create();
    matchId = created!.matchId;
    seats = seatSessions(created!);
    foreignSeat = seatSessions((await create()).data!).red;
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
    // A server roll, two moves, a server roll, a move: with a delay of 2 decisions the
    // spectators' horizon ends before the second roll.
    const decisions = [
      { kind: 'roll', params: { dice: '2d6', purpose: 'combat' } },
      { kind: 'change-track', params: { track: 'vp', delta: 1 } },
      { kind: 'change-track', params: { track: 'vp', delta: 1 } },
      { kind: 'roll', params: { dice: '1d6', purpose: 'combat' } },
      { kind: 'change-track', params: { track: 'vp', delta: 2 } },
    ];
    for (const body of decisions) {
      const { response } = await api.client.POST('/api/v1/matches/{id}/decisions', {
        params: { path: { id: matchId } },
        headers: seats.red.headers,
        body: anyDecision(body),
      });
      expect(response.status).toBe(201);
    }
    const { data: page } = await api.client.GET('/api/v1/matches/{id}/events', {
      params: { path: { id: matchId } },
      headers: seats.red.headers,
    });
    events = page!.events as typeof events;
    lastSeq = page!.lastSeq;
    const decisionSeqs = events.filter((e) => e.type === 'DecisionMade').map((e) => e.seq);
    horizon = decisionSeqs[decisionSeqs.length - DELAY] - 1;
    expect(horizon).toBeLessThan(lastSeq - 2);
    // A note on the last event: spectators must not see it either.
    const note = await api.client.POST('/api/v1/matches/{id}/annotations', {
      params: { path: { id: matchId } },
      headers: seats.red.headers,
      body: { seq: lastSeq, text: 'A fine move', tags: ['!'] },
    });
    expect(note.response.status).toBe(201);
    // The match list is a read model: wait until it has the whole match.
    for (let tries = 0; tries < 100; tries += 1) {
      const { data } = await api.client.GET('/api/v1/matches', { headers: organizer.headers });
      if (data!.items.find((item) => item.matchId === matchId)?.lastSeq === lastSeq) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    await app.close();
    expect(api.checks.failures).toEqual([]);
  });

  const spectators = (): [string, Record<string, string>][] => [
    ['no token', {}],
    ['a seat token of another match', foreignSeat.headers],
  ];
  const path = () => ({ path: { id: matchId } });

  it('tells a spectator the last seq, the head hash and the ETag only up to the horizon', async () => {
    for (const [who, headers] of spectators()) {
      const match = await api.client.GET('/api/v1/matches/{id}', { params: path(), headers });
      expect([who, match.data?.seq, match.data?.headHash]).toEqual([
        who,
        horizon,
        events[horizon].meta.hash,
      ]);
      expect(match.response.headers.get('etag')).toMatch(new RegExp(`^"${horizon}\\.`));

      const list = await api.client.GET('/api/v1/matches', { headers });
      const listed = list.data!.items.find((item) => item.matchId === matchId);
      expect([who, listed?.lastSeq]).toEqual([who, horizon]);

      const viewer = await api.client.GET('/api/v1/matches/{id}/viewer', {
        params: path(),
        headers,
      });
      expect([who, viewer.data]).toMatchObject([who, { horizon, lastSeq: horizon, delayed: true }]);
    }
  });

  it('bounds events, state and timeline by the horizon, lastSeq included', async () => {
    for (const [who, headers] of spectators()) {
      const page = await api.client.GET('/api/v1/matches/{id}/events', {
        params: { ...path(), query: { from: 0, to: lastSeq } },
        headers,
      });
      expect([who, page.data?.lastSeq, page.data?.events.length]).toEqual([
        who,
        horizon,
        horizon + 1,
      ]);

      const state = await api.client.GET('/api/v1/matches/{id}/state', {
        params: path(),
        headers,
      });
      expect([who, state.data?.lastSeq, state.data?.seq]).toEqual([who, horizon, horizon]);
      // Past the horizon and past the head answer alike: the status does not locate the head.
      for (const at of [horizon + 1, lastSeq, lastSeq + 1, 10_000]) {
        const beyond = await api.client.GET('/api/v1/matches/{id}/state', {
          params: { ...path(), query: { at } },
          headers,
        });
        expect([who, at, beyond.response.status]).toEqual([who, at, 403]);
      }

      const timeline = await api.client.GET('/api/v1/matches/{id}/timeline', {
        params: path(),
        headers,
      });
      expect([who, timeline.data?.lastSeq, timeline.data?.toSeq]).toEqual([who, horizon, horizon]);
    }
  });

  it('bounds the audit, the rng check and the annotations by the horizon', async () => {
    const { data: seatRng } = await api.client.GET('/api/v1/matches/{id}/rng', {
      params: path(),
      headers: seats.red.headers,
    });
    expect(seatRng!.verification.checked).toBe(2);
    for (const [who, headers] of spectators()) {
      const audit = await api.client.GET('/api/v1/matches/{id}/audit', {
        params: path(),
        headers,
      });
      expect([who, audit.data]).toMatchObject([
        who,
        { verified: true, eventCount: horizon + 1, headHash: events[horizon].meta.hash },
      ]);
      const rng = await api.client.GET('/api/v1/matches/{id}/rng', { params: path(), headers });
      expect([who, rng.data?.verification]).toEqual([who, { ok: true, checked: 1 }]);
      const notes = await api.client.GET('/api/v1/matches/{id}/annotations', {
        params: path(),
        headers,
      });
      expect([who, notes.data?.annotations]).toEqual([who, []]);
    }
  });

  it("records an admin's read of the live match in its audit log, as a judge's", async () => {
    const { data: state } = await api.client.GET('/api/v1/matches/{id}/state', {
      params: path(),
      headers: asAdmin().headers,
    });
    expect(state!.lastSeq).toBe(lastSeq);
    const { data: log } = await api.client.GET('/api/v1/matches/{id}/audit-log', {
      params: path(),
      headers: organizer.headers,
    });
    expect(log!.events).toEqual([
      expect.objectContaining({
        type: 'HiddenInformationViewed',
        data: { admin: { id: 'admin' }, scope: 'state', atSeq: lastSeq },
        meta: expect.objectContaining({ actor: { kind: 'admin', id: 'admin' } }),
      }),
    ]);
  });
});
