import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps at most its capacity, and always the most recently used half', () => {
    for (const capacity of [1, 2, 3, 10, 101]) {
      const cache = new LruCache<number, string>(capacity);
      const used: number[] = [];
      let seed = capacity;
      for (let step = 0; step < 5_000; step += 1) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const key = seed % (capacity * 3);
        if (seed % 3 === 0) cache.set(key, `v${key}`);
        else if (cache.get(key) === undefined) continue;
        used.push(key);
        expect(cache.size).toBeLessThanOrEqual(capacity);
        // The most recently used distinct keys, newest first.
        const newest = [...new Set(used.slice(-capacity * 4).reverse())].slice(
          0,
          Math.floor(capacity / 2),
        );
        for (const kept of newest)
          expect([capacity, kept, cache.get(kept)]).toEqual([capacity, kept, `v${kept}`]);
      }
    }
  });

  it('answers the latest value set, and nothing once deleted', () => {
    const cache = new LruCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect(cache.get('a')).toBe(3);
    cache.set('c', 4);
    cache.set('d', 5);
    cache.set('a', 6);
    expect(cache.get('a')).toBe(6);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('forgets the entries nobody used for a generation', () => {
    const cache = new LruCache<string, number>(4);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) cache.set(key, 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('f')).toBe(1);
  });
});
