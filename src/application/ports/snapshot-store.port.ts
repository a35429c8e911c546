import type { MatchState } from '../../domain/match/match-state';

/** State snapshots every SNAPSHOT_INTERVAL events: `state at N` folds at most that many events. */
export interface SnapshotStore {
  /** The latest snapshot whose seq is at or before `seq`. */
  latestAtOrBefore(
    matchId: string,
    seq: number,
  ): Promise<{ seq: number; state: MatchState } | undefined>;
  put(matchId: string, seq: number, state: MatchState): Promise<void>;
}
export const SNAPSHOT_STORE = Symbol('SnapshotStore');
export const SNAPSHOT_INTERVAL = 500;
