import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { MatchState } from '../../../domain/match/match-state';
import { phraseEvents, type EventPhrase } from '../../../domain/naming/match-phrases';
import { redactEvent } from '../../../domain/match/match-view';
import type { BoardLayout } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { judgesMatch, managesMatch, resolveMatchView, seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';
import { TOKEN_STORE, type AppointedJudge, type TokenStore } from '../../ports/token-store.port';

/** The reads the replay viewer needs besides the matches API: who is looking, the board layout, the log's sentences. */

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
    };
  }
}

export interface MatchLayout {
  matchId: string;
  ruleset: { id: string; version: string };
  layout: BoardLayout;
}

export class GetLayoutQuery extends Query<MatchLayout> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * The ruleset's board layout for the match's setup, at the caller's horizon. A layout places
 * zones and never names a hidden member: no audit.
 */
@QueryHandler(GetLayoutQuery)
export class GetLayoutHandler implements IQueryHandler<GetLayoutQuery, MatchLayout> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetLayoutQuery): Promise<MatchLayout> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const state = await this.matches.stateAt(matchId, view.horizon);
    const ruleset = this.matches.rulesetOf(state);
    const layout = attempt(() => ruleset.layout?.(state.table, state.setup)) ?? { kind: 'areas' };
    return { matchId, ruleset: state.ruleset, layout };
  }
}

export interface EventPhrases {
  matchId: string;
  phrases: EventPhrase[];
  /** Present while events of the range are left: ask again from there. */
  nextFrom?: number;
}

/** The most sentences one answer holds, as a page of events. */
export const MAX_PHRASES_PAGE = 1000;

export class GetPhrasesQuery extends Query<EventPhrases> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly to?: number,
    readonly limit = MAX_PHRASES_PAGE,
  ) {
    super();
  }
}

/**
 * The log's sentences for the events of [from, to], as the replay page says them, with the
 * match's names (src/domain/naming, the page's own machinery). The names come from every event
 * the caller may see up to its horizon, redacted for it as every read is: a stranger's
 * sentences never name a card it may not see. They may tell hidden members to a judge, so a
 * judge's read of a live match is audited first, as a read of the events the names come from.
 */
@QueryHandler(GetPhrasesQuery)
export class GetPhrasesHandler implements IQueryHandler<GetPhrasesQuery, EventPhrases> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
  ) {}

  async execute({ principal, matchId, from, to, limit }: GetPhrasesQuery): Promise<EventPhrases> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const ruleset = this.matches.rulesetOf(current);
    const rangeLast = Math.min(to ?? view.horizon, view.horizon);
    if (from > rangeLast) return { matchId, phrases: [] };
    const last = Math.min(rangeLast, from + Math.min(limit, MAX_PHRASES_PAGE) - 1);
    await this.audit.viewed(principal, current, view, {
      scope: 'events',
      fromSeq: 0,
      toSeq: view.horizon,
    });
    const seen: RecordedEvent[] = [];
    for await (const event of this.matches.events(matchId, 0, view.horizon))
      seen.push(redactEvent(event, view.viewer, view.everything));
    const seats = current.seats.map(({ seat, side, faction, player }) => ({
      seat,
      side,
      faction,
      player: player?.name,
    }));
    const phrases = phraseEvents(seen, seats, ruleset, from, last);
    return last < rangeLast ? { matchId, phrases, nextFrom: last + 1 } : { matchId, phrases };
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
  }
}

/** A ruleset hook that throws must not take the viewer down: the generic fallback is used. */
function attempt<T>(hook: () => T | undefined): T | undefined {
  try {
    return hook();
  } catch {
    return undefined;
  }
}
