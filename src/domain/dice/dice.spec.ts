import { createHmac } from 'node:crypto';
import {
  DiceInputError,
  DiceStream,
  commitmentOf,
  drawFace,
  entropyString,
  faceOf,
  rollDice,
  seedFromHex,
  shuffleOrder,
  streamMessagePrefix,
  verifyCommitment,
} from './index';

const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
const matchId = 'm-1';
const base = { seed, matchId, entropy: '' };

describe('commitment and seed', () => {
  it('commits to sha256 of the seed, lowercase hex', () => {
    const c = commitmentOf(seed);
    expect(c).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCommitment(seed, c)).toBe(true);
    expect(verifyCommitment(seed, c.toUpperCase())).toBe(true);
    const other = seed.slice();
    other[31] ^= 1;
    expect(verifyCommitment(other, c)).toBe(false);
    expect(verifyCommitment(seed.subarray(0, 31), c)).toBe(false);
  });

  it('refuses seeds that are not 32 bytes', () => {
    expect(() => commitmentOf(new Uint8Array(31))).toThrow(DiceInputError);
    expect(() =>
      rollDice({ ...base, seed: new Uint8Array(33), purpose: 'p', k: 0, sides: [6] }),
    ).toThrow(DiceInputError);
  });

  it('parses a revealed seed from hex', () => {
    expect(seedFromHex(Buffer.from(seed).toString('hex'))).toEqual(seed);
    expect(() => seedFromHex('abc')).toThrow(DiceInputError);
    expect(() => seedFromHex('zz'.repeat(32))).toThrow(DiceInputError);
  });
});

describe('entropyString', () => {
  it('joins the entropies of the seats that gave one, in seat order', () => {
    expect(entropyString(['alice', 'bob'])).toBe('alice,bob');
    expect(entropyString(['alice', undefined, 'bob'])).toBe('alice,bob');
    expect(entropyString([undefined, 'bob', ''])).toBe('bob');
    expect(entropyString([])).toBe('');
    expect(entropyString([undefined, undefined])).toBe('');
  });

  it('refuses a seat entropy containing a comma', () => {
    expect(() => entropyString(['a,b'])).toThrow(DiceInputError);
  });
});

describe('DiceStream', () => {
  it('is HMAC-SHA256(S, matchId|p|k|E|j) read as big-endian uint32', () => {
    const block0 = createHmac('sha256', seed).update('m-1|combat|3|alice,bob|0').digest();
    const block1 = createHmac('sha256', seed).update('m-1|combat|3|alice,bob|1').digest();
    const s = new DiceStream({ seed, matchId, purpose: 'combat', k: 3, entropy: 'alice,bob' });
    const values = Array.from({ length: 10 }, () => s.nextUint32());
    const want = [0, 4, 8, 12, 16, 20, 24, 28].map((o) => block0.readUInt32BE(o));
    want.push(block1.readUInt32BE(0), block1.readUInt32BE(4));
    expect(values).toEqual(want);
  });

  it('computes HMAC blocks lazily', () => {
    const s = new DiceStream({ ...base, purpose: 'lazy', k: 0 });
    expect(s.blocksComputed).toBe(0);
    s.draw(6);
    expect(s.blocksComputed).toBe(1);
    for (let i = 0; i < 7; i++) s.draw(6);
    expect(s.blocksComputed).toBe(1);
    s.draw(6);
    expect(s.blocksComputed).toBe(2);
  });

  it('refuses "|" in matchId or purpose, and bad k', () => {
    expect(() => streamMessagePrefix({ matchId: 'a|b', purpose: 'p', k: 0, entropy: '' })).toThrow(
      DiceInputError,
    );
    expect(() => streamMessagePrefix({ matchId, purpose: 'p|q', k: 0, entropy: '' })).toThrow(
      DiceInputError,
    );
    expect(() => streamMessagePrefix({ matchId, purpose: '', k: 0, entropy: '' })).toThrow(
      DiceInputError,
    );
    expect(() => streamMessagePrefix({ matchId, purpose: 'p', k: -1, entropy: '' })).toThrow(
      DiceInputError,
    );
    expect(() => streamMessagePrefix({ matchId, purpose: 'p', k: 1.5, entropy: '' })).toThrow(
      DiceInputError,
    );
    expect(streamMessagePrefix({ matchId, purpose: 'p', k: 12, entropy: 'x|y' })).toBe(
      'm-1|p|12|x|y',
    );
  });
});

describe('rejection sampling', () => {
  it('accepts x only below floor(2^32 / n) * n', () => {
    // n = 6: limit 4294967292; n = 3: limit 4294967295.
    expect(faceOf(4294967291, 6)).toBe((4294967291 % 6) + 1);
    expect(faceOf(4294967292, 6)).toBeUndefined();
    expect(faceOf(0xffffffff, 6)).toBeUndefined();
    expect(faceOf(0xfffffffe, 3)).toBe(3);
    expect(faceOf(0xffffffff, 3)).toBeUndefined();
    expect(faceOf(0, 2 ** 32)).toBe(1);
    expect(faceOf(0xffffffff, 2 ** 32)).toBe(2 ** 32);
  });

  it('skips rejected values and takes the next 4 bytes (constructed source)', () => {
    const source = [0xffffffff, 4294967292, 7, 100];
    let read = 0;
    const face = drawFace(() => source[read++], 6);
    expect(face).toBe((7 % 6) + 1);
    expect(read).toBe(3);
  });

  it('advances the stream past rejected values for a die of 2^31+1 sides', () => {
    const n = 2 ** 31 + 1; // limit = 2^31 + 1: about half of all values are rejected
    const dice = 20;
    const s = new DiceStream({ ...base, purpose: 'big', k: 0 });
    const faces = Array.from({ length: dice }, () => s.draw(n));
    expect(s.valuesRead).toBeGreaterThan(dice);
    expect(s.bytesRead).toBe(s.valuesRead * 4);

    // Recompute by hand from the raw stream: keep x < 2^31 + 1, face = x % n + 1.
    const raw = new DiceStream({ ...base, purpose: 'big', k: 0 });
    const values = Array.from({ length: s.valuesRead }, () => raw.nextUint32());
    const accepted = values.filter((x) => x < n);
    expect(accepted).toHaveLength(dice);
    expect(values[values.length - 1]).toBeLessThan(n);
    expect(accepted.map((x) => (x % n) + 1)).toEqual(faces);
    expect(rollDice({ ...base, purpose: 'big', k: 0, sides: Array(dice).fill(n) })).toEqual(faces);
  });
});

