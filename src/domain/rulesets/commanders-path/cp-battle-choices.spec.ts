import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { arena, SEATS, shipCard } from './testing/cp-kit';

/** The battle's forms offer the seat's own ships, their weapons and the enemy's ships (issue 39). */
describe('Commanders Path battle choices', () => {
  it('offers the attacker its own armed ships, their weapons by name, and enemy targets', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    arena(g, {
      red: {
        R: shipCard('Ракетник', { weapons: ['ракеты Д 2-3', 'плазма 4'], durability: '20(12)' }),
      },
      blue: { B: shipCard('Цель', { weapons: ['лазеры 2'], durability: '9(5)' }) },
    });
    const choices = (chosen: Record<string, unknown>) =>
      decisionChoices(commandersPathRuleset, g.state, 'red', 'attack', chosen, TEST_SEED)!;
    const [ship, weapon, targets] = choices({});
    expect(ship.values.map((v) => v.value)).toEqual(['R']);
    const [, weapons, aimed] = choices({ ship: 'R' });
    // At long range only the long-range missiles fire.
    expect(weapons.values.map((v) => v.name.ru)).toEqual(['Ракеты']);
    // A target reads by its hull and the damage it has taken.
    expect(aimed.values[0].hint?.ru).toMatch(/урон 0 из 9$/);
    expect(aimed.values.map((v) => v.value)).toEqual(['B']);
    expect(weapon.values.length).toBeGreaterThan(0);
    expect(targets.values.map((v) => v.value)).toEqual(['B']);
    // A form sends its unticked targets as an empty list: the ship is still offered.
    expect(choices({ targets: [] })[0].values.map((v) => v.value)).toEqual(['R']);
  });
});
