import type { Derived, Ruleset } from '../rulesets/ruleset';
import type { Table } from '../table/table';
import { hasOwn } from '../shared/id-record';
import { effectiveSeqOf, type LineChoice } from './line';
import type { MatchState } from './match-state';

/** Every seat's score from `seq` on, until the next point. */
export interface ScorePoint {
  seq: number;
  scores: Record<string, number>;
}

/**
 * The ruleset's derived view of a match state: what the state read answers as `derived`, and
 * what the score series reads its scores from. One way to derive, so the two always agree.
 */
export function deriveMatch(ruleset: Ruleset, state: Readonly<MatchState>): Derived {
  return ruleset.derive(state.table, state.rs as never);
}

/**
 * The table of a match state as readers are shown it (before the per-reader view): the
 * ruleset's projection of its slice where it has one, else the table its events left.
 */
export function tableOfMatch(ruleset: Ruleset, state: Readonly<MatchState>): Table {
  return ruleset.projectTable
    ? ruleset.projectTable(
        state.table,
        state.rs as never,
        state.seats.map((s) => s.seat),
      )
    : (state.table as Table);
}

/**
 * The scores a ruleset derives, collected along one fold of a match's log (`add` after each
 * event is applied), and read back as a step series on either line. A fold per seq would cost
 * the square of the match's length; this costs one derive per event.
 */
export class ScoreTrail {
  /** The scores after each log seq, on the line as played; equal neighbours share an object. */
  private readonly bySeq: (Record<string, number> | undefined)[] = [];

  /** The scores after log seq `seq` (seqs come in order, from 0). */
  add(seq: number, scores: Record<string, number> | undefined): void {
    const previous = this.bySeq[this.bySeq.length - 1];
    this.bySeq[seq] = sameScores(previous, scores) ? previous : scores;
  }

  /**
   * The seqs up to `through` where any seat's score changes, each with every seat's score from
   * there on. On the effective line a seq a rewind took back carries the scores of the seq the
   * rewind returned to (as the state read shows its table). Points start where the ruleset
   * first derives a score for a seat; a ruleset that derives none answers none.
   */
  series(
    rewinds: Pick<MatchState, 'voided'>,
    line: LineChoice,
    through = this.bySeq.length - 1,
  ): ScorePoint[] {
    const points: ScorePoint[] = [];
    let last: Record<string, number> | undefined;
    const end = Math.min(through, this.bySeq.length - 1);
    for (let seq = 0; seq <= end; seq += 1) {
      const shown = this.bySeq[line === 'effective' ? effectiveSeqOf(rewinds, seq) : seq];
      if (sameScores(last, shown)) continue;
      if (points.length === 0 && (shown === undefined || Object.keys(shown).length === 0)) continue;
      last = shown;
      points.push({ seq, scores: { ...shown } });
    }
    return points;
  }
}

function sameScores(
  a: Record<string, number> | undefined,
  b: Record<string, number> | undefined,
): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => hasOwn(b, key) && a[key] === b[key])
  );
}
