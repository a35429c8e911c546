/** DI token for the domain's RulesetRegistry. */
export const RULESET_REGISTRY = Symbol('RulesetRegistry');
