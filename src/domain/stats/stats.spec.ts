import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { DiceTally, parseRollOutcomes, rollOutcomesKey, type DeckRollKind } from './dice-luck';
import { matchRecordOf, optionsHash } from './match-record';
import { playerKey } from './player-key';
import { distributionOf, wilsonInterval } from './proportions';

describe('wilsonInterval', () => {
  // Worked values: Wilson (1927); Newcombe (1998), Stat Med 17:857, table I (e.g. 81/263).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [5, 10, 0.2366, 0.7634],
  ])('%d of %d lies in [%d, %d]', (k, n, low, high) => {
    const interval = wilsonInterval(k, n);
    expect(interval.rate).toBeCloseTo(k / n, 12);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('is the whole [0, 1] with no trials, and stays inside it at 0 and n', () => {
    expect(wilsonInterval(0, 0)).toEqual({ k: 0, n: 0, rate: 0, low: 0, high: 1 });
    expect(wilsonInterval(7, 7).high).toBe(1);
    expect(wilsonInterval(0, 7).low).toBe(0);
  });
});

describe('distributionOf', () => {
  it('gives min, max, mean and type-7 quantiles', () => {
    const summary = distributionOf([4, 1, 3, 2, 10])!;
    expect(summary).toMatchObject({
      count: 5,
      min: 1,
      max: 10,
      mean: 4,
      p25: 2,
      median: 3,
      p75: 4,
    });
    expect(summary.p10).toBeCloseTo(1.4, 12);
    expect(summary.p90).toBeCloseTo(7.6, 12);
    expect(distributionOf([])).toBeUndefined();
  });
});

describe('playerKey', () => {
  it('is one key for case, width, spacing and Cyrillic look-alikes', () => {
    expect(playerKey('  Max   Power ')).toBe('max power');
    expect(playerKey('МАХ POWER')).toBe(playerKey('max power'));
    expect(playerKey('Ｍａｘ')).toBe('max');
    expect(playerKey('Алёна')).toBe(playerKey('АЛЕНА'));
    expect(playerKey('Ольга')).toBe('oльгa');
    expect(playerKey('Boris')).not.toBe(playerKey('Borís'));
  });
});

describe('DiceTally', () => {
  it('sums, expects and tests fair dice as computed by hand', () => {
    // 2d6 showing 6, 6 and 1d8 showing 1: observed 13, expected 3.5 + 3.5 + 4.5 = 11.5,
    // variance 35/12 + 35/12 + 63/12 = 133/12, z = 1.5 / √(133/12).
    const luck = new DiceTally().addRoll([6, 6], [6, 6]).addRoll([8], [1]).luck();
    expect(luck.dice).toBe(3);
    expect(luck.observedSum).toBe(13);
    expect(luck.expectedSum).toBe(11.5);
    expect(luck.standardDeviation).toBeCloseTo(Math.sqrt(133 / 12), 12);
    expect(luck.z).toBeCloseTo(1.5 / Math.sqrt(133 / 12), 12);
    // d6: two sixes of two; expected 1/3 per face: χ² = 5·(1/3) + (2 - 1/3)² / (1/3) = 10.
    expect(luck.bySize[0]).toMatchObject({
      sides: 6,
      dice: 2,
      counts: [0, 0, 0, 0, 0, 2],
      degreesOfFreedom: 5,
      reliable: false,
    });
    expect(luck.bySize[0].chiSquare).toBeCloseTo(10, 12);
    expect(luck.bySize[0].pValue).toBeCloseTo(0.0752352, 6);
    expect(luck.bySize[1]).toMatchObject({ sides: 8, dice: 1, degreesOfFreedom: 7 });
  });

  it('calls a perfectly flat sample reliable with χ² 0 and p 1, and skips impossible faces', () => {
    const tally = new DiceTally();
    for (let face = 1; face <= 6; face += 1) tally.add(6, face, 5);
    tally.add(6, 7).add(6, 0).add(0, 1).add(1001, 1).add(6, 2.5);
    const [d6] = tally.luck().bySize;
    expect(d6).toMatchObject({ dice: 30, chiSquare: 0, pValue: 1, reliable: true });
    expect(tally.luck().z).toBe(0);
    expect(new DiceTally().luck()).toMatchObject({ dice: 0, z: null, bySize: [] });
    expect(new DiceTally().add(1, 1).luck()).toMatchObject({ z: null, bySize: [{ pValue: null }] });
  });

  it('round-trips through its face counts', () => {
    const tally = new DiceTally().addRoll([6, 6, 20], [3, 3, 17]);
    expect(tally.faceCounts()).toEqual([
      { sides: 6, face: 3, count: 2 },
      { sides: 20, face: 17, count: 1 },
    ]);
    expect(new DiceTally().addAll(tally.faceCounts()).luck()).toEqual(tally.luck());
  });
});

