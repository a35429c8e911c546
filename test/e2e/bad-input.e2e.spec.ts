import { connect } from 'node:net';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asAdmin,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { eventually, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Bad input gets a clear 4xx problem+json that says what was wrong, and never changes a
 * match stream. Every response here is also checked against the published OpenAPI
 * document (see api-client): the problems, their extensions and their statuses included.
 */

type Problem = components['schemas']['ProblemDto'];
type Audit = components['schemas']['AuditDto'];

const BODY_LIMIT = 4096;
const PROBLEM_TYPE = 'https://matchlog.dev/problems/';

/** Asserts a problem+json answer with this status and code; returns the problem. */
async function expectProblem(
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
  expect(problem.instance).toBe(new URL(response.url).pathname);
  return problem;
}

describe('bad input', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session & { id: string };
  /** A started match: red and blue claimed, a phase in which only red may act. */
  let matchId: string;
  let seats: Record<string, Session>;
  /** A second match, created but not started, whose blue seat is still free. */
  let openId: string;
  let openSeats: Record<string, Session>;

  const client = () => api.client;

  async function audit(id: string): Promise<Audit> {
    return ok(
      await client().GET('/api/v1/matches/{id}/audit', {
        headers: asAdmin().headers,
        params: { path: { id } },
      }),
      200,
    );
  }

  /** Runs `bad` and asserts the stream of match `id` is exactly as it was. */
  async function streamUnchanged(id: string, bad: () => Promise<void>): Promise<void> {
    const before = await audit(id);
    expect(before.verified).toBe(true);
    await bad();
    expect(await audit(id)).toEqual(before);
  }

  function decide(
    who: Session,
    body: components['schemas']['DecisionDto'],
    header: { 'If-Match'?: string; 'Idempotency-Key'?: string } = {},
    id = matchId,
  ) {
    return client().POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id }, header },
      body: anyDecision(body),
    });
  }

  async function createMatch(): Promise<components['schemas']['CreatedMatchDto']> {
    return ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [
              { id: 'north', kind: 'sector' },
              { id: 'south', kind: 'sector' },
            ],
            pieces: [{ id: 's1', type: 'cruiser', owner: 'red', zone: 'north' }],
          },
        },
      }),
      201,
    );
  }

  beforeAll(async () => {
    app = await startTestApp({ MATCHLOG_BODY_LIMIT: String(BODY_LIMIT) });
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Турнирный комитет');

    const created = await createMatch();
    matchId = created.matchId;
    seats = seatSessions(created);
    for (const seat of ['red', 'blue']) {
      ok(
        await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name: `Игрок ${seat}` },
        }),
        201,
      );
    }
    ok(
      await client().POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
    ok(
      await decide(seats.red, {
        kind: 'start-phase',
        params: { phase: 'battle', active: ['red'] },
      }),
      201,
    );

    const open = await createMatch();
    openId = open.matchId;
    openSeats = seatSessions(open);
    ok(
      await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: openSeats.red.headers,
        params: { path: { id: openId, seat: 'red' } },
        body: { name: 'Анна' },
      }),
      201,
    );
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  describe('decisions', () => {
    it('answers malformed JSON with 400 malformed-json and the parser message', async () => {
      await streamUnchanged(matchId, async () => {
        const result = await client().POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { kind: 'move' },
          bodySerializer: () => '{"kind": "move", "params": {',
        });
        await expectProblem(result, 400, 'malformed-json', /^The body is not valid JSON: .+/);
      });
    });

    it('answers an unknown decision kind with 400 invalid-params naming the known kinds', async () => {
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, { kind: 'teleport', params: {} }),
          400,
          'invalid-params',
          'unknown decision kind "teleport" for freeform; known: ',
        );
        expect(problem.errors).toEqual([
          { path: 'kind', messages: [expect.stringContaining('teleport')] },
        ]);
        expect(problem.detail).toContain('move');
      });
    });

    it('answers params that fail their DTO with 400 invalid-params and every failing path', async () => {
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, {
            kind: 'move',
            params: { pieces: 's1', to: 7, speed: 'warp' },
          }),
          400,
          'invalid-params',
          'Params of move are invalid',
        );
        const paths = (problem.errors ?? []).map((e) => e.path).sort();
        expect(paths).toEqual(['pieces', 'speed', 'to']);
        expect(problem.errors).toEqual(
          expect.arrayContaining([
            { path: 'speed', messages: ['property speed should not exist'] },
            {
              path: 'to',
              messages: [
                'to must start with a letter or digit and hold only letters, digits and _ - . : @ + # (at most 128 characters)',
              ],
            },
          ]),
        );
      });
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, { kind: 'draw', params: { deck: 'deck', count: 0 } }),
          400,
          'invalid-params',
          'count must not be less than 1',
        );
        expect(problem.errors).toEqual([
          { path: 'count', messages: ['count must not be less than 1'] },
        ]);
      });
    });

    it('answers a body that fails the request DTO with 400 invalid-body and the field paths', async () => {
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, {
            kind: '',
            params: [] as unknown as Record<string, unknown>,
            clientTime: 'yesterday',
          }),
          400,
          'invalid-body',
          'The request is invalid',
        );
        expect((problem.errors ?? []).map((e) => e.path).sort()).toEqual([
          'clientTime',
          'kind',
          'params',
        ]);
      });
    });

    it('answers a decision out of turn with 422 and the rule that refuses it', async () => {
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.blue, { kind: 'move', params: { pieces: ['s1'], to: 'south' } }),
          422,
          'rule-violation',
          "It is red's turn (phase battle), not blue's",
        );
        expect(problem.rule).toEqual({
          code: 'not_your_turn',
          message: "It is red's turn (phase battle), not blue's",
          ref: null,
        });
      });
    });

    it('answers a decision out of phase with 422 wrong_phase', async () => {
      // Its own organizer, so the match lists of the other tests are not disturbed.
      const cpOrganizer = await asNewOrganizer(api, 'Клуб «Путь Командора»');
      const created = await client().POST('/api/v1/matches', {
        headers: cpOrganizer.headers,
        body: { ruleset: 'commanders-path', seats: [{ seat: 'red' }, { seat: 'blue' }] },
      });
      const cp = created.data!;
      const [red, blue] = cp.seatTokens.map((t) => ({ authorization: `Bearer ${t.token}` }));
      for (const [seat, headers] of [
        ['red', red],
        ['blue', blue],
      ] as const) {
        await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers,
          params: { path: { id: cp.matchId, seat } },
          body: { name: seat },
        });
      }
      await client().POST('/api/v1/matches/{id}/start', {
        headers: red,
        params: { path: { id: cp.matchId } },
      });
      await streamUnchanged(cp.matchId, async () => {
        const problem = await expectProblem(
          await client().POST('/api/v1/matches/{id}/decisions', {
            headers: red,
            params: { path: { id: cp.matchId } },
            body: { kind: 'pass-attack', params: {} },
          }),
          422,
          'rule-violation',
          'pass-attack is allowed in phase battle',
        );
        expect(problem.rule).toMatchObject({ code: 'wrong_phase' });
      });
    });

    it('answers a decision the table refuses with 422 and the rule code', async () => {
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, { kind: 'move', params: { pieces: ['s1'], to: 'atlantis' } }),
          422,
          'rule-violation',
          'There is no zone atlantis',
        );
        expect(problem.rule?.code).toBe('unknown_zone');
      });
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, { kind: 'roll', params: { dice: '2d6', faces: [3, 7] } }),
          422,
          'rule-violation',
          'Die 2 is a d6: face 7 is impossible',
        );
        expect(problem.rule?.code).toBe('reported_face_out_of_range');
      });
    });

    it('answers a seat acting for another seat with 403', async () => {
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await decide(seats.red, {
            kind: 'move',
            seat: 'blue',
            params: { pieces: ['s1'], to: 'south' },
          }),
          403,
          'forbidden',
          'This token acts for seat red, not for seat blue',
        );
      });
    });

    it('answers a seat token used on another match with 403', async () => {
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await decide(openSeats.red, { kind: 'move', params: { pieces: ['s1'], to: 'south' } }),
          403,
          'forbidden',
          'This seat token belongs to another match',
        );
      });
      await streamUnchanged(openId, async () => {
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
            headers: seats.blue.headers,
            params: { path: { id: openId, seat: 'blue' } },
            body: { name: 'Чужой' },
          }),
          403,
          'forbidden',
          'Seat blue is claimed with its seat token or by the organizer',
        );
      });
    });

    it('answers a stale expectedSeq or If-Match with 409 and the actual seq', async () => {
      const { seq } = await audit(matchId).then((a) => ({ seq: a.eventCount - 1 }));
      await streamUnchanged(matchId, async () => {
        const problem = await expectProblem(
          await decide(seats.red, {
            kind: 'move',
            params: { pieces: ['s1'], to: 'south' },
            expectedSeq: seq - 1,
          }),
          409,
          'stale-revision',
          `The match is at seq ${seq}, not ${seq - 1}`,
        );
        expect(problem).toMatchObject({ expectedSeq: seq - 1, actualSeq: seq });
        await expectProblem(
          await decide(
            seats.red,
            { kind: 'move', params: { pieces: ['s1'], to: 'south' } },
            { 'If-Match': `W/"${seq - 2}"` },
          ),
          409,
          'stale-revision',
          `The match is at seq ${seq}, not ${seq - 2}`,
        );
      });
    });

    it('answers an invalid Idempotency-Key or If-Match header with 400 invalid-header', async () => {
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await decide(
            seats.red,
            { kind: 'move', params: { pieces: ['s1'], to: 'south' } },
            { 'Idempotency-Key': 'two words!' },
          ),
          400,
          'invalid-header',
          'Idempotency-Key must be 1-128 letters, digits or _ . : -',
        );
        await expectProblem(
          await decide(
            seats.red,
            { kind: 'move', params: { pieces: ['s1'], to: 'south' } },
            { 'If-Match': '"latest"' },
          ),
          400,
          'invalid-header',
          'If-Match must be an ETag of this API',
        );
        await expectProblem(
          await decide(
            seats.red,
            { kind: 'move', params: { pieces: ['s1'], to: 'south' }, expectedSeq: 1 },
            { 'If-Match': 'W/"2"' },
          ),
          400,
          'invalid-header',
          'If-Match names seq 2 but expectedSeq is 1',
        );
      });
    });

    it('answers a body over the size limit with 413', async () => {
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await decide(seats.red, {
            kind: 'move',
            params: { pieces: ['s'.repeat(BODY_LIMIT)], to: 'south' },
          }),
          413,
          'payload-too-large',
          /too large/i,
        );
      });
    });

    it('answers a body that is not JSON with 415', async () => {
      await streamUnchanged(matchId, async () => {
        const response = await api.fetchChecked(
          '/api/v1/matches/{id}/decisions',
          `/api/v1/matches/${matchId}/decisions`,
          {
            method: 'POST',
            headers: { ...seats.red.headers, 'content-type': 'text/plain' },
            body: 'move s1 south',
          },
        );
        await expectProblem({ response }, 415, 'unsupported-media-type', /media type/i);
      });
    });

    it('answers a decision before the start with 409 not-in-play', async () => {
      await streamUnchanged(openId, async () => {
        await expectProblem(
          await decide(openSeats.red, { kind: 'concede' }, {}, openId),
          409,
          'not-in-play',
          'The match has not started yet',
        );
      });
    });

    it('answers server rolls with a bad dice spec or purpose with a clear 4xx', async () => {
      await streamUnchanged(matchId, async () => {
        const badSpec = await client().POST('/api/v1/matches/{id}/rolls', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { purpose: 'combat', dice: 'two dice' },
        });
        const problem = await expectProblem(badSpec, 422, 'rule-violation', /two dice|dice/);
        expect(problem.rule?.code).toBe('invalid_dice');
        const badPurpose = await client().POST('/api/v1/matches/{id}/rolls', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { purpose: 'атака|ладьёй', dice: '1d6' },
        });
        const invalid = await expectProblem(
          badPurpose,
          400,
          'invalid-body',
          'purpose must be 1-64 letters, digits, spaces between them or : _ . -',
        );
        expect(invalid.errors?.map((e) => e.path)).toEqual(['purpose']);
      });
    });
  });

  describe('unknown things', () => {
    const nowhere = '00000000-0000-4000-8000-00000000dead';

    it('answers an unknown match with 404 on reads and writes', async () => {
      await expectProblem(
        await client().GET('/api/v1/matches/{id}', {
          headers: asAdmin().headers,
          params: { path: { id: nowhere } },
        }),
        404,
        'not-found',
        `There is no match ${nowhere}`,
      );
      await expectProblem(
        await client().GET('/api/v1/matches/{id}/state', {
          params: { path: { id: nowhere }, query: { at: 0 } },
        }),
        404,
        'not-found',
        `There is no match ${nowhere}`,
      );
      await expectProblem(
        await decide(seats.red, { kind: 'concede' }, {}, nowhere),
        404,
        'not-found',
        `There is no match ${nowhere}`,
      );
      await expectProblem(
        await client().POST('/api/v1/matches/{id}/rolls', {
          headers: seats.red.headers,
          params: { path: { id: nowhere } },
          body: { purpose: 'combat', dice: '1d6' },
        }),
        404,
        'not-found',
        `There is no match ${nowhere}`,
      );
      await expectProblem(
        await client().POST('/api/v1/matches/{id}/start', {
          headers: organizer.headers,
          params: { path: { id: nowhere } },
        }),
        404,
        'not-found',
        `There is no match ${nowhere}`,
      );
    });

    it('answers `at` beyond the last seq with 400 seq-out-of-range', async () => {
      await streamUnchanged(matchId, async () => {
        const { eventCount } = await audit(matchId);
        const problem = await expectProblem(
          await client().GET('/api/v1/matches/{id}/state', {
            headers: seats.blue.headers,
            params: { path: { id: matchId }, query: { at: eventCount + 5 } },
          }),
          400,
          'seq-out-of-range',
          `at=${eventCount + 5} is beyond the last seq of match ${matchId} (${eventCount - 1})`,
        );
        expect(problem.status).toBe(400);
        await expectProblem(
          await client().GET('/api/v1/matches/{id}/state', {
            headers: seats.blue.headers,
            params: { path: { id: matchId }, query: { at: -1 } },
          }),
          400,
          'invalid-query',
          'at must not be less than 0',
        );
      });
    });

    it('answers an unknown ruleset with 404 on read and 400 on match creation', async () => {
      await expectProblem(
        await client().GET('/api/v1/rulesets/{id}', { params: { path: { id: 'chess' } } }),
        404,
        'not-found',
        /^There is no ruleset chess; known: (.+, )?freeform\b/,
      );
      await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: organizer.headers,
          body: { ruleset: 'chess', seats: [{ seat: 'white' }, { seat: 'black' }] },
        }),
        400,
        'unknown-ruleset',
        /^Unknown ruleset "chess"; known: (.+, )?freeform\b/,
      );
    });

    it('answers an unknown option, bad setup and bad seats with 400 naming the field', async () => {
      const option = await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: organizer.headers,
          body: {
            ruleset: 'freeform',
            seats: [{ seat: 'red' }],
            options: { bombardment: 'to-sector' },
          },
        }),
        400,
        'invalid-params',
        'options.bombardment: unknown option',
      );
      expect(option.errors).toEqual([
        {
          path: 'options.bombardment',
          messages: ['unknown option; known: diceSource, reportedRollConfirmation'],
        },
      ]);

      const value = await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: organizer.headers,
          body: {
            ruleset: 'commanders-path',
            seats: [{ seat: 'red' }, { seat: 'blue' }],
            options: { boardingTie: 'coin-flip', ramDamage: 3 },
          },
        }),
        400,
        'invalid-params',
        'options.boardingTie: must be one of',
      );
      expect((value.errors as { path: string }[]).map((e) => e.path)).toEqual([
        'options.boardingTie',
        'options.ramDamage',
      ]);

      const setup = await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: organizer.headers,
          body: {
            ruleset: 'freeform',
            seats: [{ seat: 'red' }],
            setup: { zones: [{ id: 'north' }] },
          },
        }),
        400,
        'invalid-params',
        'Setup parameters are invalid',
      );
      expect(setup.errors?.map((e) => e.path)).toEqual(['zones.0.kind']);

      const seatsProblem = await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: organizer.headers,
          body: { ruleset: 'freeform', seats: [{ seat: 'red seat' }], spectatorDelay: 1000 },
        }),
        400,
        'invalid-body',
        'seat must start with a letter or digit',
      );
      expect(seatsProblem.errors?.map((e) => e.path).sort()).toEqual([
        'seats.0.seat',
        'spectatorDelay',
      ]);

      // None of these created a match: a match created after them is the only new one.
      const marker = await createMatch();
      const listed = await eventually('the match in the index', async () => {
        const { items } = ok(
          await client().GET('/api/v1/matches', {
            headers: organizer.headers,
            params: { query: { limit: 200 } },
          }),
          200,
        );
        return items.some((m) => m.matchId === marker.matchId) ? items : undefined;
      });
      expect(listed.map((m) => m.matchId).sort()).toEqual([matchId, openId, marker.matchId].sort());
    });

    it('answers list parameters it does not know how to read with 400', async () => {
      await expectProblem(
        await client().GET('/api/v1/matches', {
          headers: organizer.headers,
          params: { query: { cursor: 'not-a-cursor' } },
        }),
        400,
        'invalid-cursor',
        'cursor is not one this server issued',
      );
      const problem = await expectProblem(
        await client().GET('/api/v1/matches', {
          headers: organizer.headers,
          params: { query: { limit: 0, status: 'paused' as 'started' } },
        }),
        400,
        'invalid-query',
        'The query is invalid',
      );
      expect(problem.errors?.map((e) => e.path).sort()).toEqual(['limit', 'status']);
    });

    it('answers a raw non-ASCII byte in the URL with 400 problem+json', async () => {
      const { port } = new URL(app.url);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            Buffer.from(
              'GET /api/v1/matches?player=аня HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
              'utf8',
            ),
          );
        });
        const chunks: Buffer[] = [];
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      expect(headers['content-type']).toMatch(/^application\/problem\+json\b/);
      const problem = JSON.parse(body) as Problem;
      expect(problem).toMatchObject({
        type: `${PROBLEM_TYPE}malformed-request`,
        status: 400,
        detail: expect.stringContaining('percent-encode non-ASCII characters in URLs'),
      });
      api.validator.assertValid({
        path: '/api/v1/matches',
        method: 'GET',
        status: 400,
        contentType: headers['content-type'],
        body,
      });

      // Percent-encoded, the same query is fine.
      const encoded = await client().GET('/api/v1/matches', {
        headers: organizer.headers,
        params: { query: { player: 'аня' } },
      });
      expect(encoded.response.status).toBe(200);
    });

    it('answers a broken percent-encoding in the path with 400 problem+json', async () => {
      for (const path of ['/api/v1/matches/%ZZ/state', '/replay/%E0%A4%A']) {
        const response = await fetch(`${app.url}${path}`);
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        expect(await response.json()).toMatchObject({
          status: 400,
          detail: expect.stringContaining('percent-encoding'),
        });
      }
    });
  });

  describe('the match lifecycle', () => {
    it('answers claiming a taken seat with 409 seat-taken', async () => {
      await streamUnchanged(openId, async () => {
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
            headers: organizer.headers,
            params: { path: { id: openId, seat: 'red' } },
            body: { name: 'Самозванец' },
          }),
          409,
          'seat-taken',
          'Seat red was already claimed by Анна',
        );
      });
    });

    it('answers claiming with a blank name or a comma in the entropy with 400', async () => {
      await streamUnchanged(openId, async () => {
        const blank = await expectProblem(
          await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
            headers: openSeats.blue.headers,
            params: { path: { id: openId, seat: 'blue' } },
            body: { name: '   ' },
          }),
          400,
          'invalid-body',
          'name must not be blank',
        );
        expect(blank.errors).toEqual([{ path: 'name', messages: ['name must not be blank'] }]);
        const comma = await expectProblem(
          await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
            headers: openSeats.blue.headers,
            params: { path: { id: openId, seat: 'blue' } },
            body: { name: 'Boris', entropy: 'a,b' },
          }),
          400,
          'invalid-params',
          'entropy must not contain ","',
        );
        expect(comma.errors?.map((e) => e.path)).toEqual(['entropy']);
      });
    });

    it('answers starting before every seat is claimed with 422 seats_unclaimed', async () => {
      await streamUnchanged(openId, async () => {
        const problem = await expectProblem(
          await client().POST('/api/v1/matches/{id}/start', {
            headers: openSeats.red.headers,
            params: { path: { id: openId } },
          }),
          422,
          'rule-violation',
          'Every seat must be claimed before the start; unclaimed: blue',
        );
        expect(problem.rule?.code).toBe('seats_unclaimed');
      });
    });

    it('answers starting a started match with 409 not-startable', async () => {
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/start', {
            headers: organizer.headers,
            params: { path: { id: matchId } },
          }),
          409,
          'not-startable',
          'Only a created match can start (it is started)',
        );
      });
    });

    it('answers a write without a token with 401, and with the wrong token with 403', async () => {
      await streamUnchanged(openId, async () => {
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/start', { params: { path: { id: openId } } }),
          401,
          'unauthorized',
          'A valid bearer token is required',
        );
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
            params: { path: { id: openId, seat: 'blue' } },
            body: { name: 'Аноним' },
          }),
          401,
          'unauthorized',
          'A valid bearer token is required',
        );
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/start', {
            headers: { Authorization: 'Bearer ml_seat_forged' },
            params: { path: { id: openId } },
          }),
          401,
          'unauthorized',
          'The bearer token is unknown or revoked',
        );
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/start', {
            headers: { Authorization: 'Token ml_seat_forged' },
            params: { path: { id: openId } },
          }),
          401,
          'unauthorized',
          'The Authorization header must be "Bearer <token>"',
        );
      });
      await streamUnchanged(matchId, async () => {
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/decisions', {
            params: { path: { id: matchId } },
            body: { kind: 'concede' },
          }),
          401,
          'unauthorized',
          'A valid bearer token is required',
        );
        await expectProblem(
          await client().POST('/api/v1/matches/{id}/rolls', {
            params: { path: { id: matchId } },
            body: { purpose: 'combat', dice: '1d6' },
          }),
          401,
          'unauthorized',
          'A valid bearer token is required',
        );
        await expectProblem(
          await decide(organizer, { kind: 'concede' }),
          403,
          'forbidden',
          `This is done with a seat token of match ${matchId}`,
        );
      });
      await expectProblem(
        await client().POST('/api/v1/matches', {
          body: { ruleset: 'freeform', seats: [{ seat: 'red' }] },
        }),
        401,
        'unauthorized',
        'A valid bearer token is required',
      );
      await expectProblem(
        await client().POST('/api/v1/matches', {
          headers: seats.red.headers,
          body: { ruleset: 'freeform', seats: [{ seat: 'red' }] },
        }),
        403,
        'forbidden',
        'Matches are created with an organizer or admin token',
      );
    });
  });
});
