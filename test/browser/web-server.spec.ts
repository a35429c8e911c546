import { gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app';
import { ensureWebBuilt } from './support/browser';
import { api, recordFreeformMatch, type RecordedMatch } from './support/matches';

/** The viewer's pages and assets as the service serves them, and the small API the viewer reads. */

jest.setTimeout(60_000);

describe('viewer pages and replay API', () => {
  let app: TestApp;
  let match: RecordedMatch;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startTestApp();
    match = await recordFreeformMatch(app, 'Server test');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('serves the page at / and /replay/:id, gzipped, with a content security policy', async () => {
    for (const path of [
      '/',
      `/replay/${match.matchId}`,
      '/replay/no-such-match',
      '/replay/file',
      '/judge',
      '/stats',
      '/new',
      `/play/${match.matchId}`,
    ]) {
      const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="app">');
    }
  });

  it('serves content-hashed assets for a year, answers 304 to a known ETag, 404 as problem+json', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const raw = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(raw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = Buffer.from(await raw.arrayBuffer());
    const etag = raw.headers.get('etag') as string;
    const again = await fetch(`${app.url}${script}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Node's fetch decodes gzip itself; ask through a plain request to see the encoding.
    const zipped = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      const url = new URL(`${app.url}${script}`);
      void import('node:http').then(({ get }) =>
        get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
          );
        }).on('error', reject),
      );
    });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.bytes).equals(body)).toBe(true);
    // The page's script, gzipped, stays small: each ruleset's words and the match-file
    // verifier are chunks of their own; intl-messageformat (plural and case forms) is ~13 KB.
    expect(zipped.bytes.length).toBeLessThan(50_000);
    const missing = await fetch(`${app.url}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('tells who is looking: public, a seat, a judge, or a token of another match', async () => {
    const path = `/matches/${match.matchId}/viewer`;
    expect(await api(app, 'GET', path)).toEqual({
      matchId: match.matchId,
      viewer: { kind: 'public' },
      token: 'none',
      seesEverything: false,
      horizon: match.lastSeq,
      delayed: false,
      lastSeq: match.lastSeq,
    });
    expect(await api(app, 'GET', path, match.seats.red)).toMatchObject({
      viewer: { kind: 'seat', seat: 'red' },
      token: 'applies',
      seesEverything: false,
    });
    // A judge is told its own name and actor id, to sign its notes.
    expect(await api(app, 'GET', path, match.judge)).toMatchObject({
      viewer: { kind: 'judge' },
      token: 'applies',
      seesEverything: true,
      name: 'Анна Петрова',
      actorId: expect.any(String),
    });
    const other = await recordFreeformMatch(app, 'Other table');
    expect(await api(app, 'GET', path, other.seats.blue)).toMatchObject({
      viewer: { kind: 'public' },
      token: 'other-match',
    });
    const unknown = await fetch(`${app.url}/api/v1/matches/nope/viewer`);
    expect(unknown.status).toBe(404);
  });

  it('gives the board layout (areas for a ruleset without one) and the ruleset phrases', async () => {
    expect(await api(app, 'GET', `/matches/${match.matchId}/layout`)).toEqual({
      matchId: match.matchId,
      ruleset: { id: 'freeform', version: expect.any(String) },
      layout: { kind: 'areas' },
    });
    // Every event of the range, as the log says it: the players by their names, not their seats.
    const { phrases } = await api<{ phrases: { seq: number; en: string; ru: string }[] }>(
      app,
      'GET',
      `/matches/${match.matchId}/phrases?from=4&to=6`,
    );
    // (seq 3 places the face-down deck: its cards are committed, not listed in MatchCreated)
    expect(phrases.map((p) => p.seq)).toEqual([4, 5, 6]);
    expect(phrases.map((p) => p.ru)).toEqual([
      'Алексей Смирнов занимает место: Empire',
      'Мария Иванова занимает место: Rebels',
      'Матч начался',
    ]);
    const bad = await fetch(`${app.url}/api/v1/matches/${match.matchId}/phrases?from=-1`);
    expect(bad.status).toBe(400);
  });

  it('documents the replay API in OpenAPI and keeps the pages out of it', async () => {
    const doc = (await (await fetch(`${app.url}/docs-json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of ['viewer', 'layout', 'phrases'])
      expect(doc.paths[`/api/v1/matches/{id}/${path}`]).toBeDefined();
    expect(doc.components.schemas.BoardLayoutDto).toBeDefined();
    // Every schema the layout refers to is in the document.
    for (const ref of JSON.stringify(doc.components.schemas.BoardLayoutDto).matchAll(
      /#\/components\/schemas\/(\w+)/g,
    ))
      expect(doc.components.schemas[ref[1]]).toBeDefined();
    expect(doc.paths['/']).toBeUndefined();
    expect(doc.paths['/replay/{matchId}']).toBeUndefined();
  });
});
