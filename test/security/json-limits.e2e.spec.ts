import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 7: JSON that parses but that nothing downstream can hold (nesting thousands of
 * levels deep, lone surrogates, numbers beyond a double) and query numbers far out of range
 * were answered 500. Each is now a 400 problem+json that says what and where, and no stream
 * changes.
 */
describe('security: JSON and query numbers beyond what the service can hold', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  let matchId: string;
  let red: Session;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб');
    const { data } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    matchId = data!.matchId;
    red = seatSessions(data!).red;
  });
  afterAll(() => app?.close());

  /** Posts raw JSON text (checked against the OpenAPI document) and returns status and problem. */
  async function postRaw(path: string, template: string, text: string, who = organizer) {
    const response = await api.fetchChecked(template, path, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: text,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      problem: (await response.json()) as { type: string; detail: string },
    };
  }

  const createMatch = (text: string) => postRaw('/api/v1/matches', '/api/v1/matches', text);

  async function headHash(): Promise<string> {
    const { data } = await api.client.GET('/api/v1/matches/{id}/audit', {
      headers: organizer.headers,
      params: { path: { id: matchId } },
    });
    return data!.headHash;
  }

  it('refuses nesting deeper than the limit with a 400 naming the limit', async () => {
    const deep = '['.repeat(5000) + '1' + ']'.repeat(5000);
    const answer = await createMatch(
      `{"ruleset":"freeform","seats":[{"seat":"a"}],"setup":{"x":${deep}}}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.problem.type).toMatch(/\/json-too-deep$/);
    expect(answer.problem.detail).toContain('more than 64 levels');
  });

  it('accepts nesting within the limit', async () => {
    const nested = '['.repeat(20) + '1' + ']'.repeat(20);
    const answer = await createMatch(
      `{"ruleset":"freeform","seats":[{"seat":"a"}],"options":{"x":${nested}}}`,
    );
    // The ruleset refuses the unknown option: the body itself got through the parser.
    expect(answer.problem.type).not.toMatch(/json-too-deep/);
  });

  it('refuses lone surrogates in strings and member names, saying where', async () => {
    const before = await headHash();
    const inValue = await postRaw(
      `/api/v1/matches/${matchId}/seats/red/claim`,
      '/api/v1/matches/{id}/seats/{seat}/claim',
      '{"name":"Аня \\ud800"}',
      red,
    );
    expect(inValue.status).toBe(400);
    expect(inValue.problem.type).toMatch(/\/unencodable-string$/);
    expect(inValue.problem.detail).toContain('$.name');

    const inKey = await createMatch(
      '{"ruleset":"freeform","seats":[{"seat":"a"}],"setup":{"\\udc00x":1}}',
    );
    expect(inKey.status).toBe(400);
    expect(inKey.problem.detail).toContain('member name');
    expect(await headHash()).toBe(before);
  });

  it('refuses numbers beyond a double (1e400 parses to Infinity)', async () => {
    const answer = await createMatch(
      '{"ruleset":"freeform","seats":[{"seat":"a"}],"setup":{"pieces":[{"id":"p","type":"t","zone":"z","attrs":{"cost":1e400}}]}}',
    );
    expect(answer.status).toBe(400);
    expect(answer.problem.type).toMatch(/\/number-out-of-range$/);
    expect(answer.problem.detail).toContain('$.setup.pieces[0].attrs.cost');
  });

  it.each([
    ['events', '/api/v1/matches/{id}/events', 'from=1e30'],
    ['audit-log', '/api/v1/matches/{id}/audit-log', 'from=1e30'],
    ['timeline', '/api/v1/matches/{id}/timeline', 'to=100000000000000000000000'],
    ['events', '/api/v1/matches/{id}/events', 'limit=1e3'],
  ])('refuses a query number out of range on %s (%s)', async (path, template, query) => {
    const response = await api.fetchChecked(
      template,
      `/api/v1/matches/${matchId}/${path}?${query}`,
      { headers: organizer.headers },
    );
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toContain(
      `${query.split('=')[0]} must be a non-negative decimal integer`,
    );
  });
});
