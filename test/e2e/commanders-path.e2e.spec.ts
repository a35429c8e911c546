import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { verifyCli } from '../support/verify-cli';
import { startTestApp, type TestApp } from '../support/test-app';
import { RULES, RULESET_CHOICES } from '../../src/domain/rulesets/commanders-path/cp-rules-text';

/**
 * A short Commanders Path match over HTTP, through the client generated from /docs-json:
 * decks registered, opening hands, setup spending, deployment, one turn; red flies to the
 * orbit of blue's undefended asteroid, captures it at the end of its battle phase, and
 * blue's Commander, placed there, is lost: red wins. Bad input on the way is refused
 * with 422 and the rule, quoted from the Russian text.
 */

type RecordedEvent = components['schemas']['RecordedEventDto'];
type RecordedResult = components['schemas']['RecordedResultDto'];
type Problem = components['schemas']['ProblemDto'];

const deck = (first: { catalog: string; copies: number }[], commander: string) => {
  const filler = [
    'test-ambush',
    'test-union',
    'test-armor',
    'test-spaceport',
    'test-regiment',
    'test-battery',
    'test-osa',
    'test-guard',
    'test-skat',
    'test-hammer',
  ];
  const cards = [...first];
  let total = first.reduce((sum, c) => sum + c.copies, 0);
  for (const catalog of filler) {
    if (total >= 40) break;
    const copies = Math.min(4, 40 - total);
    cards.push({ catalog, copies });
    total += copies;
  }
  return { commander: { catalog: commander }, cards };
};

