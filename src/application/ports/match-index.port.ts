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
  lastSeq: number;
}

export interface MatchListFilter {
  ruleset?: string;
  status?: MatchSummary['status'];
  /** Case-insensitive substring of a player's name (Russian or English). */
  player?: string;
  tournament?: string;
  createdFrom?: string;
  createdTo?: string;
  /** Restricts the list to matches this caller may see while live. */
  visibleTo: { organizer?: string; matchIds?: string[]; tournamentIds?: string[]; all?: boolean };
}

export interface MatchIndex {
  /** Newest first; `cursor` is opaque (from the previous page's `nextCursor`). */
  list(
    filter: MatchListFilter,
    limit: number,
    cursor?: string,
  ): Promise<{ items: MatchSummary[]; nextCursor?: string }>;
  get(matchId: string): Promise<MatchSummary | undefined>;
}
export const MATCH_INDEX = Symbol('MatchIndex');
