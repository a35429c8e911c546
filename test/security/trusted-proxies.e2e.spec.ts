import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogCapture } from '../support/log-capture';
import { startServiceProcess } from '../support/service-process';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

/**
 * Operations review 2026-12-06, H1: behind a reverse proxy every client shared the proxy's
 * address, so 31 bogus tokens from one client locked the admin out. Behind the proxies listed
 * in MATCHLOG_TRUSTED_PROXIES the client's address is the one `X-Forwarded-For` gives; every
 * per-address limit and every access line use it. An untrusted peer's header is ignored.
 */

const FAILURES_PER_ADDRESS = 3;
const REQUESTS_PER_ADDRESS = 8;
const LIMITS = {
  MATCHLOG_AUTH_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
  MATCHLOG_RATE_LIMIT_PER_ADDRESS: String(REQUESTS_PER_ADDRESS),
  MATCHLOG_LOG_LEVEL: 'info',
  MATCHLOG_LOG_FORMAT: 'json',
};
const PROBER = '203.0.113.7';
const JUDGE = '198.51.100.9';

/** GET /metrics (it needs the admin token) as sent by the proxy for `forwardedFor`. */
const metricsVia = (url: string, forwardedFor: string, token: string) =>
  fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': forwardedFor },
  });

async function lockOut(url: string, forwardedFor: (i: number) => string): Promise<void> {
  for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1)
    expect(
      (await metricsVia(url, forwardedFor(i), `ml_org_bogus${i}_abcdefghijklmnop`)).status,
    ).toBe(401);
}

describe('security: behind a trusted reverse proxy', () => {
  let app: TestApp;
  const log = new LogCapture();

  beforeAll(async () => {
    app = await startTestApp({ ...LIMITS, MATCHLOG_TRUSTED_PROXIES: '127.0.0.1' }, undefined, {
      logDestination: log,
    });
  });
  afterAll(() => app?.close());

  it('limits two clients with different forwarded addresses apart', async () => {
    await lockOut(app.url, () => PROBER);
    const refused = await metricsVia(app.url, PROBER, TEST_ADMIN_TOKEN);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toContain(
      `Too many failed authentications from ${PROBER}`,
    );
    // The admin behind the same proxy is not locked out by the prober.
    expect((await metricsVia(app.url, JUDGE, TEST_ADMIN_TOKEN)).status).toBe(200);

    // The request limit per address, too: the judge's requests do not use up another's.
    const reader = '192.0.2.44';
    for (let i = 0; i < REQUESTS_PER_ADDRESS; i += 1)
      expect(
        (await fetch(`${app.url}/health`, { headers: { 'x-forwarded-for': reader } })).status,
      ).toBe(200);
    const tooMany = await fetch(`${app.url}/health`, { headers: { 'x-forwarded-for': reader } });
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { detail: string }).detail).toContain(
      `Too many requests from ${reader}`,
    );
    expect(
      (await fetch(`${app.url}/health`, { headers: { 'x-forwarded-for': '192.0.2.45' } })).status,
    ).toBe(200);
  });

  it('takes the address the proxy saw, not one the client put before it', async () => {
    // nginx appends the peer it saw: whatever the client sent comes first and is not trusted.
    const before = log.accessLines().length;
    const answer = await fetch(`${app.url}/health`, {
      headers: { 'x-forwarded-for': `${JUDGE}, 192.0.2.50` },
    });
    expect(answer.status).toBe(200);
    expect(log.accessLines().slice(before)).toEqual([
      expect.objectContaining({ path: '/health', address: '192.0.2.50' }),
    ]);
  });

  it('logs them apart: the lockout at warn with the forwarded address, and each access line', () => {
    const lockouts = log.lines.filter(
      (line) => line.level === 40 && /^Failed authentications from/.test(String(line.msg)),
    );
    expect(lockouts).toEqual([expect.objectContaining({ address: PROBER })]);
    const addresses = new Set(log.accessLines().map((line) => line.address));
    expect(addresses).toEqual(new Set([PROBER, JUDGE, '192.0.2.44', '192.0.2.45', '192.0.2.50']));
    expect(log.accessLines().filter((line) => line.address === JUDGE)).toEqual([
      expect.objectContaining({ path: '/metrics', status: 200 }),
    ]);
  });
});

describe('security: X-Forwarded-For from a peer that is not a trusted proxy', () => {
  let app: TestApp;
  const log = new LogCapture();

  beforeAll(async () => {
    // Only another address is trusted: the test's own requests come from 127.0.0.1.
    app = await startTestApp({ ...LIMITS, MATCHLOG_TRUSTED_PROXIES: '10.0.0.0/8' }, undefined, {
      logDestination: log,
    });
  });
  afterAll(() => app?.close());

  it('is ignored: the peer is the client, whatever address it claims', async () => {
    await lockOut(app.url, (i) => `203.0.113.${i + 1}`);
    const refused = await metricsVia(app.url, JUDGE, TEST_ADMIN_TOKEN);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toContain(
      'Too many failed authentications from 127.0.0.1',
    );
    const addresses = new Set(log.accessLines().map((line) => line.address));
    expect(addresses).toEqual(new Set(['127.0.0.1']));
  });
});

describe('operations: a start with a bad MATCHLOG_TRUSTED_PROXIES or data directory', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-proxies-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('stops with one clear line and exit 1, before anything starts', async () => {
    const failure = await startServiceProcess({
      MATCHLOG_DATA_DIR: join(work, 'data'),
      MATCHLOG_TRUSTED_PROXIES: '127.0.0.1, nginx',
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      /exited with 1; its standard error:\nInvalid configuration:\n {2}- MATCHLOG_TRUSTED_PROXIES must list IP addresses or CIDRs, comma-separated \(127\.0\.0\.1, 10\.0\.0\.0\/8\), got "nginx"\n$/,
    );

    const file = join(work, 'a-file');
    writeFileSync(file, 'not a directory');
    const notADirectory = await startServiceProcess({ MATCHLOG_DATA_DIR: file }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(notADirectory).toMatch(
      /exited with 1; its standard error:\nMATCHLOG_DATA_DIR \S+a-file is not a directory\n$/,
    );

    // Node's recursive mkdir never returns under /proc: the start hung there, silent.
    const uncreatable = await startServiceProcess({
      MATCHLOG_DATA_DIR: '/proc/matchlog-nope',
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(uncreatable).toMatch(
      /exited with 1; its standard error:\nMATCHLOG_DATA_DIR \/proc\/matchlog-nope cannot be created \(ENOENT\)\n$/,
    );
  }, 120_000);
});
