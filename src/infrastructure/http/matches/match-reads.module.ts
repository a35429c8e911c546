import { Module } from '@nestjs/common';
import { ExportMatchHandler } from '../../../application/matches/queries/export-match.query';
import { GetAnnotationsHandler } from '../../../application/matches/queries/get-annotations.query';
import { GetAuditLogHandler } from '../../../application/matches/queries/get-audit-log.query';
import { GetAuditHandler } from '../../../application/matches/queries/get-audit.query';
import {
  EVENTS_PAGE_BYTES,
  GetEventsHandler,
} from '../../../application/matches/queries/get-events.query';
import { GetMatchHandler } from '../../../application/matches/queries/get-match.query';
import { GetRngHandler } from '../../../application/matches/queries/get-rng.query';
import { GetScoresHandler } from '../../../application/matches/queries/get-scores.query';
import { GetStateHandler } from '../../../application/matches/queries/get-state.query';
import { GetTimelineHandler } from '../../../application/matches/queries/get-timeline.query';
import { ListMatchesHandler } from '../../../application/matches/queries/list-matches.query';
import { StreamEventsHandler } from '../../../application/matches/queries/stream-events.query';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MatchCoreModule } from '../../match-core.module';

/** The reads of `api/v1/matches`: the list, a match, its table, log, audit, export, timeline. */
@Module({
  imports: [MatchCoreModule],
  providers: [
    {
      provide: EVENTS_PAGE_BYTES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.eventsPageBytes,
    },
    GetMatchHandler,
    ListMatchesHandler,
    GetStateHandler,
    GetScoresHandler,
    GetEventsHandler,
    StreamEventsHandler,
    GetAuditHandler,
    GetAuditLogHandler,
    GetRngHandler,
    ExportMatchHandler,
    GetAnnotationsHandler,
    GetTimelineHandler,
  ],
})
export class MatchReadsModule {}
