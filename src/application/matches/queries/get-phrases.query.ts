import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import { phraseEvents, type EventPhrase } from '../../../domain/naming/match-phrases';
import { redactEvent } from '../../../domain/match/match-view';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

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
