import type { components } from '../../web/src/api/matchlog-api';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A refusal comes in the reader's language: `detail` (and the rule's message) follow the
 * request's Accept-Language, the answer says which with Content-Language and varies on it.
 */

type Problem = components['schemas']['ProblemDto'];

describe("refusals in the reader's language", () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session & { id: string };
  let matchId: string;
  let seats: Record<string, Session>;

  const client = () => api.client;

  /** A decision on a revision the match has left: refused 409 stale-revision. */
  async function staleDecision(language?: string) {
    const result = await client().POST('/api/v1/matches/{id}/decisions', {
      headers: {
        ...seats.red.headers,
        ...(language !== undefined && { 'accept-language': language }),
      },
      params: { path: { id: matchId } },
      body: anyDecision({ kind: 'move', params: { pieces: ['s1'], to: 'south' }, expectedSeq: 0 }),
    });
    expect(result.response.status).toBe(409);
    return { problem: result.error as Problem, headers: result.response.headers };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб «Ладья»');
    const created = ok(
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
    matchId = created.matchId;
    seats = seatSessions(created);
    for (const seat of ['red', 'blue']) {
      ok(
        await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name: seat === 'red' ? 'Аня' : 'Борис' },
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
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  it('answers a Russian reader in Russian, with Content-Language and Vary', async () => {
    const { problem, headers } = await staleDecision('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(problem.detail).toMatch(/^Матч ушёл вперёд: последнее событие — №\d+, а не №0\./);
    expect(headers.get('content-language')).toBe('ru');
    expect(headers.get('vary')).toMatch(/\bAccept-Language\b/i);
  });

  it('answers in English without the header, or when English is preferred', async () => {
    for (const language of [undefined, 'en', 'de, en;q=0.9, ru;q=0.5', 'fr']) {
      const { problem, headers } = await staleDecision(language);
      expect(problem.detail).toMatch(/^The match is at seq \d+, not 0: reload it/);
      expect(headers.get('content-language')).toBe('en');
      expect(headers.get('vary')).toMatch(/\bAccept-Language\b/i);
    }
  });

  it('follows the q-values, not the order', async () => {
    const { problem } = await staleDecision('en;q=0.3, ru;q=0.8');
    expect(problem.detail).toMatch(/^Матч ушёл вперёд/);
  });

  /** A decision `who` makes with `accept-language: ru`: its problem and headers. */
  async function decideInRussian(
    who: Session,
    body: { kind: string; params: Record<string, unknown> },
  ) {
    const result = await client().POST('/api/v1/matches/{id}/decisions', {
      headers: { ...who.headers, 'accept-language': 'ru' },
      params: { path: { id: matchId } },
      body: anyDecision(body),
    });
    return { status: result.response.status, problem: result.error as Problem, result };
  }

  describe("the engine's refusals", () => {
    beforeAll(async () => {
      const { status } = await decideInRussian(seats.red, {
        kind: 'start-phase',
        params: { phase: 'battle', active: ['red'] },
      });
      expect(status).toBe(201);
    });

    it('names the seat whose turn it is, and the rule message too', async () => {
      const { status, problem, result } = await decideInRussian(seats.blue, {
        kind: 'move',
        params: { pieces: ['s1'], to: 'south' },
      });
      expect(status).toBe(422);
      expect(problem.detail).toBe('Сейчас не ваш ход: ходит Аня');
      expect(problem.rule).toMatchObject({ code: 'not_your_turn', message: problem.detail });
      expect(result.response.headers.get('content-language')).toBe('ru');
    });

    it('says which zone is missing', async () => {
      const { status, problem } = await decideInRussian(seats.red, {
        kind: 'move',
        params: { pieces: ['s1'], to: 'nowhere' },
      });
      expect(status).toBe(422);
      expect(problem.detail).toBe('Зоны «nowhere» на столе нет');
    });

    it('puts a localized message beside the field of invalid params', async () => {
      const result = await client().POST('/api/v1/matches/{id}/annotations', {
        headers: { ...seats.red.headers, 'accept-language': 'ru' },
        params: { path: { id: matchId } },
        body: { seq: 9999, text: 'Сильный ход' },
      });
      expect(result.response.status).toBe(400);
      const problem = result.error as Problem;
      expect(problem.detail).toMatch(/^Укажите событие этого матча: от №0 до №\d+, а не №9999$/);
      expect(problem.errors).toEqual([{ path: 'seq', messages: [problem.detail] }]);
    });

    it('words schema refusals for a person, each beside its field', async () => {
      const result = await client().POST('/api/v1/matches/{id}/annotations', {
        headers: { ...seats.red.headers, 'accept-language': 'ru' },
        params: { path: { id: matchId } },
        body: { seq: 1.5, text: 'Сильный ход', mood: 'бодрое' } as never,
      });
      expect(result.response.status).toBe(400);
      const problem = result.error as Problem;
      expect(problem.errors).toEqual([
        { path: 'mood', messages: ['Поле «mood»: такого поля нет'] },
        { path: 'seq', messages: ['Событие: должно быть целым числом'] },
      ]);
      expect(problem.detail).toBe(
        'Запрос с ошибками: Поле «mood»: такого поля нет; Событие: должно быть целым числом',
      );
    });

    it("names a decision's fields by their labels", async () => {
      const { status, problem } = await decideInRussian(seats.red, {
        kind: 'move',
        params: { pieces: 's1', to: 'south' },
      });
      expect(status).toBe(400);
      const messages = [
        'Фигуры: не больше 500 элементов',
        'Фигуры: не меньше 1 элемента',
        'Фигуры: должно быть списком',
      ];
      expect(problem.errors).toEqual([{ path: 'pieces', messages }]);
      expect(problem.detail).toBe(messages.join('; '));
    });

    it('refuses a seat claimed after the start in Russian', async () => {
      const result = await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: { ...seats.blue.headers, 'accept-language': 'ru' },
        params: { path: { id: matchId, seat: 'blue' } },
        body: { name: 'Борис' },
      });
      expect(result.response.status).toBe(409);
      expect((result.error as Problem).detail).toBe(
        'Занять место можно только до начала матча, а он идёт',
      );
    });
  });

  it('asks for a token in Russian when none came', async () => {
    const result = await client().POST('/api/v1/matches/{id}/decisions', {
      headers: { 'accept-language': 'ru' },
      params: { path: { id: matchId } },
      body: anyDecision({ kind: 'move', params: { pieces: ['s1'], to: 'south' } }),
    });
    expect(result.response.status).toBe(401);
    expect((result.error as Problem).detail).toBe('Нужен действующий токен доступа (Bearer)');
    expect(result.response.headers.get('content-language')).toBe('ru');
  });
});
