import { Writable } from 'node:stream';
import { asAdmin, createApi, session, type Api, type Session } from '../support/api-client';
import { expectProblem, ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Security review 2026-12-06, F9: after 30 unknown tokens from one address, a valid seat token
 * from that address got 429 until the window ended, so one stale bookmark in a club behind one
 * NAT address locked out every player; and an unknown token got 401 even on public reads.
 * Failures are now counted per token (quickly locked) and per address (a much higher limit),
 * lockouts are logged at warn with the address, and a public read with an unknown token is
 * answered as anonymous with `X-Matchlog-Auth: ignored-unknown-token`.
 */

/** Captures the service's JSON log lines. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): Array<Record<string, unknown>> {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const IGNORED = 'ignored-unknown-token';
const STALE = 'ml_seat_staleBookmark0123456789abcdefghijklmnopqrstu';
const PER_TOKEN = 3;
const PER_ADDRESS = 12;

describe('security: failed authentications per token and per address', () => {
  let app: TestApp;
  let api: Api;
  let match: StartedFreeform;
  const log = new LogCapture();

  beforeAll(async () => {
    app = await startTestApp(
      {
        MATCHLOG_AUTH_FAILURES_PER_TOKEN: String(PER_TOKEN),
        MATCHLOG_AUTH_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
        MATCHLOG_LOG_LEVEL: 'warn',
        MATCHLOG_LOG_FORMAT: 'json',
      },
      undefined,
      { logDestination: log },
    );
    api = await createApi(app.url);
    match = await startedFreeform(api, 'Клуб за одним адресом');
  });
  afterAll(() => app?.close());

  const stateAs = (who: Session) =>
    api.client.GET('/api/v1/matches/{id}/state', {
      headers: who.headers,
      params: { path: { id: match.matchId } },
    });
  const passAs = (who: Session) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id: match.matchId } },
      body: { kind: 'change-track', params: { track: 'vp:red', delta: 1 } },
    });

  it('locks a stale token after a few failures while the players at its address go on', async () => {
    const stale = session(STALE);
    for (let i = 0; i < PER_TOKEN; i += 1)
      await expectProblem(await passAs(stale), 401, 'unauthorized', 'unknown or revoked');
    // The stale token alone is now refused, without a look at it.
    const locked = await passAs(stale);
    const problem = await expectProblem(
      locked,
      429,
      'too-many-requests',
      /Too many failed authentications with this token: at most 3 per 60 s/,
    );
    expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(problem.detail).not.toContain(STALE);
    // In the reader's language.
    const russian = await api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: { ...stale.headers, 'Accept-Language': 'ru' },
      params: { path: { id: match.matchId } },
      body: { kind: 'change-track', params: { track: 'vp:red', delta: 1 } },
    });
    expect(russian.response.headers.get('content-language')).toBe('ru');
    await expectProblem(
      russian,
      429,
      'too-many-requests',
      /^Слишком много неудачных попыток входа с этим токеном: не больше 3 за 60 с; он неизвестен или отозван, попросите новый; повторите через \d+ с$/,
    );

    // Other stale tokens from the same address: more failures, still under the address limit.
    for (let i = 0; i < PER_ADDRESS - PER_TOKEN - 1; i += 1)
      expect((await passAs(session(`ml_seat_other${i}_abcdefghijklmnop`))).response.status).toBe(
        401,
      );
    // The valid tokens from that same address still read and write.
    ok(await stateAs(match.seats.red), 200);
    expect((await passAs(match.seats.red)).response.status).toBe(201);
    ok(await stateAs(match.seats.blue), 200);

    // One more failure reaches the address's much higher limit: now no token from it is
    // looked at, so a guess that happens to be right is not told so.
    expect((await passAs(session('ml_seat_lastGuess_abcdefghijklmnop'))).response.status).toBe(401);
    await expectProblem(
      await stateAs(match.seats.red),
      429,
      'too-many-requests',
      /Too many failed authentications from 127\.0\.0\.1: at most 12 per 60 s/,
    );
    // Without a token the address is still served.
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
  });

  it('logs each lockout once at warn with the address, never the token', () => {
    const lockouts = log
      .lines()
      .filter(
        (line) =>
          line.level === 40 && /Failed authentications|One token failed/.test(String(line.msg)),
      );
    expect(lockouts).toHaveLength(2);
    for (const line of lockouts) expect(line).toMatchObject({ address: '127.0.0.1' });
    expect(lockouts.map((line) => line.failures)).toEqual([PER_TOKEN, PER_ADDRESS]);
    // Not the token, nor the part of it failures are counted by.
    expect(log.text).not.toContain(STALE.slice(0, 16));
    expect(log.text).not.toContain('ml_seat_other');
  });
});

describe('security: an unknown token on a public read', () => {
  let app: TestApp;
  let api: Api;
  let match: StartedFreeform;
  let privateMatchId: string;
  let publicMatchId: string;
  const unknown = session('ml_seat_revokedLongAgo_abcdefghijklmnop');

  beforeAll(async () => {
    app = await startTestApp({ MATCHLOG_AUTH_FAILURES_PER_TOKEN: '2' });
    api = await createApi(app.url);
    match = await startedFreeform(api, 'Клуб');
    const created = await api.client.POST('/api/v1/matches', {
      headers: match.organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }], public: false },
    });
    privateMatchId = ok(created, 201).matchId;
    const spectated = await api.client.POST('/api/v1/matches', {
      headers: match.organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }], public: true },
    });
    publicMatchId = ok(spectated, 201).matchId;
  });
  afterAll(() => app?.close());

  /** A body as compared between callers: the uptime ticks between two requests, so it is left out. */
  const comparable = (body: string): unknown => {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && 'uptimeSeconds' in parsed) {
      const { uptimeSeconds: _ticking, ...rest } = parsed as Record<string, unknown>;
      return rest;
    }
    return parsed;
  };

  /** A GET checked against the OpenAPI document, which documents `X-Matchlog-Auth` on it. */
  const read = (template: string, path: string, who?: Session) =>
    api.fetchChecked(template, path, { headers: who?.headers ?? {} });

  it.each([
    ['/health', '/health'],
    ['/api/v1/rulesets', '/api/v1/rulesets'],
    ['/api/v1/matches', '/api/v1/matches'],
  ])('answers %s as to an anonymous caller, and says so', async (template, path) => {
    const anonymous = await read(template, path);
    // Several times: the token's own lockout must not turn a public read into a 429.
    for (let i = 0; i < 4; i += 1) {
      const answer = await read(template, path, unknown);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-matchlog-auth')).toBe(IGNORED);
      expect(comparable(await answer.text())).toEqual(comparable(await anonymous.clone().text()));
    }
    expect(anonymous.headers.get('x-matchlog-auth')).toBeNull();
    // A valid token is not flagged.
    const admin = await read(template, path, asAdmin());
    expect(admin.status).toBe(200);
    expect(admin.headers.get('x-matchlog-auth')).toBeNull();
  });

  it('answers a match anonymous may read as anonymous, a private one 401 naming the token', async () => {
    const readMatch = (id: string, who?: Session) =>
      read('/api/v1/matches/{id}', `/api/v1/matches/${id}`, who);
    const publicAnswer = await readMatch(publicMatchId, unknown);
    const anonymous = await readMatch(publicMatchId);
    expect(anonymous.status).toBe(200);
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers.get('x-matchlog-auth')).toBe(IGNORED);
    expect(await publicAnswer.json()).toEqual(await anonymous.json());
    const privateAnswer = await readMatch(privateMatchId, unknown);
    await expectProblem(
      { response: privateAnswer },
      401,
      'unauthorized',
      'The bearer token is unknown or revoked',
    );
    const inRussian = await api.fetchChecked(
      '/api/v1/matches/{id}',
      `/api/v1/matches/${privateMatchId}`,
      { headers: { ...unknown.headers, 'Accept-Language': 'ru-RU, en;q=0.5' } },
    );
    await expectProblem(
      { response: inRussian },
      401,
      'unauthorized',
      'Токен доступа неизвестен или отозван',
    );
  });

  it('still refuses a write with an unknown token with 401', async () => {
    await expectProblem(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: session('ml_seat_anotherUnknown_abcdefghijk').headers,
        params: { path: { id: match.matchId } },
        body: { kind: 'change-track', params: { track: 'vp:red', delta: 1 } },
      }),
      401,
      'unauthorized',
      'unknown or revoked',
    );
    await expectProblem(
      await api.client.POST('/api/v1/matches', {
        headers: session('ml_org_unknownOrganizer_abcdefghijk').headers,
        body: { ruleset: 'freeform', seats: [{ seat: 'red' }] },
      }),
      401,
      'unauthorized',
      'unknown or revoked',
    );
  });
});
