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
import {
  MATCHES_PER_ORGANIZER_HOUR,
  MatchCreationQuota,
} from '../../../application/matches/match-creation-quota';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MatchCoreModule } from '../../match-core.module';

/** The commands of `api/v1/matches`: create, seat, start, abandon, decide, roll, annotate. */
@Module({
  imports: [MatchCoreModule],
  providers: [
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
  ],
})
export class MatchCommandsModule {}
