import { Module } from '@nestjs/common';
import {
  GetMatchDiceHandler,
  GetPlayerStatsHandler,
  GetRulesetStatsHandler,
} from '../../../application/stats/stats.queries';
import { MatchCoreModule } from '../../match-core.module';
import { StatsController } from './stats.controller';

/** `api/v1/stats`: win rates, players' records, dice luck. */
@Module({
  imports: [MatchCoreModule],
  controllers: [StatsController],
  providers: [GetRulesetStatsHandler, GetPlayerStatsHandler, GetMatchDiceHandler],
})
export class StatsModule {}
