import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type {
  HiddenInformationViewedData,
  SealRevealRefusedData,
} from '../../../domain/match/side-streams';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { judgesMatch, managesMatch } from '../match-access';
import { MatchRepository } from '../match-repository';
import { SideStreamLog } from '../side-stream-log';
import { MAX_SIDE_STREAM_PAGE } from './get-annotations.query';

export interface AuditLogPage {
  matchId: string;
  /** Events of `audit-<matchId>` (judges' reads of hidden information, refused reveals), in the order recorded. */
  events: RecordedEvent<HiddenInformationViewedData | SealRevealRefusedData>[];
  /** Pass as `from` for the next page (a seq of the audit stream); absent at the end. */
  nextFrom?: number;
}

export class GetAuditLogQuery extends Query<AuditLogPage> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly limit = MAX_SIDE_STREAM_PAGE,
  ) {
    super();
  }
}

/** Who looked at the hidden parts of a live match: for its judges, its organizer and admins. */
@QueryHandler(GetAuditLogQuery)
export class GetAuditLogHandler implements IQueryHandler<GetAuditLogQuery, AuditLogPage> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly sideStreams: SideStreamLog,
  ) {}

  async execute({ principal, matchId, from, limit }: GetAuditLogQuery): Promise<AuditLogPage> {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    const state = await this.matches.current(matchId);
    if (!judgesMatch(principal, state) && !managesMatch(principal, state)) {
      throw new ForbiddenError({
        en: `The audit log of match ${matchId} is for its judges, its organizer and admins`,
        ru: 'Журнал аудита матча видят его судьи, организатор и администраторы',
      });
    }
    const events = await this.sideStreams.read('audit', matchId, { from, limit });
    return {
      matchId,
      events: events as RecordedEvent<HiddenInformationViewedData | SealRevealRefusedData>[],
      ...(events.length === limit ? { nextFrom: events[events.length - 1].seq + 1 } : {}),
    };
  }
}
