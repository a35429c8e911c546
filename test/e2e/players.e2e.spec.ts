import { MatchProjector } from '../../src/infrastructure/readmodels/match-projector';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Players are people (issue 42, item 4): a registry of players with names in both scripts and
 * aliases; seats claimed by id or by a name the registry resolves; `player=` by id or exact
 * normalised name, never by substring; history, head-to-head and statistics that count a draw
 * as a draw, and agree with one another.
 */
describe('players', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  const matchIds: Record<string, string> = {};

  type SeatClaim = { player: string } | { name: string };

  async function register(playerId: string, ru: string, latin: string, aliases: string[] = []) {
    const { data, error } = await api.client.POST('/api/v1/players', {
      headers: organizer.headers,
      body: { playerId, names: { ru, latin }, aliases },
    });
    if (!data) throw new Error(`register ${playerId}: ${JSON.stringify(error)}`);
    return data;
  }

  /**
   * A public freeform match: red at creation by `red` (a registered player), blue claimed
   * afterwards by `blue`, then played to `result`.
   */
  async function match(
    name: string,
    red: string,
    blue: SeatClaim,
    result: 'red' | 'blue' | 'draw',
  ): Promise<void> {
    const { data: created, error } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        title: name,
        public: true,
        seats: [
          { seat: 'red', faction: 'Империя', player: red },
          { seat: 'blue', faction: 'Альянс' },
        ],
      },
    });
    if (!created) throw new Error(`create ${name}: ${JSON.stringify(error)}`);
    matchIds[name] = created.matchId;
    const tokens = seatSessions(created);
    const claimed = await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
      params: { path: { id: created.matchId, seat: 'blue' } },
      headers: tokens.blue.headers,
      body: blue,
    });
    expect(claimed.error).toBeUndefined();
    const started = await api.client.POST('/api/v1/matches/{id}/start', {
      params: { path: { id: created.matchId } },
      headers: tokens.red.headers,
    });
    expect(started.error).toBeUndefined();
    const decide = async (seat: 'red' | 'blue', kind: string, params: unknown = {}) => {
      const { data, error: refused } = await api.client.POST('/api/v1/matches/{id}/decisions', {
        params: { path: { id: created.matchId } },
        headers: tokens[seat].headers,
        body: anyDecision({ kind, params }),
      });
      if (!data) throw new Error(`${name} ${kind}: ${JSON.stringify(refused)}`);
    };
    if (result === 'draw') {
      await decide('red', 'declare-result', { winners: [], condition: 'agreed draw' });
      await decide('blue', 'confirm-result');
    } else await decide(result === 'red' ? 'blue' : 'red', 'concede');
  }

  /** The ids of the matches a list answers, until the read models have every match in `want`. */
  async function listed(query: Record<string, string>, want?: string[]): Promise<string[]> {
    for (let waited = 0; ; waited += 20) {
      const { data, error } = await api.client.GET('/api/v1/matches', {
        params: { query: { ...query, limit: 200 } },
      });
      if (!data) throw new Error(JSON.stringify(error));
      const ids = data.items.map((item) => item.matchId).sort();
      if (!want || sameSet(ids, want) || waited > 5000) return ids;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function ndjson(path: string): Promise<Record<string, unknown>[]> {
    const response = await fetch(`${running.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    return (await response.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  const sameSet = (a: string[], b: string[]) =>
    a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);
  const ids = (...names: string[]) => names.map((name) => matchIds[name]).sort();

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Звезда»');
    await register('ivanova-olga', 'Ольга Иванова', 'Olga Ivanova', ['Оля Иванова', 'Olya']);
    await register('ivanov-ivan', 'Иван Иванов', 'Ivan Ivanov');
    await register('petrov-ivan', 'Иван Петров', 'Ivan Petrov');
    await register('petrov-ivan-tver', 'Иван Петров', 'Ivan Petrov', ['Ваня из Твери']);
    // M1: Ольга (by id, at creation) against Иван Иванов (by his Latin name in capitals): Ольга wins.
    await match('M1', 'ivanova-olga', { player: 'IVAN  IVANOV' }, 'red');
    // M2: Ольга by an alias in Latin, Иван by his name with «ё»-free lower case: a draw.
    await match('M2', 'Olya', { player: 'иван иванов' }, 'draw');
    // M3: Ольга by her alias in Cyrillic against an unregistered «Иван» (a name only): he wins.
    await match('M3', 'оля  иванова', { name: 'Иван' }, 'blue');
    await running.app.get(MatchProjector).statsSettled();
  });

  afterAll(async () => {
    expect(api.checks.failures).toEqual([]);
    await running.close();
  });

  it('finds a registered player by id and by any name or alias in either script', async () => {
    for (const name of ['ivanova-olga', 'Ольга Иванова', 'OLGA  IVANOVA', 'оля иванова', 'olya']) {
      const { data } = await api.client.GET('/api/v1/players', { params: { query: { name } } });
      expect(data?.items.map((p) => p.playerId)).toEqual(['ivanova-olga']);
    }
    const { data: olga } = await api.client.GET('/api/v1/players/{playerId}', {
      params: { path: { playerId: 'ivanova-olga' } },
    });
    expect(olga).toMatchObject({
      playerId: 'ivanova-olga',
      names: { ru: 'Ольга Иванова', latin: 'Olga Ivanova' },
      aliases: ['Оля Иванова', 'Olya'],
    });
  });

  it('never finds a player by a part of a name', async () => {
    for (const name of ['Иван', 'Ольга', 'Иванова', 'olg']) {
      const { data } = await api.client.GET('/api/v1/players', { params: { query: { name } } });
      expect(data?.items).toEqual([]);
    }
  });

  it('suggests players for a picker by the start of a word of a name or alias, or of the id', async () => {
    const suggested = async (prefix: string, limit?: number) => {
      const { data, error } = await api.client.GET('/api/v1/players', {
        params: { query: { prefix, ...(limit ? { limit } : {}) } },
      });
      if (!data) throw new Error(JSON.stringify(error));
      return data;
    };
    const ids = async (prefix: string) => (await suggested(prefix)).items.map((p) => p.playerId);
    expect(await ids('Иван')).toEqual([
      'ivanov-ivan',
      'ivanova-olga',
      'petrov-ivan',
      'petrov-ivan-tver',
    ]);
    expect(await ids('ольга ИВ')).toEqual(['ivanova-olga']);
    expect(await ids('olya')).toEqual(['ivanova-olga']);
    expect(await ids('ваня из')).toEqual(['petrov-ivan-tver']);
    expect(await ids('petrov-ivan-t')).toEqual(['petrov-ivan-tver']);
    // A picker suggests by the start of a word only, never its middle.
    expect(await ids('ванова')).toEqual([]);
    // Paged by id, as the list is.
    const first = await suggested('иван', 2);
    expect(first.items.map((p) => p.playerId)).toEqual(['ivanov-ivan', 'ivanova-olga']);
    const { data: rest } = await api.client.GET('/api/v1/players', {
      params: { query: { prefix: 'иван', cursor: first.nextCursor } },
    });
    expect(rest?.items.map((p) => p.playerId)).toEqual(['petrov-ivan', 'petrov-ivan-tver']);
  });

  it('refuses a blank prefix, and a prefix beside a name, in the reader’s language', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const blank = await api.client.GET('/api/v1/players', {
        params: { query: { prefix: '   ' } },
        headers: { 'accept-language': lang },
      });
      expect(blank.response.status).toBe(400);
      expect((blank.error as { detail: string }).detail).toContain(
        lang === 'ru'
          ? 'не может быть пустым: нужно начало имени, псевдонима или идентификатора'
          : 'prefix must not be blank',
      );
      const both = await api.client.GET('/api/v1/players', {
        params: { query: { prefix: 'Ива', name: 'Иван Иванов' } },
        headers: { 'accept-language': lang },
      });
      expect(both.response.status).toBe(400);
      expect((both.error as { detail: string }).detail).toContain(
        lang === 'ru' ? 'Укажите что-то одно: name' : 'Give name',
      );
    }
  });

  it('lists every player sharing a name, and a claim by that name names them all', async () => {
    const { data } = await api.client.GET('/api/v1/players', {
      params: { query: { name: 'иван петров' } },
    });
    expect(data?.items.map((p) => p.playerId)).toEqual(['petrov-ivan', 'petrov-ivan-tver']);
    const { error, response } = await api.client.POST('/api/v1/matches', {
      headers: { ...organizer.headers, 'accept-language': 'ru' },
      body: {
        ruleset: 'freeform',
        seats: [{ seat: 'red', player: 'Иван Петров' }, { seat: 'blue' }],
      },
    });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({
      type: expect.stringContaining('ambiguous-player'),
      candidates: [
        { playerId: 'petrov-ivan', names: { ru: 'Иван Петров', latin: 'Ivan Petrov' } },
        { playerId: 'petrov-ivan-tver', names: { ru: 'Иван Петров', latin: 'Ivan Petrov' } },
      ],
    });
    expect((error as { detail: string }).detail).toContain('petrov-ivan-tver');
    expect((error as { detail: string }).detail).toContain('Укажите игрока по идентификатору');
  });

  it('refuses a seat claim by a name nobody registered, saying what to do', async () => {
    const { data: created } = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    const tokens = seatSessions(created!);
    const { error, response } = await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
      params: { path: { id: created!.matchId, seat: 'red' } },
      headers: { ...tokens.red.headers, 'accept-language': 'ru' },
      body: { player: 'Пётр Сидоров' },
    });
    expect(response.status).toBe(404);
    expect((error as { detail: string }).detail).toContain(
      'Зарегистрированного игрока «Пётр Сидоров» нет',
    );
    const neither = await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
      params: { path: { id: created!.matchId, seat: 'red' } },
      headers: tokens.red.headers,
      body: {},
    });
    expect(neither.response.status).toBe(400);
    const { data: match } = await api.client.GET('/api/v1/matches/{id}', {
      params: { path: { id: created!.matchId } },
      headers: organizer.headers,
    });
    expect(match?.seats.every((seat) => !seat.claimed)).toBe(true);
  });

  it('refuses a taken id, blank names and Cyrillic in the Latin name, in the reader’s language', async () => {
    const taken = await api.client.POST('/api/v1/players', {
      headers: { ...organizer.headers, 'accept-language': 'ru' },
      body: { playerId: 'ivanova-olga', names: { ru: 'Ольга Петрова', latin: 'Olga Petrova' } },
    });
    expect(taken.response.status).toBe(409);
    expect((taken.error as { detail: string }).detail).toContain('«ivanova-olga» занят');
    const blank = await api.client.POST('/api/v1/players', {
      headers: organizer.headers,
      body: { playerId: 'nobody', names: { ru: '   ', latin: 'Nobody' } },
    });
    expect(blank.response.status).toBe(400);
    const cyrillic = await api.client.POST('/api/v1/players', {
      headers: { ...organizer.headers, 'accept-language': 'ru' },
      body: { playerId: 'nobody', names: { ru: 'Никто', latin: 'Никто' } },
    });
    expect(cyrillic.response.status).toBe(400);
    expect((cyrillic.error as { detail: string }).detail).toContain('names.latin — имя латиницей');
    const { response } = await api.client.GET('/api/v1/players/{playerId}', {
      params: { path: { playerId: 'nobody' } },
    });
    expect(response.status).toBe(404);
  });

  it('records the registered player on the seat: the list shows the name and the id', async () => {
    const { data } = await api.client.GET('/api/v1/matches/{id}', {
      params: { path: { id: matchIds.M2 } },
    });
    expect(data?.seats.map(({ seat, player, playerId }) => ({ seat, player, playerId }))).toEqual([
      { seat: 'red', player: 'Ольга Иванова', playerId: 'ivanova-olga' },
      { seat: 'blue', player: 'Иван Иванов', playerId: 'ivanov-ivan' },
    ]);
  });

  it('filters the list and the export by id or exact normalised name, never by substring', async () => {
    const all = ids('M1', 'M2', 'M3');
    expect(await listed({ player: 'ivanova-olga' }, all)).toEqual(all);
    expect(await listed({ player: 'Olya' })).toEqual(all);
    expect(await listed({ player: 'ОЛЬГА   ИВАНОВА' })).toEqual(all);
    expect(await listed({ player: 'ivanov-ivan' })).toEqual(ids('M1', 'M2'));
    // «Иван» is the unregistered player of M3 only: not Ольга Иванова, not Иван Иванов.
    expect(await listed({ player: 'Иван' })).toEqual(ids('M3'));
    expect(await listed({ player: 'Иванова' })).toEqual([]);
    const exported = await ndjson('/api/v1/export/matches?player=%D0%98%D0%B2%D0%B0%D0%BD');
    expect(exported.map((line) => line.matchId)).toEqual(ids('M3'));
    const olga = await ndjson('/api/v1/export/matches?player=olga%20ivanova');
    expect(olga.map((line) => line.matchId as string).sort()).toEqual(all);
    const empire = await ndjson(`/api/v1/export/matches?faction=${encodeURIComponent('империя')}`);
    expect(empire.map((line) => line.matchId as string).sort()).toEqual(all);
    const won = await ndjson('/api/v1/export/matches?winner=ivanova-olga');
    expect(won.map((line) => line.matchId)).toEqual(ids('M1'));
  });

  it('streams every match of the player once, a draw as a draw', async () => {
    const lines = await ndjson('/api/v1/players/ivanova-olga/matches');
    expect(lines.map((line) => line.matchId as string).sort()).toEqual(ids('M1', 'M2', 'M3'));
    const outcomes = Object.fromEntries(lines.map((line) => [line.matchId, line.outcome]));
    expect(outcomes).toEqual({
      [matchIds.M1]: 'win',
      [matchIds.M2]: 'draw',
      [matchIds.M3]: 'loss',
    });
    expect(lines.every((line) => (line.seats as string[]).join() === 'red')).toBe(true);
    const limited = await ndjson('/api/v1/players/ivanova-olga/matches?max=2');
    expect(limited).toHaveLength(2);
    const missing = await fetch(`${running.url}/api/v1/players/nobody/matches`);
    expect(missing.status).toBe(404);
  });

  it('counts head-to-head from the same matches as the history', async () => {
    const { data } = await api.client.GET('/api/v1/players/{a}/vs/{b}', {
      params: { path: { a: 'ivanova-olga', b: 'ivanov-ivan' } },
    });
    expect(data).toMatchObject({
      matches: 2,
      a: { playerId: 'ivanova-olga', wins: 1, draws: 1, losses: 0, score: 1.5 },
      b: { playerId: 'ivanov-ivan', wins: 0, draws: 1, losses: 1, score: 0.5 },
    });
    const history = await ndjson(
      '/api/v1/players/ivanova-olga/matches?vs=ivanov-ivan&status=finished',
    );
    const count = (outcome: string) => history.filter((line) => line.outcome === outcome).length;
    expect(history).toHaveLength(data!.matches);
    expect([count('win'), count('draw'), count('loss')]).toEqual([
      data!.a.wins,
      data!.a.draws,
      data!.a.losses,
    ]);
    const reverse = await api.client.GET('/api/v1/players/{a}/vs/{b}', {
      params: { path: { a: 'ivanov-ivan', b: 'ivanova-olga' } },
    });
    expect(reverse.data?.a).toEqual(data!.b);
    const self = await api.client.GET('/api/v1/players/{a}/vs/{b}', {
      params: { path: { a: 'ivanov-ivan', b: 'ivanov-ivan' } },
    });
    expect(self.response.status).toBe(400);
  });

  it('gives the same record in the player statistics: a draw is never a loss', async () => {
    const { data: olga } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'ivanova-olga' } },
    });
    expect(olga).toMatchObject({
      playerIds: ['ivanova-olga'],
      matches: 3,
      record: { played: 3, wins: 1, draws: 1, losses: 1 },
    });
    const ivan = olga?.opponents.find((opponent) => opponent.playerId === 'ivanov-ivan');
    expect(ivan).toMatchObject({ played: 2, wins: 1, draws: 1, losses: 0 });
    const { data: byAlias } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'Оля Иванова' } },
    });
    expect(byAlias?.record).toEqual(olga?.record);
    const { data: ivanov } = await api.client.GET('/api/v1/stats/players/{name}', {
      params: { path: { name: 'ivanov-ivan' } },
    });
    expect(ivanov?.record).toMatchObject({ played: 2, wins: 0, draws: 1, losses: 1 });
  });

  it('finds a player by new aliases once they are replaced, and no longer by the old ones', async () => {
    const { data, response } = await api.client.PUT('/api/v1/players/{playerId}/aliases', {
      params: { path: { playerId: 'ivanova-olga' } },
      headers: organizer.headers,
      body: { aliases: ['Ольга Ивановна', 'Olga I.', 'ольга  ивановна'] },
    });
    expect(response.status).toBe(200);
    expect(data?.aliases).toEqual(['Ольга Ивановна', 'Olga I.']);
    const found = async (name: string) =>
      (await api.client.GET('/api/v1/players', { params: { query: { name } } })).data?.items.map(
        (p) => p.playerId,
      );
    expect(await found('olga i.')).toEqual(['ivanova-olga']);
    expect(await found('Olya')).toEqual([]);
    // Her matches stay hers: they are hers by id.
    expect(await listed({ player: 'Olga I.' })).toEqual(ids('M1', 'M2', 'M3'));
    const other = await asNewOrganizer(api, 'Клуб «Ладья»');
    const forbidden = await api.client.PUT('/api/v1/players/{playerId}/aliases', {
      params: { path: { playerId: 'ivanova-olga' } },
      headers: other.headers,
      body: { aliases: [] },
    });
    expect(forbidden.response.status).toBe(403);
  });
});
