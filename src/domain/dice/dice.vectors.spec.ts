import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  commitmentOf,
  rollDice,
  seedFromHex,
  shuffleOrder,
  verifyCommitment,
  verifyRolls,
  type RecordedDraw,
} from './index';

/** Vectors from an independent implementation (test/fixtures/dice-vectors.json, from shared/). */
interface DiceVectors {
  seedHex: string;
  commitment: string;
  matchId: string;
  rolls: Array<{ purpose: string; k: number; entropy: string; sides: number[]; faces: number[] }>;
  shuffles: Array<{ deck: string; k: number; entropy: string; items: number[]; order: number[] }>;
}

const REPO_ROOT = resolve(__dirname, '../../..');
const VECTORS_PATH = resolve(REPO_ROOT, 'test/fixtures/dice-vectors.json');

function loadVectors(): DiceVectors {
  return JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as DiceVectors;
}

const v = loadVectors();
const seed = seedFromHex(v.seedHex);

describe('dice test vectors (test/fixtures/dice-vectors.json)', () => {
  it('has rolls and shuffles to check', () => {
    expect(v.rolls.length).toBeGreaterThan(0);
    expect(v.shuffles.length).toBeGreaterThan(0);
  });

  it('reproduces the commitment hex(sha256(S))', () => {
    expect(commitmentOf(seed)).toBe(v.commitment);
    expect(verifyCommitment(seed, v.commitment)).toBe(true);
  });

  it.each(v.rolls.map((r) => [`${r.purpose} k=${r.k} E="${r.entropy}" [${r.sides}]`, r] as const))(
    'reproduces roll %s',
    (_name, r) => {
      expect(
        rollDice({
          seed,
          matchId: v.matchId,
          purpose: r.purpose,
          k: r.k,
          entropy: r.entropy,
          sides: r.sides,
        }),
      ).toEqual(r.faces);
    },
  );

  it.each(v.shuffles.map((s) => [`${s.deck} k=${s.k}`, s] as const))(
    'reproduces shuffle %s (all swaps from the one stream of roll k)',
    (_name, s) => {
      const order = shuffleOrder({
        seed,
        matchId: v.matchId,
        deckId: s.deck,
        k: s.k,
        entropy: s.entropy,
        items: s.items,
      });
      expect(order).toEqual(s.order);
    },
  );

  it('verifyRolls accepts every vector and flags a tampered one', () => {
    const recorded: RecordedDraw[] = [
      ...v.rolls.map((r) => ({ ...r })),
      ...v.shuffles.map((s) => ({
        kind: 'shuffle' as const,
        deckId: s.deck,
        k: s.k,
        entropy: s.entropy,
        items: s.items,
        order: s.order,
      })),
    ];
    expect(verifyRolls(seed, v.matchId, '', recorded, { sequence: 'any' })).toEqual({
      ok: true,
      checked: v.rolls.length + v.shuffles.length,
    });

    const tampered = recorded.map((d, i) =>
      i === 1 && d.kind !== 'shuffle'
        ? { ...d, faces: d.faces.map((f, j) => (j === 2 ? (f % 6) + 1 : f)) }
        : d,
    );
    const result = verifyRolls(seed, v.matchId, '', tampered, { sequence: 'any' });
    expect(result).toMatchObject({ ok: false, index: 1, reason: 'mismatch', position: 2 });
  });
});
