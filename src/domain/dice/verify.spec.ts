import { DiceInputError, rollDice, shuffleOrder, verifyRolls, type RecordedDraw } from './index';

const seed = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const matchId = 'm-verify';
const entropy = 'alice,bob';

function honestLog(): RecordedDraw[] {
  const roll = (purpose: string, k: number, sides: number[]): RecordedDraw => ({
    purpose,
    k,
    sides,
    faces: rollDice({ seed, matchId, purpose, k, entropy, sides }),
  });
  const items = ['c1', 'c2', 'c3', 'c4', 'c5'];
  return [
    roll('combat', 0, [6, 6]),
    {
      kind: 'shuffle',
      deckId: 'fate',
      k: 0,
      items,
      order: shuffleOrder({ seed, matchId, deckId: 'fate', k: 0, entropy, items }),
    },
    roll('combat', 1, [6, 6, 6]),
    roll('morale', 0, [10]),
    roll('combat', 2, [20]),
  ];
}

describe('verifyRolls', () => {
  it('accepts an honest log', () => {
    expect(verifyRolls(seed, matchId, entropy, honestLog())).toEqual({ ok: true, checked: 5 });
    expect(verifyRolls(seed, matchId, entropy, [])).toEqual({ ok: true, checked: 0 });
  });

  it('reports the first changed face', () => {
    const log = honestLog();
    const roll = log[2];
    if (roll.kind === 'shuffle') throw new Error('fixture');
    const faces = roll.faces.slice();
    faces[1] = (faces[1] % 6) + 1;
    log[2] = { ...roll, faces };
    expect(verifyRolls(seed, matchId, entropy, log)).toEqual({
      ok: false,
      index: 2,
      kind: 'roll',
      purpose: 'combat',
      k: 1,
      reason: 'mismatch',
      expected: roll.faces,
      actual: faces,
      position: 1,
      message: expect.stringContaining('differs at position 1'),
    });
  });

  it('reports a changed shuffle order', () => {
    const log = honestLog();
    const s = log[1];
    if (s.kind !== 'shuffle') throw new Error('fixture');
    log[1] = { ...s, order: s.order.slice().reverse() };
    expect(verifyRolls(seed, matchId, entropy, log)).toMatchObject({
      ok: false,
      index: 1,
      kind: 'shuffle',
      purpose: 'shuffle:fate',
      reason: 'mismatch',
      expected: s.order,
    });
  });

  it('reports missing faces and extra faces', () => {
    const log = honestLog();
    const roll = log[0];
    if (roll.kind === 'shuffle') throw new Error('fixture');
    const short = [{ ...roll, faces: roll.faces.slice(0, 1) }];
    expect(verifyRolls(seed, matchId, entropy, short)).toMatchObject({
      ok: false,
      reason: 'mismatch',
      position: 1,
    });
    const long = [{ ...roll, faces: [...roll.faces, 3] }];
    expect(verifyRolls(seed, matchId, entropy, long)).toMatchObject({
      ok: false,
      reason: 'mismatch',
      position: 2,
    });
  });

  it('detects the wrong entropy or match', () => {
    expect(verifyRolls(seed, matchId, 'alice', honestLog())).toMatchObject({ ok: false, index: 0 });
    expect(verifyRolls(seed, 'other', entropy, honestLog())).toMatchObject({ ok: false, index: 0 });
  });

  it('uses a per-draw entropy when the draw records one', () => {
    const sides = [8, 8];
    const log: RecordedDraw[] = [
      {
        purpose: 'p',
        k: 0,
        sides,
        faces: rollDice({ seed, matchId, purpose: 'p', k: 0, entropy: '', sides }),
        entropy: '',
      },
    ];
    expect(verifyRolls(seed, matchId, entropy, log)).toEqual({ ok: true, checked: 1 });
  });

  it('in strict sequence, refuses a skipped or repeated k per purpose', () => {
    const log = honestLog();
    const skipped = log.filter((_, i) => i !== 2); // combat k=1 hidden
    expect(verifyRolls(seed, matchId, entropy, skipped)).toMatchObject({
      ok: false,
      index: 3,
      reason: 'sequence',
      purpose: 'combat',
      expected: 1,
      actual: 2,
    });
    const repeated = [...log, log[3]];
    expect(verifyRolls(seed, matchId, entropy, repeated)).toMatchObject({
      ok: false,
      index: 5,
      reason: 'sequence',
      expected: 1,
      actual: 0,
    });
    expect(verifyRolls(seed, matchId, entropy, skipped, { sequence: 'any' })).toEqual({
      ok: true,
      checked: 4,
    });
  });

  it('reports an invalid draw instead of throwing', () => {
    const log: RecordedDraw[] = [{ purpose: 'p', k: 0, sides: [1], faces: [1] }];
    expect(verifyRolls(seed, matchId, entropy, log)).toMatchObject({
      ok: false,
      index: 0,
      reason: 'invalid',
    });
  });

  it('throws only for a seed of the wrong size', () => {
    expect(() => verifyRolls(new Uint8Array(16), matchId, entropy, honestLog())).toThrow(
      DiceInputError,
    );
  });
});
