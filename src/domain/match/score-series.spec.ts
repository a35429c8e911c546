import { ScoreTrail } from './score-series';

const NO_REWINDS = { voided: [] };

describe('ScoreTrail', () => {
  function trail(scores: (Record<string, number> | undefined)[]): ScoreTrail {
    const built = new ScoreTrail();
    scores.forEach((s, seq) => built.add(seq, s));
    return built;
  }

  it('answers the seqs where a score changes, from the first seq with a seat scored', () => {
    const built = trail([
      undefined,
      {},
      { a: 0, b: 0 },
      { a: 0, b: 0 },
      { a: 2, b: 0 },
      { b: 0, a: 2 },
      { a: 2, b: 1 },
    ]);
    expect(built.series(NO_REWINDS, 'effective')).toEqual([
      { seq: 2, scores: { a: 0, b: 0 } },
      { seq: 4, scores: { a: 2, b: 0 } },
      { seq: 6, scores: { a: 2, b: 1 } },
    ]);
  });

  it('stops at `through`, the caller’s horizon', () => {
    const built = trail([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(built.series(NO_REWINDS, 'effective', 1)).toEqual([
      { seq: 0, scores: { a: 1 } },
      { seq: 1, scores: { a: 2 } },
    ]);
  });

  it('answers none for a ruleset that derives no scores', () => {
    expect(trail([undefined, undefined, {}]).series(NO_REWINDS, 'effective')).toEqual([]);
  });

  it('marks a seat that leaves the scores: its key is gone from the next point', () => {
    expect(trail([{ a: 1, b: 1 }, { a: 1 }]).series(NO_REWINDS, 'all')).toEqual([
      { seq: 0, scores: { a: 1, b: 1 } },
      { seq: 1, scores: { a: 1 } },
    ]);
  });

  it('on the effective line gives a seq a rewind took back the scores the rewind returned to', () => {
    // Seqs 2–3 scored, then a rewind at seq 4 back to seq 1 (voiding 2–3); the table after 4
    // is the table of seq 1 again.
    const built = trail([{ a: 0 }, { a: 1 }, { a: 5 }, { a: 7 }, { a: 1 }, { a: 2 }]);
    const rewinds = {
      voided: [{ from: 2, to: 3, bySeq: 4, cause: { kind: 'undo' as const, requestId: 'r1' } }],
    };
    expect(built.series(rewinds, 'effective')).toEqual([
      { seq: 0, scores: { a: 0 } },
      { seq: 1, scores: { a: 1 } },
      { seq: 5, scores: { a: 2 } },
    ]);
    expect(built.series(rewinds, 'all')).toEqual([
      { seq: 0, scores: { a: 0 } },
      { seq: 1, scores: { a: 1 } },
      { seq: 2, scores: { a: 5 } },
      { seq: 3, scores: { a: 7 } },
      { seq: 4, scores: { a: 1 } },
      { seq: 5, scores: { a: 2 } },
    ]);
  });
});
