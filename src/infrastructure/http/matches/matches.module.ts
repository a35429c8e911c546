import {
  MATCHES_PER_ORGANIZER_HOUR,
  MatchCreationQuota,
} from '../../../application/matches/match-creation-quota';
import { Module } from '@nestjs/common';
import { ClaimSeatHandler } from '../../../application/matches/commands/claim-seat.command';
import {
  CreateMatchHandler,
  IDEMPOTENCY_KEY_HOURS,
} from '../../../application/matches/commands/create-match.command';
import { CitedMatches } from '../../../application/matches/cited-matches';
import { MakeDecisionHandler } from '../../../application/matches/commands/make-decision.command';
import { ConfirmRollHandler } from '../../../application/matches/commands/confirm-roll.command';
import { RecordRollHandler } from '../../../application/matches/commands/record-roll.command';
import { StartMatchHandler } from '../../../application/matches/commands/start-match.command';
import { AbandonMatchHandler } from '../../../application/matches/commands/abandon-match.command';
import { ReissueSeatLinkHandler } from '../../../application/matches/commands/reissue-seat-link.command';
import { ExportMatchHandler } from '../../../application/matches/queries/export-match.query';
import { MatchReadVersions } from '../../../application/matches/read-version';
import { BulkExport } from '../../../application/matches/bulk-export';
import { BulkExportController } from './bulk-export.controller';
import { FeedHub } from '../../../application/feed/feed-hub';
import { GlobalFeed } from '../../../application/feed/global-feed';
import { MatchStream } from '../../../application/feed/match-stream';
import { FeedController } from '../feed/feed.controller';
import {
  MATCH_CACHE_BYTES,
  STORE_SHARED_BY_REPLICAS,
  MatchRepository,
} from '../../../application/matches/match-repository';
import { StreamIntegrity } from '../../../application/matches/stream-integrity';
import { GetAuditHandler } from '../../../application/matches/queries/get-audit.query';
import {
  EVENTS_PAGE_BYTES,
  GetEventsHandler,
} from '../../../application/matches/queries/get-events.query';
import { DryRunDecisionHandler } from '../../../application/matches/queries/dry-run-decision.query';
import { PreviewRulingHandler } from '../../../application/judging/preview-ruling.query';
import { GetLegalDecisionsHandler } from '../../../application/matches/queries/get-legal-decisions.query';
import { GetDecisionChoicesHandler } from '../../../application/matches/queries/get-decision-choices.query';
import { GetMatchHandler } from '../../../application/matches/queries/get-match.query';
import { GetRngHandler } from '../../../application/matches/queries/get-rng.query';
import { GetStateHandler } from '../../../application/matches/queries/get-state.query';
import { GetScoresHandler } from '../../../application/matches/queries/get-scores.query';
import { ListMatchesHandler } from '../../../application/matches/queries/list-matches.query';
import { SeedVault } from '../../../application/matches/seed-vault';
import { MATCH_INDEX } from '../../../application/ports/match-index.port';
import { RULESET_REGISTRY } from '../../../application/ports/ruleset-registry.token';
import { SNAPSHOT_STORE } from '../../../application/ports/snapshot-store.port';
import {
  GetRulesetHandler,
  ListRulesetsHandler,
} from '../../../application/rulesets/ruleset-queries';
import { RULESETS } from '../../../domain/rulesets';
import { createRulesetRegistry } from '../../../application/rulesets/ruleset-catalog';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MatchProjector } from '../../readmodels/match-projector';
import { SqliteMatchIndex } from '../../readmodels/sqlite-match-index';
import { SqliteStatsStore } from '../../readmodels/sqlite-stats-store';
import { STATS_READ_MODEL } from '../../../application/ports/stats-read-model.port';
import {
  GetMatchDiceHandler,
  GetPlayerStatsHandler,
  GetRulesetStatsHandler,
} from '../../../application/stats/stats.queries';
import { StatsController } from '../stats/stats.controller';
import { SqliteSnapshotStore } from '../../readmodels/sqlite-snapshot-store';
import { ExportController } from './export.controller';
import { KeysController } from './keys.controller';
import { MatchesController } from './matches.controller';
import { JudgingController } from './judging.controller';
import {
  AnswerUndoHandler,
  GetUndoTargetsHandler,
  RequestUndoHandler,
} from '../../../application/judging/undo.commands';
import {
  CommentDisputeHandler,
  IssueRulingHandler,
  OpenDisputeHandler,
  PauseMatchHandler,
} from '../../../application/judging/dispute.commands';
import {
  RevealDecisionHandler,
  SealDecisionHandler,
} from '../../../application/judging/sealed.commands';
import { ListDisputesHandler } from '../../../application/judging/list-disputes.query';
import { MatchRecorder } from '../../../application/matches/match-recorder';
import { DISPUTE_QUEUE } from '../../../application/ports/dispute-queue.port';
import { SqliteDisputeQueue } from '../../readmodels/sqlite-dispute-queue';
import { RulesetsController } from './rulesets.controller';
import { AnnotationsController } from './annotations.controller';
import { TimelineController } from './timeline.controller';
import { AddAnnotationHandler } from '../../../application/matches/commands/add-annotation.command';
import { HiddenInformationAudit } from '../../../application/matches/hidden-information-audit';
import { GetAnnotationsHandler } from '../../../application/matches/queries/get-annotations.query';
import { GetAuditLogHandler } from '../../../application/matches/queries/get-audit-log.query';
import { StreamEventsHandler } from '../../../application/matches/queries/get-events.query';
import { GetTimelineHandler } from '../../../application/matches/queries/get-timeline.query';
import {
  GetLayoutHandler,
  GetPhrasesHandler,
  GetViewerContextHandler,
} from '../../../application/matches/queries/replay-view.queries';
import { SideStreamLog } from '../../../application/matches/side-stream-log';
import { AppointJudgeHandler } from '../../../application/judging/appoint-judge.command';
import {
  CreateTournamentHandler,
  GetTournamentHandler,
} from '../../../application/tournaments/tournament.commands';

