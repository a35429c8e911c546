import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  GetRulesetQuery,
  GetRulesetRulesQuery,
  type RulesetRules,
} from '../../../application/rulesets/get-ruleset.query';
import { ListRulesetsQuery } from '../../../application/rulesets/list-rulesets.query';
import type { RulesetDetail, RulesetSummary } from '../../../application/rulesets/ruleset-catalog';
import { ApiProblems } from '../api-problems.decorator';
import { RulesetDetailDto, RulesetRulesDto, RulesetSummaryDto } from './rulesets.dto';
import { NoToken } from '../openapi';

@ApiTags('rulesets')
@Controller('api/v1/rulesets')
export class RulesetsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @NoToken()
  @ApiOperation({
    operationId: 'listRulesets',
    summary: 'List the rulesets this server has',
    description: 'One entry per game: id, version and title in English and Russian.',
  })
  @ApiOkResponse({ type: [RulesetSummaryDto] })
  @ApiProblems(401)
  list(): Promise<RulesetSummary[]> {
    return this.queries.execute(new ListRulesetsQuery());
  }

  @Get(':id')
  @NoToken()
  @ApiOperation({
    operationId: 'getRuleset',
    summary: 'A ruleset: options, catalog, and the decision kinds with their parameter schemas',
    description:
      'Each option names the rule it interprets, with its default; the decision kinds carry their JSON schemas.',
  })
  @ApiOkResponse({ type: RulesetDetailDto })
  @ApiProblems(401, 404)
  get(@Param('id') id: string): Promise<RulesetDetail> {
    return this.queries.execute(new GetRulesetQuery(id));
  }

  @Get(':id/rules')
  @NoToken()
  @ApiOperation({
    operationId: 'getRulesetRules',
    summary: 'The rule references of a ruleset, for a ruling to cite',
    description:
      "Each reference of the game's rules text: its section as headed in the authoritative Russian text and the sentence quoted verbatim; `ref` is what a ruling records as `ruleRef`. Empty for a game without a rules text (freeform). The match's options, each with its `ruleRef`, are in `GET /rulesets/:id`.",
  })
  @ApiOkResponse({ type: RulesetRulesDto })
  @ApiProblems(401, 404)
  rules(@Param('id') id: string): Promise<RulesetRules> {
    return this.queries.execute(new GetRulesetRulesQuery(id));
  }
}
