import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { CHAIN_SWEEP_ENABLED, ChainSweep } from '../../application/matches/chain-sweep';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MatchCoreModule } from '../match-core.module';
import { AuthModule } from './auth.module';
import { ExportModule } from './export/export.module';
import { FeedModule } from './feed/feed.module';
import { HealthController } from './health.controller';
import { JudgesModule } from './judges/judges.module';
import { JudgingModule } from './judging/judging.module';
import { KeysModule } from './keys/keys.module';
import { LogModule } from './log/log.module';
import { MatchesModule } from './matches/matches.module';
import { MetricsController } from './metrics.controller';
import { OrganizersModule } from './organizers/organizers.module';
import { PlayersModule } from './players/players.module';
import { ProblemDetailsFilter } from './problem-details.filter';
import { ReadTokensModule } from './read-tokens/read-tokens.module';
import { SchemasModule } from './schemas/schemas.module';
import { RulesetsModule } from './rulesets/rulesets.module';
import { StatsModule } from './stats/stats.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { ProblemValidationPipe } from './validation.pipe';

/**
 * The HTTP API: one module per feature, each in the folder of its `api/v1/<resource>` routes,
 * and the platform's plumbing here (health, metrics, problem+json, validation, limits, and the
 * chain sweep they report). The filter and pipe below are global: they apply to every
 * controller of the app (the caller is resolved before that, in request-limits.ts).
 */
@Module({
  imports: [
    AuthModule,
    MatchCoreModule,
    MatchesModule,
    JudgingModule,
    JudgesModule,
    RulesetsModule,
    KeysModule,
    LogModule,
    ExportModule,
    FeedModule,
    StatsModule,
    TournamentsModule,
    OrganizersModule,
    PlayersModule,
    ReadTokensModule,
    SchemasModule,
  ],
  controllers: [HealthController, MetricsController],
  providers: [
    { provide: APP_FILTER, useClass: ProblemDetailsFilter },
    { provide: APP_PIPE, useClass: ProblemValidationPipe },
    {
      provide: CHAIN_SWEEP_ENABLED,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.chainSweep,
    },
    ChainSweep,
  ],
})
export class HttpModule {}
