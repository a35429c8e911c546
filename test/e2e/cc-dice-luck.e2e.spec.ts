import {
  illustrativeDeck,
  type Nationality,
} from '../../src/domain/rulesets/combat-commander/cc-cards';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, eventually, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42, item 5: Combat Commander's rolls are Fate cards, whose printed dice follow the
 * deck's own mix: a match's dice luck, a player's and a ruleset's count each roll against the
 * mix of the deck it was revealed from, and the figures are recomputed here from the rolls
 * the decisions answered and the deck lists the organizer registered.
 */

type Seat = 'axis' | 'allies';

/**
 * A deck list without triggers (every roll applied at once) whose cards print `dice` in the
 * given numbers: each deck gives three sums, so its chi-square has 2 degrees of freedom and
 * its p-value is e^(−χ²/2), computed here by hand.
 */
function deckList(nationality: Nationality, mix: [[number, number], number][]) {
  const dice = mix.flatMap(([pair, cards]) => Array.from({ length: cards }, () => pair));
  return illustrativeDeck(nationality).map(({ trigger: _trigger, ...card }, i) => ({
    ...card,
    dice: dice[i],
  }));
}
const DECKS: Record<Seat, { nationality: Nationality; mix: [[number, number], number][] }> = {
  // The illustrative scenario plays Germany (axis) against the USSR (allies).
  axis: {
    nationality: 'germany',
    mix: [
      [[1, 1], 24],
      [[3, 4], 24],
      [[6, 6], 24],
    ],
  },
  allies: {
    nationality: 'ussr',
    mix: [
      [[1, 1], 12],
      [[2, 3], 24],
      [[5, 6], 36],
    ],
  },
};

/** The figures of one deck's rolls, recomputed from the list and the rolls' sums. */
function expectedLuck(seat: Seat, sums: number[]) {
  const cards = DECKS[seat].mix.map(([[a, b], weight]) => ({ value: a + b, weight }));
  const total = cards.reduce((n, c) => n + c.weight, 0);
  const mean = cards.reduce((n, c) => n + (c.value * c.weight) / total, 0);
  const variance = cards.reduce((n, c) => n + ((c.value - mean) ** 2 * c.weight) / total, 0);
  const outcomes = cards.map(({ value, weight }) => ({
    value,
    weight,
    observed: sums.filter((sum) => sum === value).length,
    expected: (sums.length * weight) / total,
  }));
  const chiSquare = outcomes.reduce((x, o) => x + (o.observed - o.expected) ** 2 / o.expected, 0);
  return {
    rolls: sums.length,
    observedSum: sums.reduce((a, b) => a + b, 0),
    expectedSum: sums.length * mean,
    variance: sums.length * variance,
    mean,
    outcomes,
    chiSquare,
    pValue: Math.exp(-chiSquare / 2),
  };
}

interface DeckLuckAnswer {
  deck: { en: string; ru: string };
  combine: string;
  rolls: number;
  mean: number;
  outcomes: { value: number; weight: number; observed: number; expected: number }[];
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number | null;
}

function expectDeck(found: DeckLuckAnswer | undefined, seat: Seat, sums: number[]) {
  const want = expectedLuck(seat, sums);
  expect(found).toMatchObject({ combine: 'sum', rolls: want.rolls, degreesOfFreedom: 2 });
  expect(found!.mean).toBeCloseTo(want.mean, 12);
  expect(
    found!.outcomes.map(({ value, weight, observed }) => ({ value, weight, observed })),
  ).toEqual(want.outcomes.map(({ value, weight, observed }) => ({ value, weight, observed })));
  found!.outcomes.forEach((o, i) => expect(o.expected).toBeCloseTo(want.outcomes[i].expected, 12));
  expect(found!.chiSquare).toBeCloseTo(want.chiSquare, 10);
  expect(found!.pValue).toBeCloseTo(want.pValue, 10);
}

