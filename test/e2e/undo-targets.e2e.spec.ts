import {
  asAdmin,
  asNewOrganizer,
  createApi,
  session,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The events a seat may ask to take the table back to (issue 39: the undo list offers only
 * events that can be undone): each checked as the request would be, so a roll in between
 * cuts the list, a pending request empties it, and every target offered is accepted.
 */
describe('where an undo can reach', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  it('offers the events after the last roll, none while a request waits, and each one offered is accepted', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Отмена»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [{ id: 'north', kind: 'sector' }] },
        },
      }),
      201,
    );
    const { matchId } = created;
    const seats = (await claimSeatsAndStart(api, created, organizer)) as Record<
      'red' | 'blue',
      Session
    >;
    const path = { params: { path: { id: matchId } } };
    const pass = async (who: Session) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: who.headers,
          ...path,
          body: { kind: 'pass' },
        }),
        201,
      ).seq;
    const targets = async (who: Session) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/undo-targets', {
          headers: who.headers,
          ...path,
        }),
        200,
      ).targets;

    const started = ok(
      await api.client.GET('/api/v1/matches/{id}', { headers: organizer.headers, ...path }),
      200,
    ).seq;
    await pass(seats.red);
    const rolled = ok(
      await api.client.POST('/api/v1/matches/{id}/rolls', {
        headers: seats.red.headers,
        ...path,
        body: { purpose: 'attack', dice: '1d6' },
      }),
      201,
    ).seq;
    const afterRed = await pass(seats.red);
    const head = await pass(seats.blue);
    expect(started).toBeLessThan(rolled);
    // Nothing before the roll; from it on, each event but the head.
    expect((await targets(seats.red)).map((t) => t.toSeq)).toEqual(
      Array.from({ length: head - rolled }, (_, i) => rolled + i),
    );
    // Back past blue's pass needs blue's consent.
    expect((await targets(seats.red)).find((t) => t.toSeq === afterRed)).toEqual({
      toSeq: afterRed,
      needsConsent: true,
    });
    // Without a token, or with another match's, it is not asked.
    expect((await api.client.GET('/api/v1/matches/{id}/undo-targets', path)).response.status).toBe(
      401,
    );

    // Every target offered is accepted as a request: the first one, here.
    const asked = ok(
      await api.client.POST('/api/v1/matches/{id}/undo-requests', {
        headers: seats.red.headers,
        ...path,
        body: { toSeq: rolled, reason: 'Не тот ход' },
      }),
      201,
    );
    expect(asked.events.map((e) => e.type)).toEqual(['UndoRequested']);
    // While it waits for an answer, no other request can be made: nothing is offered.
    expect(await targets(seats.blue)).toEqual([]);
  });

  it('offers a seat no decision and no undo while a judge has the match paused', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Пауза»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
      }),
      201,
    );
    const { matchId } = created;
    const seats = (await claimSeatsAndStart(api, created, organizer)) as Record<
      'red' | 'blue',
      Session
    >;
    const path = { params: { path: { id: matchId } } };
    const judged = ok(
      await api.client.POST('/api/v1/judges', {
        headers: asAdmin().headers,
        body: { name: 'Анна Петрова', matchId },
      }),
      201,
    );
    const judge = session(judged.token);
    const offered = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/legal-decisions', {
          headers: seats.red.headers,
          ...path,
        }),
        200,
      );
    expect((await offered()).kinds.length).toBeGreaterThan(0);
    ok(
      await api.client.POST('/api/v1/matches/{id}/pause', {
        headers: judge.headers,
        ...path,
        body: { reason: 'Спор о кубиках' },
      }),
      201,
    );
    expect(await offered()).toMatchObject({ kinds: [], reason: 'The match is paused by a judge' });
    const targets = ok(
      await api.client.GET('/api/v1/matches/{id}/undo-targets', {
        headers: seats.red.headers,
        ...path,
      }),
      200,
    );
    expect(targets.targets).toEqual([]);
  });
});
