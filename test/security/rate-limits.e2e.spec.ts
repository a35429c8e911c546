import { asAdmin, asNewOrganizer, createApi } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 6: nothing limited how fast a client could call, or how many tokens it could try.
 * Requests are now limited per client address and per token (`RateLimit-*` headers on every
 * answer, 429 problem+json with `Retry-After` beyond), and an address that sent too many bad
 * tokens is refused before its next token is even looked at.
 */
describe('security: rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function start(env: Record<string, string>): Promise<TestApp> {
    const app = await startTestApp(env);
    apps.push(app);
    return app;
  }

  async function expectTooMany(response: Response, what: RegExp): Promise<void> {
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    const problem = (await response.json()) as { type: string; detail: string };
    expect(problem.type).toMatch(/\/too-many-requests$/);
    expect(problem.detail).toMatch(what);
  }

  it('limits requests per address, with RateLimit-* headers on every answer', async () => {
    const app = await start({ MATCHLOG_RATE_LIMIT_PER_ADDRESS: '6' });
    const seen: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${app.url}/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('6');
      expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(response.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      seen.push(response.headers.get('ratelimit-remaining') ?? '');
    }
    expect(seen).toEqual(['5', '4', '3', '2', '1', '0']);
    await expectTooMany(await fetch(`${app.url}/health`), /Too many requests from /);
  });

  it('limits requests per token, documented in the OpenAPI document', async () => {
    const app = await start({ MATCHLOG_RATE_LIMIT_PER_TOKEN: '5' });
    const api = await createApi(app.url);
    const organizer = await asNewOrganizer(api, 'Клуб');
    for (let i = 0; i < 5; i += 1) {
      const { response } = await api.client.GET('/api/v1/matches', { headers: organizer.headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('5');
    }
    // The sixth is refused, and the refusal is what the document says it is.
    const refused = await api.fetchChecked('/api/v1/matches', '/api/v1/matches', {
      headers: organizer.headers,
    });
    await expectTooMany(refused, /Too many requests with this token/);
    // Another token is not held back by this one.
    const { response } = await api.client.GET('/api/v1/matches', { headers: asAdmin().headers });
    expect(response.status).toBe(200);
  });

  it('refuses an address that sent too many bad tokens, before looking at its next token', async () => {
    const app = await start({ MATCHLOG_AUTH_FAILURES_PER_ADDRESS: '4' });
    const api = await createApi(app.url);
    for (let i = 0; i < 4; i += 1) {
      // A public read: answered as anonymous, yet counted as a failure of the address.
      const response = await fetch(`${app.url}/api/v1/matches`, {
        headers: { authorization: `Bearer ml_org_guess${i}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-matchlog-auth')).toBe('ignored-unknown-token');
    }
    await expectTooMany(
      await fetch(`${app.url}/api/v1/matches`, { headers: { authorization: 'Bearer ml_org_x' } }),
      /Too many failed authentications/,
    );
    // Even a good token: a guess that happens to be right must not be told so.
    await expectTooMany(
      await api.fetchChecked('/api/v1/matches', '/api/v1/matches', { headers: asAdmin().headers }),
      /Too many failed authentications/,
    );
    // Requests without a token still get through.
    expect((await fetch(`${app.url}/api/v1/matches`)).status).toBe(200);
  });

  it('documents 429 with Retry-After and the RateLimit-* headers on every operation', async () => {
    const app = await start({});
    const { document } = await createApi(app.url);
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { responses: Record<string, { headers?: object }> }>),
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      expect(operation.responses['429']).toBeDefined();
      expect(operation.responses['429'].headers).toHaveProperty('Retry-After');
    }
  });
});
