import { RULESETS } from './index';
import { ROLL_EVENT_TYPES } from './roll-events';

describe('ROLL_EVENT_TYPES', () => {
  it("holds DiceRolled and every ruleset's own roll events, nothing else", () => {
    const declared = RULESETS.flatMap((ruleset) => ruleset.rollEvents ?? []);
    expect([...ROLL_EVENT_TYPES].sort()).toEqual(['DiceRolled', ...declared].sort());
  });

  it("counts Combat Commander's Fate card rolls", () => {
    expect(ROLL_EVENT_TYPES.has('FateRolled')).toBe(true);
  });
});
