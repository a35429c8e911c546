import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { DiceTally } from './dice-luck';
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
