import {
  asAdmin,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 9 (part): responses that carry a token or private data could be stored by caches,
 * API answers had no `X-Content-Type-Options: nosniff`, and the Swagger UI at /docs had no
 * content security policy.
 */
describe('security: response headers', () => {
  let app: TestApp;
  let organizer: Session;
  let red: Session;
  let matchId: string;

  beforeAll(async () => {
    app = await startTestApp();
    const api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб');
    const { data } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    matchId = data!.matchId;
    red = seatSessions(data!).red;
  });
  afterAll(() => app?.close());

  const get = (path: string, session?: Session) =>
    fetch(`${app.url}${path}`, { headers: session?.headers ?? {} });

  it.each(['/health', '/docs-json', '/api/v1/rulesets', '/api/v1/no-such-thing', '/docs', '/'])(
    'sends X-Content-Type-Options: nosniff on %s',
    async (path) => {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('sends Cache-Control: no-store on answers that carry a token', async () => {
    const minted = await fetch(`${app.url}/api/v1/organizers`, {
      method: 'POST',
      headers: { ...asAdmin().headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Второй клуб' }),
    });
    expect(minted.status).toBe(201);
    expect(minted.headers.get('cache-control')).toBe('no-store');

    const created = await fetch(`${app.url}/api/v1/matches`, {
      method: 'POST',
      headers: { ...organizer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ruleset: 'freeform', seats: [{ seat: 'red' }] }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
  });

  it('sends Cache-Control: no-store on everything read with a token, errors included', async () => {
    for (const response of [
      await get(`/api/v1/matches/${matchId}`, red),
      await get(`/api/v1/matches/${matchId}/state`, red),
      await get(`/api/v1/matches/${matchId}/events`, organizer),
      await get('/api/v1/matches/no-such-match', organizer),
      await get('/api/v1/matches', { token: 'x', headers: { Authorization: 'Bearer ml_unknown' } }),
    ]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each(['/docs', '/', `/replay/some-match`])(
    'sends a content security policy on %s',
    async (path) => {
      const response = await get(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-eval');
    },
  );

  it('sends the API answers a policy that loads nothing and may not be framed', async () => {
    for (const path of ['/api/v1/matches', `/api/v1/matches/${matchId}`, '/api/v1/no-such-route']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
