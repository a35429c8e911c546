import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import { summarizeRuleset, type RulesetSummary } from './ruleset-catalog';

export class ListRulesetsQuery extends Query<RulesetSummary[]> {}

@QueryHandler(ListRulesetsQuery)
export class ListRulesetsHandler implements IQueryHandler<ListRulesetsQuery, RulesetSummary[]> {
  constructor(@Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry) {}

  async execute(): Promise<RulesetSummary[]> {
    return this.registry.list().map(summarizeRuleset);
  }
}
