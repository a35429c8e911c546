import { ILLUSTRATIVE_MISSION } from '../../src/domain/rulesets/sw-strategic/sw-mission';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  newTournamentJudge,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A short strategic mission over HTTP: three legions on both maps for one planned turn, the
 * Game Master's decisions by a judge token, refused actions answered 422 with the rule and
 * nothing recorded, and the combined result at the end.
 */
describe('Star Wars strategic mission over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let gm: Session;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Легион»');
    gm = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'sw-2026', name: 'Миссия 2026' },
      'Мастер игры',
    );
  });
  afterAll(() => running.close());

  /** The illustrative mission for one turn, its seats claimed and the match started. */
  async function startedMission() {
    // The illustrative mission as an organizer sends it (the flag is the game's), for one turn.
    const { illustrative: _illustrative, ...mission } = {
      ...structuredClone(ILLUSTRATIVE_MISSION),
      plannedTurns: 1,
    };
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'sw-strategic',
          tournamentId: 'sw-2026',
          seats: [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }],
          setup: { mission } as Json,
        },
      }),
      201,
    );
    const id = created.matchId;
    const seats = seatSessions(created);
    for (const seat of ['red', 'blue', 'gold'])
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id, seat } },
          body: { name: `Командер ${seat}` },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: seats.red.headers,
        params: { path: { id } },
      }),
      201,
    );
    return { id, seats };
  }

  it('plays a one-turn mission through both maps to a result', async () => {
    const { id, seats } = await startedMission();
    const decide = (who: Session, kind: string, params: Json = {}, seat?: string) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: who.headers,
        params: { path: { id } },
        body: anyDecision({ kind, params, ...(seat ? { seat } : {}) }),
      });
    const seq = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}', {
          headers: seats.red.headers,
          params: { path: { id } },
        }),
      ).seq;

    const begun = ok(await decide(seats.red, 'begin'), 201);
    const orders = Object.fromEntries(
      begun.events
        .filter((e: Json) => e.type === 'TurnOrderRolled')
        .map((e: Json) => [e.data.map, e.data.order as string[]]),
    );
    const [spaceFirst] = orders.space;

    // The first space legion buys a transport; the GM calls time by a judge token; then only
    // the end of the turn is accepted (422 with the rule, nothing recorded).
    ok(await decide(seats[spaceFirst], 'buy-ships', { classes: ['transport'] }), 201);
    const seatCalls = await decide(seats[spaceFirst], 'gm-call-time', { map: 'space' });
    expect(seatCalls.response.status).toBe(422);
    ok(await decide(gm, 'gm-call-time', { map: 'space' }, spaceFirst), 201);

    // The legal-decisions read: a judge naming a seat is offered the Game Master's decisions
    // that can be made now (time is called on space only), a seat never.
    const legal = (who: Session, seat?: string) =>
      api.client.GET('/api/v1/matches/{id}/legal-decisions', {
        headers: who.headers,
        params: { path: { id }, query: seat === undefined ? {} : { seat } },
      });
    const asGm = ok(await legal(gm, spaceFirst)) as Json;
    expect(asGm).toMatchObject({ seat: spaceFirst, by: 'judge' });
    const gmKinds = Object.fromEntries(asGm.kinds.map((k: Json) => [k.kind, k.examples as Json[]]));
    expect(Object.keys(gmKinds).sort()).toEqual([
      'gm-announce-turns',
      'gm-call-time',
      'gm-end-turn',
      'gm-line-of-fire',
    ]);
    expect(gmKinds['gm-call-time']).toEqual([{ map: 'ground' }]);
    expect(gmKinds['gm-announce-turns']).toEqual([
      { map: 'space', turns: 1 },
      { map: 'ground', turns: 1 },
    ]);
    const asSeat = ok(await legal(seats[spaceFirst])) as Json;
    expect(asSeat).toMatchObject({ seat: spaceFirst, by: 'seat' });
    expect(asSeat.kinds.map((k: Json) => k.kind)).toContain('end-turn');
    expect(asSeat.kinds.filter((k: Json) => k.kind.startsWith('gm-'))).toEqual([]);
    const unnamed = await legal(gm);
    expect(unnamed.response.status).toBe(400);
    expect(unnamed.error as Json).toMatchObject({ detail: expect.stringContaining('seat') });
    expect((await legal(gm, 'nobody')).response.status).toBe(400);
    const other = orders.space.find((s: string) => s !== spaceFirst) as string;
    expect((await legal(seats[spaceFirst], other)).response.status).toBe(403);

    const before = await seq();
    const late = await decide(seats[spaceFirst], 'buy-ships', { classes: ['transport'] });
    expect(late.response.status).toBe(422);
    expect(late.error as Json).toMatchObject({
      rule: {
        code: 'time_called',
        ref: expect.stringContaining('объявляет окончание хода фракции'),
      },
    });
    expect(await seq()).toBe(before);

    // A ground action beyond the action points: 422 with the rule, stream unchanged.
    const [groundFirst] = orders.ground;
    // Setup numbers pieces legion by legion: each legion's two ships, then its first infantry.
    const infantry: Record<string, string> = {
      red: 'infantry-3',
      blue: 'infantry-10',
      gold: 'infantry-17',
    };
    const far = await decide(seats[groundFirst], 'move-unit', {
      unit: infantry[groundFirst],
      steps: Array.from({ length: 11 }, () => 3),
    });
    expect(far.response.status).toBe(422);
    expect(far.error as Json).toMatchObject({
      rule: { code: 'not_enough_ap', ref: expect.stringContaining('очков действия') },
    });
    expect(await seq()).toBe(before);

    for (const seat of orders.space)
      ok(await decide(seats[seat], 'end-turn', { map: 'space' }), 201);
    let last: Json = {};
    for (const seat of orders.ground)
      last = ok(await decide(seats[seat], 'end-turn', { map: 'ground' }), 201);
    const types = last.events.map((e: Json) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['MapFinished', 'MissionScored', 'MatchFinished']),
    );
    const finished = last.events.find((e: Json) => e.type === 'MatchFinished');
    expect(finished.data.ruleRef).toContain(
      'наибольшее количество очков за выполнение задач на обеих картах',
    );
    const match = ok(
      await api.client.GET('/api/v1/matches/{id}', { params: { path: { id } } }),
    ) as Json;
    expect(match.status).toBe('finished');
  });

  it("refuses in the reader's language, naming ships and maps as the board does", async () => {
    const { id, seats } = await startedMission();
    const decide = (who: Session, kind: string, params: Json, language: string) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: { ...who.headers, 'accept-language': language },
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    const refused = async (who: Session, kind: string, params: Json, language = 'ru') => {
      const result = await decide(who, kind, params, language);
      expect(result.response.status).toBe(422);
      return result.error as Json;
    };
    const begun = ok(await decide(seats.red, 'begin', {}, 'ru'), 201);
    const order = (map: string): string[] =>
      (begun.events as Json[]).find((e) => e.type === 'TurnOrderRolled' && e.data.map === map)?.data
        .order ?? [];
    const [first, second] = order('space');
    // Setup numbers pieces legion by legion (seven each): a destroyer first, then a transport.
    const destroyer: Record<string, string> = {
      red: 'destroyer-1',
      blue: 'destroyer-8',
      gold: 'destroyer-15',
    };
    const number = (id: string) => id.split('-')[1];

    const notYours = await refused(seats[first], 'move-ship', {
      ship: destroyer[second],
      steps: ['forward'],
    });
    expect(notYours).toMatchObject({
      detail: `Эсминец ${number(destroyer[second])} — корабль не вашего легиона`,
      rule: { code: 'not_your_ship', ref: expect.any(String) },
    });
    const inEnglish = await refused(
      seats[first],
      'move-ship',
      { ship: destroyer[second], steps: ['forward'] },
      'en',
    );
    expect(inEnglish.detail).toBe(`Destroyer ${number(destroyer[second])} is not your legion's`);

    const back = await refused(seats[first], 'move-ship', {
      ship: destroyer[first],
      steps: ['back'],
    });
    expect(back).toMatchObject({
      detail: 'Эсминец никогда не движется назад или назад вбок (назад)',
      rule: { code: 'no_backwards' },
    });

    const waiting = await refused(seats[second], 'buy-ships', { classes: ['transport'] });
    expect(waiting).toMatchObject({
      detail: 'Сейчас ход не вашего легиона на карте «Космическое сражение»',
      rule: { code: 'not_your_turn' },
    });

    const [groundFirst] = order('ground');
    const infantry = `infantry-${Number(number(destroyer[groundFirst])) + 2}`;
    const far = await refused(seats[groundFirst], 'move-unit', {
      unit: infantry,
      steps: Array.from({ length: 11 }, () => 3),
    });
    expect(far.detail).toMatch(
      /^Перемещение на 11 гексов: цена 11 очков действия, а в этом ходу осталось \d+$/,
    );
    // No id of the board reaches a Russian reader.
    for (const problem of [notYours, back, waiting, far])
      expect(problem.detail).not.toMatch(/destroyer|infantry|space|ground/);
  });
  it('role seats: legal-decisions and the field choices offer a seat only its role’s decisions; another role’s is refused with [1.6]', async () => {
    const roles = ['commander', 'supply', 'squadron', 'destroyer', 'frigate', 'cruiser', 'ground'];
    const ids = ['red', 'blue', 'gold'].flatMap((legion) => roles.map((r) => `${legion}:${r}`));
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: { ruleset: 'sw-strategic', seats: ids.map((seat) => ({ seat })) },
      }),
      201,
    );
    const id = created.matchId;
    const seats = seatSessions(created);
    for (const [i, seat] of ids.entries())
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id, seat } },
          body: { name: `Легионер ${i + 1}` },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id } },
      }),
      201,
    );
    const decide = (seat: string, kind: string, params: Json = {}) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: { ...seats[seat].headers, 'accept-language': 'ru' },
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    // The Captain of destroyers does not begin: the commanders roll ([2.2] 1.d).
    expect((await decide('red:destroyer', 'begin')).response.status).toBe(422);
    const begun = ok(await decide('red:commander', 'begin'), 201);
    const first = (begun.events as Json[]).find((e) => e.type === 'TurnOrderRolled')?.data
      .order[0] as string;
    const kinds = async (seat: string): Promise<string[]> =>
      (
        ok(
          await api.client.GET('/api/v1/matches/{id}/legal-decisions', {
            headers: seats[seat].headers,
            params: { path: { id } },
          }),
        ) as Json
      ).kinds.map((k: Json) => k.kind);
    expect(await kinds(`${first}:supply`)).toContain('buy-ships');
    expect(await kinds(`${first}:destroyer`)).toContain('move-ship');
    expect(await kinds(`${first}:destroyer`)).not.toContain('buy-ships');
    expect(await kinds(`${first}:ground`)).not.toContain('move-ship');

    // The ships a role may move: the Captain his destroyer, the Supply Officer his transport.
    const ships = async (seat: string) =>
      (
        ok(
          await api.client.POST('/api/v1/matches/{id}/legal-decisions/choices', {
            headers: seats[seat].headers,
            params: { path: { id } },
            body: { kind: 'move-ship' },
          }),
          200,
        ) as Json
      ).fields
        .find((f: Json) => f.path === 'ship')
        .values.map((v: Json) => v.name.ru as string);
    expect(await ships(`${first}:destroyer`)).toEqual([expect.stringMatching(/^Эсминец/)]);
    expect(await ships(`${first}:supply`)).toEqual([expect.stringMatching(/^Транспорт/)]);

    const refused = await decide(`${first}:destroyer`, 'buy-ships', { classes: ['destroyer'] });
    expect(refused.response.status).toBe(422);
    expect(refused.error as Json).toMatchObject({
      detail: expect.stringContaining('его принимает Офицер снабжения Легиона'),
      rule: {
        code: 'not_your_role',
        ref: expect.stringContaining('Игроки, действуют только в своих ролях'),
      },
    });
    const bought = ok(
      await decide(`${first}:supply`, 'buy-ships', { classes: ['destroyer'] }),
      201,
    );
    expect(bought.events[0]).toMatchObject({
      type: 'DecisionMade',
      data: { seat: `${first}:supply`, kind: 'buy-ships' },
    });
  });

  it('GET /state returns the whole table: cells, ships, units, generators, stations, credits', async () => {
    const { id, seats } = await startedMission();
    const decide = (who: Session, kind: string, params: Json = {}) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: who.headers,
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    const state = async (who: Session, at?: number) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: who.headers,
          params: { path: { id }, query: at === undefined ? {} : { at } },
        }),
      ) as Json;
    const begun = ok(await decide(seats.red, 'begin'), 201);
    const [first] = (begun.events as Json[]).find(
      (e) => e.type === 'TurnOrderRolled' && e.data.map === 'space',
    )?.data.order as string[];
    const beforeBuying = (await state(seats[first])).seq as number;
    const bought = ok(await decide(seats[first], 'buy-ships', { classes: ['transport'] }), 201);
    const purchase = (bought.events as Json[]).find((e) => e.type === 'ItemPurchased')?.data;

    const read = await state(seats[first]);
    const { zones, pieces, tracks } = read.table as Json;
    const mission = ILLUSTRATIVE_MISSION;
    // Every cell of both maps is a zone, named by the board layout's id.
    const cellZones = (prefix: string) =>
      Object.values(zones as Json).filter((z: Json) => z.kind === 'hex' && z.id.startsWith(prefix));
    expect(cellZones('s:')).toHaveLength(mission.space.cells.length);
    expect(cellZones('g:')).toHaveLength(mission.ground.cells.length);
    // Setup numbers pieces legion by legion (seven each): red's destroyer, its transport, its
    // infantry; every legion's ships and units are on the table with their state.
    expect(pieces['destroyer-1']).toMatchObject({
      type: 'destroyer',
      owner: 'red',
      zone: expect.stringMatching(/^s:-?\d+:-?\d+$/),
      status: 'active',
      attrs: { state: 'map', shields: 2, maxShields: 2, cells: expect.any(Array) },
    });
    expect(pieces['destroyer-1'].attrs.cells).toHaveLength(2);
    expect(pieces['destroyer-1'].attrs.decks).toHaveLength(2);
    const onTable = (kind: string) =>
      Object.values(pieces as Json).filter((p: Json) => p.type === kind).length;
    const starting = (kind: string) =>
      mission.legions.flatMap((l) => l.units).filter((u) => u.kind === kind).length;
    expect(onTable('unit-infantry')).toBe(starting('infantry'));
    expect(onTable('unit-walker')).toBe(starting('walker'));
    expect(onTable('generator')).toBe(mission.ground.generators.length);
    expect(onTable('station')).toBe(mission.space.neutralStations.length);
    expect(pieces['infantry-3']).toMatchObject({
      type: 'unit-infantry',
      owner: 'red',
      zone: expect.stringMatching(/^g:-?\d+:-?\d+$/),
      attrs: { hits: 0, squad: expect.any(String) },
    });
    // The transport bought waits in the buyer's reserve, and the credits track says what is left.
    expect(pieces[purchase.id]).toMatchObject({
      type: 'transport',
      owner: first,
      zone: `reserve:${first}`,
      attrs: { state: 'queued' },
    });
    expect(tracks[`credits:${first}`]).toMatchObject({ owner: first, value: purchase.credits });
    for (const seat of ['red', 'blue', 'gold'])
      expect(tracks[`credits:${seat}`].value).toBe(read.derived.credits[seat]);

    // The text keeps nothing of this table secret: another legion and the Game Master read it whole.
    for (const other of [seats[first === 'red' ? 'blue' : 'red'], gm])
      expect((await state(other)).table.pieces).toEqual(pieces);
    // An earlier seq is the table as it was: no transport yet, the credits before.
    const earlier = await state(seats[first], beforeBuying);
    expect(earlier.table.pieces[purchase.id]).toBeUndefined();
    expect(earlier.table.tracks[`credits:${first}`].value).toBe(purchase.credits + purchase.cost);
  });
});
