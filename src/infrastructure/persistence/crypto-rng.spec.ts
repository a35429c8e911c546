import { CryptoRng } from './crypto-rng';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('CryptoRng', () => {
  const rng = new CryptoRng();

  it('makes random UUIDs of version 4', () => {
    expect(rng.uuid()).toMatch(V4);
  });

  it('makes time-ordered UUIDs of version 7 that carry the time they were made', () => {
    const before = Date.now();
    const id = rng.timeOrderedUuid();
    const after = Date.now();
    expect(id).toMatch(V7);
    expect(millisOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisOf(id)).toBeLessThanOrEqual(after);
  });

  it('sorts time-ordered ids made in later milliseconds after earlier ones, all distinct', async () => {
    const ids: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 1000; i++) ids.push(rng.timeOrderedUuid());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(new Set(ids).size).toBe(ids.length);
    const byTime = [...ids].sort((a, b) => millisOf(a) - millisOf(b));
    // Text order agrees with time order, which is what keeps an index of them growing at its end.
    expect([...ids].sort().map(millisOf)).toEqual(byTime.map(millisOf));
    expect(millisOf(ids[ids.length - 1])).toBeGreaterThan(millisOf(ids[0]));
  });
});
