import type { LiveReadScope } from '../matches/match-access';
import type { MatchStatus } from '../../domain/match/match-state';

/** One row of the match index read model. */
export interface MatchSummary {
  matchId: string;
  title?: string;
  ruleset: { id: string; version: string };
  status: Exclude<MatchStatus, 'none'>;
  public: boolean;
  tournamentId?: string;
  organizer: string;
  /** `playerId` when a registered player claimed the seat. */
  seats: { seat: string; side?: string; faction?: string; player?: string; playerId?: string }[];
  winners?: string[];
  condition?: string;
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  /** When the last event the index holds was recorded. */
  updatedAt?: string;
  lastSeq: number;
  /**
   * The global log position of the last event the index holds (decimal digits): monotonic
   * across the store, the cursor of `since`/`until`.
   */
  changePosition?: string;
}

export interface MatchListFilter {
  ruleset?: string;
  status?: MatchSummary['status'];
  /** A seat is taken by one of these players (playerRefsOf: the `player` filter resolved). */
  player?: PlayerRefs;
  tournament?: string;
  /**
   * A campaign: this match (a league, a tournament's match) and every match it cites
   * (MatchCited: its linked battles).
   */
  campaign?: string;
  createdFrom?: string;
  createdTo?: string;
  /** A seat of the match plays this faction (up to case). */
  faction?: string;
  /**
   * A winning seat has this seat id, side or faction (up to case), or is taken by these
   * players (`winnerPlayers`: `winner` resolved as a player).
   */
  winner?: string;
  winnerPlayers?: PlayerRefs;
  finishedSince?: string;
  updatedSince?: string;
  /** Changed after this log position (the match's change position is greater). */
  since?: bigint;
  /** Changed at or before this log position. */
  until?: bigint;
  /** Only these matches. */
  ids?: string[];
  /** Created by this organizer (its id). */
  organizer?: string;
  /** Newest created first unless said otherwise. */
  order?: MatchListOrder;
  /** Restricts the list to the matches this caller may read (ended, public, or these live ones). */
  visibleTo: LiveReadScope;
}

/**
 * Whom a `player=` filter names: registered players by id, and seats claimed by name only
 * whose name has this key (playerKey: case, ё/е, look-alike letters and spaces aside). Never
 * a substring.
 */
export interface PlayerRefs {
  ids: string[];
  /** Absent when the filter named a registered player by id: only their own seats count. */
  nameKey?: string;
}

export interface MatchListOrder {
  by: 'created' | 'updated';
  direction: 'asc' | 'desc';
}

export interface MatchIndex {
  /** In `filter.order`; `cursor` is opaque (from the previous page's `nextCursor` of the same order). */
  list(
    filter: MatchListFilter,
    limit: number,
    cursor?: string,
  ): Promise<{ items: MatchSummary[]; nextCursor?: string }>;
  get(matchId: string): Promise<MatchSummary | undefined>;
  /**
   * The log position the index has caught up to (every event at or before it is in it, none
   * after it), undefined before its first event.
   */
  completeTo(): Promise<bigint | undefined>;
}
export const MATCH_INDEX = Symbol('MatchIndex');
