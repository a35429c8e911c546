import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import { NotFoundError } from '../errors';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import { describeRuleset, type RulesetDetail } from './ruleset-catalog';

export class GetRulesetQuery extends Query<RulesetDetail> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetRulesetQuery)
export class GetRulesetHandler implements IQueryHandler<GetRulesetQuery, RulesetDetail> {
  constructor(@Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry) {}

  async execute({ id }: GetRulesetQuery): Promise<RulesetDetail> {
    const ruleset = this.registry.get(id);
    if (!ruleset)
      throw new NotFoundError({
        en: `There is no ruleset ${id}; known: ${this.registry
          .list()
          .map((r) => r.id)
          .join(', ')}`,
        ru: `Набора правил «${id}» нет; есть: ${this.registry
          .list()
          .map((r) => r.title.ru)
          .join(', ')}`,
      });
    return describeRuleset(ruleset);
  }
}