describe('DiceTally: rolls read off cards, against the deck’s own mix', () => {
  // A tiny deck of 6 cards whose dice sum to 2 on one card, 3 on two and 4 on three:
  // P = 1/6, 2/6, 3/6; mean = (2 + 6 + 12) / 6 = 10/3; E[X²] = (4 + 18 + 48) / 6 = 35/3;
  // variance = 35/3 − 100/9 = 5/9.
  const tiny: DeckRollKind = {
    deck: { en: 'Tiny', ru: 'Малая' },
    combine: 'sum',
    outcomes: rollOutcomesKey([2, 3, 3, 4, 4, 4]),
  };

  it('writes a deck’s mix as value:weight pairs, ascending, and reads it back', () => {
    expect(tiny.outcomes).toBe('2:1,3:2,4:3');
    expect(parseRollOutcomes('2:1,3:2,4:3')).toEqual([
      { value: 2, weight: 1 },
      { value: 3, weight: 2 },
      { value: 4, weight: 3 },
    ]);
    for (const broken of ['', '3:1,2:1', '2:0', '2:1,2:1', 'x:1', '2:1;3:1', '2.5:1'])
      expect(parseRollOutcomes(broken)).toBeUndefined();
  });

  it('sums, expects and tests card rolls as computed by hand', () => {
    // Six rolls: 2, 2, 3, 3, 3, 4. Observed sum 17, expected 6 × 10/3 = 20, variance
    // 6 × 5/9 = 10/3, z = −3 / √(10/3). Expected counts 1, 2, 3 against observed 2, 3, 1:
    // χ² = 1²/1 + 1²/2 + 2²/3 = 17/6 on 2 degrees of freedom, p = e^(−17/12).
    const tally = new DiceTally();
    for (const value of [2, 2, 3, 3, 3, 4]) tally.addCardRoll(tiny, value);
    const luck = tally.luck();
    expect(luck).toMatchObject({ dice: 0, cardRolls: 6, observedSum: 17, bySize: [] });
    expect(luck.expectedSum).toBeCloseTo(20, 12);
    expect(luck.standardDeviation).toBeCloseTo(Math.sqrt(10 / 3), 12);
    expect(luck.z).toBeCloseTo(-3 / Math.sqrt(10 / 3), 12);
    const [deck] = luck.byDeck;
    expect(deck).toMatchObject({
      deck: { en: 'Tiny', ru: 'Малая' },
      combine: 'sum',
      rolls: 6,
      degreesOfFreedom: 2,
      reliable: false,
    });
    expect(deck.mean).toBeCloseTo(10 / 3, 12);
    expect(deck.outcomes.map(({ value, weight, observed }) => [value, weight, observed])).toEqual([
      [2, 1, 2],
      [3, 2, 3],
      [4, 3, 1],
    ]);
    deck.outcomes.forEach((o, i) => expect(o.expected).toBeCloseTo([1, 2, 3][i], 12));
    expect(deck.chiSquare).toBeCloseTo(17 / 6, 12);
    expect(deck.pValue).toBeCloseTo(Math.exp(-17 / 12), 10);
  });

  it('pools card rolls with fair dice in one z, each tested against its own distribution', () => {
    // A d6 showing 6 (expected 3.5, variance 35/12) and a tiny-deck roll of 4 (10/3, 5/9).
    const luck = new DiceTally().addRoll([6], [6]).addCardRoll(tiny, 4).luck();
    expect(luck).toMatchObject({ dice: 1, cardRolls: 1, observedSum: 10 });
    expect(luck.expectedSum).toBeCloseTo(3.5 + 10 / 3, 12);
    expect(luck.z).toBeCloseTo((10 - 3.5 - 10 / 3) / Math.sqrt(35 / 12 + 5 / 9), 12);
    expect(luck.bySize).toHaveLength(1);
    expect(luck.byDeck).toHaveLength(1);
  });

  it('keeps decks of another mix, name or reading apart, and leaves out what a deck cannot give', () => {
    const tally = new DiceTally()
      .addCardRoll(tiny, 3)
      .addCardRoll({ ...tiny, outcomes: '3:1,4:1' }, 3)
      .addCardRoll({ ...tiny, combine: 'product' }, 3)
      .addCardRoll({ ...tiny, deck: { en: 'Other', ru: 'Другая' } }, 3)
      // What the deck cannot give, or a mix that does not read: left out.
      .addCardRoll(tiny, 5)
      .addCardRoll(tiny, 2.5)
      .addCardRoll({ ...tiny, outcomes: '4:1,3:1' }, 3);
    const luck = tally.luck();
    expect(luck.cardRolls).toBe(4);
    expect(luck.byDeck.map((d) => [d.deck.en, d.combine, d.rolls])).toEqual([
      ['Other', 'sum', 1],
      ['Tiny', 'product', 1],
      ['Tiny', 'sum', 1],
      ['Tiny', 'sum', 1],
    ]);
    // A deck of one value says nothing: 0 degrees of freedom, no p-value, no spread.
    const one = new DiceTally().addCardRoll({ ...tiny, outcomes: '7:72' }, 7).luck();
    expect(one).toMatchObject({ standardDeviation: 0, z: null });
    expect(one.byDeck[0]).toMatchObject({ degreesOfFreedom: 0, pValue: null, reliable: false });
  });

  it('round-trips through its card roll counts', () => {
    const tally = new DiceTally().addRoll([6], [2]);
    for (const value of [4, 2, 4]) tally.addCardRoll(tiny, value);
    expect(tally.cardRollCounts()).toEqual([
      { ...tiny, value: 2, count: 1 },
      { ...tiny, value: 4, count: 2 },
    ]);
    const again = new DiceTally().addAll(tally.faceCounts()).addCardRolls(tally.cardRollCounts());
    expect(again.luck()).toEqual(tally.luck());
  });
});

