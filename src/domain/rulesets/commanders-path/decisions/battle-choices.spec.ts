import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { decisionChoices } from '../../../match/decision-choices';
import { commandersPathRuleset } from '../commanders-path.ruleset';
import { arena, SEATS, shipCard } from '../testing/cp-kit';

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

describe('Commanders Path battle choices at Short range and between rounds', () => {
  const started = () =>
    new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
  const choicesOf = (
    g: ReturnType<typeof started>,
    seat: string,
    kind: string,
    chosen: Record<string, unknown> = {},
  ) => decisionChoices(commandersPathRuleset, g.state, seat, kind, chosen, TEST_SEED)!;
  const values = (field: { values: { value: unknown }[] }) => field.values.map((v) => v.value);

  it('offers at most half the fleet for the second echelon, every ship of it by name', () => {
    const g = started();
    arena(g, {
      red: { R1: shipCard('Первый'), R2: shipCard('Второй'), R3: shipCard('Третий') },
      blue: { B: shipCard('Цель') },
      autoPass: false,
    });
    const [second] = choicesOf(g, 'red', 'designate-echelon');
    expect(second).toMatchObject({ path: 'second', pick: 'many', min: 0, max: 1 });
    expect(second.values.map((v) => v.name.ru)).toEqual(['Второй', 'Первый', 'Третий']);
  });

  it('offers a ram only the targets the rammer may ram: a light ship only to a light one', () => {
    const g = started();
    arena(g, {
      red: { R: shipCard('Таран', { size: 'medium' }) },
      blue: { L: shipCard('Лёгкий', { size: 'light' }), M: shipCard('Средний') },
    });
    expect(g.state.rs.battlePhase?.battle).toMatchObject({ distance: 'short' });
    const [ship, target] = choicesOf(g, 'red', 'ram', { ship: 'R' });
    expect(values(ship)).toEqual(['R']);
    expect(values(target)).toEqual(['M']);
    // Boarding: no ship of red has boarding boats, so the kind is not offered at all.
    expect(
      decisionChoices(commandersPathRuleset, g.state, 'red', 'board', {}, TEST_SEED),
    ).toBeUndefined();
  });

  it('offers bombs only to the ships that carry them, against what stands on the surface', () => {
    const g = started();
    arena(g, {
      red: { H: shipCard('Бомбер', { weapons: ['бомбы 3'] }), N: shipCard('Пустой') },
      blue: {},
      orbit: {
        object: { kind: 'object', name: 'Планета X', objectType: 'planet', cost: 5 } as never,
        surface: {
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 5, placeOn: ['planet'], cost: 2 },
        },
      },
    });
    g.play('red', 'ground-assault', { continue: true });
    const [ships, target] = choicesOf(g, 'red', 'bomb', { ships: ['H'] });
    expect(values(ships)).toEqual(['H']);
    expect(target.values.map((v) => v.name.ru)).toContain('Гарнизон');
  });
});
