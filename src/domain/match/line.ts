import type { RewindCause } from './match-events';
import { voidingOf, type MatchState, type VoidedRange } from './match-state';

/**
 * Which line of a match a read shows (DESIGN section 6): the effective line, where events
 * taken back by an undo or a ruling are left out, or every event in log order, the voided
 * ones marked with the rewind that voided them. Seqs are log seqs either way.
 */
export type LineChoice = 'effective' | 'all';

export const LINE_CHOICES: readonly LineChoice[] = ['effective', 'all'];

/** How a voided event (or seq) is marked: the TimelineRewound's seq and its cause. */
export interface VoidedMark {
  seq: number;
  cause: RewindCause;
}

export function markOf(range: VoidedRange): VoidedMark {
  return { seq: range.bySeq, cause: range.cause };
}

/**
 * The rewinds a reader whose horizon is `horizon` knows of: a spectator behind the delay
 * does not learn of a rewind recorded after what it may see.
 */
export function rewindsWithin(
  state: Pick<MatchState, 'voided'>,
  horizon: number,
): Pick<MatchState, 'voided'> {
  return { voided: state.voided.filter((range) => range.bySeq <= horizon) };
}

/**
 * The seq of the effective line whose table stands after log seq `seq`: `seq` itself unless a
 * rewind took it back, else the seq that rewind returned to (followed through nested rewinds).
 */
export function effectiveSeqOf(state: Pick<MatchState, 'voided'>, seq: number): number {
  let target = seq;
  for (let range = voidingOf(state, target); range; range = voidingOf(state, target)) {
    // A rewind to toSeq voids toSeq + 1 onwards.
    target = range.from - 1;
  }
  return target;
}