describe('matchRecordOf', () => {
  function play(): MatchHarness {
    const h = new MatchHarness(freeformRuleset, 'm-stats');
    h.started(
      [
        { seat: 'red', faction: 'Империя' },
        { seat: 'blue', faction: 'Альянс' },
      ],
      {
        setup: {
          zones: [{ id: 'a', kind: 'location' }],
          pieces: [
            { id: 's1', type: 'Фрегат', owner: 'red', zone: 'a' },
            { id: 's2', type: 'Фрегат', owner: 'red', zone: 'a' },
            { id: 's3', type: 'Крейсер', owner: 'blue', zone: 'a' },
          ],
        },
      },
    );
    h.recordedAt = '2026-11-22T10:00:00.000Z';
    h.play('blue', 'roll', { dice: '2d6', faces: [6, 6] });
    h.play('red', 'start-round', {});
    h.play('red', 'roll', { dice: '1d8', purpose: 'attack' });
    h.play('red', 'destroy', { pieces: ['s1', 's2'], cause: 'battle' });
    h.play('blue', 'destroy', { pieces: ['s3'], cause: 'battle' });
    h.play('red', 'start-round', {});
    h.recordedAt = '2026-11-22T10:42:30.000Z';
    h.play('blue', 'concede');
    return h;
  }

  it('keeps seats, winners, first player, lengths, losses, each seat’s dice and first decision', () => {
    const h = play();
    const record = matchRecordOf(freeformRuleset, h.events)!;
    const redRoll = h.events.find(
      (e) => e.type === 'DiceRolled' && (e.data as { seat: string }).seat === 'red',
    )!;
    const redFace = (redRoll.data as { faces: number[] }).faces[0];
    expect(record).toEqual({
      matchId: 'm-stats',
      ruleset: { id: 'freeform', version: freeformRuleset.version },
      options: h.state.options,
      optionsHash: optionsHash(h.state.options),
      seats: [
        {
          seat: 'red',
          position: 1,
          faction: 'Империя',
          player: 'Player red',
          playerKey: playerKey('Player red'),
          won: true,
        },
        {
          seat: 'blue',
          position: 2,
          faction: 'Альянс',
          player: 'Player blue',
          playerKey: playerKey('Player blue'),
          won: false,
        },
      ],
      winners: ['red'],
      firstSeat: 'blue',
      decisions: 7,
      rounds: 2,
      minutes: 42.5,
      losses: [
        { owner: 'red', type: 'Фрегат', count: 2 },
        { owner: 'blue', type: 'Крейсер', count: 1 },
      ],
      dice: [
        { seat: 'red', source: 'server', sides: 8, face: redFace, count: 1 },
        { seat: 'blue', source: 'reported', sides: 6, face: 6, count: 2 },
      ],
      // Freeform's rolls are dice only.
      cardRolls: [],
      // Each seat's first decision, said as the log says it after the seat's name.
      openings: [
        { seat: 'blue', kind: 'roll', choice: { en: 'rolls 2d6', ru: 'бросает 2d6' } },
        {
          seat: 'red',
          kind: 'start-round',
          choice: { en: 'starts the next round', ru: 'начинает следующий раунд' },
        },
      ],
    });
  });

  it('has no record of a match that has not finished, or of no events', () => {
    const h = new MatchHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }]);
    expect(matchRecordOf(freeformRuleset, h.events)).toBeUndefined();
    expect(matchRecordOf(freeformRuleset, [] as RecordedEvent[])).toBeUndefined();
  });

  it('names the same option set by the same hash whatever the key order', () => {
    expect(optionsHash({ a: 1, b: 'x' })).toBe(optionsHash({ b: 'x', a: 1 }));
    expect(optionsHash({ a: 1 })).not.toBe(optionsHash({ a: 2 }));
    expect(optionsHash({})).toMatch(/^[0-9a-f]{16}$/);
  });
});
