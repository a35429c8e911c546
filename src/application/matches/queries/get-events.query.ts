import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type LineChoice } from '../../../domain/match/line';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { MatchRepository } from '../match-repository';
import { type VisibleEvent, openRange } from './visible-events';

export const MAX_EVENTS_PAGE = 1000;

/** DI token: the byte budget of one events page (MATCHLOG_EVENTS_PAGE_BYTES). */
export const EVENTS_PAGE_BYTES = Symbol('EventsPageBytes');

export interface EventsPage {
  matchId: string;
  line: LineChoice;
  events: VisibleEvent[];
  /** Pass as `from` for the next page; absent at the end of what the caller may see. */
  nextFrom?: number;
  /** The last seq the caller may see (a spectator of a live match lags behind the head). */
  lastSeq: number;
}

export class GetEventsQuery extends Query<EventsPage> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly to?: number,
    readonly limit = MAX_EVENTS_PAGE,
    readonly line: LineChoice = 'effective',
  ) {
    super();
  }
}

/**
 * Events as the caller may see them: within their horizon, secrets redacted. On the effective
 * line (the default) events taken back by a rewind are left out; with line=all they are
 * included and marked `voidedBy`. Seqs stay log seqs, so a page may hold fewer events than
 * its range. A judge's read of a live match is recorded in the audit stream first.
 */
@QueryHandler(GetEventsQuery)
export class GetEventsHandler implements IQueryHandler<GetEventsQuery, EventsPage> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
    @Inject(EVENTS_PAGE_BYTES) private readonly pageBytes: number,
  ) {}

  async execute({
    principal,
    matchId,
    from,
    to,
    limit,
    line,
  }: GetEventsQuery): Promise<EventsPage> {
    const { horizon, end, last, visible } = await openRange(
      this.matches,
      this.audit,
      principal,
      matchId,
      from,
      to,
      line,
      limit,
    );
    // The page ends at `last`, or earlier once its events take pageBytes as JSON (the first
    // event always goes in, so a page always moves the cursor on).
    const events: VisibleEvent[] = [];
    let through = from - 1;
    let bytes = 0;
    if (from <= last) {
      for await (const event of this.matches.events(matchId, from, last)) {
        through = event.seq;
        const shown = visible(event);
        if (shown) {
          events.push(shown);
          bytes += Buffer.byteLength(JSON.stringify(shown));
        }
        if (bytes >= this.pageBytes) break;
      }
    }
    const nextFrom = through < end ? through + 1 : undefined;
    return {
      matchId,
      line,
      events,
      ...(nextFrom === undefined ? {} : { nextFrom }),
      lastSeq: horizon,
    };
  }
}