describe('rollDice', () => {
  it('is deterministic and draws the dice one after another from one stream', () => {
    const a = rollDice({ ...base, purpose: 'combat', k: 0, sides: [6, 6, 8] });
    expect(rollDice({ ...base, purpose: 'combat', k: 0, sides: [6, 6, 8] })).toEqual(a);
    // The first dice of a longer roll are the dice of the shorter one.
    expect(
      rollDice({ ...base, purpose: 'combat', k: 0, sides: [6, 6, 8, 20] }).slice(0, 3),
    ).toEqual(a);
    expect(rollDice({ ...base, purpose: 'combat', k: 0, sides: [] })).toEqual([]);
  });

  it('depends on matchId, purpose, k and entropy', () => {
    const sides = Array(16).fill(1000);
    const ref = rollDice({ ...base, purpose: 'combat', k: 0, sides });
    expect(rollDice({ ...base, matchId: 'm-2', purpose: 'combat', k: 0, sides })).not.toEqual(ref);
    expect(rollDice({ ...base, purpose: 'morale', k: 0, sides })).not.toEqual(ref);
    expect(rollDice({ ...base, purpose: 'combat', k: 1, sides })).not.toEqual(ref);
    expect(rollDice({ ...base, entropy: 'alice', purpose: 'combat', k: 0, sides })).not.toEqual(
      ref,
    );
  });

  it('keeps faces in 1..n for every die', () => {
    const sides = [2, 3, 4, 6, 7, 10, 12, 20, 100, 1000];
    for (let k = 0; k < 50; k++) {
      rollDice({ ...base, purpose: 'range', k, sides }).forEach((f, i) => {
        expect(Number.isInteger(f) && f >= 1 && f <= sides[i]).toBe(true);
      });
    }
  });

  it('refuses dice with fewer than 2 or more than 2^32 sides', () => {
    for (const n of [0, 1, 2.5, 2 ** 32 + 1, NaN]) {
      expect(() => rollDice({ ...base, purpose: 'p', k: 0, sides: [6, n] })).toThrow(
        DiceInputError,
      );
    }
  });

  it('gives d6 faces in sane proportions over 6000 seeded dice', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let k = 0; k < 1000; k++) {
      for (const f of rollDice({ ...base, purpose: 'dist', k, sides: [6, 6, 6, 6, 6, 6] })) {
        counts[f - 1] += 1;
      }
    }
    for (const c of counts) {
      expect(c).toBeGreaterThan(900);
      expect(c).toBeLessThan(1100);
    }
    const chiSquare = counts.reduce((acc, c) => acc + (c - 1000) ** 2 / 1000, 0);
    expect(chiSquare).toBeLessThan(20.5); // p = 0.001 for 5 degrees of freedom
  });
});

describe('shuffleOrder', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

  it('returns a permutation and leaves the input alone', () => {
    const before = items.slice();
    for (let k = 0; k < 20; k++) {
      const order = shuffleOrder({ ...base, deckId: 'fate', k, items });
      expect(order).toHaveLength(items.length);
      expect(order.slice().sort()).toEqual(before);
    }
    expect(items).toEqual(before);
  });

  it('is Fisher-Yates on the stream of purpose shuffle:<deckId>, roll k', () => {
    const s = new DiceStream({ ...base, purpose: 'shuffle:fate', k: 2 });
    const want = items.slice();
    for (let i = want.length - 1; i >= 1; i--) {
      const j = s.draw(i + 1) - 1;
      [want[i], want[j]] = [want[j], want[i]];
    }
    expect(shuffleOrder({ ...base, deckId: 'fate', k: 2, items })).toEqual(want);
    expect(shuffleOrder({ ...base, deckId: 'fate', k: 3, items })).not.toEqual(want);
    expect(shuffleOrder({ ...base, deckId: 'other', k: 2, items })).not.toEqual(want);
  });

  it('handles empty and single-card decks', () => {
    expect(shuffleOrder({ ...base, deckId: 'd', k: 0, items: [] })).toEqual([]);
    expect(shuffleOrder({ ...base, deckId: 'd', k: 0, items: ['x'] })).toEqual(['x']);
  });

  it('puts every card everywhere over many shuffles', () => {
    const seen = items.map(() => new Set<number>());
    for (let k = 0; k < 400; k++) {
      shuffleOrder({ ...base, deckId: 'spread', k, items }).forEach((card, pos) => {
        seen[items.indexOf(card)].add(pos);
      });
    }
    for (const positions of seen) expect(positions.size).toBe(items.length);
  });
});
