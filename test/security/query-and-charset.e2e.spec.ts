import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 9 (part): `?at=0x3` was read as seq 3 (Number() takes hex, exponents, blanks), and a
 * body declared `charset=latin1` was decoded as UTF-8 anyway. Query numbers are decimal only
 * (400 naming the parameter); a body in any charset but UTF-8 is 415.
 */
describe('security: non-decimal query numbers and non-UTF-8 bodies', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  let red: Session;
  let matchId: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб');
    const { data } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: { zones: [{ id: 'north', kind: 'sector' }] },
      },
    });
    matchId = data!.matchId;
    red = seatSessions(data!).red;
  });
  afterAll(() => app?.close());

  it.each(['0x3', '1e0', '0b1', ' 1', '1.0', '+1', '-0', ''])(
    'refuses at=%p on GET state with a 400 naming the parameter',
    async (at) => {
      const response = await api.fetchChecked(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state?at=${encodeURIComponent(at)}`,
        { headers: organizer.headers },
      );
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { detail: string };
      expect(problem.detail).toContain('at must be a non-negative decimal integer');
    },
  );

  it('still reads a decimal seq', async () => {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/state',
      `/api/v1/matches/${matchId}/state?at=0`,
      { headers: organizer.headers },
    );
    expect(response.status).toBe(200);
  });

  it.each(['latin1', 'iso-8859-1', 'utf-16'])(
    'refuses a body in charset=%s with 415',
    async (charset) => {
      const response = await api.fetchChecked(
        '/api/v1/matches/{id}/seats/{seat}/claim',
        `/api/v1/matches/${matchId}/seats/red/claim`,
        {
          method: 'POST',
          headers: { ...red.headers, 'content-type': `application/json; charset=${charset}` },
          body: Buffer.from('{"name":"Ren\xe9"}', 'latin1'),
        },
      );
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = (await response.json()) as { detail: string };
      expect(problem.detail).toContain(`charset=${charset} is not accepted`);
    },
  );

  it('refuses bytes that are not UTF-8 even without a charset', async () => {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/seats/{seat}/claim',
      `/api/v1/matches/${matchId}/seats/red/claim`,
      {
        method: 'POST',
        headers: { ...red.headers, 'content-type': 'application/json' },
        body: Buffer.from('{"name":"Ren\xe9"}', 'latin1'),
      },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toContain('not valid UTF-8');
  });

  it('accepts charset=utf-8', async () => {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/seats/{seat}/claim',
      `/api/v1/matches/${matchId}/seats/red/claim`,
      {
        method: 'POST',
        headers: { ...red.headers, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ name: 'Рене' }),
      },
    );
    expect(response.status).toBe(201);
  });
});
