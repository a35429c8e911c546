import { MatchProjector } from '../../src/infrastructure/readmodels/match-projector';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** A fair die's sum: mean (s + 1) / 2 and variance (s² - 1) / 12 per die, by hand. */
const D6_VARIANCE = 35 / 12;

/**
 * Aggregates on a fixture of matches, against figures computed by hand here. Three finished
 * public freeform matches count; a live private and a live public one never, not even for their
 * organizer. (A finished private match counts for everyone as the list and the export show it:
 * stats-visibility.e2e.spec.ts.)
 */
describe('statistics', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  const matchIds: Record<string, string> = {};
  const createdAt: Record<string, string> = {};
  let borisServerFace = 0;

  interface SeatPlan {
    faction: string;
    player: string;
  }

  async function match(
    name: string,
    seats: { red: SeatPlan; blue: SeatPlan },
    play: (
      decide: (seat: 'red' | 'blue', kind: string, params: unknown) => Promise<unknown[]>,
    ) => Promise<void>,
    options: { public?: boolean } = {},
  ): Promise<void> {
    const { data: created, error } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        title: name,
        public: options.public ?? true,
        seats: [
          { seat: 'red', faction: seats.red.faction },
          { seat: 'blue', faction: seats.blue.faction },
        ],
        setup: {
          zones: [{ id: 'a', kind: 'location' }],
          pieces: [{ id: 'f1', type: 'Фрегат', owner: 'blue', zone: 'a' }],
        },
      },
    });
    if (!created) throw new Error(`create ${name}: ${JSON.stringify(error)}`);
    matchIds[name] = created.matchId;
    const tokens = seatSessions(created);
    for (const seat of ['red', 'blue'] as const) {
      const claimed = await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        params: { path: { id: created.matchId, seat } },
        headers: tokens[seat].headers,
        body: { name: seats[seat].player },
      });
      expect(claimed.error).toBeUndefined();
    }
    const started = await api.client.POST('/api/v1/matches/{id}/start', {
      params: { path: { id: created.matchId } },
      headers: tokens.red.headers,
    });
    expect(started.error).toBeUndefined();
    const summary = await api.client.GET('/api/v1/matches/{id}', {
      params: { path: { id: created.matchId } },
      headers: organizer.headers,
    });
    createdAt[name] = summary.data?.createdAt ?? '';
    await play(async (seat, kind, params) => {
      const { data, error: refused } = await api.client.POST('/api/v1/matches/{id}/decisions', {
        params: { path: { id: created.matchId } },
        headers: tokens[seat].headers,
        body: anyDecision({ kind, params }),
      });
      if (!data) throw new Error(`${name} ${kind}: ${JSON.stringify(refused)}`);
      return data.events;
    });
  }

  /** Asks until the statistics cover `matches` matches (they follow the log within moments). */
  async function rulesetStats(matches: number, headers: Record<string, string> = {}, query = {}) {
    for (let waited = 0; ; waited += 20) {
      const { data, error } = await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
        params: { path: { ruleset: 'freeform' }, query },
        headers,
      });
      if (!data) throw new Error(JSON.stringify(error));
      if (data.matches === matches) return data;
      if (waited > 5000)
        throw new Error(`the statistics cover ${data.matches} matches, not ${matches}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Звезда»');
    // M1: red (Империя, Ольга) rolls 6 6, blue (Альянс, Boris) rolls 1, red destroys the
    // frigate and blue concedes. 5 decisions, round 1, red first and winning.
    await match(
      'M1',
      {
        red: { faction: 'Империя', player: 'Ольга' },
        blue: { faction: 'Альянс', player: 'Boris' },
      },
      async (decide) => {
        await decide('red', 'roll', { dice: '2d6', faces: [6, 6] });
        await decide('blue', 'roll', { dice: '1d6', faces: [1] });
        await decide('red', 'start-round', {});
        await decide('red', 'destroy', { pieces: ['f1'], cause: 'battle' });
        await decide('blue', 'concede', {});
      },
    );
    // M2: the same players, names typed otherwise (upper case; a Cyrillic О in BОRIS).
    // Blue rolls 3 first; red declares blue the winner. 2 decisions, round 0.
    await match(
      'M2',
      {
        red: { faction: 'Империя', player: 'ОЛЬГА' },
        blue: { faction: 'Альянс', player: 'BОRIS' },
      },
      async (decide) => {
        await decide('blue', 'roll', { dice: '1d6', faces: [3] });
        await decide('red', 'declare-result', { winners: ['blue'], condition: 'points' });
      },
    );
    // M3: seats swapped: red (Альянс, Boris) rolls a server d8, blue (Империя, Ольга) concedes.
    await match(
      'M3',
      {
        red: { faction: 'Альянс', player: 'Boris' },
        blue: { faction: 'Империя', player: 'ольга' },
      },
      async (decide) => {
        const events = await decide('red', 'roll', { dice: '1d8', purpose: 'attack' });
        borisServerFace = (events[1] as { data: { faces: number[] } }).data.faces[0];
        await decide('blue', 'concede', {});
      },
    );
    // Live matches, private and public, never count.
    await match(
      'M5',
      { red: { faction: 'Тайный', player: 'Ольга' }, blue: { faction: 'Альянс', player: 'Boris' } },
      async (decide) => {
        await decide('red', 'roll', { dice: '1d6', faces: [2] });
      },
      { public: false },
    );
    await match(
      'M6',
      { red: { faction: 'Живой', player: 'Ольга' }, blue: { faction: 'Альянс', player: 'Boris' } },
      async () => undefined,
    );
  });

  afterAll(async () => {
    expect(api.checks.failures).toEqual([]);
    await running.close();
  });

  it('sums a ruleset’s finished public matches as computed by hand', async () => {
    const stats = await rulesetStats(3);
    // Империя: M1 won, M2 and M3 lost: 1 of 3; Альянс 2 of 3. Wilson 95% for 1/3 is
    // [0.0615, 0.7923], for 2/3 [0.2077, 0.9385].
    expect(stats.factions.map((f) => [f.faction, f.played, f.wins])).toEqual([
      ['Альянс', 3, 2],
      ['Империя', 3, 1],
    ]);
    const [alliance, empire] = stats.factions;
    expect(empire.rate).toBeCloseTo(1 / 3, 10);
    expect(empire.low).toBeCloseTo(0.0615, 4);
    expect(empire.high).toBeCloseTo(0.7923, 4);
    expect(alliance.low).toBeCloseTo(0.2077, 4);
    expect(alliance.high).toBeCloseTo(0.9385, 4);
    // Seat 1 (red) won M1 and M3; seat 2 won M2.
    expect(stats.positions.map((p) => [p.position, p.played, p.wins])).toEqual([
      [1, 3, 2],
      [2, 3, 1],
    ]);
    // The first decision: red in M1 and M3, blue in M2; each time the winner. Chance: 1/2.
    // Wilson for 3/3: [0.4385, 1].
    expect(stats.firstPlayer).toMatchObject({
      played: 3,
      wins: 3,
      rate: 1,
      high: 1,
      expectedRate: 0.5,
    });
    expect(stats.firstPlayer.low).toBeCloseTo(0.4385, 4);
    // Decisions 5, 2, 2; rounds 1, 0, 0.
    expect(stats.lengths.decisions).toMatchObject({ count: 3, min: 2, max: 5, mean: 3, median: 2 });
    expect(stats.lengths.rounds).toMatchObject({ count: 3, min: 0, max: 1, median: 0 });
    expect(stats.lengths.minutes?.count).toBe(3);
    expect(stats.losses).toEqual([{ pieceType: 'Фрегат', count: 1, matches: 1, perMatch: 1 / 3 }]);
    expect(stats.optionSets).toHaveLength(1);
    expect(stats.optionSets[0].matches).toBe(3);
    // Every seat's dice pooled: reported 6, 6 and 1 (M1) and 3 (M2); the server d8 of M3.
    expect(stats.dice.reported).toMatchObject({
      dice: 4,
      cardRolls: 0,
      observedSum: 16,
      expectedSum: 14,
      byDeck: [],
    });
    expect(stats.dice.reported.bySize[0].counts).toEqual([1, 0, 1, 0, 0, 2]);
    expect(stats.dice.server).toMatchObject({
      dice: 1,
      observedSum: borisServerFace,
      expectedSum: 4.5,
    });
    expect(JSON.stringify(stats)).not.toMatch(/Тайный|Живой/);
  });

  it('never counts a live match, not even for its organizer', async () => {
    const stats = await rulesetStats(3, organizer.headers);
    expect(stats.factions.find((f) => f.faction === 'Империя')).toMatchObject({
      played: 3,
      wins: 1,
    });
    expect(JSON.stringify(stats)).not.toMatch(/Тайный|Живой/);
    const other = await asNewOrganizer(api, 'Другой клуб');
    expect((await rulesetStats(3, other.headers)).matches).toBe(3);
  });

  it('filters as the match list does, and by option set', async () => {
    expect((await rulesetStats(3, {}, { player: 'ОЛЬГА' })).matches).toBe(3);
    // A part of a name is no player (issue 42: «Иван» found Ольга Иванова's matches).
    expect((await rulesetStats(0, {}, { player: 'ольг' })).matches).toBe(0);
    expect((await rulesetStats(2, {}, { from: createdAt.M2 })).matches).toBe(2);
    const { optionsHash } = (await rulesetStats(3)).optionSets[0];
    expect((await rulesetStats(3, {}, { options: optionsHash })).matches).toBe(3);
    expect((await rulesetStats(0, {}, { options: '0000000000000000' })).factions).toEqual([]);
  });

  it('knows a player by name in any case and script, with record, factions, opponents and dice luck', async () => {
    const { data: olga } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'OЛЬГA' } }, // Latin O and A around Cyrillic letters
    });
    expect(olga).toMatchObject({
      player: 'ольга',
      matches: 3,
      record: { played: 3, wins: 1, losses: 2 },
      factions: [{ faction: 'Империя', played: 3, wins: 1 }],
      opponents: [{ name: 'Boris', played: 3, wins: 1, losses: 2 }],
    });
    // Ольга rolled two reported d6, both 6: observed 12, expected 7, variance 2 · 35/12.
    // χ² against 1/3 per face: 5 · 1/3 + (2 - 1/3)² · 3 = 10 with 5 degrees of freedom.
    const reported = olga!.dice.reported;
    expect(reported).toMatchObject({ dice: 2, observedSum: 12, expectedSum: 7 });
    expect(reported.z).toBeCloseTo(5 / Math.sqrt(2 * D6_VARIANCE), 10);
    expect(reported.bySize).toMatchObject([
      { sides: 6, counts: [0, 0, 0, 0, 0, 2], degreesOfFreedom: 5, reliable: false },
    ]);
    expect(reported.bySize[0].chiSquare).toBeCloseTo(10, 10);
    expect(reported.bySize[0].pValue).toBeCloseTo(0.0752, 4);
    expect(olga!.dice.server).toMatchObject({ dice: 0, z: null, bySize: [] });

    // Boris: reported 1 and 3 (observed 4, expected 7); one server d8 apart.
    const { data: boris } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'boris' } },
    });
    expect(boris).toMatchObject({ matches: 3, record: { played: 3, wins: 2 } });
    expect(boris!.dice.reported).toMatchObject({ dice: 2, observedSum: 4, expectedSum: 7 });
    expect(boris!.dice.reported.z).toBeCloseTo(-3 / Math.sqrt(2 * D6_VARIANCE), 10);
    expect(boris!.dice.server).toMatchObject({
      dice: 1,
      observedSum: borisServerFace,
      expectedSum: 4.5,
    });

    const { data: asOrganizer } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'Ольга' } },
      headers: organizer.headers,
    });
    expect(asOrganizer).toMatchObject({ matches: 3, record: { played: 3, wins: 1 } });
    const { data: nobody } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'Никто' } },
    });
    expect(nobody).toMatchObject({ player: 'Никто', matches: 0, record: { played: 0, wins: 0 } });
  });

  it('gives a finished match’s dice luck per seat', async () => {
    const { data } = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
      params: { path: { id: matchIds.M1 } },
    });
    expect(data).toMatchObject({ matchId: matchIds.M1, matches: 1 });
    const [red, blue] = data!.seats;
    expect(red).toMatchObject({ seat: 'red', player: 'Ольга', faction: 'Империя', won: true });
    expect(red.reported).toMatchObject({ dice: 2, observedSum: 12, expectedSum: 7 });
    expect(blue.reported).toMatchObject({ dice: 1, observedSum: 1, expectedSum: 3.5 });
    expect(blue.reported.z).toBeCloseTo(-2.5 / Math.sqrt(D6_VARIANCE), 10);
    expect(blue.server.dice).toBe(0);
  });

  it('refuses what it cannot answer with a problem that says why, and ignores what it does not know', async () => {
    const live = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
      params: { path: { id: matchIds.M6 } },
    });
    expect(live.response.status).toBe(409);
    expect(live.error?.detail).toMatch(/finished matches only/);
    const unknown = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
      params: { path: { id: 'no-such-match' } },
    });
    expect(unknown.response.status).toBe(404);
    const ruleset = await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
      params: { path: { ruleset: 'chess' } },
    });
    expect(ruleset.response.status).toBe(404);
    const badOptions = await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
      params: { path: { ruleset: 'freeform' }, query: { options: 'x' } },
    });
    expect(badOptions.response.status).toBe(400);
    expect(JSON.stringify(badOptions.error)).toMatch(/options/);
    const blank = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: '  ' } },
    });
    expect(blank.response.status).toBe(400);
    // An unknown filter is ignored with a warning (issue 42, item 6; it was refused before).
    const unknownFilter = await api.fetchChecked(
      '/api/v1/stats/rulesets/{ruleset}',
      '/api/v1/stats/rulesets/freeform?winner=red',
    );
    expect(unknownFilter.status).toBe(200);
    expect(unknownFilter.headers.get('warning')).toBe('299 - "unknown parameter: winner"');
    expect(((await unknownFilter.json()) as { matches: number }).matches).toBe(
      (await rulesetStats(3)).matches,
    );
  });

  it('gives the same figures after the read models are rebuilt from the log', async () => {
    const before = await rulesetStats(3);
    await running.app.get(MatchProjector).rebuild();
    running.app.get(MatchProjector).start();
    expect(await rulesetStats(3)).toEqual(before);
  });

  // Answers are kept until the read model changes: a match that finishes after an answer was
  // given counts in the next one, for the ruleset and for its players.
  it('counts a match that finishes after the same question was answered', async () => {
    const playerMatches = async () => {
      const { data } = await api.client.GET('/api/v1/stats/players/{name}', {
        params: { path: { name: 'Boris' } },
      });
      return data?.matches;
    };
    expect((await rulesetStats(3)).factions.map((f) => f.faction)).not.toContain('Поздний');
    expect(await playerMatches()).toBe(3);
    await match(
      'M7',
      {
        red: { faction: 'Поздний', player: 'Ольга' },
        blue: { faction: 'Альянс', player: 'Boris' },
      },
      async (decide) => {
        await decide('blue', 'concede', {});
      },
    );
    expect((await rulesetStats(4)).factions.map((f) => f.faction)).toContain('Поздний');
    expect(await playerMatches()).toBe(4);
  });
});
