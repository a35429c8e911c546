import { Module } from '@nestjs/common';
import { CitedMatches } from '../application/matches/cited-matches';
import { HiddenInformationAudit } from '../application/matches/hidden-information-audit';
import {
  MATCH_CACHE_BYTES,
  MatchRepository,
  STORE_SHARED_BY_REPLICAS,
} from '../application/matches/match-repository';
import { MatchRecorder } from '../application/matches/match-recorder';
import { MatchReadVersions } from '../application/matches/read-version';
import { SeedVault } from '../application/matches/seed-vault';
import { SideStreamLog } from '../application/matches/side-stream-log';
import { StreamIntegrity } from '../application/matches/stream-integrity';
import { PlayerDirectory } from '../application/players/player-directory';
import { RULESET_REGISTRY } from '../application/ports/ruleset-registry.token';
import { TransparencyLog } from '../application/transparency/transparency-log';
import { createRulesetRegistry } from '../application/rulesets/ruleset-catalog';
import { RULESETS } from '../domain/rulesets';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { MatchProjector } from './readmodels/match-projector';
import { READ_MODEL_PROGRESS } from '../application/ports/read-model-progress.port';
import { ReadModelsModule } from './readmodels/read-models.module';

const SHARED = [
  StreamIntegrity,
  MatchRepository,
  CitedMatches,
  MatchRecorder,
  SeedVault,
  MatchReadVersions,
  SideStreamLog,
  HiddenInformationAudit,
  MatchProjector,
  TransparencyLog,
  PlayerDirectory,
];

/**
 * What every feature's handlers share: the rulesets, the repository that loads and records a
 * match (verifying its chain), the seed vault, the side streams, the read models and the
 * projector that keeps them, and the player registry. Each HTTP feature module imports it.
 */
@Module({
  imports: [ReadModelsModule],
  providers: [
    { provide: RULESET_REGISTRY, useFactory: () => createRulesetRegistry(RULESETS) },
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
    ...SHARED,
    { provide: READ_MODEL_PROGRESS, useExisting: MatchProjector },
  ],
  exports: [ReadModelsModule, RULESET_REGISTRY, READ_MODEL_PROGRESS, ...SHARED],
})
export class MatchCoreModule {}
