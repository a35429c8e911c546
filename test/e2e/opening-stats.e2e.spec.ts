import { anyDecision, createApi, type Api, type Session } from '../support/api-client';
import { expectProblem, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42, item 7: which first decisions win, per ruleset, as an opening explorer shows first
 * moves: each seat's first decision by kind and choice (named as the log names it), with games,
 * wins, draws and losses, over the finished matches the caller's figures cover.
 */
describe('opening statistics', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app.close());

  async function play(moves: Array<['red' | 'blue', string, unknown]>): Promise<void> {
    const { matchId, seats } = await startedFreeform(api, 'Клуб «Дебют»');
    const by: Record<'red' | 'blue', Session> = seats;
    for (const [seat, kind, params] of moves)
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: by[seat].headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
  }

  const toSouth = ['red', 'move', { pieces: ['c1'], to: 'south' }] as const;

  it('counts each seat’s first decision by kind and choice, a draw as a draw', async () => {
    await play([[...toSouth], ['blue', 'concede', {}]]); // red wins
    await play([[...toSouth], ['red', 'concede', {}]]); // blue wins
    await play([
      [...toSouth],
      ['red', 'declare-result', { winners: [], condition: 'ничья по согласию' }],
      ['blue', 'confirm-result', {}],
    ]); // a draw
    await play([['red', 'concede', {}]]); // blue wins at once
    await play([[...toSouth]]); // live: not counted

    const openings = ok(
      await api.client.GET('/api/v1/stats/openings', {
        params: { query: { ruleset: 'freeform' } },
      }),
      200,
    );
    expect(openings).toMatchObject({ ruleset: 'freeform', matches: 4 });
    const [red, blue] = openings.seats;
    expect(red).toMatchObject({ seat: 'red', position: 1, games: 4 });
    const [move, concede] = red.openings;
    expect(move).toMatchObject({
      kind: 'move',
      games: 3,
      wins: 1,
      draws: 1,
      losses: 1,
      score: 0.5,
    });
    expect(move.title.ru).not.toBe('move');
    // The same choice reads the same in every match: one line, named as the board names it.
    expect(move.choices).toHaveLength(1);
    expect(move.choices[0]).toMatchObject({ games: 3, wins: 1, draws: 1, losses: 1 });
    expect(move.choices[0].choice.ru).toMatch(/→/);
    expect(move.choices[0].choice.en).toMatch(/^moves /);
    expect(move.choices[0].choice.ru).not.toMatch(/Игрок/);
    expect(concede).toMatchObject({ kind: 'concede', games: 1, wins: 0, draws: 0, losses: 1 });
    // Blue opened only where it decided: conceding (a loss) and confirming the draw.
    expect(blue).toMatchObject({ seat: 'blue', position: 2, games: 2 });
    expect(
      Object.fromEntries(blue.openings.map((o) => [o.kind, [o.wins, o.draws, o.losses]])),
    ).toEqual({ concede: [0, 0, 1], 'confirm-result': [0, 1, 0] });
  });

  it('covers only the matches its filters select', async () => {
    const none = ok(
      await api.client.GET('/api/v1/stats/openings', {
        params: { query: { ruleset: 'freeform', tournament: 'нет-такого' } },
      }),
      200,
    );
    expect(none).toEqual({ ruleset: 'freeform', matches: 0, seats: [] });
  });

  it('says what is wrong with the question, in the reader’s language', async () => {
    await expectProblem(
      await api.client.GET('/api/v1/stats/openings', {
        headers: { 'accept-language': 'ru' },
        params: { query: { ruleset: 'шахматы' } },
      }),
      404,
      'not-found',
      'Набора правил «шахматы» нет',
    );
    await expectProblem(
      await api.client.GET('/api/v1/stats/openings', {
        params: { query: {} as { ruleset: string } },
      }),
      400,
      'invalid-query',
      'ruleset',
    );
  });
});
