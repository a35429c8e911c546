import { StatsAnswerCache } from './stats-answer-cache';

describe('StatsAnswerCache', () => {
  it('computes once per key and generation, again when the generation moves', async () => {
    const cache = new StatsAnswerCache<number>();
    let computed = 0;
    const compute = () => Promise.resolve((computed += 1));
    expect(await cache.get('a', 1, compute)).toBe(1);
    expect(await cache.get('a', 1, compute)).toBe(1);
    expect(await cache.get('b', 1, compute)).toBe(2);
    expect(await cache.get('a', 2, compute)).toBe(3);
    expect(await cache.get('a', 2, compute)).toBe(3);
    expect(computed).toBe(3);
  });

  it('keeps at most its capacity, dropping the oldest answer first', async () => {
    const cache = new StatsAnswerCache<string>(2);
    let computed = 0;
    const compute = (key: string) => () => ((computed += 1), Promise.resolve(key));
    await cache.get('a', 1, compute('a'));
    await cache.get('b', 1, compute('b'));
    await cache.get('c', 1, compute('c'));
    expect(cache.size).toBe(2);
    await cache.get('b', 1, compute('b'));
    expect(computed).toBe(3);
    await cache.get('a', 1, compute('a'));
    expect(computed).toBe(4);
  });

  it('does not keep a failed computation', async () => {
    const cache = new StatsAnswerCache<number>();
    await expect(cache.get('a', 1, () => Promise.reject(new Error('busy')))).rejects.toThrow(
      'busy',
    );
    expect(await cache.get('a', 1, () => Promise.resolve(7))).toBe(7);
  });
});