/** Hot matches kept in memory; the rest load from a snapshot and their tail. */

@Module({
  controllers: [
    RulesetsController,
    MatchesController,
    JudgingController,
    ExportController,
    BulkExportController,
    FeedController,
    KeysController,
    AnnotationsController,
    TimelineController,
    StatsController,
  ],
  providers: [
    {
      provide: RULESET_REGISTRY,
      useFactory: () => createRulesetRegistry(RULESETS),
    },
    {
      provide: MATCH_CACHE_BYTES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.matchCacheBytes,
    },
    {
      provide: STORE_SHARED_BY_REPLICAS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.eventStoreUrl !== undefined,
    },
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
    SqliteMatchIndex,
    { provide: MATCH_INDEX, useExisting: SqliteMatchIndex },
    SqliteStatsStore,
    { provide: STATS_READ_MODEL, useExisting: SqliteStatsStore },
    GetRulesetStatsHandler,
    GetPlayerStatsHandler,
    GetMatchDiceHandler,
    { provide: SNAPSHOT_STORE, useClass: SqliteSnapshotStore },
    StreamIntegrity,
    MatchRepository,
    CitedMatches,
    MatchRecorder,
    SqliteDisputeQueue,
    { provide: DISPUTE_QUEUE, useExisting: SqliteDisputeQueue },
    RequestUndoHandler,
    GetUndoTargetsHandler,
    AnswerUndoHandler,
    OpenDisputeHandler,
    CommentDisputeHandler,
    PauseMatchHandler,
    IssueRulingHandler,
    SealDecisionHandler,
    RevealDecisionHandler,
    ListDisputesHandler,
    SeedVault,
    ExportMatchHandler,
    MatchReadVersions,
    BulkExport,
    FeedHub,
    GlobalFeed,
    MatchStream,
    MatchProjector,
    CreateMatchHandler,
    ClaimSeatHandler,
    StartMatchHandler,
    AbandonMatchHandler,
    ReissueSeatLinkHandler,
    MakeDecisionHandler,
    RecordRollHandler,
    ConfirmRollHandler,
    GetMatchHandler,
    ListMatchesHandler,
    GetStateHandler,
    GetScoresHandler,
    GetEventsHandler,
    GetAuditHandler,
    GetRngHandler,
    GetLegalDecisionsHandler,
    GetDecisionChoicesHandler,
    DryRunDecisionHandler,
    PreviewRulingHandler,
    ListRulesetsHandler,
    GetRulesetHandler,
    SideStreamLog,
    HiddenInformationAudit,
    StreamEventsHandler,
    GetTimelineHandler,
    GetViewerContextHandler,
    GetLayoutHandler,
    GetPhrasesHandler,
    AddAnnotationHandler,
    GetAnnotationsHandler,
    GetAuditLogHandler,
    AppointJudgeHandler,
    CreateTournamentHandler,
    GetTournamentHandler,
  ],
  exports: [
    MatchRepository,
    MatchProjector,
    HiddenInformationAudit,
    RULESET_REGISTRY,
    MatchReadVersions,
  ],
})
export class MatchesModule {}
