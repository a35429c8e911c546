import {
  anyDecision,
  asAdmin,
  asNewOrganizer,
  createApi,
  session,
  type Api,
  type Session,
} from '../support/api-client';
import { expectProblem, ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42, item 7: a statistics site holds a read token, never an organizer's. It reads the
 * live matches of its scope as the public would see them, never writes, has its own throttle
 * (429 with Retry-After) and its own number of open streams, and its issuer lists and revokes it.
 */
describe('read tokens for statistics sites', () => {
  let app: TestApp;
  let api: Api;
  let own: StartedFreeform;
  let stranger: StartedFreeform;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    own = await startedFreeform(api, 'Клуб «Звезда»');
    stranger = await startedFreeform(api, 'Клуб «Комета»');
  }, 60_000);
  afterAll(() => app.close());

  const issue = async (
    by: Session,
    body: {
      name?: string;
      scope: { matchIds?: string[]; tournamentIds?: string[]; organizer?: string };
      requestsPerMinute?: number;
      openStreams?: number;
    },
  ) =>
    api.client.POST('/api/v1/read-tokens', {
      headers: by.headers,
      body: { name: 'Сайт', ...body },
    });

  const listedIds = async (headers: Record<string, string>) =>
    ok(
      await api.client.GET('/api/v1/matches', { headers, params: { query: { limit: 200 } } }),
      200,
    ).items.map((item) => item.matchId);

  it('reads the live private matches of its scope, as the public sees them, and no other', async () => {
    const issued = ok(await issue(own.organizer, { scope: { organizer: own.organizer.id } }), 201);
    expect(issued.token).toMatch(/^ml_read_/);
    const reader = session(issued.token);

    // Both matches are live and private: anonymous callers list neither.
    expect(await listedIds({})).not.toContain(own.matchId);
    const listed = await listedIds(reader.headers);
    expect(listed).toContain(own.matchId);
    expect(listed).not.toContain(stranger.matchId);

    const viewer = ok(
      await api.client.GET('/api/v1/matches/{id}/viewer', {
        headers: reader.headers,
        params: { path: { id: own.matchId } },
      }),
      200,
    );
    // Its token applies, yet it reads as the public does: no hidden information.
    expect(viewer).toMatchObject({
      viewer: { kind: 'public' },
      seesEverything: false,
      token: 'applies',
    });

    await expectProblem(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: reader.headers,
        params: { path: { id: stranger.matchId } },
      }),
      403,
      'forbidden',
      'live and private',
    );

    const exported = await api.fetchChecked('/api/v1/export/matches', '/api/v1/export/matches', {
      headers: reader.headers,
    });
    const lines = (await exported.text()).split('\n').filter(Boolean);
    const ids = lines.map((line) => (JSON.parse(line) as { matchId: string }).matchId);
    expect(ids).toContain(own.matchId);
    expect(ids).not.toContain(stranger.matchId);
  });

  it('never writes: every write is refused in the reader’s language, a read by POST is not', async () => {
    const reader = session(
      ok(await issue(own.organizer, { scope: { matchIds: [own.matchId] } }), 201).token,
    );
    const ru = { ...reader.headers, 'accept-language': 'ru' };
    await expectProblem(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: ru,
        params: { path: { id: own.matchId } },
        body: anyDecision({ kind: 'concede', params: {} }),
      }),
      403,
      'forbidden',
      'Токен чтения только читает',
    );
    await expectProblem(
      await api.client.POST('/api/v1/read-tokens', {
        headers: reader.headers,
        body: { name: 'Ещё один', scope: { matchIds: [own.matchId] } },
      }),
      403,
      'forbidden',
      'A read token only reads',
    );
    await expectProblem(
      await api.client.POST('/api/v1/matches/{id}/annotations', {
        headers: reader.headers,
        params: { path: { id: own.matchId } },
        body: { seq: 0, text: 'Заметка' },
      }),
      403,
      'forbidden',
      'A read token only reads',
    );
    // The match is as it was: still started, nothing recorded by the reader.
    const match = ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: own.organizer.headers,
        params: { path: { id: own.matchId } },
      }),
      200,
    );
    expect(match.status).toBe('started');

    const named = await api.fetchChecked('/api/v1/export/matches', '/api/v1/export/matches', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [own.matchId] }),
    });
    expect(named.status).toBe(200);
    expect((await named.text()).split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('is throttled by its own limit: 429 problem+json with Retry-After beyond it', async () => {
    const reader = session(
      ok(
        await issue(own.organizer, { scope: { matchIds: [own.matchId] }, requestsPerMinute: 3 }),
        201,
      ).token,
    );
    const read = () =>
      fetch(`${app.url}/api/v1/rulesets`, {
        headers: { ...reader.headers, 'accept-language': 'ru' },
      });
    for (let i = 0; i < 3; i++) {
      const answer = await read();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('3');
      await answer.text();
    }
    const refused = await read();
    await expectProblem({ response: refused }, 429, 'too-many-requests', 'разрешено 3 в минуту');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Anonymous reads from the same address go on: the throttle is the token's.
    expect((await fetch(`${app.url}/api/v1/rulesets`)).status).toBe(200);
  });

  it('opens at most its openStreams at once: one more is 429 with Retry-After, not a stall', async () => {
    const reader = session(
      ok(await issue(own.organizer, { scope: { matchIds: [own.matchId] }, openStreams: 1 }), 201)
        .token,
    );
    const feed = () =>
      fetch(`${app.url}/api/v1/feed`, {
        headers: { ...reader.headers, accept: 'text/event-stream' },
      });
    const first = await feed();
    expect(first.status).toBe(200);
    const second = await feed();
    await expectProblem({ response: second }, 429, 'too-many-requests', '1 streams open');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // Plain reads are not streams: they go on while the feed is open.
    expect((await fetch(`${app.url}/api/v1/rulesets`, { headers: reader.headers })).status).toBe(
      200,
    );
    await first.body?.cancel();
    // Once the first stream closed, the server lets another one open.
    let third = await feed();
    for (let tries = 0; third.status === 429 && tries < 40; tries++) {
      await third.text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      third = await feed();
    }
    expect(third.status).toBe(200);
    await third.body?.cancel();
  });

  it('is scoped only to what its issuer owns, and says what is wrong with a scope', async () => {
    await expectProblem(
      await issue(own.organizer, { scope: {} }),
      400,
      'invalid-scope',
      'needs a scope',
    );
    await expectProblem(
      await issue(own.organizer, { scope: { matchIds: [stranger.matchId] } }),
      403,
      'forbidden',
      'belongs to another organizer',
    );
    await expectProblem(
      await issue(own.organizer, { scope: { organizer: stranger.organizer.id } }),
      403,
      'forbidden',
      'your own organizer id',
    );
    await expectProblem(
      await issue(own.organizer, { scope: { tournamentIds: ['нет-такого'] } }),
      404,
      'not-found',
      'There is no tournament',
    );
    await expectProblem(
      await issue(own.organizer, { scope: { organizer: own.organizer.id }, requestsPerMinute: 0 }),
      400,
      'invalid-body',
      'requestsPerMinute',
    );
    await expectProblem(
      await api.client.POST('/api/v1/read-tokens', {
        body: { name: 'Сайт', scope: { organizer: own.organizer.id } },
      }),
      401,
      'unauthorized',
      /token/i,
    );
    const seat = own.seats.red;
    await expectProblem(
      await issue(seat, { scope: { matchIds: [own.matchId] } }),
      403,
      'forbidden',
      'organizer or an admin',
    );
    // The admin scopes a token to any organizer's matches.
    ok(await issue(asAdmin(), { scope: { matchIds: [stranger.matchId] } }), 201);
  });

  it('is listed for its issuer and revoked by it: then it reads nothing beyond the public', async () => {
    const other = await asNewOrganizer(api, 'Клуб «Орбита»');
    const issued = ok(
      await issue(own.organizer, {
        name: 'Статистика «Звезды»',
        scope: { matchIds: [own.matchId] },
        requestsPerMinute: 120,
      }),
      201,
    );
    const reader = session(issued.token);
    const mine = ok(
      await api.client.GET('/api/v1/read-tokens', { headers: own.organizer.headers }),
      200,
    );
    expect(mine.find((token) => token.id === issued.id)).toMatchObject({
      name: 'Статистика «Звезды»',
      scope: { matchIds: [own.matchId] },
      limits: { requestsPerMinute: 120, openStreams: 2 },
      issuedBy: own.organizer.id,
    });
    expect(JSON.stringify(mine)).not.toContain(issued.token);
    // Another organizer neither sees it nor revokes it; the admin sees every one.
    const theirs = ok(await api.client.GET('/api/v1/read-tokens', { headers: other.headers }), 200);
    expect(theirs.map((token) => token.id)).not.toContain(issued.id);
    const all = ok(
      await api.client.GET('/api/v1/read-tokens', { headers: asAdmin().headers }),
      200,
    );
    expect(all.map((token) => token.id)).toContain(issued.id);
    await expectProblem(
      await api.client.DELETE('/api/v1/read-tokens/{id}', {
        headers: other.headers,
        params: { path: { id: issued.id } },
      }),
      404,
      'not-found',
      issued.id,
    );
    expect(await listedIds(reader.headers)).toContain(own.matchId);

    const revoked = await api.client.DELETE('/api/v1/read-tokens/{id}', {
      headers: own.organizer.headers,
      params: { path: { id: issued.id } },
    });
    expect(revoked.response.status).toBe(204);
    // A public read with a revoked token is answered as anonymous, and says so.
    const after = await fetch(`${app.url}/api/v1/matches?limit=200`, { headers: reader.headers });
    expect(after.headers.get('x-matchlog-auth')).toBe('ignored-unknown-token');
    const items = ((await after.json()) as { items: { matchId: string }[] }).items;
    expect(items.map((item) => item.matchId)).not.toContain(own.matchId);
    const listedAfter = ok(
      await api.client.GET('/api/v1/read-tokens', { headers: own.organizer.headers }),
      200,
    );
    expect(listedAfter.map((token) => token.id)).not.toContain(issued.id);
    await expectProblem(
      await api.client.DELETE('/api/v1/read-tokens/{id}', {
        headers: own.organizer.headers,
        params: { path: { id: issued.id } },
      }),
      404,
      'not-found',
      'no read token',
    );
  });
});
