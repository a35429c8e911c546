import { TEST_SEED } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { wouldAccept } from '../../match/legal-decision-offers';
import type { FieldChoices } from '../decision-choices';
import { battle, given, ship, shipOf } from './sw.testkit';
import { swStrategicRuleset } from './sw-strategic.ruleset';
import { isRejection } from '../rule-violation';
import type { SwState } from './sw-state';
import type { MatchHarness } from '@test/support/match-harness';
import { neighbours, type Hex } from './sw-hex';

const key = (h: Hex) => `${h.q}:${h.r}`;

/**
 * The Star Wars forms a club meets in a space round and a ground turn (issue 39): ending a
 * turn, a volley, production and a ground shot offer only what the rules accept now, named as
 * the board names it.
 */

type H = MatchHarness<SwState>;
const choices = (h: H, seat: string, kind: string, chosen: Record<string, unknown> = {}) =>
  decisionChoices(swStrategicRuleset, h.state, seat, kind, chosen, TEST_SEED) ?? [];
const field = (fields: FieldChoices[], path: string) => fields.find((f) => f.path === path)!;
const values = (fields: FieldChoices[], path: string) =>
  field(fields, path)?.values.map((v) => v.value);
const accepts = (h: H, seat: string, kind: string, params: Record<string, unknown>) =>
  wouldAccept(swStrategicRuleset, h.state, seat, kind, params, TEST_SEED);

