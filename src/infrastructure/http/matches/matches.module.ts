import { Module } from '@nestjs/common';
import { DecisionVerdictCache } from '../../../application/matches/decision-verdicts';
import { DryRunDecisionHandler } from '../../../application/matches/queries/dry-run-decision.query';
import { GetDecisionChoicesHandler } from '../../../application/matches/queries/get-decision-choices.query';
import { GetLayoutHandler } from '../../../application/matches/queries/get-layout.query';
import { GetLegalDecisionsHandler } from '../../../application/matches/queries/get-legal-decisions.query';
import { GetPhrasesHandler } from '../../../application/matches/queries/get-phrases.query';
import { GetViewerContextHandler } from '../../../application/matches/queries/get-viewer-context.query';
import { MatchCoreModule } from '../../match-core.module';
import { AnnotationsController } from './annotations.controller';
import { ExportController } from './export.controller';
import { MatchCommandsModule } from './match-commands.module';
import { MatchReadsModule } from './match-reads.module';
import { MatchesController } from './matches.controller';
import { ReplayApiController } from './replay-api.controller';
import { TimelineController } from './timeline.controller';

/**
 * `api/v1/matches`: its controllers, the queries about the next decision (legal decisions,
 * choices, dry runs) and the replay viewer's reads; the commands and the other reads are
 * registered by the two modules it imports, each under about 15 providers.
 */
@Module({
  imports: [MatchCoreModule, MatchCommandsModule, MatchReadsModule],
  controllers: [
    MatchesController,
    ExportController,
    AnnotationsController,
    TimelineController,
    ReplayApiController,
  ],
  providers: [
    DecisionVerdictCache,
    GetLegalDecisionsHandler,
    GetDecisionChoicesHandler,
    DryRunDecisionHandler,
    GetViewerContextHandler,
    GetLayoutHandler,
    GetPhrasesHandler,
  ],
})
export class MatchesModule {}
