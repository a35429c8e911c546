import { connect } from 'node:net';
import { MatchRepository } from '../../src/application/matches/match-repository';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 5: requests without a token cost the server CPU before anyone checked who sent
 * them (a 1 MB body of 60,000 unknown keys took 2-3.5 s to validate; ten in flight delayed
 * /health by 18 s), whole-log audits were recomputed per call, and event pages were bounded
 * by count only.
 */
describe('security: expensive requests', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  /** Sends only the head of a request announcing a large body; resolves with what comes back first (or '' after `ms`). */
  async function headOnly(head: string, ms: number): Promise<string> {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(app.url).port) });
    try {
      return await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve(''), ms);
        socket.once('data', (chunk) => {
          clearTimeout(timer);
          resolve(chunk.toString('utf8'));
        });
        socket.write(head);
      });
    } finally {
      socket.destroy();
    }
  }

  it.each([
    ['without a token', ''],
    ['with an unknown token', 'Authorization: Bearer ml_org_not-a-real-token\r\n'],
  ])('refuses a write %s before its body is read', async (_, authorization) => {
    const answer = await headOnly(
      'POST /api/v1/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `${authorization}Content-Length: 1000000\r\n\r\n`,
      1500,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('application/problem+json');
  });
});

describe('security: expensive requests with a token', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  let red: Session;
  let matchId: string;

  beforeAll(async () => {
    app = await startTestApp({ MATCHLOG_EVENTS_PAGE_BYTES: '1024' });
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб');
    const { data: created } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: { zones: [{ id: 'north', kind: 'sector' }] },
      },
    });
    matchId = created!.matchId;
    const seats = seatSessions(created!);
    red = seats.red;
    for (const seat of ['red', 'blue']) {
      await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats[seat].headers,
        params: { path: { id: matchId, seat } },
        body: { name: `Игрок ${seat}` },
      });
    }
    await api.client.POST('/api/v1/matches/{id}/start', {
      headers: organizer.headers,
      params: { path: { id: matchId } },
    });
    for (let round = 1; round <= 4; round += 1) {
      const { response } = await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: red.headers,
        params: { path: { id: matchId } },
        body: { kind: 'start-phase', params: { phase: `phase-${round}`, active: ['red'] } },
      });
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => app?.close());

  type Problem = { type: string; detail: string; errors?: unknown[] };
  type EventsPage = components['schemas']['EventsPageDto'];

  const manyKeys = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));

  async function createMatchWith(extra: Record<string, number>) {
    const response = await api.fetchChecked('/api/v1/matches', '/api/v1/matches', {
      method: 'POST',
      headers: { ...organizer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ruleset: 'freeform', seats: [{ seat: 'a' }], ...extra }),
    });
    const text = await response.text();
    return { status: response.status, text, problem: JSON.parse(text) as Problem };
  }

  it('refuses a body of 60,000 unknown members at once, in a short answer', async () => {
    const { status, text, problem } = await createMatchWith(manyKeys(60_000));
    expect(status).toBe(400);
    expect(text.length).toBeLessThan(1_000);
    expect(problem.type).toMatch(/\/too-many-members$/);
    expect(problem.detail).toContain('The object at the top level has 60002 members');
  });

  it('lists the first 20 unknown members and says how many it left out', async () => {
    const { status, text, problem } = await createMatchWith(manyKeys(900));
    expect(status).toBe(400);
    expect(text.length).toBeLessThan(5_000);
    expect(problem.errors).toHaveLength(20);
    expect(problem.detail).toContain('property k0 should not exist');
    expect(problem.detail).toContain('(and 880 more not listed)');
  });

  it('refuses an object of 60,000 members anywhere in a body before validating it', async () => {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/decisions',
      `/api/v1/matches/${matchId}/decisions`,
      {
        method: 'POST',
        headers: { ...red.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'start-phase', params: manyKeys(60_000) }),
      },
    );
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { type: string; detail: string };
    expect(problem.type).toMatch(/\/too-many-members$/);
    expect(problem.detail).toContain('$.params has 60000 members; at most 1000');
  });

  it('caps the invalid params it lists', async () => {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/decisions',
      `/api/v1/matches/${matchId}/decisions`,
      {
        method: 'POST',
        headers: { ...red.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'start-phase', params: manyKeys(900) }),
      },
    );
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors: unknown[]; detail: string };
    expect(problem.errors.length).toBeLessThanOrEqual(20);
    expect(problem.detail).toMatch(/and \d+ more not listed/);
  });

  it('verifies the chain once per head, however many ask at once', async () => {
    const repository = app.app.get(MatchRepository);
    const reads = jest.spyOn(repository, 'eventList');
    try {
      const audit = () =>
        api.client.GET('/api/v1/matches/{id}/audit', {
          headers: organizer.headers,
          params: { path: { id: matchId } },
        });
      const answers = await Promise.all(Array.from({ length: 20 }, audit));
      const auditReads = () =>
        reads.mock.calls.filter(([id, from]) => id === matchId && from === 0);
      expect(new Set(answers.map(({ data }) => JSON.stringify(data))).size).toBe(1);
      expect(answers[0].data!.verified).toBe(true);
      expect(auditReads()).toHaveLength(1);

      // The head moves: the next audit verifies again, and covers the new event.
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: red.headers,
        params: { path: { id: matchId } },
        body: { kind: 'start-phase', params: { phase: 'late', active: ['red'] } },
      });
      const after = await audit();
      expect(after.data!.eventCount).toBeGreaterThan(answers[0].data!.eventCount);
      expect(after.data!.verified).toBe(true);
      expect(auditReads()).toHaveLength(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('ends an events page early at its byte budget, with a cursor that resumes it', async () => {
    const { data: whole } = await api.client.GET('/api/v1/matches/{id}/events', {
      headers: organizer.headers,
      params: { path: { id: matchId }, query: { from: 0, limit: 1000 } },
    });
    expect(whole!.events.length).toBeLessThan(whole!.lastSeq + 1);
    expect(whole!.nextFrom).toBeDefined();

    const seqs: number[] = [];
    let from: number | undefined = 0;
    for (let pages = 0; from !== undefined && pages < 100; pages += 1) {
      const { data, response }: { data?: EventsPage; response: Response } = await api.client.GET(
        '/api/v1/matches/{id}/events',
        {
          headers: organizer.headers,
          params: { path: { id: matchId }, query: { from } },
        },
      );
      const size = Number(response.headers.get('content-length'));
      // One event may overshoot the budget; a page never holds more than it needs to.
      expect(data!.events.length === 1 || size < 1024 * 2).toBe(true);
      seqs.push(...data!.events.map((event) => event.seq));
      from = data!.nextFrom;
    }
    expect(seqs).toEqual(Array.from({ length: whole!.lastSeq + 1 }, (_, seq) => seq));
  });
});
