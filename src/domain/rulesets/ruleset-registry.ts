import type { Ruleset } from './ruleset';

export class RulesetRegistry {
  private readonly byId = new Map<string, Ruleset>();

  constructor(rulesets: readonly Ruleset[]) {
    for (const ruleset of rulesets) {
      if (this.byId.has(ruleset.id)) throw new Error(`Ruleset ${ruleset.id} registered twice`);
      this.byId.set(ruleset.id, ruleset);
    }
  }

  get(id: string): Ruleset | undefined {
    return this.byId.get(id);
  }

  list(): Ruleset[] {
    return [...this.byId.values()];
  }
}
