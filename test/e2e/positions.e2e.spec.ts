import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, eventually, ok, type Problem } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { verifyCli } from '../support/verify-cli';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Issue 45 item 1 over HTTP: a match created from a given position, read back identical
 * (GET state), played on; a position that breaks the rules refused naming each problem, with
 * no match created; and `matchlog verify` passing such a match and naming its laid-out decks.
 */
describe('a match from a given position over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let dir: string;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Позиция»');
    dir = mkdtempSync(join(tmpdir(), 'positions-e2e-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await running.close();
  });

  const create = (body: Json, language = 'ru') =>
    api.client.POST('/api/v1/matches', {
      headers: { ...organizer.headers, 'accept-language': language },
      body: body as never,
    });

  /** A started match from `body`; its id and its seats' sessions. */
  async function started(body: Json) {
    const created = ok(await create(body), 201);
    const seats = await claimSeatsAndStart(api, created, organizer, (seat) => `Игрок ${seat}`);
    return { id: created.matchId, seats };
  }

  const stateOf = async (id: string, who: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: who.headers,
        params: { path: { id }, query: {} },
      }),
    ) as Json;

  const decide = (id: string, who: Session, kind: string, params: Json = {}) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id } },
      body: anyDecision({ kind, params }),
    });

  const matchCount = async () =>
    (
      ok(
        await api.client.GET('/api/v1/matches', {
          headers: organizer.headers,
          params: { query: { limit: 100 } as never },
        }),
      ) as Json
    ).items.length as number;

  describe('freeform', () => {
    const setup = {
      zones: [
        { id: 'north', kind: 'location', name: { en: 'North', ru: 'Север' } },
        { id: 'south', kind: 'location', name: { en: 'South', ru: 'Юг' } },
        { id: 'deck', kind: 'deck', visibility: 'nobody', name: { en: 'Deck', ru: 'Колода' } },
      ],
      pieces: [
        { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } },
        { id: 'scout', type: 'Разведчик', owner: 'blue', zone: 'north' },
        { id: 'c1', type: 'Атака', zone: 'deck' },
        { id: 'c2', type: 'Манёвр', zone: 'deck' },
        { id: 'c3', type: 'Засада', zone: 'deck' },
      ],
    };
    const position = {
      pieces: [
        { id: 'cruiser', zone: 'south', status: 'damaged', attrs: { hits: 2 } },
        { id: 'scout', zone: 'losses:blue', status: 'destroyed' },
        { id: 'c3', zone: 'hand:red' },
      ],
      decks: [{ deck: 'deck', order: ['c2', 'c1'] }],
      tracks: [{ id: 'points:red', owner: 'red', value: 7 }],
      turn: { round: 3, phase: 'battle', active: ['blue'] },
    };
    const body = {
      ruleset: 'freeform',
      title: 'С позиции',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      options: { diceSource: 'server' },
      setup,
      position,
    };

    it('creates the match, reads the position back, plays on, and verify names the laid-out deck', async () => {
      const { id, seats } = await started(body);
      const state = await stateOf(id, seats.red);
      const { pieces, tracks, turn, decks, losses } = state.table;
      expect(pieces.cruiser).toMatchObject({
        zone: 'south',
        status: 'damaged',
        attrs: { cost: 7, hits: 2 },
      });
      expect(pieces.scout).toMatchObject({ zone: 'losses:blue', status: 'destroyed' });
      expect(losses.blue).toEqual([expect.objectContaining({ piece: 'scout', cause: 'position' })]);
      expect(pieces.c3).toMatchObject({ zone: 'hand:red', type: 'Засада' });
      expect(decks.deck).toEqual({ id: 'deck', count: 2 });
      expect(tracks['points:red'].value).toBe(7);
      expect(turn).toMatchObject({ round: 3, phase: 'battle', active: ['blue'] });
      // Blue sees neither red's hand nor the deck's order.
      const blue = await stateOf(id, seats.blue);
      expect(blue.table.pieces.c3).toBeUndefined();
      const match = ok(
        await api.client.GET('/api/v1/matches/{id}', {
          headers: seats.blue.headers,
          params: { path: { id } },
        }),
      ) as Json;
      expect(match.laidOutDecks).toEqual(['deck']);

      // Played on: blue, whose turn it is, draws the top card the organizer laid out.
      ok(await decide(id, seats.blue, 'draw', { deck: 'deck', count: 1 }), 201);
      const after = await stateOf(id, seats.blue);
      expect(after.table.pieces.c2).toMatchObject({ zone: 'hand:blue', type: 'Манёвр' });
      ok(await decide(id, seats.blue, 'concede'), 201);

      const response = await api.fetchChecked(
        '/api/v1/matches/{id}/export',
        `/api/v1/matches/${id}/export`,
        { headers: seats.red.headers },
      );
      expect(response.status).toBe(200);
      const file = join(dir, 'freeform.ndjson');
      writeFileSync(file, await response.text());
      const en = await verifyCli(file, '--lang', 'en');
      expect(en.code).toBe(0);
      expect(en.stdout).toContain('laid out by the organizer, not shuffled: deck');
      expect(en.stdout).toContain('1 card drawn checked');
      const ru = await verifyCli(file, '--lang', 'ru');
      expect(ru.code).toBe(0);
      expect(ru.stdout).toContain('выложены организатором, не перетасованы: deck');
    });

    it('refuses a position naming each problem in Russian, and creates no match', async () => {
      const before = await matchCount();
      const refused = await create({
        ...body,
        position: {
          pieces: [
            { id: 'battleship', zone: 'north' },
            { id: 'cruiser', zone: 'atlantis' },
            { id: 'c1', zone: 'hand:blue' },
          ],
          decks: [{ deck: 'deck', order: ['c1', 'c2'] }],
        },
      });
      expect(refused.response.status).toBe(400);
      const problem = refused.error as Problem & { errors: Json[] };
      expect(problem.detail).toMatch(/^Позиция не принята \(4 ошибки\)/);
      expect(problem.errors.map((e) => [e.path, e.messages[0]])).toEqual([
        [
          'position.pieces.0.id',
          'Фигуры «battleship» на столе этой игры нет (для новой фигуры укажите её тип)',
        ],
        ['position.pieces.1.zone', 'Зоны «atlantis» на столе этой игры нет'],
        [
          'position.decks.0.order.0',
          'Фигура «Атака» (c1) указана в двух местах: «Рука blue» (pieces.2) и «Колода»',
        ],
        [
          'position.decks.0.order',
          'В колоде «Колода» лежат ещё c3, а в её порядке этой карты нет: перечислите все карты колоды или положите эту карту в другое место',
        ],
      ]);
      // Nothing was created: the next match created is the only new one listed.
      ok(await create(body), 201);
      await eventually('the new match listed', async () =>
        (await matchCount()) > before ? true : undefined,
      );
      expect(await matchCount()).toBe(before + 1);
    });
  });
  /** The export of a match, written to a file for `matchlog verify`. */
  async function exported(id: string, who: Session, name: string): Promise<string> {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${id}/export`,
      { headers: who.headers },
    );
    expect(response.status).toBe(200);
    const file = join(dir, name);
    writeFileSync(file, await response.text());
    return file;
  }

  describe('rex', () => {
    const seats = [
      { seat: 'sol', faction: 'sol' },
      { seat: 'letnev', faction: 'letnev' },
      { seat: 'hacan', faction: 'hacan' },
    ];
    const influenceCards = Array.from({ length: 18 }, (_, i) => `influence:${18 - i}`);
    const position = {
      pieces: [
        { id: 'troop:sol:1', zone: 'civilian-spaceport' },
        { id: 'troop:letnev:1', zone: 'losses:letnev', status: 'destroyed' },
        { id: 'strategy:1', zone: 'hand:sol' },
      ],
      decks: [{ deck: 'influence-deck', order: influenceCards }],
      tracks: [{ id: 'influence:sol', value: 14 }],
      turn: { round: 3, phase: 'influence', active: ['letnev'], priority: 'letnev' },
      rules: { alliances: [{ members: ['sol', 'hacan'] }] },
    };

    it('starts in round 3 from the position, plays on, and verify names the laid-out Influence deck', async () => {
      const { id, seats: sessions } = await started({ ruleset: 'rex', seats, position });
      const state = await stateOf(id, sessions.sol);
      const { pieces, tracks, turn } = state.table;
      expect(pieces['troop:sol:1'].zone).toBe('civilian-spaceport');
      expect(pieces['troop:letnev:1']).toMatchObject({
        zone: 'losses:letnev',
        status: 'destroyed',
      });
      expect(pieces['strategy:1'].zone).toBe('hand:sol');
      expect(tracks['influence:sol'].value).toBe(14);
      expect(turn).toMatchObject({ round: 3, phase: 'influence', active: ['letnev'] });
      // Hacan does not see Sol's hand.
      expect((await stateOf(id, sessions.hacan)).table.pieces['strategy:1']).toBeUndefined();

      const revealed = ok(await decide(id, sessions.letnev, 'reveal-influence'), 201)
        .events as Json[];
      expect(revealed.find((e) => e.type === 'InfluenceCardRevealed')?.data.card).toBe(
        'influence:18',
      );
      expect(revealed.filter((e) => e.type === 'DeckShuffled')).toHaveLength(3);
      ok(await decide(id, sessions.sol, 'concede'), 201);
      ok(await decide(id, sessions.hacan, 'concede'), 201);

      const file = await exported(id, sessions.letnev, 'rex.ndjson');
      const run = await verifyCli(file, '--lang', 'ru');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('выложены организатором, не перетасованы: influence-deck');
      expect(run.stdout).toContain('3 перемешивания выведены заново');
    });

    it('refuses a position that breaks the rules, with the rule quoted', async () => {
      const refused = await create({
        ruleset: 'rex',
        seats,
        position: { ...position, turn: { round: 9 } },
      });
      expect(refused.response.status).toBe(400);
      const problem = refused.error as Problem & { errors: Json[] };
      expect(problem.errors).toEqual([
        expect.objectContaining({
          path: 'position.turn.round',
          messages: ['В Rex играют раунды с 1-го по 8-й, а не 9-й'],
          ruleRef: expect.stringContaining('8 раунда'),
        }),
      ]);
    });
  });
  describe('galaxy-league', () => {
    const seats = [
      { seat: 'anna', faction: 'empire' },
      { seat: 'boris', faction: 'devourers' },
      { seat: 'vera', faction: 'eternals' },
    ];
    const setup = {
      technologies: [{ id: 'shields', name: { en: 'Shields', ru: 'Щиты' }, cost: 100, points: 1 }],
    };
    const position = {
      pieces: [{ id: 'ship:anna:1', zone: 'ember' }],
      tracks: [
        { id: 'credits:anna', value: 140 },
        { id: 'wins:anna', value: 3 },
      ],
      turn: { round: 5, phase: 'preparation' },
      rules: {
        owners: [{ territory: 'ember', seat: 'anna' }],
        alliances: [{ members: ['anna', 'vera'], formedRound: 4 }],
        technologies: [{ seat: 'anna', technology: 'shields' }],
      },
    };

    it('joins the season in round 5 with credits, wins, an alliance and a technology, and plays on', async () => {
      const { id, seats: sessions } = await started({
        ruleset: 'galaxy-league',
        seats,
        setup,
        position,
      });
      const state = await stateOf(id, sessions.boris);
      expect(state.table.tracks['credits:anna'].value).toBe(140);
      expect(state.table.tracks['wins:anna'].value).toBe(3);
      expect(state.table.pieces['ship:anna:1'].zone).toBe('ember');
      expect(state.table.turn).toMatchObject({ round: 5, phase: 'preparation' });
      expect(state.derived).toMatchObject({ round: 5, stage: 'preparation' });
      for (const seat of state.derived.waitingFor as string[])
        ok(await decide(id, sessions[seat], 'end-stage'), 201);
      expect((await stateOf(id, sessions.boris)).derived).toMatchObject({
        round: 5,
        stage: 'attack',
      });
    });

    it('refuses a round the league does not have, with its rule', async () => {
      const refused = await create({
        ruleset: 'galaxy-league',
        seats,
        setup,
        position: { ...position, turn: { round: 13 } },
      });
      expect(refused.response.status).toBe(400);
      expect((refused.error as Problem & { errors: Json[] }).errors).toEqual([
        expect.objectContaining({
          path: 'position.turn.round',
          messages: ['Лига длится 12 раундов: раунда 13 в ней нет'],
          ruleRef: expect.stringContaining('12 раундов'),
        }),
      ]);
    });
  });
  describe('combat-commander', () => {
    const seats = [{ seat: 'axis' }, { seat: 'allies' }];
    const alliesCards = Array.from(
      { length: 72 },
      (_, i) => `allies-fate-${String(i + 1).padStart(2, '0')}`,
    );
    const position = {
      pieces: [
        { id: 'su-squad-2', zone: 'hex:F6', status: 'broken' },
        { id: 'su-team', zone: 'losses:allies', status: 'destroyed' },
        { id: 'axis-fate-01', zone: 'hand:axis' },
        { id: 'allies-fate-72', zone: 'discard:allies' },
      ],
      decks: [{ deck: 'fate:allies', order: alliesCards.slice(0, 71).reverse() }],
      tracks: [{ id: 'time', value: 3 }],
      turn: { round: 4, phase: 'turn', active: ['allies'] },
    };

    it('begins at a Turn with a broken squad, an eliminated team and Time 3; verify names the laid-out Fate deck', async () => {
      const { id, seats: sessions } = await started({
        ruleset: 'combat-commander',
        seats,
        position,
      });
      const state = await stateOf(id, sessions.allies);
      const { pieces, tracks, turn } = state.table;
      expect(pieces['su-squad-2']).toMatchObject({ zone: 'hex:F6', status: 'broken' });
      expect(pieces['su-team']).toMatchObject({ zone: 'losses:allies', status: 'destroyed' });
      expect(pieces['axis-fate-01']).toBeUndefined();
      expect(tracks.time.value).toBe(3);
      expect(turn).toMatchObject({ phase: 'turn', active: ['allies'] });

      const played = ok(await decide(id, sessions.allies, 'discard', { cards: [] }), 201)
        .events as Json[];
      expect(played.filter((e) => e.type === 'DeckShuffled').map((e) => e.data.deck)).toEqual([
        'fate:axis',
      ]);
      const hand = Object.values((await stateOf(id, sessions.allies)).table.pieces as Json)
        .filter((p: Json) => p.zone === 'hand:allies')
        .map((p: Json) => p.id as string)
        .sort();
      expect(hand).toEqual(alliesCards.slice(67, 71));
      ok(await decide(id, sessions.axis, 'concede'), 201);

      const file = await exported(id, sessions.allies, 'cc.ndjson');
      const run = await verifyCli(file, '--lang', 'en');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('laid out by the organizer, not shuffled: fate:allies');
    });
  });

  describe('sw-strategic', () => {
    const seats = [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }];
    const position = {
      pieces: [
        { id: 'destroyer-1', zone: 's:2:-1', attrs: { heading: 3, shields: 1 } },
        { id: 'destroyer-8', zone: 'losses:blue', status: 'destroyed' },
        { id: 'station-red-1', type: 'station', owner: 'red', zone: 's:4:1' },
        { id: 'mine-1', type: 'mine', owner: 'gold', zone: 's:-4:2' },
        { id: 'generator:5', zone: 'losses:blue', status: 'destroyed' },
      ],
      tracks: [{ id: 'credits:red', value: 12 }],
      turn: { round: 3, active: ['blue', 'gold'] },
      rules: { order: { space: ['red', 'blue', 'gold'], ground: ['gold', 'red', 'blue'] } },
    };

    it('starts at blue’s space turn of round 3 with the table laid out, plays on, and verifies', async () => {
      const { id, seats: sessions } = await started({ ruleset: 'sw-strategic', seats, position });
      const state = await stateOf(id, sessions.gold);
      const { pieces, tracks, turn } = state.table;
      expect(pieces['destroyer-1']).toMatchObject({
        zone: 's:2:-1',
        attrs: { heading: 3, shields: 1 },
      });
      expect(pieces['destroyer-8'].status).toBe('destroyed');
      expect(pieces['station-red-1']).toMatchObject({ owner: 'red', zone: 's:4:1' });
      expect(pieces['mine-1']).toMatchObject({ owner: 'gold', zone: 's:-4:2' });
      expect(pieces['generator:5'].status).toBe('destroyed');
      expect(tracks['credits:red'].value).toBe(12);
      expect(turn).toMatchObject({ round: 3, active: ['blue', 'gold'] });

      expect((await decide(id, sessions.red, 'end-turn', { map: 'space' })).response.status).toBe(
        422,
      );
      ok(await decide(id, sessions.blue, 'end-turn', { map: 'space' }), 201);
      expect((await stateOf(id, sessions.gold)).table.turn.active).toEqual(['gold']);

      // The mission has no concession: the organizer abandons it, so that it can be exported.
      ok(
        await api.client.POST('/api/v1/matches/{id}/abandon', {
          headers: organizer.headers,
          params: { path: { id } },
          body: { reason: 'Позиция проверена' },
        }),
        201,
      );
      const file = await exported(id, organizer, 'sw.ndjson');
      const run = await verifyCli(file, '--lang', 'en');
      expect(run.code).toBe(0);
    });

    it('refuses a ship on the planet and negative credits, each named, and creates no match', async () => {
      const before = await matchCount();
      const refused = await create({
        ruleset: 'sw-strategic',
        seats,
        position: {
          pieces: [{ id: 'destroyer-1', zone: 's:0:0' }],
          tracks: [{ id: 'credits:blue', value: -2 }],
        },
      });
      expect(refused.response.status).toBe(400);
      expect(
        (refused.error as Problem & { errors: Json[] }).errors.map((e) => [e.path, e.messages[0]]),
      ).toEqual([
        [
          'position.tracks.0.value',
          'У легиона «Легион II» не может быть -2 кредитов: кредитов не бывает меньше 0',
        ],
        [
          'position.pieces.0.zone',
          'Эсминец 1 (destroyer-1) не может стоять там: клетка (0, 0) — поверхность планеты, куда заходят только транспортные корабли',
        ],
      ]);
      expect(await matchCount()).toBe(before);
    });
  });

  describe('commanders-path', () => {
    const seats = [{ seat: 'red' }, { seat: 'blue' }];
    const fillers = ['test-ambush', 'test-union', 'test-armor', 'test-spaceport', 'test-regiment'];
    const fillers2 = ['test-battery', 'test-osa', 'test-guard', 'test-skat'];
    /** 40 cards: two Exorcists, four of each filler, two Hammers. */
    const deck = (commander: string) => ({
      commander: { catalog: commander },
      cards: [
        { catalog: 'exorcist', copies: 2 },
        ...[...fillers, ...fillers2].map((catalog) => ({ catalog, copies: 4 })),
        { catalog: 'test-hammer', copies: 2 },
      ],
    });
    // Blue's deck as the organizer lays it out: every card left after the two Exorcists.
    const blueLeft = [...fillers, ...fillers2]
      .flatMap((key) => [key, key, key, key])
      .concat(['test-hammer', 'test-hammer']);
    const blueIds = blueLeft.map((_, i) => `blue-d${i + 1}`);
    const position = {
      pieces: [
        {
          id: 'red-ship-1',
          type: 'Экзорцист',
          owner: 'red',
          zone: 'sector:1',
          attrs: { card: 'exorcist' },
        },
        {
          id: 'red-commander',
          type: 'Командор Рейн (тест)',
          owner: 'red',
          zone: 'situation:red',
          attrs: { card: 'test-rein', host: 'red-ship-1' },
        },
        { id: 'red-hand-1', type: 'card', owner: 'red', zone: 'hand:red' },
        {
          id: 'blue-ship-1',
          type: 'Экзорцист',
          owner: 'blue',
          zone: 'sector:2',
          attrs: { card: 'exorcist' },
        },
        {
          id: 'blue-ship-2',
          type: 'Экзорцист',
          owner: 'blue',
          zone: 'losses:blue',
          status: 'destroyed',
          attrs: { card: 'exorcist' },
        },
        {
          id: 'blue-commander',
          type: 'Командор Ирма (тест)',
          owner: 'blue',
          zone: 'situation:blue',
          attrs: { card: 'test-irma', host: 'blue-ship-1' },
        },
        ...blueIds.map((id) => ({ id, type: 'card', owner: 'blue', zone: 'deck:blue' })),
      ],
      decks: [{ deck: 'deck:blue', order: blueIds }],
      tracks: [
        { id: 'resources:red', value: 7 },
        { id: 'tokens:blue', value: 3 },
      ],
      turn: { round: 3, phase: 'resources', priority: 'red' },
      rules: {
        decks: [
          { seat: 'red', deck: deck('test-rein') },
          { seat: 'blue', deck: deck('test-irma') },
        ],
        hidden: [
          { piece: 'red-hand-1', card: 'test-ambush' },
          ...blueIds.map((piece, i) => ({ piece, card: blueLeft[i] })),
        ],
      },
    };

    it('starts at turn 3’s resource phase, plays on, and verify names the laid-out deck', async () => {
      const { id, seats: sessions } = await started({
        ruleset: 'commanders-path',
        seats,
        position,
      });
      const red = await stateOf(id, sessions.red);
      const { pieces, tracks, turn, decks } = red.table;
      expect(pieces['red-ship-1']).toMatchObject({
        zone: 'sector:1',
        attrs: { card: 'exorcist', kind: 'ship', damage: 0 },
      });
      expect(pieces['red-commander'].attrs).toMatchObject({ host: 'red-ship-1' });
      expect(pieces['red-hand-1']).toMatchObject({ zone: 'hand:red', type: 'card' });
      expect(pieces['blue-ship-2']).toMatchObject({ zone: 'losses:blue', status: 'destroyed' });
      expect(tracks['resources:red']).toMatchObject({ value: 7, owner: 'red' });
      expect(turn).toMatchObject({ round: 3, phase: 'resources', active: ['red', 'blue'] });
      expect(decks['deck:blue'].count).toBe(38);
      expect(decks['deck:red'].count).toBe(38);
      // Blue sees neither red's hand nor the deck lists.
      const blue = await stateOf(id, sessions.blue);
      expect(blue.table.pieces['red-hand-1']).toBeUndefined();
      const match = ok(
        await api.client.GET('/api/v1/matches/{id}', {
          headers: sessions.blue.headers,
          params: { path: { id } },
        }),
      ) as Json;
      expect(match.laidOutDecks).toEqual(['deck:blue']);

      // Played on: the first decision shuffles red's deck, not the one laid out.
      const played = ok(await decide(id, sessions.red, 'end-resources'), 201).events as Json[];
      expect(played.filter((e) => e.type === 'DeckShuffled').map((e) => e.data.deck)).toEqual([
        'deck:red',
      ]);
      ok(await decide(id, sessions.blue, 'concede'), 201);

      const file = await exported(id, sessions.red, 'cp.ndjson');
      const run = await verifyCli(file, '--lang', 'en');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('laid out by the organizer, not shuffled: deck:blue');
      const ru = await verifyCli(file, '--lang', 'ru');
      expect(ru.code).toBe(0);
      expect(ru.stdout).toContain('выложены организатором, не перетасованы: deck:blue');
    });

    it('refuses a card not in the deck, a card in two places and a damaged ship, each named, and creates no match', async () => {
      const before = await matchCount();
      const refused = await create({
        ruleset: 'commanders-path',
        seats,
        position: {
          ...position,
          pieces: [
            { ...position.pieces[0], attrs: { card: 'exorcist', damage: 3 } },
            ...position.pieces.slice(1, 6),
            { id: 'red-ship-1', type: 'Экзорцист', owner: 'red', zone: 'sector:2' },
            {
              id: 'red-chimera',
              type: 'Химера',
              owner: 'red',
              zone: 'sector:1',
              attrs: { card: 'chimera' },
            },
          ],
          decks: [],
          rules: { ...position.rules, hidden: [{ piece: 'red-hand-1', card: 'test-ambush' }] },
        },
      });
      expect(refused.response.status).toBe(400);
      const problem = refused.error as Problem & { errors: Json[] };
      expect(problem.detail).toMatch(/^Позиция не принята \(3 ошибки\)/);
      expect(problem.errors.map((e) => [e.path, e.messages[0], e.ruleRef ?? null])).toEqual([
        [
          'position.pieces.6',
          'Фигура «Экзорцист» (red-ship-1) указана в двух местах: «Сектор 1» (pieces.0) и «Сектор 2»',
          null,
        ],
        [
          'position.pieces.0.attrs.damage',
          'Экзорцист (red-ship-1): в начале хода повреждений нет — их снимают после каждого сражения',
          expect.stringContaining('Фишки повреждений с других кораблей снимаются'),
        ],
        [
          'position.pieces.7.attrs.card',
          'red-chimera: карты «chimera» в зарегистрированной колоде red нет',
          expect.stringContaining('все карты игрока'),
        ],
      ]);
      expect(await matchCount()).toBe(before);
    });
  });
});
