import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { liveReadScope, readsLive, resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';
import { PlayerDirectory } from '../../players/player-directory';
import { withPlayerRefs } from '../../players/player-refs';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../../ports/read-model-progress.port';
import {
  MATCH_INDEX,
  type MatchIndex,
  type MatchListFilter,
  type MatchSummary,
} from '../../ports/match-index.port';

export const MAX_MATCHES_PAGE = 200;

/** The list's filters as the caller gives them: `player` is a text the registry resolves (withPlayerRefs). */
export type ListMatchesFilter = Omit<MatchListFilter, 'visibleTo' | 'player' | 'winnerPlayers'> & {
  player?: string;
};

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

/**
 * Lists from the match index the matches the caller may read (LiveReadScope: ended and public
 * ones for everyone, live private ones for those who may read them live). A spectator of a live public match is told its last seq only up to their
 * horizon, as everywhere else.
 */
@QueryHandler(ListMatchesQuery)
export class ListMatchesHandler implements IQueryHandler<
  ListMatchesQuery,
  { items: MatchSummary[]; nextCursor?: string }
> {
  constructor(
    @Inject(MATCH_INDEX) private readonly index: MatchIndex,
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
    private readonly matches: MatchRepository,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({
    principal,
    filter,
    limit,
    cursor,
  }: ListMatchesQuery): Promise<{ items: MatchSummary[]; nextCursor?: string }> {
    // Read-your-writes: what was recorded before the question is listed (or, past the wait,
    // as far as the index got).
    await this.progress.catchUp(CATCH_UP_WAIT_MS);
    const page = await this.index.list(
      {
        ...(await withPlayerRefs(this.directory, filter)),
        organizer: organizerFilter(principal, filter.organizer),
        visibleTo: liveReadScope(principal),
      },
      Math.min(Math.max(limit, 1), MAX_MATCHES_PAGE),
      cursor,
    );
    const items = await Promise.all(page.items.map((item) => this.asSeenBy(principal, item)));
    return { ...page, items };
  }

  private async asSeenBy(principal: Principal, item: MatchSummary): Promise<MatchSummary> {
    const live = item.status === 'created' || item.status === 'started';
    if (!live || !item.public || readsLive(liveReadScope(principal), item)) return item;
    const view = resolveMatchView(principal, await this.matches.current(item.matchId));
    if (!view.delayed) return item;
    // When the head last moved is news past the horizon too.
    const { updatedAt: _head, changePosition: _moved, ...delayed } = item;
    return { ...delayed, lastSeq: Math.min(item.lastSeq, view.horizon) };
  }
}

/**
 * The organizer the list is filtered by: `me` is the caller's own (an organizer's token),
 * anything else an organizer's id as given.
 */
function organizerFilter(principal: Principal, organizer: string | undefined): string | undefined {
  if (organizer !== ORGANIZER_ME) return organizer;
  if (principal.kind === 'organizer') return principal.id;
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  throw new ForbiddenError({
    en: 'organizer=me lists the matches of the organizer whose token is sent: this token is not an organizer’s',
    ru: 'organizer=me показывает матчи организатора, чей токен передан, а этот токен — не токен организатора',
  });
}

/** The `organizer` filter's value that names the caller. */
export const ORGANIZER_ME = 'me';
