import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { MatchState } from '../../../domain/match/match-state';
import type { Principal } from '../../auth/principal';
import {
  judgesMatch,
  liveReadScope,
  managesMatch,
  readsLive,
  resolveMatchView,
  seatOf,
} from '../match-access';
import { MatchRepository } from '../match-repository';
import { isHeadJudgeOf } from '../../judging/judging-access';
import { TOKEN_STORE, type AppointedJudge, type TokenStore } from '../../ports/token-store.port';

/**
 * Who is looking: one of the replay viewer's three reads besides the matches API, with the
 * board layout (get-layout.query.ts) and the log's sentences (get-phrases.query.ts).
 */
export interface ViewerContext {
  matchId: string;
  viewer: { kind: 'public' | 'judge' | 'admin' } | { kind: 'seat'; seat: string };
  /** Whether the token sent gives a view of this match: 'other-match' reads it as the public. */
  token: 'none' | 'applies' | 'other-match';
  seesEverything: boolean;
  horizon: number;
  delayed: boolean;
  lastSeq: number;
  /** A judge's or an organizer's own name and actor id, to sign its notes. */
  name?: string;
  actorId?: string;
  /**
   * For its seats, judges, organizer and admins: every judge of the match or its tournament by
   * name, so a ruling, a comment or a pause is signed by its judge's name (issue 41: a seat is
   * told who ruled). Spectators get none.
   */
  judges?: AppointedJudge[];
  /**
   * For judges and admins: whether the caller answers this match's appeals (the head judge of
   * its tournament, or of the match outside any; an admin), so only they are shown the form.
   */
  headJudge?: boolean;
}

export class GetViewerContextQuery extends Query<ViewerContext> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/** Who the caller reads the match as, and how far it may see. Nothing hidden is read: no audit. */
@QueryHandler(GetViewerContextQuery)
export class GetViewerContextHandler implements IQueryHandler<
  GetViewerContextQuery,
  ViewerContext
> {
  constructor(
    private readonly matches: MatchRepository,
    @Inject(TOKEN_STORE) private readonly tokens: TokenStore,
  ) {}

  async execute({ principal, matchId }: GetViewerContextQuery): Promise<ViewerContext> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const viewer = view.viewer;
    const takesPart =
      viewer.kind === 'seat' || judgesMatch(principal, current) || managesMatch(principal, current);
    const judges = takesPart
      ? await this.tokens.judgesOf({ matchId, tournamentId: current.tournamentId })
      : undefined;
    return {
      matchId,
      viewer: viewer.kind === 'seat' ? { kind: 'seat', seat: viewer.seat } : { kind: viewer.kind },
      token: tokenScope(principal, current),
      seesEverything: view.everything,
      horizon: view.horizon,
      delayed: view.delayed,
      lastSeq: view.horizon,
      ...(principal.kind === 'judge' || principal.kind === 'organizer'
        ? { name: principal.name, actorId: principal.id }
        : {}),
      ...(judges ? { judges } : {}),
      ...(principal.kind === 'judge' || principal.kind === 'admin'
        ? { headJudge: isHeadJudgeOf(principal, current) }
        : {}),
    };
  }
}

function tokenScope(principal: Principal, state: MatchState): ViewerContext['token'] {
  switch (principal.kind) {
    case 'anonymous':
      return 'none';
    case 'admin':
      return 'applies';
    case 'seat':
      return seatOf(principal, state) ? 'applies' : 'other-match';
    case 'judge':
      return judgesMatch(principal, state) ? 'applies' : 'other-match';
    case 'organizer':
      return managesMatch(principal, state) ? 'applies' : 'other-match';
    case 'reader':
      return readsLive(liveReadScope(principal), state) ? 'applies' : 'other-match';
  }
}