describe('a Commanders Path match over HTTP', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<'red' | 'blue', Session>;
  /** Piece id → card key, as each seat learned it from its own DeckBound event. */
  const binding: Record<'red' | 'blue', Record<string, string>> = { red: {}, blue: {} };

  const client = () => api.client;

  async function post(
    seat: 'red' | 'blue',
    kind: string,
    params: Record<string, unknown> = {},
    language?: string,
  ) {
    return client().POST('/api/v1/matches/{id}/decisions', {
      headers: {
        ...seats[seat].headers,
        ...(language !== undefined && { 'accept-language': language }),
      },
      params: { path: { id: matchId } },
      body: anyDecision({ kind, params }),
    });
  }

  async function decide(
    seat: 'red' | 'blue',
    kind: string,
    params: Record<string, unknown> = {},
  ): Promise<RecordedResult> {
    return ok(await post(seat, kind, params), 201);
  }

  /** The refusal of a decision; in the reader's `language` when one is given. */
  async function refused(
    seat: 'red' | 'blue',
    kind: string,
    params: Record<string, unknown>,
    language?: string,
  ): Promise<Problem> {
    const result = await post(seat, kind, params, language);
    expect(result.response.status).toBe(422);
    expect(result.response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
    return result.error as Problem;
  }

  async function table(seat: 'red' | 'blue') {
    const state = ok(
      await client().GET('/api/v1/matches/{id}/state', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    return state as unknown as {
      status: string;
      table: {
        pieces: Record<
          string,
          { id: string; zone: string; type: string; owner?: string; attrs: Record<string, unknown> }
        >;
        turn: { round: number; phase?: string; active: string[]; priority?: string };
        zones: Record<string, { hiddenCount?: number }>;
      };
      derived: Record<string, unknown>;
    };
  }

  const piecesOf = (seat: 'red' | 'blue', key: string) =>
    Object.entries(binding[seat])
      .filter(([, k]) => k === key)
      .map(([piece]) => piece);

  async function hand(seat: 'red' | 'blue'): Promise<string[]> {
    const { table: t } = await table(seat);
    return Object.values(t.pieces)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => p.id);
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    const organizer = await asNewOrganizer(api, 'Клуб «Путь Командора»');
    const detail = ok(
      await client().GET('/api/v1/rulesets/{id}', { params: { path: { id: 'commanders-path' } } }),
      200,
    );
    expect(detail).toMatchObject({ id: 'commanders-path', title: { ru: 'Путь Командора' } });
    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'commanders-path',
          title: 'Клубная партия',
          options: { deckShuffle: 'none', diceSource: 'reported' },
          seats: [{ seat: 'red' }, { seat: 'blue' }],
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = seatSessions(created) as Record<'red' | 'blue', Session>;
    for (const seat of ['red', 'blue'] as const)
      ok(
        await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name: seat === 'red' ? 'Анна' : 'Борис' },
        }),
        201,
      );
    ok(
      await client().POST('/api/v1/matches/{id}/start', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
  });

  afterAll(async () => {
    await app.close();
  });

  it('publishes the ruleset: its options with rule references and its decisions', async () => {
    const detail = ok(
      await client().GET('/api/v1/rulesets/{id}', { params: { path: { id: 'commanders-path' } } }),
      200,
    );
    const options = detail.options as { id: string; ruleRef?: string }[];
    expect(options.find((o) => o.id === 'boardingTie')?.ruleRef).toBe(RULES.boardingRoll);
    // Every kind publishes an example of its params (issue 13 point 9).
    expect(detail.decisions.filter((d) => d.example === undefined)).toEqual([]);
    expect((detail.decisions as { kind: string }[]).map((d) => d.kind)).toEqual(
      expect.arrayContaining([
        'register-deck',
        'setup-spend',
        'attack',
        'ram',
        'board',
        'manual-move',
        'approve-manual',
      ]),
    );
  });

  it('refuses bad options at creation in Russian, each option named by its title', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Опции»');
    const result = await client().POST('/api/v1/matches', {
      headers: { ...organizer.headers, 'accept-language': 'ru' },
      body: {
        ruleset: 'commanders-path',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        options: { boardingTie: 'coin-flip', evasiveWhenTapped: 'yes', fog: true },
      },
    });
    expect(result.response.status).toBe(400);
    expect(result.response.headers.get('content-language')).toBe('ru');
    const problem = result.error as Problem;
    const boarding =
      'Опция «Равенство при абордаже»: такого варианта нет; можно: «Абордаж провален», «Абордаж успешен», «Перебросить»';
    const evasive = 'Опция «Маневр уклонения повернутым кораблем»: должно быть «да» или «нет»';
    expect(problem.errors).toEqual([
      {
        path: 'options.fog',
        messages: [
          expect.stringMatching(/^Опции «fog» у этих правил нет; есть: «Источник кубиков», /),
        ],
      },
      { path: 'options.boardingTie', messages: [boarding] },
      { path: 'options.evasiveWhenTapped', messages: [evasive] },
    ]);
    expect(problem.detail).toContain(`; ${boarding}; ${evasive}`);
    expect(problem.detail).toMatch(/^Опции матча с ошибками: Опции «fog» у этих правил нет/);
  });

  it('a concession (issue 13 point 8): the other side wins, the seed is revealed, and the export verifies', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Сдача»');
    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'commanders-path',
          title: 'Сдача',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
        },
      }),
      201,
    );
    const id = created.matchId;
    const players = await claimSeatsAndStart(api, created, organizer);
    // Red registers its deck and deals: the server shuffles with the dice the seed will prove.
    const red = (kind: string, params: Record<string, unknown> = {}) =>
      client().POST('/api/v1/matches/{id}/decisions', {
        headers: players.red.headers,
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    ok(await red('register-deck', deck([{ catalog: 'test-eden', copies: 4 }], 'test-rein')), 201);
    ok(await red('deal'), 201);
    const concede = () =>
      client().POST('/api/v1/matches/{id}/decisions', {
        headers: players.blue.headers,
        params: { path: { id } },
        body: anyDecision({ kind: 'concede' }),
      });
    const conceded = ok(await concede(), 201);
    expect(conceded.events.map((e) => e.type)).toEqual([
      'DecisionMade',
      'MatchFinished',
      'RngRevealed',
    ]);
    expect(conceded.events[1].data).toEqual({
      winners: ['red'],
      condition: 'concession by blue',
      ruleRef: RULESET_CHOICES.concession,
    });
    const rng = ok(
      await client().GET('/api/v1/matches/{id}/rng', {
        headers: players.red.headers,
        params: { path: { id } },
      }),
      200,
    );
    expect(rng.seed).toMatch(/^[0-9a-f]{64}$/);
    // The match is over: a second concession records nothing.
    const seq = conceded.events[2].seq;
    const again = await concede();
    expect(again.response.status).toBe(409);
    expect(
      ok(
        await client().GET('/api/v1/matches/{id}', {
          headers: players.blue.headers,
          params: { path: { id } },
        }),
        200,
      ),
    ).toMatchObject({ status: 'finished', seq });
    const exported = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${id}/export`,
      { headers: players.blue.headers },
    );
    expect(exported.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-cp-concession-'));
    try {
      const file = join(dir, 'conceded.ndjson');
      writeFileSync(file, await exported.text());
      const run = await verifyCli(file, '--json');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        ok: true,
        matchId: id,
        dice: 'verified',
        counts: { shuffles: expect.any(Number) },
      });
      expect(JSON.parse(run.stdout).counts.shuffles).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a card whose weapon string does not parse, quoting the rules', async () => {
    const bad = deck([{ catalog: 'test-eden', copies: 1 }], 'test-rein');
    const params = {
      ...bad,
      cards: [
        {
          card: {
            kind: 'ship',
            name: 'Брак',
            size: 'ЛК',
            cost: 1,
            durability: '2(1)',
            speed: 3,
            crew: 'Н1',
            weapons: ['гиперпушка 9'],
          },
          copies: 1,
        },
        ...bad.cards,
      ],
    };
    const problem = await refused('red', 'register-deck', params);
    expect(problem.rule).toMatchObject({ code: 'invalid_card', ref: RULES.weapons });
    expect(problem.detail).toContain('weapon "гиперпушка 9" does not parse');
    // In Russian, the field as the deck form labels it, and the problem in words.
    const russian = await refused('red', 'register-deck', params, 'ru');
    expect(russian.detail).toMatch(
      /^Карты колоды № 1 → Определение карты → Вооружение № 1: оружие «гиперпушка 9»: запись не распознана; на картах его записывают так: плазма P/,
    );
    expect(russian.rule).toMatchObject({ code: 'invalid_card', ref: RULES.weapons });
  });

  it('refuses a deck of the wrong size in Russian, the count in its noun form', async () => {
    const problem = await refused(
      'red',
      'register-deck',
      { commander: { catalog: 'test-rein' }, cards: [{ catalog: 'test-eden', copies: 2 }] },
      'ru',
    );
    expect(problem.detail).toBe('В колоде 2 карты, а должно быть от 40 до 100');
    expect(problem.rule).toMatchObject({ code: 'deck_size', ref: RULES.deckSize });
  });

  it('registers both decks, deals, spends the setup resources and deploys', async () => {
    for (const [seat, cards, commander] of [
      [
        'red',
        [
          { catalog: 'test-eden', copies: 1 },
          { catalog: 'exorcist', copies: 1 },
        ],
        'test-rein',
      ],
      [
        'blue',
        [
          { catalog: 'test-mine', copies: 1 },
          { catalog: 'chimera', copies: 1 },
        ],
        'test-irma',
      ],
    ] as const) {
      const registered = await decide(seat, 'register-deck', deck([...cards], commander));
      const bound = registered.events.find((e: RecordedEvent) => e.type === 'DeckBound')!;
      expect(bound.meta.visibility).toBe(`seat:${seat}`);
      binding[seat] = (bound.data as { secret: { cards: Record<string, string> } }).secret.cards;
    }
    for (const seat of ['red', 'blue'] as const) await decide(seat, 'deal');
    expect(await hand('red')).toHaveLength(15);
    const asBlue = await table('blue');
    expect(asBlue.table.zones['hand:red'].hiddenCount).toBe(15);

    await decide('red', 'setup-spend', {
      builds: [
        { card: piecesOf('red', 'test-eden')[0], pay: 6 },
        { card: piecesOf('red', 'exorcist')[0], pay: 5 },
      ],
    });
    const revealed = await decide('blue', 'setup-spend', {
      builds: [
        { card: piecesOf('blue', 'test-mine')[0], pay: 4 },
        { card: piecesOf('blue', 'chimera')[0], pay: 10 },
      ],
    });
    expect(revealed.events.find((e) => e.type === 'InitiativeDetermined')?.data).toMatchObject({
      priority: 'red',
    });

    // The lower initiative deploys first; hands go to exactly 7.
    await decide('blue', 'deploy', {
      ships: [{ card: piecesOf('blue', 'chimera')[0], to: 'new' }],
      commander: piecesOf('blue', 'test-mine')[0],
      keep: (await hand('blue')).slice(0, 7),
    });
    await decide('red', 'deploy', {
      ships: [{ card: piecesOf('red', 'exorcist')[0], to: 'new' }],
      commander: piecesOf('red', 'test-eden')[0],
      keep: (await hand('red')).slice(0, 7),
    });
    const { table: t } = await table('red');
    expect(t.turn).toMatchObject({ round: 1, phase: 'resources', priority: 'red' });
    expect(await hand('red')).toHaveLength(9);
    expect(t.pieces[piecesOf('blue', 'chimera')[0]]).toMatchObject({
      type: 'Химера',
      attrs: { durability: 12, critical: 8 },
    });
  });

  it('plays the turn: red captures blue’s undefended asteroid with blue’s Commander on it, and wins', async () => {
    for (const seat of ['red', 'blue'] as const) await decide(seat, 'end-resources');
    await decide('blue', 'end-production');
    await decide('red', 'end-production');
    const exorcist = piecesOf('red', 'exorcist')[0];
    const chimera = piecesOf('blue', 'chimera')[0];
    const mine = piecesOf('blue', 'test-mine')[0];
    const { table: before } = await table('red');
    const problem = await refused('red', 'move-ships', {
      ships: [exorcist],
      to: before.pieces[chimera].zone,
    });
    expect(problem.rule).toMatchObject({ code: 'enemy_sector', ref: RULES.enemySector });
    // The same refusals in Russian: places and ships by the names the board gives them.
    const russian = await refused(
      'red',
      'move-ships',
      { ships: [exorcist], to: before.pieces[chimera].zone },
      'ru',
    );
    expect(russian.detail).toMatch(
      /^Сектор \d+: там флот противника; войти туда можно, только если это позволяет карта/,
    );
    expect(russian.rule).toMatchObject({ code: 'enemy_sector', message: russian.detail });
    const notHers = await refused('red', 'move-ships', { ships: [chimera], to: 'new' }, 'ru');
    expect(notHers.detail).toBe('Химера: это не ваш корабль в космосе');
    expect(notHers.rule).toMatchObject({ code: 'not_your_ship', ref: RULES.movement });

    await decide('red', 'move-ships', { ships: [exorcist], to: `orbit:${mine}` });
    const ended = await decide('red', 'end-movement');
    const types = ended.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'BattlePhaseBegan',
        'ObjectCaptured',
        'MatchFinished',
        'RngRevealed',
      ]),
    );
    expect(ended.events.find((e) => e.type === 'MatchFinished')?.data).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('commander-captured'),
      ruleRef: RULES.commanderLost,
    });

    const match = ok(
      await client().GET('/api/v1/matches/{id}', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(match).toMatchObject({ status: 'finished' });
    const after = await table('blue');
    expect(after.table.pieces[mine]).toMatchObject({
      zone: 'objects:red',
      attrs: { controller: 'red' },
    });
    expect(after.derived).toMatchObject({ control: { [mine]: 'red' } });
    expect(api.checks.failures).toEqual([]);
  });
});
