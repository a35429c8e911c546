import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { MatchProjector } from '../../src/infrastructure/readmodels/match-projector';
import { expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

type Kind = 'public-finished' | 'private-finished' | 'public-live' | 'private-live';

/**
 * Issue 42, item 5: one visibility rule. The match list, the bulk export, the feed and the
 * statistics cover the same matches for the same caller: an anonymous site that recomputes
 * the figures from the export's finished matches counts what the statistics count.
 */
describe('one visibility rule for the list, the export, the feed and the statistics', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  const kinds = new Map<string, Kind>();

  async function play(kind: Kind, index: number): Promise<string> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: `Видимость ${index}`,
          public: kind.startsWith('public'),
          spectatorDelay: 0,
          seats: [
            { seat: 'red', faction: 'Империя' },
            { seat: 'blue', faction: 'Альянс' },
          ],
          setup: { zones: [{ id: 'a', kind: 'location' }], pieces: [] },
        },
      }),
      201,
    );
    kinds.set(created.matchId, kind);
    const seats = seatSessions(created);
    for (const seat of ['red', 'blue'] as const)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: created.matchId, seat } },
          body: { name: seat === 'red' ? 'Вера Зорина' : 'Глеб Орлов' },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id: created.matchId } },
      }),
      201,
    );
    if (kind.endsWith('finished'))
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.blue.headers,
          params: { path: { id: created.matchId } },
          body: anyDecision({ kind: 'concede', params: {} }),
        }),
        201,
      );
    return created.matchId;
  }

  const finished = (ids: Iterable<string>) =>
    [...ids].filter((id) => kinds.get(id)?.endsWith('finished')).sort();
  const ndjson = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  /** The match ids each read path gives `headers`' caller, once the read models caught up. */
  async function readPaths(headers: Record<string, string>) {
    const listed = ok(
      await api.client.GET('/api/v1/matches', { headers, params: { query: { limit: 200 } } }),
      200,
    ).items.map((item) => item.matchId);
    const exported = (
      await ndjson(
        await api.fetchChecked('/api/v1/export/matches', '/api/v1/export/matches', { headers }),
      )
    ).map((line) => line.matchId as string);
    const fed = (
      await ndjson(
        await api.fetchChecked(
          '/api/v1/feed',
          '/api/v1/feed?format=ndjson&wait=0&after=0&limit=10000',
          { headers },
        ),
      )
    ).map((line) => (line.event as { matchId: string }).matchId);
    const ruleset = ok(
      await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
        headers,
        params: { path: { ruleset: 'freeform' } },
      }),
      200,
    );
    const player = ok(
      await api.client.GET('/api/v1/stats/players/{name}', {
        headers,
        params: { path: { name: 'Вера Зорина' } },
      }),
      200,
    );
    return {
      listed: new Set(listed),
      exported: new Set(exported),
      fed: new Set(fed),
      rulesetMatches: ruleset.matches,
      playerMatches: player.matches,
    };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб «Видимость»');
    let index = 0;
    for (const kind of [
      'public-finished',
      'private-finished',
      'private-finished',
      'public-live',
      'private-live',
    ] as const)
      await play(kind, ++index);
  });

  afterAll(async () => {
    expect(api.checks.failures).toEqual([]);
    await app.close();
  });

  it.each([
    ['an anonymous caller', () => ({})],
    ['another organizer', async () => (await asNewOrganizer(api, 'Чужой клуб')).headers],
    ['the organizer', () => organizer.headers],
  ])('gives %s the same matches on every read path', async (_who, headersOf) => {
    const headers = await headersOf();
    let seen = await readPaths(headers);
    for (let waited = 0; seen.rulesetMatches < 3 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await readPaths(headers);
    }
    const everyFinished = finished(kinds.keys());
    expect(everyFinished).toHaveLength(3);
    // Finished matches, private ones included: the same set everywhere, and the figures count it.
    expect(finished(seen.listed)).toEqual(everyFinished);
    expect(finished(seen.exported)).toEqual(everyFinished);
    expect(finished(seen.fed)).toEqual(everyFinished);
    expect(seen.rulesetMatches).toBe(everyFinished.length);
    expect(seen.playerMatches).toBe(everyFinished.length);
    // Every match, live ones included: the list, the export and the feed agree.
    expect([...seen.exported].sort()).toEqual([...seen.listed].sort());
    expect([...seen.fed].sort()).toEqual([...seen.listed].sort());
    const live = [...seen.listed].filter((id) => !kinds.get(id)?.endsWith('finished'));
    const privateLive = [...kinds].find(([, kind]) => kind === 'private-live')![0];
    expect(live.includes(privateLive)).toBe(headers === organizer.headers);
  });

  /**
   * Issue 42, item 6: right after a match ends, its statistics answer with its final figures,
   * or, while the read models are behind, a 503 that says to retry after a moment; never a 404
   * "no match" or a 409 "is started".
   */
  describe('read-your-writes', () => {
    const dice = (id: string) =>
      api.client.GET('/api/v1/stats/matches/{id}/dice', { params: { path: { id } } });

    it('answers with a match’s final figures as soon as its end is acknowledged', async () => {
      const before = ok(
        await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
          params: { path: { ruleset: 'freeform' } },
        }),
        200,
      ).matches;
      const matchId = await play('public-finished', 10);
      // No polling: the first ask after the concede is answered.
      const answer = ok(await dice(matchId), 200);
      expect(answer.seats.map((seat) => [seat.seat, seat.won])).toEqual([
        ['red', true],
        ['blue', false],
      ]);
      const after = ok(
        await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
          params: { path: { ruleset: 'freeform' } },
        }),
        200,
      );
      expect(after.matches).toBe(before + 1);
    });

    it('says "being indexed, retry after" while the read models are behind, then answers', async () => {
      const projector = app.app.get(MatchProjector);
      await projector.stop();
      let matchId: string;
      try {
        matchId = await play('private-finished', 11);
        const behind = await dice(matchId);
        await expectProblem(behind, 503, 'being-indexed', 'retry after 1 s');
        expect(behind.response.headers.get('retry-after')).toBe('1');
        const russian = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
          params: { path: { id: matchId } },
          headers: { 'Accept-Language': 'ru' },
        });
        expect(russian.error?.detail).toMatch(/ещё обрабатывается: повторите запрос через 1 с/);
      } finally {
        projector.start();
      }
      // Caught up within the wait: the same question answers at once.
      expect(ok(await dice(matchId), 200).seats).toHaveLength(2);
      // A live match is still a 409, and one that never existed a 404.
      const live = await play('public-live', 12);
      await expectProblem(await dice(live), 409, 'match-not-finished', 'is started');
      await expectProblem(await dice('no-such-match'), 404, 'not-found', 'no-such-match');
    });
  });

  /**
   * Issue 42, item 6: the list, the bulk export, the statistics and the timeline answer with a
   * weak ETag shared by every encoding (Vary: Accept-Encoding) and 304 to If-None-Match, until
   * what they say changes; unknown query parameters are ignored with a warning.
   */
  describe('caching and unknown parameters', () => {
    let firstMatch: string;
    const reads = () => [
      ['/api/v1/matches', '/api/v1/matches?limit=50'],
      ['/api/v1/export/matches', '/api/v1/export/matches?with=summary,events'],
      ['/api/v1/stats/rulesets/{ruleset}', '/api/v1/stats/rulesets/freeform'],
      [
        '/api/v1/stats/players/{name}',
        `/api/v1/stats/players/${encodeURIComponent('Вера Зорина')}`,
      ],
      ['/api/v1/stats/matches/{id}/dice', `/api/v1/stats/matches/${firstMatch}/dice`],
      ['/api/v1/matches/{id}/timeline', `/api/v1/matches/${firstMatch}/timeline`],
    ];
    const get = (template: string, url: string, headers: Record<string, string> = {}) =>
      api.fetchChecked(template, url, { headers });

    beforeAll(() => {
      firstMatch = [...kinds].find(([, kind]) => kind === 'public-finished')![0];
    });

    it('tags each read weakly, the same in every encoding, and answers 304 while it holds', async () => {
      for (const [template, url] of reads()) {
        const plain = await get(template, url, { 'accept-encoding': 'identity' });
        expect([url, plain.status]).toEqual([url, 200]);
        const tag = plain.headers.get('etag');
        expect([url, tag]).toEqual([url, expect.stringMatching(/^W\/"[\w-]+"$/)]);
        expect(plain.headers.get('vary')).toMatch(/\bAccept-Encoding\b/i);
        await plain.arrayBuffer();
        const gzip = await get(template, url, { 'accept-encoding': 'gzip' });
        expect([url, gzip.headers.get('etag')]).toEqual([url, tag]);
        await gzip.arrayBuffer();
        const again = await get(template, url, { 'if-none-match': tag! });
        expect([url, again.status]).toEqual([url, 304]);
        expect(await again.text()).toBe('');
        const other = await get(template, url, { 'if-none-match': 'W/"something-else"' });
        expect([url, other.status]).toEqual([url, 200]);
        await other.arrayBuffer();
      }
    });

    it('gives a new tag once what a read says changed', async () => {
      const tagsOf = async () =>
        Promise.all(
          reads()
            .slice(0, 4)
            .map(async ([template, url]) => {
              const response = await get(template, url);
              await response.arrayBuffer();
              return response.headers.get('etag');
            }),
        );
      const before = await tagsOf();
      await play('public-finished', 20);
      const after = await tagsOf();
      after.forEach((tag, i) =>
        expect([reads()[i][1], tag]).not.toEqual([reads()[i][1], before[i]]),
      );
    });

    it('ignores an unknown parameter, naming it in a warning, and answers as without it', async () => {
      for (const [template, url] of reads()) {
        const withUnknown = `${url}${url.includes('?') ? '&' : '?'}foo=1&_=1733550000`;
        const ignoring = await get(template, withUnknown);
        expect([url, ignoring.status]).toEqual([url, 200]);
        expect([url, ignoring.headers.get('warning')]).toEqual([
          url,
          '299 - "unknown parameters: foo, _"',
        ]);
        expect(ignoring.headers.get('matchlog-ignored-params')).toBe('foo, _');
        const plain = await get(template, url);
        expect(plain.headers.get('warning')).toBeNull();
        expect(await ignoring.text()).toBe(await plain.text());
      }
    });
  });
});
