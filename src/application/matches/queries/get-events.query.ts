import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import {
  markOf,
  rewindsWithin,
  type LineChoice,
  type VoidedMark,
} from '../../../domain/match/line';
import type { MatchState } from '../../../domain/match/match-state';
import { redactEvent } from '../../../domain/match/match-view';
import { voidedBy } from '../../../domain/match/rewind';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView, type MatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export const MAX_EVENTS_PAGE = 1000;

/** DI token: the byte budget of one events page (MATCHLOG_EVENTS_PAGE_BYTES). */
export const EVENTS_PAGE_BYTES = Symbol('EventsPageBytes');

/** An event as a reader sees it: secrets redacted, and with line=all the rewind that voided it. */
export type VisibleEvent = RecordedEvent & { redacted?: true; voidedBy?: VoidedMark };

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

export class StreamEventsQuery extends Query<AsyncIterable<VisibleEvent>> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly to?: number,
    readonly line: LineChoice = 'effective',
  ) {
    super();
  }
}

/**
 * The same events as GetEventsQuery, the whole range as one stream (NDJSON of any length).
 * Access is checked and the read audited before the first event, so a refusal is still a
 * proper problem response.
 */
@QueryHandler(StreamEventsQuery)
export class StreamEventsHandler implements IQueryHandler<
  StreamEventsQuery,
  AsyncIterable<VisibleEvent>
> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
  ) {}

  async execute({
    principal,
    matchId,
    from,
    to,
    line,
  }: StreamEventsQuery): Promise<AsyncIterable<VisibleEvent>> {
    const { last, visible } = await openRange(
      this.matches,
      this.audit,
      principal,
      matchId,
      from,
      to,
      line,
    );
    const source = from > last ? undefined : this.matches.events(matchId, from, last);
    return (async function* () {
      if (!source) return;
      for await (const event of source) {
        const shown = visible(event);
        if (shown) yield shown;
      }
    })();
  }
}

/**
 * What the caller may read of [from, to] (up to `limit` events): the range ends at their
 * horizon, and a judge's read of a live match is recorded before anything is shown.
 */
async function openRange(
  matches: MatchRepository,
  audit: HiddenInformationAudit,
  principal: Principal,
  matchId: string,
  from: number,
  to: number | undefined,
  line: LineChoice,
  limit = Number.POSITIVE_INFINITY,
) {
  const current = await matches.current(matchId);
  const view = resolveMatchView(principal, current);
  const end = Math.min(to ?? view.horizon, view.horizon);
  const last = Math.min(end, from + limit - 1);
  if (from <= last)
    await audit.viewed(principal, current, view, { scope: 'events', fromSeq: from, toSeq: last });
  return { horizon: view.horizon, end, last, visible: visibility(current, view, line) };
}

/** The event as this reader sees it on this line, or undefined when the line leaves it out. */
function visibility(
  current: MatchState,
  view: MatchView,
  line: LineChoice,
): (event: RecordedEvent) => VisibleEvent | undefined {
  // The rewinds known now, as far as the reader may see: voided ranges are fixed once recorded.
  const rewinds = rewindsWithin(current, view.horizon);
  return (event) => {
    const voiding = voidedBy(rewinds, event);
    if (voiding && line === 'effective') return undefined;
    const shown = redactEvent(event, view.viewer, view.everything);
    return voiding ? { ...shown, voidedBy: markOf(voiding) } : shown;
  };
}
