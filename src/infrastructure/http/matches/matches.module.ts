import { Module } from '@nestjs/common';
import { AbandonMatchHandler } from '../../../application/matches/commands/abandon-match.command';
import { AddAnnotationHandler } from '../../../application/matches/commands/add-annotation.command';
import { ClaimSeatHandler } from '../../../application/matches/commands/claim-seat.command';
import { ConfirmRollHandler } from '../../../application/matches/commands/confirm-roll.command';
import {
  CreateMatchHandler,
  IDEMPOTENCY_KEY_HOURS,
} from '../../../application/matches/commands/create-match.command';
import { MakeDecisionHandler } from '../../../application/matches/commands/make-decision.command';
import { RecordRollHandler } from '../../../application/matches/commands/record-roll.command';
import { ReissueSeatLinkHandler } from '../../../application/matches/commands/reissue-seat-link.command';
import { StartMatchHandler } from '../../../application/matches/commands/start-match.command';
import { DecisionVerdictCache } from '../../../application/matches/decision-verdicts';
import {
  MATCHES_PER_ORGANIZER_HOUR,
  MatchCreationQuota,
} from '../../../application/matches/match-creation-quota';
import { DryRunDecisionHandler } from '../../../application/matches/queries/dry-run-decision.query';
import { ExportMatchHandler } from '../../../application/matches/queries/export-match.query';
import { GetAnnotationsHandler } from '../../../application/matches/queries/get-annotations.query';
import { GetAuditLogHandler } from '../../../application/matches/queries/get-audit-log.query';
import { GetAuditHandler } from '../../../application/matches/queries/get-audit.query';
import { GetDecisionChoicesHandler } from '../../../application/matches/queries/get-decision-choices.query';
import {
  EVENTS_PAGE_BYTES,
  GetEventsHandler,
} from '../../../application/matches/queries/get-events.query';
import { StreamEventsHandler } from '../../../application/matches/queries/stream-events.query';
import { GetLegalDecisionsHandler } from '../../../application/matches/queries/get-legal-decisions.query';
import { GetMatchHandler } from '../../../application/matches/queries/get-match.query';
import { GetRngHandler } from '../../../application/matches/queries/get-rng.query';
import { GetScoresHandler } from '../../../application/matches/queries/get-scores.query';
import { GetStateHandler } from '../../../application/matches/queries/get-state.query';
import { GetTimelineHandler } from '../../../application/matches/queries/get-timeline.query';
import { ListMatchesHandler } from '../../../application/matches/queries/list-matches.query';
import { GetLayoutHandler } from '../../../application/matches/queries/get-layout.query';
import { GetPhrasesHandler } from '../../../application/matches/queries/get-phrases.query';
import { GetViewerContextHandler } from '../../../application/matches/queries/get-viewer-context.query';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MatchCoreModule } from '../../match-core.module';
import { AnnotationsController } from './annotations.controller';
import { ExportController } from './export.controller';
import { MatchesController } from './matches.controller';
import { ReplayApiController } from './replay-api.controller';
import { TimelineController } from './timeline.controller';

/** `api/v1/matches`: create, seat, start, decide, roll, read, export, annotate, replay. */
@Module({
  imports: [MatchCoreModule],
  controllers: [
    MatchesController,
    ExportController,
    AnnotationsController,
    TimelineController,
    ReplayApiController,
  ],
  providers: [
    {
      provide: EVENTS_PAGE_BYTES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.eventsPageBytes,
    },
    {
      provide: IDEMPOTENCY_KEY_HOURS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.idempotencyKeyHours,
    },
    {
      provide: MATCHES_PER_ORGANIZER_HOUR,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.matchesPerOrganizerHour,
    },
    MatchCreationQuota,
    CreateMatchHandler,
    ClaimSeatHandler,
    StartMatchHandler,
    AbandonMatchHandler,
    ReissueSeatLinkHandler,
    MakeDecisionHandler,
    RecordRollHandler,
    ConfirmRollHandler,
    AddAnnotationHandler,
    GetMatchHandler,
    ListMatchesHandler,
    GetStateHandler,
    GetScoresHandler,
    GetEventsHandler,
    StreamEventsHandler,
    GetAuditHandler,
    GetAuditLogHandler,
    GetRngHandler,
    DecisionVerdictCache,
    GetLegalDecisionsHandler,
    GetDecisionChoicesHandler,
    DryRunDecisionHandler,
    ExportMatchHandler,
    GetAnnotationsHandler,
    GetTimelineHandler,
    GetViewerContextHandler,
    GetLayoutHandler,
    GetPhrasesHandler,
  ],
})
export class MatchesModule {}
