import type { components } from '../../web/src/api/matchlog-api';
import {
  asAdmin,
  asNewOrganizer,
  fetchRetryingIdempotent,
  seatSessions,
  type Api,
  type Session,
} from './api-client';

/**
 * Checks the security suites share: answers that must have succeeded, problems that must
 * say what was wrong, a match that must stay readable, and a started freeform match to
 * attack. Every call still goes through the validating client (see api-client).
 */

export type Problem = components['schemas']['ProblemDto'];
export type Audit = components['schemas']['AuditDto'];
export const PROBLEM_TYPE = 'https://matchlog.dev/problems/';

/** Polls `probe` until it returns something, for at most `timeoutMs` (read models are fed asynchronously). */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 3000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A typed-client result that must have succeeded (with this status, when given). */
export function ok<T>(
  result: { data?: T; error?: unknown; response: Response },
  status?: number,
): T {
  if (result.data === undefined) {
    throw new Error(
      `${result.response.status} from ${result.response.url}: ${JSON.stringify(result.error)}`,
    );
  }
  if (status !== undefined) expect(result.response.status).toBe(status);
  return result.data;
}

/** Asserts a problem+json answer with this status and code whose detail matches; returns it. */
export async function expectProblem(
  result: { error?: unknown; response: Response },
  status: number,
  code: string,
  detail: RegExp | string,
): Promise<Problem> {
  const { response } = result;
  const problem = (result.error ?? (await response.clone().json())) as Problem;
  expect({ status: response.status, problem }).toMatchObject({
    status,
    problem: { type: PROBLEM_TYPE + code, status, title: expect.any(String) },
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
  if (typeof detail === 'string') expect(problem.detail).toContain(detail);
  else expect(problem.detail).toMatch(detail);
  return problem;
}

export type ChainSweep = components['schemas']['ChainSweepDto'];

/**
 * GET /health's `chainSweep` once the background chain sweep has ended (as anyone, or as
 * `caller`: the admin is also shown the broken streams).
 */
export async function chainSweepDone(api: Api, caller?: Session): Promise<ChainSweep> {
  return eventually(
    'the chain sweep to end',
    async () => {
      const { chainSweep } = ok(
        await api.client.GET('/health', caller && { headers: caller.headers }),
      );
      return chainSweep.state === 'running' || chainSweep.state === 'pending'
        ? undefined
        : chainSweep;
    },
    20_000,
  );
}

/** The chain check of a match, as the admin sees it. */
export async function auditOf(api: Api, id: string): Promise<Audit> {
  return ok(
    await api.client.GET('/api/v1/matches/{id}/audit', {
      headers: asAdmin().headers,
      params: { path: { id } },
    }),
    200,
  );
}

/**
 * Every read of a match answers normally: its state, its events (JSON and NDJSON), its
 * export and its audit, whose chain verifies. Returns the audit.
 *
 * `offFormat` names the event types a test stored raw, off their published formats (a
 * poisoned log): the export passes stored events through as they are and the document types
 * each event's data by its type, so the export's lines of those types, and only those,
 * contradict the document.
 */
export async function expectReadable(
  api: Api,
  id: string,
  who: Session = asAdmin(),
  { offFormat = [] }: { offFormat?: readonly string[] } = {},
): Promise<Audit> {
  const path = { path: { id } };
  ok(
    await api.client.GET('/api/v1/matches/{id}/state', { headers: who.headers, params: path }),
    200,
  );
  ok(await api.client.GET('/api/v1/matches/{id}', { headers: who.headers, params: path }), 200);
  ok(
    await api.client.GET('/api/v1/matches/{id}/events', {
      headers: who.headers,
      params: { ...path, query: { line: 'all' } },
    }),
    200,
  );
  ok(
    await api.client.GET('/api/v1/matches/{id}/timeline', { headers: who.headers, params: path }),
    200,
  );
  const ndjson = await api.fetchChecked(
    '/api/v1/matches/{id}/events',
    `/api/v1/matches/${id}/events`,
    {
      headers: { ...who.headers, accept: 'application/x-ndjson' },
    },
  );
  expect(ndjson.status).toBe(200);
  await ndjson.text();
  if (offFormat.length === 0) {
    const exported = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${id}/export`,
      { headers: who.headers },
    );
    expect(exported.status).toBe(200);
    await exported.text();
  } else {
    const exported = await fetchRetryingIdempotent(
      new Request(`${api.baseUrl}/api/v1/matches/${id}/export`, { headers: who.headers }),
    );
    expect(exported.status).toBe(200);
    const contradicting = (await exported.text())
      .split('\n')
      .filter(
        (line) =>
          line.length > 0 &&
          !api.validator.validate({
            path: '/api/v1/matches/{id}/export',
            method: 'GET',
            status: exported.status,
            contentType: exported.headers.get('content-type'),
            body: line,
          }).ok,
      )
      .map((line) => (JSON.parse(line) as { event?: { type: string } }).event?.type ?? line);
    expect([...new Set(contradicting)].sort()).toEqual([...offFormat].sort());
  }
  const audit = await auditOf(api, id);
  expect(audit).toMatchObject({ verified: true });
  return audit;
}

export interface StartedFreeform {
  matchId: string;
  organizer: Session & { id: string };
  seats: Record<'red' | 'blue', Session>;
}

/**
 * A started freeform match of a new organizer: zones north, south and a deck, red's cruiser
 * c1 in the north, and a phase in which red acts.
 */
export async function startedFreeform(api: Api, organizerName: string): Promise<StartedFreeform> {
  const organizer = await asNewOrganizer(api, organizerName);
  const created = ok(
    await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        title: 'Проверка',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: {
          zones: [
            { id: 'north', kind: 'sector' },
            { id: 'south', kind: 'sector' },
            { id: 'deck', kind: 'deck' },
          ],
          pieces: [
            { id: 'c1', type: 'cruiser', owner: 'red', zone: 'north', attrs: { cost: 7 } },
            { id: 'k1', type: 'card', owner: 'red', zone: 'deck' },
          ],
        },
      },
    }),
    201,
  );
  const seats = await claimSeatsAndStart(api, created, organizer, (seat) => `Игрок ${seat}`);
  return { matchId: created.matchId, organizer, seats: seats as Record<'red' | 'blue', Session> };
}

/**
 * Claims every seat of a just-created match with its own token (the player's name from
 * `nameOf`), then starts it as its organizer; returns the seats' sessions.
 */
export async function claimSeatsAndStart(
  api: Api,
  created: Parameters<typeof seatSessions>[0] & { matchId: string },
  organizer: Session,
  nameOf: (seat: string) => string = (seat) => seat,
): Promise<Record<string, Session>> {
  const seats = seatSessions(created);
  for (const seat of Object.keys(seats))
    ok(
      await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats[seat].headers,
        params: { path: { id: created.matchId, seat } },
        body: { name: nameOf(seat) },
      }),
      201,
    );
  ok(
    await api.client.POST('/api/v1/matches/{id}/start', {
      headers: organizer.headers,
      params: { path: { id: created.matchId } },
    }),
    201,
  );
  return seats;
}
