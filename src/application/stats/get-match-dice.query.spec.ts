import { combatCommanderRuleset } from '../../domain/rulesets/combat-commander/combat-commander.ruleset';
import { freeformRuleset } from '../../domain/rulesets/freeform/freeform.ruleset';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import type { MatchRepository } from '../matches/match-repository';
import type { ReadModelProgress } from '../ports/read-model-progress.port';
import type { MatchDiceAggregates, StatsReadModel } from '../ports/stats-read-model.port';
import { GetMatchDiceHandler, GetMatchDiceQuery } from './get-match-dice.query';

/**
 * Issue 42 item 5: Combat Commander's card rolls count, so its answers carry no
 * `notCountedBecause`; a ruleset whose rolls could be counted neither way still says why.
 */
describe('GetMatchDiceHandler: rolls a ruleset leaves out', () => {
  const found: MatchDiceAggregates = {
    seats: [{ seat: 'axis', position: 1, won: true }],
    dice: [],
    cardRolls: [
      {
        seat: 'axis',
        source: 'server',
        deck: { en: 'Germany', ru: 'Германия' },
        combine: 'sum',
        outcomes: '2:36,12:36',
        value: 12,
        count: 2,
      },
    ],
  };
  const silent: Ruleset = {
    ...freeformRuleset,
    id: 'silent',
    rollsNotCountedBecause: { en: 'Not counted', ru: 'Не учитываются' },
  } as Ruleset;

  function handler(ruleset: string) {
    return new GetMatchDiceHandler(
      { matchDice: () => Promise.resolve(found) } as unknown as StatsReadModel,
      { catchUp: () => Promise.resolve(true) } as unknown as ReadModelProgress,
      {
        current: () => Promise.resolve({ status: 'finished', ruleset: { id: ruleset } }),
      } as unknown as MatchRepository,
      new RulesetRegistry([combatCommanderRuleset, silent]),
    );
  }
  const ask = (ruleset: string) =>
    handler(ruleset).execute(new GetMatchDiceQuery({ kind: 'anonymous' } as never, 'm1'));

  it('counts Combat Commander’s card rolls and gives no reason to leave them out', async () => {
    const view = await ask('combat-commander');
    expect(view).not.toHaveProperty('notCountedBecause');
    // Two rolls of 12 from a deck of 2s and 12s in equal numbers: mean 7, variance 25 each.
    expect(view.seats[0].server).toMatchObject({ cardRolls: 2, observedSum: 24, expectedSum: 14 });
    expect(view.seats[0].server.z).toBeCloseTo(10 / Math.sqrt(50), 12);
  });

  it('says why, in both languages, for a ruleset that leaves its rolls out', async () => {
    expect((await ask('silent')).notCountedBecause).toEqual({
      en: 'Not counted',
      ru: 'Не учитываются',
    });
  });
});
