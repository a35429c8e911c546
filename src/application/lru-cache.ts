/**
 * A bounded map that forgets the least recently used entries first: hot matches stay in memory,
 * cold ones do not. It keeps two generations of entries: a hit in the recent one is a single
 * lookup with no reordering (the delete and set of an exact LRU on every hit were 1% of a
 * decision's CPU, for a seed and a token per decision); a hit in the older one moves the entry
 * to the recent one; when the recent one fills, it becomes the older one and the older one is
 * forgotten whole. So at most `capacity` entries are kept, and never fewer than the
 * `capacity / 2` most recently used.
 */
export class LruCache<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();
  private readonly generationSize: number;

  constructor(capacity: number) {
    this.generationSize = Math.max(1, Math.ceil(capacity / 2));
  }

  get(key: K): V | undefined {
    const value = this.recent.get(key);
    if (value !== undefined) return value;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.keepRecent(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.recent.has(key)) {
      this.recent.set(key, value);
      return;
    }
    this.older.delete(key);
    this.keepRecent(key, value);
  }

  delete(key: K): void {
    this.recent.delete(key);
    this.older.delete(key);
  }

  get size(): number {
    return this.recent.size + this.older.size;
  }

  private keepRecent(key: K, value: V): void {
    this.recent.set(key, value);
    if (this.recent.size >= this.generationSize) {
      this.older = this.recent;
      this.recent = new Map();
    }
  }
}
