import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { LineChoice } from '../../../domain/match/line';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { MatchRepository } from '../match-repository';
import { type VisibleEvent, openRange } from './visible-events';

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
