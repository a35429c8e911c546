import { anyDecision, asNewOrganizer, createApi, session, type Api } from '../support/api-client';
import {
  auditOf,
  expectProblem,
  ok,
  startedFreeform,
  type StartedFreeform,
} from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Findings 5 to 8 of the security review of 2026-12-06: `null` where an array belongs (a 500
 * on a note's `tags`), arrays where a seat object belongs (a match whose seat has no id),
 * control, bidi-override and stray zero-width characters in texts judges and players read,
 * and a member name given twice in one JSON object (the last one won). Each is a 400
 * problem+json that names the member, and no stream changes.
 */
describe('security: input of the wrong shape or with hidden characters', () => {
  let app: TestApp;
  let api: Api;
  let a: StartedFreeform;
  let judge: ReturnType<typeof session>;
  let disputeId: string;

  /** The stream of a match as the admin reads it: its last seq and head hash. */
  const headOf = async (matchId: string) => {
    const audit = await auditOf(api, matchId);
    return { eventCount: audit.eventCount, headHash: audit.headHash };
  };
  const notesOf = async () =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/annotations', {
        headers: a.seats.red.headers,
        params: { path: { id: a.matchId } },
      }),
    ).annotations.length;

  /** Runs `bad` and asserts that the match's stream and its notes are as they were. */
  async function nothingRecorded(bad: () => Promise<void>): Promise<void> {
    const head = await headOf(a.matchId);
    const notes = await notesOf();
    await bad();
    expect(await headOf(a.matchId)).toEqual(head);
    expect(await notesOf()).toBe(notes);
  }

  /** POSTs raw JSON text (checked against the OpenAPI document); returns the answer. */
  async function postRaw(
    template: string,
    path: string,
    text: string,
    headers: Record<string, string> = a.seats.red.headers,
  ) {
    const response = await api.fetchChecked(template, path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: text,
    });
    return { response, error: await response.clone().json() };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    a = await startedFreeform(api, 'Клуб «Формы ввода»');
    judge = session(
      ok(
        await api.client.POST('/api/v1/judges', {
          headers: a.organizer.headers,
          body: { name: 'Судья Петрова', matchId: a.matchId },
        }),
        201,
      ).token,
    );
    disputeId = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: a.seats.blue.headers,
        params: { path: { id: a.matchId } },
        body: { atSeq: 1, claim: 'Крейсер не мог туда попасть' },
      }),
      201,
    ).disputeId;
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  describe('null where a value belongs (F5)', () => {
    it('refuses `tags: null` in a note with a 400 naming tags, and records no note', async () => {
      await nothingRecorded(async () => {
        const problem = await expectProblem(
          await postRaw(
            '/api/v1/matches/{id}/annotations',
            `/api/v1/matches/${a.matchId}/annotations`,
            '{"seq":1,"text":"x","tags":null}',
          ),
          400,
          'invalid-body',
          'tags',
        );
        expect(problem.errors?.map((error) => error.path)).toEqual(['tags']);
      });
      // Left out, tags are no tags.
      ok(
        await api.client.POST('/api/v1/matches/{id}/annotations', {
          headers: a.seats.red.headers,
          params: { path: { id: a.matchId } },
          body: { seq: 1, text: 'Хороший ход' },
        }),
        201,
      );
    });

    it.each([
      [
        'a dispute’s receipts',
        '/api/v1/matches/{id}/disputes',
        { atSeq: 1, claim: 'x', receipts: null },
        'receipts',
      ],
      [
        'a dispute’s rule reference',
        '/api/v1/matches/{id}/disputes',
        { atSeq: 1, claim: 'x', ruleRef: null },
        'ruleRef',
      ],
      [
        'a note’s dispute',
        '/api/v1/matches/{id}/annotations',
        { seq: 1, text: 'x', disputeId: null },
        'disputeId',
      ],
      [
        'a decision’s expected seq',
        '/api/v1/matches/{id}/decisions',
        { kind: 'pass', params: {}, expectedSeq: null },
        'expectedSeq',
      ],
    ] as const)('refuses null as %s (400 naming it)', async (_what, template, body, member) => {
      await nothingRecorded(async () => {
        const problem = await expectProblem(
          await postRaw(template, template.replace('{id}', a.matchId), JSON.stringify(body)),
          400,
          'invalid-body',
          member,
        );
        expect(problem.errors?.map((error) => error.path)).toContain(member);
      });
    });

    it('refuses null where a decision’s params hold an array (400 invalid-params naming it)', async () => {
      await nothingRecorded(async () => {
        await expectProblem(
          await api.client.POST('/api/v1/matches/{id}/decisions', {
            headers: a.seats.red.headers,
            params: { path: { id: a.matchId } },
            body: anyDecision({ kind: 'create-pieces', params: { pieces: null } }),
          }),
          400,
          'invalid-params',
          'pieces',
        );
      });
    });
  });

  describe('every documented request body (F5, F6)', () => {
    interface Schema {
      $ref?: string;
      type?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
    }
    const resolved = (schema: Schema | undefined): Schema | undefined => {
      if (!schema?.$ref) return schema;
      const name = schema.$ref.replace('#/components/schemas/', '');
      return (api.document as { components: { schemas: Record<string, Schema> } }).components
        .schemas[name];
    };
    /** Each operation with a JSON body: its path template, method and body schema's members. */
    const bodyOperations = () => {
      const paths = (api.document as { paths: Record<string, Record<string, unknown>> }).paths;
      return Object.entries(paths).flatMap(([template, operations]) =>
        Object.entries(operations).flatMap(([method, operation]) => {
          const body = (
            operation as {
              requestBody?: { content?: Record<string, { schema?: Schema }> };
            }
          ).requestBody?.content?.['application/json']?.schema;
          const members = resolved(body)?.properties;
          return members ? [{ template, method: method.toUpperCase(), members }] : [];
        }),
      );
    };
    const pathOf = (template: string) =>
      template
        .replace('{id}', a.matchId)
        .replace('{disputeId}', disputeId)
        .replace('{seat}', 'red')
        .replace('{seq}', '1')
        .replace(/\{[A-Za-z]+\}/g, 'x');

    it('answers null in each array member, and [[]] in each array of objects, with a 400 naming it', async () => {
      const sent: string[] = [];
      const answered = new Map<number, number>();
      await nothingRecorded(async () => {
        for (const { template, method, members } of bodyOperations()) {
          for (const [member, declared] of Object.entries(members)) {
            const schema = resolved(declared);
            if (schema?.type !== 'array') continue;
            const items = resolved(schema.items);
            const values: unknown[] =
              items?.type === 'object' || items?.properties ? [null, [[]], [[[[]]]]] : [null];
            for (const value of values) {
              const headers = template.startsWith('/api/v1/matches/{id}')
                ? template.includes('ruling') || template.includes('pause')
                  ? judge.headers
                  : a.seats.red.headers
                : a.organizer.headers;
              const response = await api.fetchChecked(template, pathOf(template), {
                method,
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ [member]: value }),
              });
              const problem = (await response.json()) as { detail?: string };
              sent.push(`${method} ${template} ${member}=${JSON.stringify(value)}`);
              answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
              expect([template, member, value, response.status]).toEqual([
                template,
                member,
                value,
                400,
              ]);
              expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
              expect(problem.detail).toContain(member);
            }
          }
        }
      });
      // Seats, receipts, tags, pieces of a setup...: the walk found the array members.
      expect(sent.length).toBeGreaterThan(5);
      expect(sent).toEqual(
        expect.arrayContaining([
          'POST /api/v1/matches seats=null',
          'POST /api/v1/matches seats=[[]]',
          'POST /api/v1/matches/{id}/annotations tags=null',
        ]),
      );
    });
  });

  describe('an array where an object belongs (F6)', () => {
    it.each([[[[]]], [[[[[]]]]], [[[{ seat: 'red' }]]]])(
      'refuses seats %j when creating a match (400: each seat must be an object)',
      async (seats) => {
        const organizer = await asNewOrganizer(api, 'Клуб «Места»');
        const before = ok(await api.client.GET('/api/v1/matches', { headers: organizer.headers }))
          .items.length;
        const problem = await expectProblem(
          await api.client.POST('/api/v1/matches', {
            headers: organizer.headers,
            body: { ruleset: 'freeform', seats: seats as never },
          }),
          400,
          'invalid-body',
          'each value in seats must be an object',
        );
        expect(problem.errors?.map((error) => error.path)).toContain('seats');
        expect(
          ok(await api.client.GET('/api/v1/matches', { headers: organizer.headers })).items,
        ).toHaveLength(before);
      },
    );

    it('refuses an array as a zone in a decision, and as a receipt of a dispute', async () => {
      await nothingRecorded(async () => {
        await expectProblem(
          await api.client.POST('/api/v1/matches/{id}/decisions', {
            headers: a.seats.red.headers,
            params: { path: { id: a.matchId } },
            body: anyDecision({ kind: 'create-zones', params: { zones: [[]] } }),
          }),
          400,
          'invalid-params',
          'each value in zones must be an object',
        );
        await expectProblem(
          await postRaw(
            '/api/v1/matches/{id}/disputes',
            `/api/v1/matches/${a.matchId}/disputes`,
            JSON.stringify({ atSeq: 1, claim: 'x', receipts: [[[]]] }),
          ),
          400,
          'invalid-body',
          'each value in receipts must be an object',
        );
      });
    });
  });

  describe('control, bidi-override and stray zero-width characters in texts people read (F7)', () => {
    const UNSAFE = ['\u202Eevil\u202C', 'x\u0000y', 'looks \u200Bthe same', '\u2066isolated\u2069'];

    /** Every free text of the API that the review stored, by where it is sent. */
    const texts: [
      string,
      string,
      (text: string) => Record<string, unknown>,
      'red' | 'blue' | 'judge',
      string,
    ][] = [
      [
        'a dispute claim',
        '/api/v1/matches/{id}/disputes',
        (t) => ({ atSeq: 1, claim: t }),
        'blue',
        'claim',
      ],
      [
        'a dispute rule reference',
        '/api/v1/matches/{id}/disputes',
        (t) => ({ atSeq: 1, claim: 'x', ruleRef: t }),
        'blue',
        'ruleRef',
      ],
      [
        'a comment',
        '/api/v1/matches/{id}/disputes/{disputeId}/comments',
        (t) => ({ text: t }),
        'blue',
        'text',
      ],
      ['a note', '/api/v1/matches/{id}/annotations', (t) => ({ seq: 1, text: t }), 'red', 'text'],
      [
        'a ruling rationale',
        '/api/v1/matches/{id}/disputes/{disputeId}/ruling',
        (t) => ({ decision: 'rejected', rationale: t, ruleRef: '§1', remedy: { kind: 'none' } }),
        'judge',
        'rationale',
      ],
      [
        'a ruling rule reference',
        '/api/v1/matches/{id}/disputes/{disputeId}/ruling',
        (t) => ({ decision: 'rejected', rationale: 'x', ruleRef: t, remedy: { kind: 'none' } }),
        'judge',
        'ruleRef',
      ],
      ['a pause reason', '/api/v1/matches/{id}/pause', (t) => ({ reason: t }), 'judge', 'reason'],
      [
        'an undo request reason',
        '/api/v1/matches/{id}/undo-requests',
        (t) => ({ toSeq: 1, reason: t }),
        'red',
        'reason',
      ],
      [
        'an abandon reason',
        '/api/v1/matches/{id}/abandon',
        (t) => ({ reason: t }),
        'judge',
        'reason',
      ],
    ];

    it.each(texts)(
      'refuses them in %s (400 naming the member)',
      async (_what, template, body, who, member) => {
        const headers = who === 'judge' ? judge.headers : a.seats[who].headers;
        await nothingRecorded(async () => {
          for (const text of UNSAFE) {
            const path = template.replace('{id}', a.matchId).replace('{disputeId}', disputeId);
            const problem = await expectProblem(
              await postRaw(template, path, JSON.stringify(body(text)), headers),
              400,
              'invalid-body',
              `${member} must not contain control`,
            );
            expect(problem.errors?.map((error) => error.path)).toContain(member);
          }
        });
      },
    );

    it.each([
      [
        'a capture cause',
        { kind: 'capture', params: { pieces: ['c1'], cause: 'абордаж\u202E' } },
        'cause',
      ],
      [
        'a destroy cause',
        { kind: 'destroy', params: { pieces: ['c1'], cause: 'x\u0000' } },
        'cause',
      ],
      ['a phase name', { kind: 'start-phase', params: { phase: '\uFEFFБой' } }, 'phase'],
      [
        'a piece attribute',
        { kind: 'change-piece', params: { piece: 'c1', attrs: { note: 'по\u202Eдбит' } } },
        'attrs: its names and texts',
      ],
    ])('refuses them in the params of a decision: %s', async (_what, decision, member) => {
      await nothingRecorded(async () => {
        await expectProblem(
          await api.client.POST('/api/v1/matches/{id}/decisions', {
            headers: a.seats.red.headers,
            params: { path: { id: a.matchId } },
            body: anyDecision(decision),
          }),
          400,
          'invalid-params',
          `${member} must not contain control`,
        );
      });
    });

    it('refuses them in titles when creating a match, and creates none', async () => {
      const organizer = await asNewOrganizer(api, 'Клуб «Заголовки»');
      for (const title of ['\u200BКубок', 'Кубок\u202E2']) {
        await expectProblem(
          await api.client.POST('/api/v1/matches', {
            headers: organizer.headers,
            body: { ruleset: 'freeform', title, seats: [{ seat: 'red' }] },
          }),
          400,
          'invalid-body',
          'title must not contain control',
        );
      }
      expect(
        ok(await api.client.GET('/api/v1/matches', { headers: organizer.headers })).items,
      ).toHaveLength(0);
    });

    it('accepts line breaks in a claim and a joiner inside a word or an emoji', async () => {
      const claim = 'Первая строка:\nкрейсер ушёл раньше 👨\u200D👩\u200D👧';
      const created = ok(
        await api.client.POST('/api/v1/matches/{id}/disputes', {
          headers: a.seats.red.headers,
          params: { path: { id: a.matchId } },
          body: { atSeq: 1, claim },
        }),
        201,
      );
      expect(created.disputeId).toEqual(expect.any(String));
    });
  });

  describe('a member name given twice in one object (F8)', () => {
    it('refuses duplicate params of a decision with a 400 naming the member', async () => {
      await nothingRecorded(async () => {
        const problem = await expectProblem(
          await postRaw(
            '/api/v1/matches/{id}/decisions',
            `/api/v1/matches/${a.matchId}/decisions`,
            '{"kind":"change-track","params":{"track":"dup","value":1},"params":{"track":"dup2","value":2}}',
          ),
          400,
          'duplicate-member',
          'The object at the top level holds the member "params" more than once',
        );
        expect(problem.status).toBe(400);
      });
    });

    it('refuses a duplicate inside a nested object, naming its path', async () => {
      await nothingRecorded(async () => {
        await expectProblem(
          await postRaw(
            '/api/v1/matches/{id}/decisions',
            `/api/v1/matches/${a.matchId}/decisions`,
            '{"kind":"change-track","params":{"track":"vp","delta":1,"delta":5}}',
          ),
          400,
          'duplicate-member',
          'The object at $.params holds the member "delta" more than once',
        );
      });
    });

    it('says so in Russian to a Russian reader', async () => {
      const { response, error } = await postRaw(
        '/api/v1/matches/{id}/decisions',
        `/api/v1/matches/${a.matchId}/decisions`,
        '{"kind":"change-track","params":{"track":"vp","delta":1,"delta":5}}',
        { ...a.seats.red.headers, 'accept-language': 'ru' },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('content-language')).toBe('ru');
      expect((error as { detail: string }).detail).toBe(
        'Объект $.params содержит поле "delta" больше одного раза: в объекте каждое имя может встречаться только один раз',
      );
    });

    it('refuses a duplicate kind of a sealed decision', async () => {
      await nothingRecorded(async () => {
        await expectProblem(
          await postRaw(
            '/api/v1/matches/{id}/decisions/sealed',
            `/api/v1/matches/${a.matchId}/decisions/sealed`,
            `{"kind":"pass","kind":"declare","commitment":"${'0'.repeat(64)}"}`,
          ),
          400,
          'duplicate-member',
          '"kind" more than once',
        );
      });
    });

    it('still takes the same names in different objects, and escaped quotes and colons in strings', async () => {
      ok(
        await api.client.POST('/api/v1/matches/{id}/annotations', {
          headers: a.seats.red.headers,
          params: { path: { id: a.matchId } },
          body: { seq: 1, text: 'text: "seq":1, {"text":2}' },
        }),
        201,
      );
    });
  });
});
