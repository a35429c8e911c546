import { Module } from '@nestjs/common';
import {
  GetRulesetHandler,
  GetRulesetRulesHandler,
} from '../../../application/rulesets/get-ruleset.query';
import { ListRulesetsHandler } from '../../../application/rulesets/list-rulesets.query';
import { MatchCoreModule } from '../../match-core.module';
import { RulesetsController } from './rulesets.controller';

/** `api/v1/rulesets`: the games, their options, decisions and schemas. */
@Module({
  imports: [MatchCoreModule],
  controllers: [RulesetsController],
  providers: [ListRulesetsHandler, GetRulesetHandler, GetRulesetRulesHandler],
})
export class RulesetsModule {}
