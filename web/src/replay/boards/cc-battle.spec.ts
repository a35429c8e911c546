import type { ViewEvent } from '../replay-engine';
import { battleAt } from './cc-battle';

describe('Combat Commander board: the last roll', () => {
  const fate = (seq: number, dice: number[], extra: Record<string, unknown> = {}) =>
    ({
      seq,
      type: 'FateRolled',
      data: { roll: `r${seq}`, seat: 'axis', purpose: 'defence', dice, value: dice[0] + dice[1] },
      ...extra,
    }) as unknown as ViewEvent;
  const rewind = (seq: number, from: number, to: number) =>
    ({
      seq,
      type: 'TimelineRewound',
      data: { toSeq: from - 1, voided: { from, to }, cause: { kind: 'ruling', disputeId: 'd1' } },
    }) as unknown as ViewEvent;

  it('shows the live line’s roll once a rewind took the later roll back, the voided one before it', () => {
    const marked = [
      fate(3, [4, 5]),
      fate(7, [2, 3], { voidedBy: { seq: 9, cause: { kind: 'ruling', disputeId: 'd1' } } }),
      rewind(9, 5, 8),
    ];
    // Before the rewind, the branch it later voided was the table's line.
    expect(battleAt(marked, 8).roll).toMatchObject({ seq: 7, dice: [2, 3] });
    expect(battleAt(marked, 9).roll).toMatchObject({ seq: 3, dice: [4, 5] });
  });

  it('in a match file without marks, reads the rewind’s range', () => {
    const unmarked = [fate(3, [4, 5]), fate(7, [2, 3]), rewind(9, 5, 8), fate(11, [6, 1])];
    expect(battleAt(unmarked, 10).roll).toMatchObject({ seq: 3 });
    expect(battleAt(unmarked, 11).roll).toMatchObject({ seq: 11, dice: [6, 1] });
  });
});
