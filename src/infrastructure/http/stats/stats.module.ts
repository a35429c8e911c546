import { Module } from '@nestjs/common';
import { GetMatchDiceHandler } from '../../../application/stats/get-match-dice.query';
import { GetOpeningStatsHandler } from '../../../application/stats/get-opening-stats.query';
import { GetPlayerStatsHandler } from '../../../application/stats/get-player-stats.query';
import { GetRulesetStatsHandler } from '../../../application/stats/get-ruleset-stats.query';
import { MatchCoreModule } from '../../match-core.module';
import { StatsController } from './stats.controller';

/** `api/v1/stats`: win rates, openings, players' records, dice luck. */
@Module({
  imports: [MatchCoreModule],
  controllers: [StatsController],
  providers: [
    GetRulesetStatsHandler,
    GetPlayerStatsHandler,
    GetMatchDiceHandler,
    GetOpeningStatsHandler,
  ],
})
export class StatsModule {}
