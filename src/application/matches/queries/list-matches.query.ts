import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import {
  MATCH_INDEX,
  type MatchIndex,
  type MatchListFilter,
  type MatchSummary,
} from '../../ports/match-index.port';

export const MAX_MATCHES_PAGE = 200;

export type ListMatchesFilter = Omit<MatchListFilter, 'visibleTo'>;

export class ListMatchesQuery extends Query<{ items: MatchSummary[]; nextCursor?: string }> {
  constructor(
    readonly principal: Principal,
    readonly filter: ListMatchesFilter,
    readonly limit: number,
    readonly cursor?: string,
  ) {
    super();
  }
}

/** Lists from the match index: ended and public matches for everyone, live private ones for those who may see them. */
@QueryHandler(ListMatchesQuery)
export class ListMatchesHandler implements IQueryHandler<
  ListMatchesQuery,
  { items: MatchSummary[]; nextCursor?: string }
> {
  constructor(@Inject(MATCH_INDEX) private readonly index: MatchIndex) {}

  async execute({
    principal,
    filter,
    limit,
    cursor,
  }: ListMatchesQuery): Promise<{ items: MatchSummary[]; nextCursor?: string }> {
    return this.index.list(
      { ...filter, visibleTo: visibleTo(principal) },
      Math.min(Math.max(limit, 1), MAX_MATCHES_PAGE),
      cursor,
    );
  }
}

function visibleTo(principal: Principal): MatchListFilter['visibleTo'] {
  switch (principal.kind) {
    case 'admin':
      return { all: true };
    case 'organizer':
      return { organizer: principal.id };
    case 'seat':
      return { matchIds: [principal.matchId] };
    case 'judge':
      return principal.matchId
        ? { matchIds: [principal.matchId] }
        : { tournamentIds: principal.tournamentId ? [principal.tournamentId] : [] };
    case 'anonymous':
      return {};
  }
}