describe('Star Wars field choices (issue 39)', () => {
  it('ends a turn on the maps the legion plays now, named in words', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] });
    const map = field(choices(h, 'red', 'end-turn'), 'map');
    expect(map.values.map((v) => [v.value, v.name.ru])).toEqual([
      ['space', 'Космос'],
      ['ground', 'Земля'],
    ]);
    h.play('red', 'end-turn', { map: 'space' });
    // Red still plays the ground; blue now plays space only.
    expect(values(choices(h, 'red', 'end-turn'), 'map')).toEqual(['ground']);
    expect(values(choices(h, 'blue', 'end-turn'), 'map')).toEqual(['space']);
    for (const seat of ['red', 'blue'])
      for (const v of values(choices(h, seat, 'end-turn'), 'map'))
        expect(accepts(h, seat, 'end-turn', { map: v })).toBe(true);
  });

  it('a volley: targets in range even before a deck is ticked, then the target deck required', () => {
    const h = battle(
      { red: [ship('destroyer', 3, -3, 2)], blue: [ship('destroyer', 1, -3, 0)] },
      { lineOfFireOnEdge: 'clear-if-either' },
    );
    const shooter = shipOf(h, 'red', 'destroyer');
    const target = shipOf(h, 'blue', 'destroyer');
    // The page sends checkboxes nobody ticked as an empty list: the targets are still offered.
    for (const chosen of [{ ship: shooter }, { ship: shooter, decks: [] }])
      expect(values(choices(h, 'red', 'fire', chosen), 'target')).toContain(target);
    const withTarget = choices(h, 'red', 'fire', { ship: shooter, target, decks: [] });
    const decks = values(withTarget, 'decks');
    expect(decks.length).toBeGreaterThan(0);
    const targetDeck = field(withTarget, 'targetDeck');
    expect(targetDeck).toMatchObject({ pick: 'one', required: true });
    expect(targetDeck.values[0].name.ru).toBe('Палуба 1 (нос)');
    expect(
      accepts(h, 'red', 'fire', {
        ship: shooter,
        target,
        decks: [decks[0]],
        targetDeck: targetDeck.values[0].value,
      }),
    ).toBe(true);
    // Out of every deck's range, a ship is no target.
    const far = battle({
      red: [ship('destroyer', 0, -3, 0)],
      blue: [ship('destroyer', -1, 3, 0)],
    });
    const farShooter = shipOf(far, 'red', 'destroyer');
    expect(values(choices(far, 'red', 'fire', { ship: farShooter }), 'target') ?? []).not.toContain(
      shipOf(far, 'blue', 'destroyer'),
    );
  });

  it('production: the item by name, then the squad by the legionnaire’s title or the hex', () => {
    const h = battle({});
    const items = field(choices(h, 'red', 'queue-production'), 'item');
    // Every squad starts full (two infantry, the Mechanic's walker): support means only.
    expect(items.values.map((v) => v.name.ru)).toEqual(['Турель', 'Защитное поле', 'Центр связи']);
    // With room in a squad (an infantry lost), the squads are offered by the mission's titles.
    const lost = battle({}, {}, (m) => {
      m.legions[0].units.splice(0, 1);
    });
    expect(values(choices(lost, 'red', 'queue-production'), 'item')).toContain('infantry');
    const squad = field(choices(lost, 'red', 'queue-production', { item: 'infantry' }), 'squad');
    expect(squad).toMatchObject({ pick: 'one', required: true });
    expect(squad.values.map((v) => v.name.ru)).toEqual(['Наземный командир Легиона I']);
    expect(
      accepts(lost, 'red', 'queue-production', { item: 'infantry', squad: squad.values[0].value }),
    ).toBe(true);
    const hexes = field(choices(h, 'red', 'queue-production', { item: 'turret' }), 'hex');
    expect(hexes).toMatchObject({ pick: 'one', required: true });
    expect(hexes.values.length).toBeGreaterThan(0);
    for (const v of hexes.values) {
      expect(v.name.ru).toMatch(/^Гекса \(-?\d+, -?\d+\)$/);
      expect(accepts(h, 'red', 'queue-production', { item: 'turret', hex: v.value })).toBe(true);
    }
  });

  /** Blue's first infantry come next to red's first one (red's forces as `custom` leaves them). */
  function facing(custom?: Parameters<typeof battle>[2]) {
    const h = battle({}, {}, custom);
    const units = Object.values(h.state.rs.ground.units);
    const taken = new Set([
      ...units.flatMap((u) => u.hexes.map(key)),
      ...Object.values(h.state.rs.ground.generators).flatMap((g) => g.hexes.map(key)),
    ]);
    const redOne = units.find((u) => u.legion === 'red' && u.kind === 'infantry')!;
    const free = neighbours(redOne.hexes[0]).find(
      (n) => Object.hasOwn(h.state.rs.ground.cells, key(n)) && !taken.has(key(n)),
    )!;
    const blue = units.find((u) => u.legion === 'blue' && u.kind === 'infantry')!;
    h.given([given('UnitMoved', { unit: blue.id, hexes: [free] })]);
    return { h, redOne, blue };
  }

  it('a ground shot: only units next to an enemy, the enemies they reach, who may join', () => {
    const { h, blue } = facing();
    const reds = Object.values(h.state.rs.ground.units).filter((u) => u.legion === 'red');
    const shooters = field(choices(h, 'red', 'attack'), 'unit');
    expect(shooters.values.length).toBeGreaterThan(0);
    for (const v of shooters.values) {
      expect(reds.map((u) => u.id)).toContain(v.value);
      expect(v.name.ru).toMatch(/^(Пехота|Шагоход) \d+$/);
      expect(v.hint?.ru).toMatch(/^на гексе \(-?\d+, -?\d+\)$/);
    }
    const first = shooters.values[0].value;
    const targets = field(choices(h, 'red', 'attack', { unit: first }), 'target');
    expect(targets.values.map((v) => v.value)).toEqual([blue.id]);
    expect(accepts(h, 'red', 'attack', { unit: first, target: blue.id })).toBe(true);
    const join = field(choices(h, 'red', 'attack', { unit: first, target: blue.id }), 'join');
    for (const v of join.values) {
      expect(v.value).not.toBe(first);
      expect(accepts(h, 'red', 'attack', { unit: first, target: blue.id, join: [v.value] })).toBe(
        true,
      );
    }
    // Blue, not playing the ground now, has no shot to choose.
    expect(field(choices(h, 'blue', 'attack'), 'unit')?.values ?? []).toEqual([]);
  });

  it('a lone unit next to an enemy shoots alone: nobody to join is no reason to hide it', () => {
    const { h, redOne, blue } = facing((m) => {
      m.legions[0].units = m.legions[0].units.slice(0, 1);
    });
    expect(values(choices(h, 'red', 'attack'), 'unit')).toEqual([redOne.id]);
    const withTarget = choices(h, 'red', 'attack', { unit: redOne.id, target: blue.id });
    expect(field(withTarget, 'join')).toMatchObject({ pick: 'many', min: 0, values: [] });
    expect(accepts(h, 'red', 'attack', { unit: redOne.id, target: blue.id })).toBe(true);
  });

  it('buying ships: each class with its price, what the legion cannot buy with why, squadrons whole', () => {
    const h = battle({});
    h.play('red', 'buy-ships', { classes: ['cruiser'] });
    // 8 credits left: a destroyer (6) yes; a frigate (10) and a squadron (3 × 4) not, with why.
    const [classes] = choices(h, 'red', 'buy-ships');
    expect(classes).toMatchObject({ path: 'classes', pick: 'sequence', max: 3 });
    const byClass = Object.fromEntries(classes.values.map((v) => [v.value, v]));
    expect(byClass.destroyer).toEqual({
      value: 'destroyer',
      name: { en: 'Destroyer', ru: 'Эсминец' },
      hint: { en: '6 credits', ru: '6 кредитов' },
    });
    expect(accepts(h, 'red', 'buy-ships', { classes: ['destroyer'] })).toBe(true);
    const frigate = h.decide('red', 'buy-ships', { classes: ['frigate'] });
    expect(byClass.frigate.refused).toEqual(isRejection(frigate) && frigate.localized);
    expect(byClass.fighter.hint?.ru).toBe(
      '4 кредита; эскадрилью покупают целиком: три истребителя и бомбардировщика',
    );
    expect(byClass.fighter.refused?.ru).toBe(
      'Истребитель: эскадрилья обойдётся в 12 кредитов, а у вас 8',
    );
  });

  it('a squadron is offered member by member, and only a whole one is accepted', () => {
    const h = battle({}, {}, (m) => (m.legions[0].credits = 40));
    const next = (picked: string[]) =>
      values(choices(h, 'red', 'buy-ships', { classes: picked }), 'classes');
    expect(next([])).toEqual(['destroyer', 'frigate', 'cruiser', 'transport', 'fighter', 'bomber']);
    // After a fighter, only its squadron's others; after a capital ship, nothing more.
    expect(next(['fighter'])).toEqual(['fighter', 'bomber']);
    expect(next(['destroyer'])).toEqual([]);
    expect(next(['fighter', 'bomber', 'bomber'])).toEqual([]);
    // The form says why a lone fighter is not yet a purchase.
    const lone = h.decide('red', 'buy-ships', { classes: ['fighter'] });
    expect(isRejection(lone) && lone.localized?.ru).toBe(
      'Новую эскадрилью покупают целиком: три истребителя и бомбардировщика',
    );
    expect(accepts(h, 'red', 'buy-ships', { classes: ['fighter', 'bomber', 'bomber'] })).toBe(true);
  });
});
