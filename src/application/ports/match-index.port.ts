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
  seats: { seat: string; side?: string; faction?: string; player?: string }[];
  winners?: string[];
  condition?: string;
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  /** When the last event the index holds was recorded. */
  updatedAt?: string;
  lastSeq: number;
}

export interface MatchListFilter {
  ruleset?: string;
  status?: MatchSummary['status'];
  /** Case-insensitive substring of a player's name (Russian or English). */
  player?: string;
  tournament?: string;
  /**
   * A campaign: this match (a league, a tournament's match) and every match it cites
   * (MatchCited: its linked battles).
   */
  campaign?: string;
  createdFrom?: string;
  createdTo?: string;
  /** A seat of the match plays this faction. */
  faction?: string;
  /** A winning seat has this seat id, side or faction, or a player of this name (any case). */
  winner?: string;
  finishedSince?: string;
  updatedSince?: string;
  /** Only these matches. */
  ids?: string[];
  /** Created by this organizer (its id). */
  organizer?: string;
  /** Newest created first unless said otherwise. */
  order?: MatchListOrder;
  /** Restricts the list to the matches this caller may read (ended, public, or these live ones). */
  visibleTo: LiveReadScope;
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
}
export const MATCH_INDEX = Symbol('MatchIndex');
