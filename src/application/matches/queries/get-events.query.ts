import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import { redactEvent } from '../../../domain/match/match-view';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export const MAX_EVENTS_PAGE = 1000;

export interface EventsPage {
  matchId: string;
  events: (RecordedEvent & { redacted?: true })[];
  /** Pass as `from` for the next page; absent at the end of what the caller may see. */
  nextFrom?: number;
  lastSeq: number;
}

export class GetEventsQuery extends Query<EventsPage> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly to?: number,
    readonly limit = MAX_EVENTS_PAGE,
  ) {
    super();
  }
}

/** Events as the caller may see them: within their horizon, secrets redacted. */
@QueryHandler(GetEventsQuery)
export class GetEventsHandler implements IQueryHandler<GetEventsQuery, EventsPage> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId, from, to, limit }: GetEventsQuery): Promise<EventsPage> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const last = Math.min(to ?? view.horizon, view.horizon, from + limit - 1);
    const events = from > last ? [] : await this.matches.eventList(matchId, from, last);
    const nextFrom = last < Math.min(to ?? view.horizon, view.horizon) ? last + 1 : undefined;
    return {
      matchId,
      events: events.map((event) => redactEvent(event, view.viewer, view.everything)),
      ...(nextFrom === undefined ? {} : { nextFrom }),
      lastSeq: current.lastSeq,
    };
  }
}