describe('dice luck of Combat Commander’s Fate card rolls', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<Seat, Session>;
  /** Each seat's roll sums, as the decisions' FateRolled events gave them. */
  const sums: Record<Seat, number[]> = { axis: [], allies: [] };
  const names: Record<Seat, string> = { axis: 'Ганс Фатум', allies: 'Иван Фатум' };

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    const organizer = await asNewOrganizer(api, 'Клуб «Судьба»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          public: true,
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: {
            decks: (['axis', 'allies'] as const).map((seat) => ({
              nationality: DECKS[seat].nationality,
              cards: deckList(DECKS[seat].nationality, DECKS[seat].mix),
            })),
          },
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = (await claimSeatsAndStart(api, created, organizer, (s) => names[s as Seat])) as Record<
      Seat,
      Session
    >;
    const decide = async (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats[seat].headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
    const roll = async (seat: Seat) => {
      const rolled = await decide(seat, 'roll', { purpose: 'other' });
      const fate = rolled.events.find((e) => e.type === 'FateRolled')?.data as {
        seat: string;
        card: string;
        dice: [number, number];
        value: number;
      };
      // The roller's own deck (option rollDeck: roller), its sum.
      expect(fate).toMatchObject({ seat, value: fate.dice[0] + fate.dice[1] });
      expect(fate.card.startsWith(`${seat}-fate-`)).toBe(true);
      sums[seat].push(fate.value);
    };
    await decide('axis', 'begin');
    for (let i = 0; i < 6; i += 1) await roll('axis');
    await decide('axis', 'discard', { cards: [] });
    for (let i = 0; i < 5; i += 1) await roll('allies');
    await decide('allies', 'concede');
  });
  afterAll(() => app.close());

  const diceOf = (id: string, language: string) =>
    eventually(`the dice of ${id}`, async () => {
      const { data } = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
        headers: { 'accept-language': language },
        params: { path: { id } },
      });
      return data;
    });

  it('counts each seat’s rolls in the match’s dice luck against its deck’s own mix', async () => {
    const answer = await diceOf(matchId, 'ru-RU,ru;q=0.9');
    expect(answer).not.toHaveProperty('notCountedBecause');
    for (const seat of ['axis', 'allies'] as const) {
      const luck = answer.seats.find((s) => s.seat === seat)!;
      const want = expectedLuck(seat, sums[seat]);
      expect(luck.reported).toMatchObject({ dice: 0, cardRolls: 0, z: null, byDeck: [] });
      expect(luck.server).toMatchObject({
        dice: 0,
        cardRolls: sums[seat].length,
        observedSum: want.observedSum,
        bySize: [],
      });
      expect(luck.server.expectedSum).toBeCloseTo(want.expectedSum, 10);
      expect(luck.server.standardDeviation).toBeCloseTo(Math.sqrt(want.variance), 10);
      expect(luck.server.z).toBeCloseTo(
        (want.observedSum - want.expectedSum) / Math.sqrt(want.variance),
        10,
      );
      expect(luck.server.byDeck).toHaveLength(1);
      expectDeck(luck.server.byDeck[0], seat, sums[seat]);
    }
    expect(answer.seats.find((s) => s.seat === 'allies')!.server.byDeck[0].deck).toEqual({
      en: 'USSR',
      ru: 'СССР',
    });
  });

  it('counts them in the player’s and the ruleset’s dice luck too', async () => {
    const player = ok(
      await api.client.GET('/api/v1/stats/players/{name}', {
        params: { path: { name: names.axis } },
      }),
      200,
    );
    expect(player.dice.server.cardRolls).toBe(sums.axis.length);
    expectDeck(player.dice.server.byDeck[0], 'axis', sums.axis);

    const ruleset = ok(
      await api.client.GET('/api/v1/stats/rulesets/{ruleset}', {
        params: { path: { ruleset: 'combat-commander' }, query: { player: names.allies } },
      }),
      200,
    );
    expect(ruleset.matches).toBe(1);
    const pooled = ruleset.dice.server;
    expect(pooled.cardRolls).toBe(sums.axis.length + sums.allies.length);
    const axis = expectedLuck('axis', sums.axis);
    const allies = expectedLuck('allies', sums.allies);
    expect(pooled.z).toBeCloseTo(
      (axis.observedSum + allies.observedSum - axis.expectedSum - allies.expectedSum) /
        Math.sqrt(axis.variance + allies.variance),
      10,
    );
    // Decks by name: Germany, then the USSR.
    expect(pooled.byDeck.map((deck) => deck.deck.ru)).toEqual(['Германия', 'СССР']);
    expectDeck(pooled.byDeck[0], 'axis', sums.axis);
    expectDeck(pooled.byDeck[1], 'allies', sums.allies);
  });

  it('gives fair dice no reason to be left out either', async () => {
    const freeform = await startedFreeform(api, 'Клуб «Кубик»');
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: freeform.seats.red.headers,
        params: { path: { id: freeform.matchId } },
        body: anyDecision({ kind: 'concede', params: {} }),
      }),
      201,
    );
    const answer = await diceOf(freeform.matchId, 'ru');
    expect(answer).not.toHaveProperty('notCountedBecause');
    expect(answer.seats[0].server).toMatchObject({ cardRolls: 0, byDeck: [] });
  });
});
