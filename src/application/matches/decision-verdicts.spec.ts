import { DecisionVerdictCache } from './decision-verdicts';

describe('the decider’s verdicts kept between asks', () => {
  it('keeps a seat’s verdicts while the seq stays, and starts afresh at a new one', () => {
    const cache = new DecisionVerdictCache();
    const atFive = cache.of('m1', 5, 'red', 'seat');
    atFive.set('move\n{}', true);
    expect(cache.of('m1', 5, 'red', 'seat')).toBe(atFive);
    const atSix = cache.of('m1', 6, 'red', 'seat');
    expect(atSix).not.toBe(atFive);
    expect(atSix.size).toBe(0);
    // Another seat, the same seat as its judge records, another match: each its own.
    for (const other of [
      cache.of('m1', 6, 'blue', 'seat'),
      cache.of('m1', 6, 'red', 'judge'),
      cache.of('m2', 6, 'red', 'seat'),
    ])
      expect(other).not.toBe(atSix);
    expect(cache.of('m1', 6, 'red', 'seat')).toBe(atSix);
  });
});
