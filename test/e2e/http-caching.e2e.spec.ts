import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  createApi,
  asNewOrganizer,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 12, point 5: strong ETags of what each caller sees, 304 on If-None-Match, shared
 * caching only of public answers (immutable once a settled match is read up to a fixed seq),
 * and gzip or brotli when asked, never on the decision path.
 */
describe('HTTP caching and compression', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Кэш');
  });
  afterAll(() => app?.close());

  /** A started public freeform match with a spectator delay of `delay` decisions. */
  async function publicMatch(
    body: { spectatorDelay?: number; disputeWindowMinutes?: number } = {},
  ): Promise<{ matchId: string; seats: Record<'red' | 'blue', Session> }> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          public: true,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [
              { id: 'north', kind: 'sector' },
              { id: 'south', kind: 'sector' },
              { id: 'deck', kind: 'deck', visibility: 'nobody' },
            ],
            pieces: [
              { id: 'c1', type: 'cruiser', owner: 'red', zone: 'north' },
              ...['k1', 'k2', 'k3'].map((id) => ({ id, type: 'card', zone: 'deck' })),
            ],
          },
          ...body,
        },
      }),
      201,
    );
    const seats = (await claimSeatsAndStart(api, created, organizer)) as Record<
      'red' | 'blue',
      Session
    >;
    return { matchId: created.matchId, seats };
  }

  const decide = async (matchId: string, seat: Session, kind: string, params: unknown) =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seat.headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );

  const read = (path: string, headers: Record<string, string> = {}) =>
    api.fetchChecked(path.replace(/\/matches\/[^/?]+/, '/matches/{id}').split('?')[0], path, {
      headers,
    });

  const readOf = (template: string) => (matchId: string) => template.replace('{id}', matchId);

  it.each([
    ['the summary', readOf('/api/v1/matches/{id}')],
    ['the events', readOf('/api/v1/matches/{id}/events')],
    ['the events as NDJSON', readOf('/api/v1/matches/{id}/events')],
    ['the state', readOf('/api/v1/matches/{id}/state')],
    ['the log’s sentences', readOf('/api/v1/matches/{id}/phrases')],
  ])('answers 304 to an unchanged ETag of %s, and 200 once the match moved', async (what, url) => {
    const { matchId, seats } = await publicMatch();
    const accept: Record<string, string> =
      what === 'the events as NDJSON' ? { accept: 'application/x-ndjson' } : {};
    const first = await read(url(matchId), { ...accept, ...seats.red.headers });
    expect(first.status).toBe(200);
    await first.text();
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"\d+\.[A-Za-z0-9_-]{22}"$/);

    const again = await read(url(matchId), {
      ...accept,
      ...seats.red.headers,
      'if-none-match': `"other", ${tag}`,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('no-store');

    await decide(matchId, seats.red, 'move', { pieces: ['c1'], to: 'south' });
    const moved = await read(url(matchId), {
      ...accept,
      ...seats.red.headers,
      'if-none-match': tag,
    });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(tag);
  });

  it('tags what each caller sees: seats apart, a spectator by their horizon only', async () => {
    const { matchId, seats } = await publicMatch({ spectatorDelay: 1 });
    await decide(matchId, seats.red, 'shuffle', { deck: 'deck' });
    await decide(matchId, seats.red, 'draw', { deck: 'deck', count: 1 });
    const tagOf = async (headers: Record<string, string>) => {
      const response = await read(`/api/v1/matches/${matchId}/events`, headers);
      expect(response.status).toBe(200);
      await response.text();
      return response.headers.get('etag')!;
    };
    const red = await tagOf(seats.red.headers);
    const blue = await tagOf(seats.blue.headers);
    const spectator = await tagOf({});
    expect(new Set([red, blue, spectator]).size).toBe(3);

    // A decision past the spectator's horizon moves the seats' tags; the spectator's moves
    // only as their delayed view does (one decision later), so it says nothing of the head.
    await decide(matchId, seats.blue, 'roll', { dice: '1d6' });
    expect(await tagOf(seats.red.headers)).not.toBe(red);
    const spectatorAfter = await tagOf({});
    expect(spectatorAfter).not.toBe(spectator);
    const spectatorSeq = Number(/^"(\d+)\./.exec(spectatorAfter)![1]);
    const redSeq = Number(/^"(\d+)\./.exec(await tagOf(seats.red.headers))![1]);
    expect(spectatorSeq).toBeLessThan(redSeq);
  });

  it('lets shared caches keep only public answers, for good once a settled match is read to a fixed seq', async () => {
    const live = await publicMatch();
    const liveAnonymous = await read(`/api/v1/matches/${live.matchId}`);
    await liveAnonymous.text();
    expect(liveAnonymous.headers.get('cache-control')).toBe('public, no-cache');

    const { matchId, seats } = await publicMatch({ disputeWindowMinutes: 0 });
    await decide(matchId, seats.red, 'move', { pieces: ['c1'], to: 'south' });
    await decide(matchId, seats.blue, 'concede', {});
    await new Promise((resolve) => setTimeout(resolve, 5));

    const cacheControlOf = async (url: string, headers: Record<string, string> = {}) => {
      const response = await read(url, headers);
      expect(response.status).toBe(200);
      await response.text();
      return response.headers.get('cache-control');
    };
    expect(await cacheControlOf(`/api/v1/matches/${matchId}`)).toBe('public, max-age=60');
    expect(await cacheControlOf(`/api/v1/matches/${matchId}/events?to=3`)).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await cacheControlOf(`/api/v1/matches/${matchId}/state?at=3`)).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(await cacheControlOf(`/api/v1/matches/${matchId}/export`)).toBe('public, max-age=60');
    // With a token the answer is the caller's own: never stored.
    expect(await cacheControlOf(`/api/v1/matches/${matchId}/events?to=3`, seats.red.headers)).toBe(
      'no-store',
    );

    const exported = await read(`/api/v1/matches/${matchId}/export`);
    await exported.text();
    const again = await read(`/api/v1/matches/${matchId}/export`, {
      'if-none-match': exported.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  /** A raw request, so that the body is seen as sent (fetch would decompress it). */
  function raw(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
    const url = new URL(path, app.url);
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('answers gzip or brotli when asked, for JSON and NDJSON, and leaves small or write answers alone', async () => {
    const { matchId, seats } = await publicMatch();
    for (let i = 0; i < 10; i += 1) await decide(matchId, seats.red, 'roll', { dice: '2d6' });
    const plain = await raw('GET', `/api/v1/matches/${matchId}/events`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gzipped = await raw('GET', `/api/v1/matches/${matchId}/events`, {
      'accept-encoding': 'gzip',
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);

    const ndjson = await raw('GET', `/api/v1/matches/${matchId}/events`, {
      'accept-encoding': 'br',
      accept: 'application/x-ndjson',
    });
    expect(ndjson.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(ndjson.body).toString().split('\n')[0]).toContain('MatchCreated');

    const tiny = await raw('GET', '/health', { 'accept-encoding': 'gzip' });
    expect(tiny.body.length).toBeLessThan(1400);
    expect(tiny.headers['content-encoding']).toBeUndefined();

    const decided = await raw(
      'POST',
      `/api/v1/matches/${matchId}/decisions`,
      { ...seats.red.headers, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      JSON.stringify({ kind: 'roll', params: { dice: '40d6' } }),
    );
    expect(decided.status).toBe(201);
    expect(decided.body.length).toBeGreaterThan(1400);
    expect(decided.headers['content-encoding']).toBeUndefined();
  });
});
