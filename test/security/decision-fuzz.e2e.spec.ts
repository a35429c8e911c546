import fc from 'fast-check';
import {
  createApi,
  asNewOrganizer,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { expectReadable, ok, PROBLEM_TYPE } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The decision endpoint of every ruleset, fuzzed through the real HTTP layer: generated
 * kinds and params (the ruleset's own kinds and param names, ids that name object members,
 * odd numbers, long strings, nested junk) from every seat. Every answer is a 2xx or a 4xx
 * problem+json, never a 500 (and every answer matches the published document), and the
 * match stays readable and its chain verifies afterwards. Fixed seed, bounded runs.
 */

const SEED = 20261125;
const RUNS = 70;

const MEMBER_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
];

interface Target {
  ruleset: string;
  matchId: string;
  seats: Record<string, Session>;
  kinds: string[];
  paramNames: string[];
}

/** Every property name a JSON schema (and the schemas it refers to) declares. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema === null || typeof schema !== 'object') return into;
  if (Array.isArray(schema)) {
    for (const item of schema) propertyNames(item, into);
    return into;
  }
  const { properties } = schema as { properties?: Record<string, unknown> };
  if (properties && typeof properties === 'object')
    for (const name of Object.keys(properties)) into.add(name);
  for (const value of Object.values(schema)) propertyNames(value, into);
  return into;
}

function bodies(target: Target): fc.Arbitrary<{ seat: string; body: unknown }> {
  const hostileId = fc.constantFrom(...MEMBER_NAMES);
  const oddNumber = fc.constantFrom(-0, 1e308, -1e308, 5e-324, 2 ** 53, -1, 0, 1, 3, 1.5);
  const oddNumeral = fc.constantFrom('-0', '1e308', 'NaN', 'Infinity', '0x3', '', ' 1');
  const id = fc.oneof(
    hostileId,
    fc.constantFrom('red', 'blue', 'c1', 'north', 'deck', 'sector:1', 'hand:red', 'p1', 'm1'),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  );
  const scalar = fc.oneof(
    id,
    oddNumber,
    oddNumeral,
    fc.boolean(),
    fc.constant(null),
    fc.integer({ min: -5, max: 50 }),
    fc.constant('x'.repeat(10_000)),
  );
  const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      tie('object'),
    ),
    object: fc.dictionary(
      fc.oneof(fc.constantFrom(...target.paramNames), fc.string({ maxLength: 6 })),
      tie('value'),
      { maxKeys: 4 },
    ),
  })).value;
  const params = fc.oneof(
    fc.dictionary(fc.constantFrom(...target.paramNames), junk, { maxKeys: 5 }),
    fc.dictionary(fc.oneof(hostileId, fc.constantFrom(...target.paramNames)), junk, { maxKeys: 3 }),
    junk,
  );
  const kind = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...target.kinds) },
    { weight: 1, arbitrary: hostileId },
    { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
  );
  const body = fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind, params }) },
    { weight: 1, arbitrary: fc.record({ kind, params, expectedSeq: oddNumber }) },
    { weight: 1, arbitrary: junk },
  );
  return fc.record({ seat: fc.constantFrom(...Object.keys(target.seats)), body });
}

describe('fuzzing the decision endpoint of every ruleset', () => {
  let app: TestApp;
  let api: Api;

  async function started(
    organizer: Session,
    ruleset: string,
    seats: { seat: string; faction?: string }[],
    options: Record<string, unknown> = {},
  ): Promise<Target> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: { ruleset, seats, options },
      }),
      201,
    );
    const sessions = seatSessions(created);
    for (const { seat } of seats)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: sessions[seat].headers,
          params: { path: { id: created.matchId, seat } },
          body: { name: `Игрок ${seat}` },
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
    const detail = ok(
      await api.client.GET('/api/v1/rulesets/{id}', {
        headers: organizer.headers,
        params: { path: { id: ruleset } },
      }),
      200,
    );
    return {
      ruleset,
      matchId: created.matchId,
      seats: sessions,
      kinds: detail.decisions.map((decision) => decision.kind),
      paramNames: [...propertyNames([detail.decisions, detail.schemas])],
    };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  it.each([
    ['freeform', [{ seat: 'red' }, { seat: 'blue' }], {}],
    ['commanders-path', [{ seat: 'red' }, { seat: 'blue' }], { manualAdjustments: 'free' }],
    [
      'rex',
      [
        { seat: 'letnev', faction: 'letnev' },
        { seat: 'sol', faction: 'sol' },
        { seat: 'hacan', faction: 'hacan' },
      ],
      {},
    ],
    ['combat-commander', [{ seat: 'axis' }, { seat: 'allies' }], {}],
  ] as const)(
    '%s: every generated decision gets a 2xx or a 4xx problem, and the match stays readable and verified',
    async (ruleset, seats, options) => {
      const organizer = await asNewOrganizer(api, `Клуб «Фаззинг ${ruleset}»`);
      const target = await started(organizer, ruleset, [...seats], options);
      expect(target.kinds.length).toBeGreaterThan(0);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(bodies(target), async ({ seat, body }) => {
          // Trying it first must foretell the decision's answer and record nothing.
          const tried = await api.fetchChecked(
            '/api/v1/matches/{id}/decisions/dry-run',
            `/api/v1/matches/${target.matchId}/decisions/dry-run`,
            {
              method: 'POST',
              headers: { ...target.seats[seat].headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            },
          );
          await tried.text();
          expect(tried.status).toBeLessThan(500);
          const response = await api.fetchChecked(
            '/api/v1/matches/{id}/decisions',
            `/api/v1/matches/${target.matchId}/decisions`,
            {
              method: 'POST',
              headers: { ...target.seats[seat].headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            },
          );
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = await response.text();
          expect(response.status).toBeLessThan(500);
          expect(response.status === 201 ? 200 : response.status).toBe(tried.status);
          if (response.status >= 400) {
            expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
            expect((JSON.parse(text) as { type: string }).type).toMatch(
              new RegExp(`^${PROBLEM_TYPE}[a-z-]+$`),
            );
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Refusals dominate; nothing else is asserted about the mix, but it is shown on failure.
      expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
      await expectReadable(api, target.matchId);
      for (const session of Object.values(target.seats))
        ok(
          await api.client.GET('/api/v1/matches/{id}/state', {
            headers: session.headers,
            params: { path: { id: target.matchId } },
          }),
          200,
        );
    },
  );
});
