import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { rewindsWithin } from '../../../domain/match/line';
import { redactEvent } from '../../../domain/match/match-view';
import { timelineOf, type TimelineEntry } from '../../../domain/match/timeline';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface TimelineView {
  matchId: string;
  /** The last seq summarised: the end of what the caller may see. */
  toSeq: number;
  /** The last seq the caller may see (a spectator of a live match lags behind the head). */
  lastSeq: number;
  entries: TimelineEntry[];
}

export class GetTimelineQuery extends Query<TimelineView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly to?: number,
  ) {
    super();
  }
}

/**
 * The match's line at a glance, as the caller may see it: within the horizon, from the
 * redacted events, voided entries marked. A judge's read of a live match is audited first.
 */
@QueryHandler(GetTimelineQuery)
export class GetTimelineHandler implements IQueryHandler<GetTimelineQuery, TimelineView> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
  ) {}

  async execute({ principal, matchId, from, to }: GetTimelineQuery): Promise<TimelineView> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const last = Math.min(to ?? view.horizon, view.horizon);
    const events = from > last ? [] : await this.matches.eventList(matchId, from, last);
    if (from <= last)
      await this.audit.viewed(principal, current, view, {
        scope: 'timeline',
        fromSeq: from,
        toSeq: last,
      });
    const entries = timelineOf(
      events.map((event) => redactEvent(event, view.viewer, view.everything)),
      rewindsWithin(current, view.horizon),
    );
    return { matchId, toSeq: last, lastSeq: view.horizon, entries };
  }
}
