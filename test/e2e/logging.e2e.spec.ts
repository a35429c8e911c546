import { createApi, type Api } from '../support/api-client';
import { LogCapture } from '../support/log-capture';
import { expectProblem, startedFreeform } from '../support/match-checks';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the service log (operations: logs and request ids)', () => {
  let test: TestApp;
  let api: Api;
  const log = new LogCapture();

  beforeAll(async () => {
    test = await startTestApp(
      { MATCHLOG_LOG_LEVEL: 'info', MATCHLOG_LOG_FORMAT: 'json' },
      undefined,
      { logDestination: log },
    );
    api = await createApi(test.url);
  });
  afterAll(() => test.close());

  it('writes one access line per request, with method, route, path, status, duration and the request id', async () => {
    const before = log.accessLines().length;
    const answer = await fetch(`${test.url}/api/v1/matches/no-such-match?player=Анна`, {
      headers: { 'X-Request-Id': 'club-7.table:3' },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-request-id')).toBe('club-7.table:3');
    const problem = (await answer.json()) as { requestId?: string };
    expect(problem.requestId).toBe('club-7.table:3');

    const lines = log.accessLines().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: 'matchlog',
      requestId: 'club-7.table:3',
      method: 'GET',
      route: '/api/v1/matches/:id',
      // Without the query: player names stay out of the access log.
      path: '/api/v1/matches/no-such-match',
      status: 404,
      durationMs: expect.any(Number),
    });
  });

  it('generates the id when the caller sends none or one unsafe to log, and puts it in the problem', async () => {
    for (const sent of [undefined, 'x'.repeat(129), 'a b', '<script>', 'id;rm']) {
      const result = await api.client.GET('/api/v1/matches/{id}', {
        params: { path: { id: 'missing-match' } },
        headers: sent === undefined ? {} : { 'X-Request-Id': sent },
      });
      const problem = await expectProblem(result, 404, 'not-found', 'missing-match');
      const id = result.response.headers.get('x-request-id');
      expect(id).toMatch(UUID);
      expect(problem.requestId).toBe(id);
      expect(log.accessLines().at(-1)).toMatchObject({ requestId: id, status: 404 });
    }
  });

  it('gives every request its own id, one line each', async () => {
    const before = log.accessLines().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${test.url}/health`)),
    );
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(20);
    const lines = log.accessLines().slice(before);
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((line) => line.requestId))).toEqual(new Set(ids));
  });

  it('never logs a token: not the admin’s, nor a seat’s, nor one it issued', async () => {
    const before = log.accessLines().length;
    // Registers an organizer (as the admin), creates a match, claims both seats, starts it.
    const { seats, organizer } = await startedFreeform(api, 'Организатор логов');
    for (const secret of [TEST_ADMIN_TOKEN, organizer.token, seats.red.token, seats.blue.token])
      expect(log.text).not.toContain(secret);
    expect(log.accessLines().length - before).toBeGreaterThanOrEqual(5);
  });
});
