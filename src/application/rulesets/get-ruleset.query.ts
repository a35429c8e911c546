import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { parseRuleRef } from '../../domain/rulesets/kit/rules-text';
import type { Ruleset } from '../../domain/rulesets/ruleset';
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
    return describeRuleset(rulesetOrNotFound(this.registry, id));
  }
}

/** One rule reference of a ruleset's rules text, as a judge cites it. */
export interface RuleReference {
  key: string;
  /** The whole reference, «section»: «quote», as a ruling's `ruleRef` records it. */
  ref: string;
  section: string;
  quote: string;
}

export interface RulesetRules {
  rulesetId: string;
  rules: RuleReference[];
}

/** The rule references of a ruleset's rules text, for a judge to cite (empty for a game without one). */
export class GetRulesetRulesQuery extends Query<RulesetRules> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetRulesetRulesQuery)
export class GetRulesetRulesHandler implements IQueryHandler<GetRulesetRulesQuery, RulesetRules> {
  constructor(@Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry) {}

  async execute({ id }: GetRulesetRulesQuery): Promise<RulesetRules> {
    const ruleset = rulesetOrNotFound(this.registry, id);
    const rules = Object.entries(ruleset.rules ?? {}).flatMap(([key, ref]) => {
      const parts = parseRuleRef(ref);
      return parts ? [{ key, ref, ...parts }] : [];
    });
    return { rulesetId: ruleset.id, rules };
  }
}

function rulesetOrNotFound(registry: RulesetRegistry, id: string): Ruleset {
  const ruleset = registry.get(id);
  if (!ruleset)
    throw new NotFoundError({
      en: `There is no ruleset ${id}; known: ${registry
        .list()
        .map((r) => r.id)
        .join(', ')}`,
      ru: `Набора правил «${id}» нет; есть: ${registry
        .list()
        .map((r) => r.title.ru)
        .join(', ')}`,
    });
  return ruleset;
}
