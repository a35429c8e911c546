import { asNewOrganizer, createApi, session, type Api } from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A lost seat link (issue 39 point 7): the match's organizer issues the seat a new one. The
 * reissue is recorded with its receipt, the new token acts for the seat, and every earlier
 * token of the seat is answered 401. Nobody else may do it, and an ended match needs none.
 */
describe('issuing a seat a new link', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  async function started() {
    const organizer = await asNewOrganizer(api, 'Клуб «Потерянные ссылки»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: 'Потерянная ссылка',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [{ id: 'north', kind: 'sector' }] },
        },
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer, (s) => `Игрок ${s}`);
    return { matchId: created.matchId, seats, organizer };
  }

  const reissue = (matchId: string, seat: string, headers: Record<string, string>) =>
    api.client.POST('/api/v1/matches/{id}/seats/{seat}/link', {
      headers,
      params: { path: { id: matchId, seat } },
    });
  const pass = (matchId: string, headers: Record<string, string>) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers,
      params: { path: { id: matchId } },
      body: { kind: 'pass' },
    });

  it('records the reissue with a receipt, lets the new token act and answers the old one 401', async () => {
    const { matchId, seats, organizer } = await started();
    const issued = ok(await reissue(matchId, 'red', organizer.headers), 201);
    expect(issued.seat).toBe('red');
    expect(issued.token).toMatch(/^ml_seat_/);
    expect(issued.token).not.toBe(seats.red.token);
    expect(issued.events).toEqual([
      expect.objectContaining({ type: 'SeatLinkReissued', data: { seat: 'red' } }),
    ]);
    expect(issued.receipt).toMatchObject({ match: matchId, seq: issued.seq });

    const old = await pass(matchId, seats.red.headers);
    expect(old.response.status).toBe(401);
    const oldRead = await api.client.GET('/api/v1/matches/{id}/state', {
      headers: seats.red.headers,
      params: { path: { id: matchId } },
    });
    expect(oldRead.response.status).toBe(401);
    const fresh = session(issued.token);
    const viewer = ok(
      await api.client.GET('/api/v1/matches/{id}/viewer', {
        headers: fresh.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(viewer.viewer).toMatchObject({ kind: 'seat', seat: 'red' });
    // The other seat's link is untouched.
    ok(await pass(matchId, seats.blue.headers), 201);
    const recorded = ok(await pass(matchId, fresh.headers), 201);
    expect(recorded.events[0]).toMatchObject({ meta: { actor: { kind: 'seat', seat: 'red' } } });
  });

  it('is the organizer’s alone, for a seat of the match, while it is live', async () => {
    const { matchId, seats, organizer } = await started();
    const other = await asNewOrganizer(api, 'Чужой клуб');
    const notTheirs = await reissue(matchId, 'red', { ...other.headers, 'Accept-Language': 'ru' });
    expect(notTheirs.response.status).toBe(403);
    expect(notTheirs.error).toMatchObject({
      detail: 'Новую ссылку места выдаёт организатор матча (или администратор)',
    });
    expect((await reissue(matchId, 'red', seats.blue.headers)).response.status).toBe(403);
    expect((await reissue(matchId, 'red', {})).response.status).toBe(401);
    const noSeat = await reissue(matchId, 'green', organizer.headers);
    expect(noSeat.response.status).toBe(400);
    expect(noSeat.error).toMatchObject({ detail: expect.stringContaining('no seat green') });
    ok(
      await api.client.POST('/api/v1/matches/{id}/abandon', {
        headers: organizer.headers,
        params: { path: { id: matchId } },
        body: { reason: 'Клуб закрылся' },
      }),
      201,
    );
    const ended = await reissue(matchId, 'red', { ...organizer.headers, 'Accept-Language': 'ru' });
    expect(ended.response.status).toBe(409);
    expect(ended.error).toMatchObject({
      detail: 'Матч окончен: его запись открыта всем, новая ссылка не нужна',
    });
    // Nothing was recorded by the refusals, and the old links still work for the replay.
    const events = ok(
      await api.client.GET('/api/v1/matches/{id}/events', {
        headers: organizer.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(events.events.filter((e) => e.type === 'SeatLinkReissued')).toEqual([]);
    ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
  });

  it('tells an organizer token who it is for, and nobody else', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Кто я»');
    const me = ok(
      await api.client.GET('/api/v1/organizers/me', { headers: organizer.headers }),
      200,
    );
    expect(me).toEqual({ id: expect.any(String), name: 'Клуб «Кто я»' });
    expect((await api.client.GET('/api/v1/organizers/me', {})).response.status).toBe(401);
  });
});
