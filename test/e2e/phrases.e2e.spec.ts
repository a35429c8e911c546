import type { components } from '../../web/src/api/matchlog-api';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * GET matches/:id/phrases says each event as the replay log says it, through the client
 * generated from /docs-json: seats by their players' names, pieces by their titles, and to a
 * stranger never the name of a card it may not see.
 */

type EventPhrase = components['schemas']['EventPhraseDto'];

/** The cards in the hidden deck, by their Russian and English names. */
const CARDS = {
  c1: { en: 'Ace of spades', ru: 'Пиковый туз' },
  c2: { en: 'Queen of hearts', ru: 'Червовая дама' },
};

describe('the log’s sentences over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<'red' | 'blue', Session>;
  let drawn: keyof typeof CARDS;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    const organizer = await asNewOrganizer(api, 'Клуб «Ладья»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: 'Кубок «Ладьи»: финал',
          public: true,
          spectatorDelay: 1,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [
              { id: 'north', kind: 'sector', name: { en: 'North sector', ru: 'Северный сектор' } },
              { id: 'south', kind: 'sector', name: { en: 'South sector', ru: 'Южный сектор' } },
              {
                id: 'deck',
                kind: 'deck',
                visibility: 'nobody',
                name: { en: 'Deck', ru: 'Колода' },
              },
            ],
            pieces: [
              {
                id: 'ahab',
                type: 'cruiser',
                owner: 'red',
                zone: 'north',
                attrs: { name: { en: 'Cruiser Ahab', ru: 'Крейсер «Ахав»' } },
              },
              ...Object.entries(CARDS).map(([id, name]) => ({
                id,
                type: 'card',
                zone: 'deck',
                attrs: { name },
              })),
            ],
          },
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = seatSessions(created) as Record<'red' | 'blue', Session>;
    for (const [seat, name] of [
      ['red', 'Ганс'],
      ['blue', 'Ева'],
    ] as const)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
    const decide = async (seat: 'red' | 'blue', kind: string, params: object) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats[seat].headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
    await decide('red', 'shuffle', { deck: 'deck' });
    const draw = await decide('red', 'draw', { deck: 'deck', count: 1 });
    const cardsDrawn = draw.events.find((e) => e.type === 'CardsDrawn');
    drawn = (cardsDrawn?.data as { secret: { pieces: (keyof typeof CARDS)[] } }).secret.pieces[0];
    await decide('red', 'move', { pieces: ['ahab'], to: 'south' });
    await decide('blue', 'change-piece', { piece: 'ahab', status: 'damaged' });
  });

  afterAll(async () => {
    await running?.close();
  });

  const phrasesAs = async (headers: Record<string, string>): Promise<EventPhrase[]> =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/phrases', {
        headers,
        params: { path: { id: matchId } },
      }),
      200,
    ).phrases;

  it('names a seat by its player and a piece by its title, never by their ids, for a seat', async () => {
    const phrases = await phrasesAs(seats.red.headers);
    // Every event the seat may see, in order, in both languages.
    expect(phrases.map((p) => p.seq)).toEqual(phrases.map((_, i) => i));
    const ru = phrases.map((p) => p.ru);
    const en = phrases.map((p) => p.en);
    expect(ru).toEqual(
      expect.arrayContaining([
        'Создан матч «Кубок «Ладьи»: финал» (2 места)',
        'Ганс занимает место 1',
        'Ганс перемещает Крейсер «Ахав» → Южный сектор',
        'Перемещена фигура: Крейсер «Ахав» → Южный сектор',
        // «Крейсер» records no gender: the state agrees with nothing rather than guess one.
        'Крейсер «Ахав»: состояние → с повреждениями',
        `Взята карта: Колода → Рука (Ганс): ${CARDS[drawn].ru}`,
      ]),
    );
    expect(en).toEqual(
      expect.arrayContaining([
        'Ганс takes seat 1',
        'Ганс moves Cruiser Ahab to South sector',
        `Drew 1 card: Deck → Ганс's hand: ${CARDS[drawn].en}`,
      ]),
    );
    for (const said of [...ru, ...en])
      expect(said).not.toMatch(/\b(red|blue|ahab|c1|c2|north|south)\b/);
  });

  it('tells a stranger the same names, its spectator delay, and never a card it may not see', async () => {
    const stranger = await phrasesAs({});
    const viewer = ok(
      await api.client.GET('/api/v1/matches/{id}/viewer', { params: { path: { id: matchId } } }),
      200,
    );
    expect(viewer.viewer.kind).toBe('public');
    // One decision behind (spectatorDelay 1): the last change is not told yet.
    expect(stranger.map((p) => p.seq)).toEqual(
      Array.from({ length: viewer.lastSeq + 1 }, (_, i) => i),
    );
    expect(viewer.lastSeq).toBeLessThan((await phrasesAs(seats.red.headers)).length - 1);
    const ru = stranger.map((p) => p.ru);
    expect(ru).toEqual(
      expect.arrayContaining([
        'Ганс занимает место 1',
        'Ева занимает место 2',
        'Ганс перемещает Крейсер «Ахав» → Южный сектор',
        'Взята карта: Колода → Рука (Ганс)',
      ]),
    );
    const said = stranger.flatMap((p) => [p.ru, p.en]).join('\n');
    for (const card of Object.values(CARDS)) {
      expect(said).not.toContain(card.ru);
      expect(said).not.toContain(card.en);
    }
    expect(said).not.toMatch(/\b(red|blue|ahab|c1|c2)\b/);
  });
  it('pages its sentences: at most `limit` an answer, with nextFrom until the range ends', async () => {
    const whole = await phrasesAs(seats.red.headers);
    const paged: EventPhrase[] = [];
    let from: number | undefined = 0;
    const answers: (number | undefined)[] = [];
    for (let page = 0; from !== undefined && page < 20; page++) {
      const answer: components['schemas']['PhrasesDto'] = ok(
        await api.client.GET('/api/v1/matches/{id}/phrases', {
          headers: seats.red.headers,
          params: { path: { id: matchId }, query: { from, limit: 2 } },
        }),
        200,
      );
      expect(answer.phrases.length).toBeLessThanOrEqual(2);
      paged.push(...answer.phrases);
      answers.push(answer.nextFrom);
      from = answer.nextFrom;
    }
    // Each page says its events as the whole range does, names included.
    expect(paged).toEqual(whole);
    expect(answers.slice(0, -1)).toEqual(
      Array.from({ length: answers.length - 1 }, (_, i) => 2 * (i + 1)),
    );
    expect(answers.at(-1)).toBeUndefined();
  });

  it.each([
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit of 1,001', { limit: 1001 }, 'limit'],
    ['a negative from', { from: -1 }, 'from'],
  ])('refuses %s with a 400 naming the parameter', async (_what, query, parameter) => {
    const result = await api.client.GET('/api/v1/matches/{id}/phrases', {
      params: { path: { id: matchId }, query },
    });
    await expectProblem(result, 400, 'invalid-query', parameter);
  });
});
