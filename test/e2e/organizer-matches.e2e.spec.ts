import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { eventually, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The organizer's own matches, filtered by the server (issue 39): `GET /matches?organizer=me`
 * lists the matches of the organizer whose token is sent, its live private ones too, newest
 * first and a page at a time, and never another organizer's, public or not. `organizer=<id>`
 * filters anyone's list the same way; `me` needs an organizer's token.
 */
describe('GET /matches?organizer=', () => {
  let app: TestApp;
  let api: Api;
  let zvezda: Session & { id: string };
  let orbita: Session & { id: string };
  /** Zvezda's matches, oldest first: two private (one started), one public. */
  const own: string[] = [];
  /** Orbita's matches: one private, one public. */
  const others: string[] = [];
  let seatToken: Session;

  const create = async (organizer: Session, title: string, isPublic: boolean) => {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title,
          public: isPublic,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [{ id: 'north', kind: 'sector' }] },
        },
      }),
      201,
    );
    return created;
  };

  const list = (headers: Record<string, string>, query: Record<string, string | number>) =>
    api.client.GET('/api/v1/matches', { headers, params: { query } });

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    zvezda = await asNewOrganizer(api, 'Клуб «Звезда»');
    orbita = await asNewOrganizer(api, 'Клуб «Орбита»');
    // Interleaved, so the organizer's matches are not one run of the list.
    const first = await create(zvezda, 'Звезда: первый', false);
    own.push(first.matchId);
    others.push((await create(orbita, 'Орбита: открытый', true)).matchId);
    own.push((await create(zvezda, 'Звезда: открытый', true)).matchId);
    others.push((await create(orbita, 'Орбита: закрытый', false)).matchId);
    own.push((await create(zvezda, 'Звезда: третий', false)).matchId);
    seatToken = seatSessions(first).red;
    // The list is read from the index, fed by a subscription: wait until it has them all.
    await eventually('every match in the index', async () => {
      const { items } = ok(await list(zvezda.headers, { limit: 200 }), 200);
      const listed = new Set(items.map((m) => m.matchId));
      return [...own, others[0]].every((id) => listed.has(id)) ? true : undefined;
    });
    await eventually('orbita’s private match in the index', async () => {
      const { items } = ok(await list(orbita.headers, { limit: 200 }), 200);
      return items.some((m) => m.matchId === others[1]) ? true : undefined;
    });
  });
  afterAll(() => app?.close());

  it('lists the organizer’s own matches only, private ones too, newest first, a page at a time', async () => {
    // Without the filter, the organizer's list holds the other club's public match too.
    const everything = ok(await list(zvezda.headers, { limit: 200 }), 200);
    expect(everything.items.map((m) => m.matchId)).toContain(others[0]);

    const first = ok(await list(zvezda.headers, { organizer: 'me', limit: 2 }), 200);
    expect(first.items.map((m) => m.matchId)).toEqual([own[2], own[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = ok(
      await list(zvezda.headers, { organizer: 'me', limit: 2, cursor: first.nextCursor! }),
      200,
    );
    expect(second.items.map((m) => m.matchId)).toEqual([own[0]]);
    expect(second.nextCursor).toBeUndefined();
    for (const item of [...first.items, ...second.items]) expect(item.organizer).toBe(zvezda.id);

    const theirs = ok(await list(orbita.headers, { organizer: 'me' }), 200);
    expect(theirs.items.map((m) => m.matchId)).toEqual([others[1], others[0]]);
  });

  it('filters by an organizer’s id as the list shows matches to the caller', async () => {
    // A spectator sees only the public one of Zvezda's matches; Orbita sees the same.
    const anonymous = ok(await list({}, { organizer: zvezda.id }), 200);
    expect(anonymous.items.map((m) => m.matchId)).toEqual([own[1]]);
    const byOrbita = ok(await list(orbita.headers, { organizer: zvezda.id }), 200);
    expect(byOrbita.items.map((m) => m.matchId)).toEqual([own[1]]);
    const byItself = ok(await list(zvezda.headers, { organizer: zvezda.id }), 200);
    expect(byItself.items.map((m) => m.matchId)).toEqual([...own].reverse());
    expect(ok(await list({}, { organizer: 'nobody-at-all' }), 200).items).toEqual([]);
  });

  it('answers organizer=me without an organizer’s token with a problem, in Russian too', async () => {
    await expectProblem(await list({}, { organizer: 'me' }), 401, 'unauthorized', /bearer token/i);
    await expectProblem(
      await list(seatToken.headers, { organizer: 'me' }),
      403,
      'forbidden',
      /not an organizer’s/,
    );
    await expectProblem(
      await list({ ...seatToken.headers, 'Accept-Language': 'ru' }, { organizer: 'me' }),
      403,
      'forbidden',
      'organizer=me показывает матчи организатора, чей токен передан, а этот токен — не токен организатора',
    );
    await expectProblem(
      await list(zvezda.headers, { organizer: 'не id' }),
      400,
      'invalid-query',
      /organizer/,
    );
  });
});
