import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetRulesetQuery, ListRulesetsQuery } from '../../../application/rulesets/ruleset-queries';
import type { RulesetDetail, RulesetSummary } from '../../../application/rulesets/ruleset-catalog';
import { ApiProblems } from '../api-problems.decorator';
import { RulesetDetailDto, RulesetSummaryDto } from './rulesets.dto';

@ApiTags('rulesets')
@Controller('api/v1/rulesets')
export class RulesetsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'List the rulesets this server has' })
  @ApiOkResponse({ type: [RulesetSummaryDto] })
  @ApiProblems(401)
  list(): Promise<RulesetSummary[]> {
    return this.queries.execute(new ListRulesetsQuery());
  }

  @Get(':id')
  @ApiOperation({
    summary: 'A ruleset: options, catalog, and the decision kinds with their parameter schemas',
  })
  @ApiOkResponse({ type: RulesetDetailDto })
  @ApiProblems(401, 404)
  get(@Param('id') id: string): Promise<RulesetDetail> {
    return this.queries.execute(new GetRulesetQuery(id));
  }
}
