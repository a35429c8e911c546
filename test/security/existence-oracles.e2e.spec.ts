import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 11 of the security review of 2026-12-06: reads that told who may not read a match
 * that it exists, or more of it than they may see. The dice statistics of a live private match
 * answered 409 "is started" to anyone, where every other read of it answers 403; and a
 * spectator of a delayed public match saw a note numbered 1 while note 0 (on an event past
 * the horizon) was held back, and its prevHash: a hidden note, told by the gap.
 */
describe('security: reads that would tell a match or a note exists', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  async function liveMatch(
    organizer: Session,
    options: { public?: boolean; spectatorDelay?: number } = {},
  ): Promise<{ matchId: string; seats: Record<string, Session> }> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }], ...options },
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer);
    return { matchId: created.matchId, seats };
  }

  it('answers the dice of a live private match as every other read of it', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Закрытый»');
    const { matchId, seats } = await liveMatch(organizer);
    const other = await asNewOrganizer(api, 'Клуб «Соседи»');
    const foreign = seatSessions(
      ok(
        await api.client.POST('/api/v1/matches', {
          headers: other.headers,
          body: { ruleset: 'freeform', seats: [{ seat: 'red' }] },
        }),
        201,
      ),
    ).red;
    const path = { path: { id: matchId } };
    for (const [who, headers] of [
      ['no token', {}],
      ['a seat of another match', foreign.headers],
      ['another organizer', other.headers],
    ] as const) {
      const match = await api.client.GET('/api/v1/matches/{id}', { headers, params: path });
      const dice = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
        headers,
        params: path,
      });
      expect([who, dice.response.status]).toEqual([who, match.response.status]);
      expect([who, dice.response.status]).toEqual([who, 403]);
      await expectProblem(dice, 403, 'forbidden', 'only its seats, judges and organizer');
    }
    // Who may read the match is told why there are no statistics yet.
    for (const headers of [seats.red.headers, organizer.headers])
      await expectProblem(
        await api.client.GET('/api/v1/stats/matches/{id}/dice', { headers, params: path }),
        409,
        'match-not-finished',
        'statistics count finished matches only',
      );
    // A match that does not exist is a 404 to everyone, as before.
    await expectProblem(
      await api.client.GET('/api/v1/stats/matches/{id}/dice', {
        params: { path: { id: 'no-such-match' } },
      }),
      404,
      'not-found',
      'There is no match no-such-match',
    );
  });

  describe('notes of a delayed public match', () => {
    const DELAY = 2;
    let matchId: string;
    let seats: Record<string, Session>;

    const decide = async () =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind: 'change-track', params: { track: 'vp', delta: 1 } }),
        }),
        201,
      ).seq;
    const note = async (seq: number, text: string) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/annotations', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { seq, text },
        }),
        201,
      );
    const notesAs = async (headers: Record<string, string>, from?: number) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/annotations', {
          headers,
          params: { path: { id: matchId }, query: from === undefined ? {} : { from } },
        }),
        200,
      );

    beforeAll(async () => {
      const organizer = await asNewOrganizer(api, 'Клуб «Зрители»');
      ({ matchId, seats } = await liveMatch(organizer, { public: true, spectatorDelay: DELAY }));
      let last = 0;
      for (let i = 0; i < 3; i += 1) last = await decide();
      // Note 0 is on the last event (past the spectators' horizon), note 1 on the first.
      await note(last, 'Решающий ход');
      await note(1, 'Начало партии');
    });

    it('shows a spectator no note after a hidden one: no gap in seq, no prevHash of it, no nextFrom', async () => {
      for (const from of [undefined, 0, 1]) {
        const page = await notesAs({}, from);
        expect([from, page.annotations, page.nextFrom]).toEqual([from, [], undefined]);
      }
      // The seats read both, chained.
      const full = await notesAs(seats.blue.headers);
      expect(full.annotations.map((n) => [n.seq, n.data.text])).toEqual([
        [0, 'Решающий ход'],
        [1, 'Начало партии'],
      ]);
      expect(full.annotations[1].meta.prevHash).toBe(full.annotations[0].meta.hash);
    });

    it('shows the spectator both, as recorded, once the horizon passes the hidden one', async () => {
      for (let i = 0; i < DELAY; i += 1) await decide();
      const seen = await notesAs({});
      const full = await notesAs(seats.red.headers);
      expect(seen.annotations).toEqual(full.annotations);
      expect(seen.annotations.map((n) => n.seq)).toEqual([0, 1]);
    });
  });
});
