import { TEST_SEED, type MatchHarness } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { hexesBetween } from './cc-map';
import { RULES } from './cc-rules-text';
import type { CcState } from './cc-state';
import { card, fireSetup, game, giveOrder, hand, ofType, piece } from './cc.testkit';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/**
 * Issue 45 item 2: a Fire names its firing group and its target, and the line of fire [10], the
 * Weapon's own Range and FP [11] and Ordnance [O20.2] are checked as far as the excerpt gives
 * them. «Подразделение в гексе А имеет ЛВ до гекса Б, если туго натянутая нитка, соединяющая
 * центральные точки гексов, не касается графического изображения препятствий в промежуточных
 * гексах [10].»
 */

/** What the roll form offers for `path` once `chosen` is chosen. */
function offered(
  h: MatchHarness<CcState>,
  seat: string,
  chosen: Record<string, unknown>,
  path: string,
): unknown[] {
  const fields =
    decisionChoices(combatCommanderRuleset, h.state, seat, 'roll', chosen, TEST_SEED) ?? [];
  return fields.find((f) => f.path === path)?.values.map((v) => v.value) ?? [];
}

const fireOrder = (terrain: Record<string, unknown>[] = [], options = {}) => {
  const h = game({
    axisCard: card({ order: 'fire' }),
    setup: fireSetup(terrain),
    options,
  });
  giveOrder(h, 'axis', ['a1']);
  return h;
};

describe('Combat Commander: the thread between hex centres [10]', () => {
  it('passes through the hexes between, neither end counted', () => {
    // B2, C3 and D3 lie on one straight row of hexes.
    expect(hexesBetween('B2', 'D3')).toEqual(['C3']);
    expect(hexesBetween('B2', 'C3')).toEqual([]);
    expect(hexesBetween('B2', 'B5')).toEqual(['B3', 'B4']);
  });

  it('touches both hexes of an edge it runs along', () => {
    // B2 to C4 runs along the edge between C3 and B3.
    expect(hexesBetween('B2', 'C4')).toEqual(['B3', 'C3']);
  });
});

describe('Combat Commander: line of fire and the scenario’s obstacles [10.2, 10.3] (issue 45, item 2)', () => {
  it('given an obstacle between the firer and the target, when the unit fires, then it is refused naming the obstacle’s hex, and nothing changes', () => {
    const h = fireOrder([{ hex: 'C3', cover: [], obstacle: true }]);
    const before = h.events.length;
    // B2 → D4 passes C3 and C4 (along their edge).
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b2' })
      .thenRejects('no_line_of_fire', RULES.obstacle);
    expect(refused.localized).toEqual({
      en: 'No line of fire from Стрелки 1 in B2 to Гвардейцы 2 in D4: the obstacle in C3 lies between',
      ru: 'Нет линии огня от «Стрелки 1» в гексе B2 до «Гвардейцы 2» в гексе D4: между ними препятствие в гексе C3',
    });
    expect(h.events).toHaveLength(before);
    expect(offered(h, 'axis', { purpose: 'fire', group: ['a1'] }, 'target')).toEqual([]);
  });

  it('given an obstacle in the target’s own hex or the firer’s, when the unit fires, then it is not blocked (not into, not out of it)', () => {
    const h = fireOrder([
      { hex: 'D4', cover: [], obstacle: true },
      { hex: 'B2', cover: [], obstacle: true },
    ]);
    const [rolled] = ofType<{ fire: { lineOfFire: string } }>(
      h.play('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b2' }),
      'FateRolled',
    );
    expect(rolled.fire.lineOfFire).toBe('checked');
  });

  it('given a Hindrance between, when the unit fires, then the roll records the Hindrance hexes crossed, not the target’s', () => {
    const h = fireOrder([
      { hex: 'C4', cover: [], hindrance: true },
      { hex: 'D4', cover: [], hindrance: true },
    ]);
    const [rolled] = ofType<{ fire: { hindrances: string[] } }>(
      h.play('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b2' }),
      'FateRolled',
    );
    expect(rolled.fire.hindrances).toEqual(['C4']);
  });

  it('under option lineOfFire "not-checked", the obstacle does not refuse the Fire and the roll says it was not checked', () => {
    const h = fireOrder([{ hex: 'C3', cover: [], obstacle: true }], {
      lineOfFire: 'not-checked',
    });
    const [rolled] = ofType<{ fire: { lineOfFire: string } }>(
      h.play('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b2' }),
      'FateRolled',
    );
    expect(rolled.fire.lineOfFire).toBe('not-checked');
  });

  it('in the built-in scenario the obstacle in G8 hides the Scout team in H8 from the German squads; the Guards in F6 are in Range of C3', () => {
    const h = game({ axisCard: card({ order: 'fire' }) });
    giveOrder(h, 'axis', ['de-squad-2']);
    expect(offered(h, 'axis', { purpose: 'fire' }, 'group')).toEqual(['de-squad-2']);
    expect(offered(h, 'axis', { purpose: 'fire', group: ['de-squad-2'] }, 'target')).toEqual([
      'su-squad-2',
    ]);
    h.when('axis', 'roll', {
      purpose: 'fire',
      group: ['de-squad-2'],
      target: 'su-team',
    }).thenRejects('out_of_range', RULES.range);
    const [rolled] = ofType<{ fire: { hindrances: string[]; firers: unknown[] } }>(
      h.play('axis', 'roll', { purpose: 'fire', group: ['de-squad-2'], target: 'su-squad-2' }),
      'FateRolled',
    );
    // C3 → F6 crosses the Hindrance in D4.
    expect(rolled.fire).toMatchObject({
      hindrances: ['D4'],
      firers: [{ piece: 'de-squad-2', hex: 'C3', range: 5, distance: 5 }],
    });
  });

  it('in the built-in scenario the MG 34 in B2 (Range 12) cannot fire through G8 at the Scout team', () => {
    const h = game({ axisCard: card({ order: 'fire' }) });
    giveOrder(h, 'axis', ['de-squad-1']);
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['de-mg'], target: 'su-team' }).thenRejects(
      'no_line_of_fire',
      RULES.obstacle,
    );
    expect(offered(h, 'axis', { purpose: 'fire', weapons: ['de-mg'] }, 'target')).not.toContain(
      'su-team',
    );
  });
});

describe('Combat Commander: a Weapon’s own Range and FP [11] (issue 45, item 2)', () => {
  it('given its carrier activated, when the MG fires beyond the carrier’s Range but within its own, then the roll is made with the MG’s FP and Range', () => {
    const h = fireOrder();
    const [rolled] = ofType<{ fire: { firers: unknown[] } }>(
      h.play('axis', 'roll', { purpose: 'fire', weapons: ['mg1'], target: 'b1' }),
      'FateRolled',
    );
    expect(rolled.fire.firers).toEqual([
      { piece: 'mg1', hex: 'B2', fp: 4, range: 12, distance: 7 },
    ]);
  });

  it('under option weaponFire "with-carrier", the MG fires only with its carrier in the group, which needs the Range too', () => {
    const h = fireOrder([], { weaponFire: 'with-carrier' });
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['mg1'], target: 'b1' }).thenRejects(
      'weapon_without_carrier',
      RULES.weaponStats,
    );
    h.when('axis', 'roll', {
      purpose: 'fire',
      group: ['a1'],
      weapons: ['mg1'],
      target: 'b1',
    }).thenRejects('out_of_range', RULES.range);
  });

  it('given a Weapon of Range 2, when it fires at a target 3 hexes away that its carrier reaches, then it is refused citing the Weapon’s own Range', () => {
    const setup = fireSetup();
    const h = game({
      axisCard: card({ order: 'fire' }),
      setup: {
        ...setup,
        weapons: [{ id: 'mg1', name: 'MG 34', owner: 'axis', unit: 'a1', fp: 4, range: 2 }],
      },
    });
    giveOrder(h, 'axis', ['a1']);
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a1'], weapons: ['mg1'], target: 'b2' })
      .thenRejects('out_of_range', RULES.weaponStats);
    expect(refused.localized?.ru).toBe(
      'У «MG 34» в гексе B2 Дальность 2, а цель «Гвардейцы 2» в гексе D4 — в 3 гексах от него',
    );
  });
});

describe('Combat Commander: a Fire rolled again (issue 45, item 2)', () => {
  it('given a Fire roll whose MG jammed, when the Initiative card’s re-roll is confirmed, then the same group fires at the same target and Jammed! breaks the MG again: eliminated', () => {
    const h = game({ axisCard: card({ order: 'fire', trigger: 'jammed' }), setup: fireSetup() });
    giveOrder(h, 'axis', ['a1']);
    h.play('axis', 'roll', { purpose: 'fire', group: ['a1'], weapons: ['mg1'], target: 'b2' });
    expect(piece(h, 'mg1').status).toBe('broken');
    h.play('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'reroll', roll: 'r1' }],
    });
    const again = h.play('axis', 'confirm-outcome', { id: 'o1' });
    expect(ofType(again, 'FateRolled')[0]).toMatchObject({
      reroll: 'r1',
      group: ['a1'],
      weapons: ['mg1'],
      target: 'b2',
      fire: { hex: 'D4' },
    });
    expect(piece(h, 'mg1').status).toBe('destroyed');
  });
});

describe('Combat Commander: Ordnance [O20.2] (issue 45, item 2)', () => {
  const mortar = (trigger?: 'jammed') => {
    const h = game({
      axisCard: card({ order: 'fire', ...(trigger ? { trigger } : {}) }),
      setup: fireSetup(),
    });
    giveOrder(h, 'axis', ['a2']);
    return h;
  };

  it('a Targeting roll names the one Ordnance that fires', () => {
    const h = mortar();
    expect(offered(h, 'axis', { purpose: 'targeting' }, 'weapons')).toEqual(['mortar']);
    expect(offered(h, 'axis', { purpose: 'targeting' }, 'group')).toEqual([]);
    const refused = h
      .when('axis', 'roll', { purpose: 'targeting', group: ['a2'], target: 'b1' })
      .thenRejects('not_ordnance', RULES.ordnance);
    expect(refused.localized?.ru).toBe(
      'Бросок на Прицеливание делает Тяжёлое Вооружение: укажите одно стреляющее Тяжёлое Вооружение',
    );
  });

  it('given no Targeting roll at the target, when the Ordnance rolls for Fire, then it is refused: it must hit first', () => {
    const h = mortar();
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', weapons: ['mortar'], target: 'b1' })
      .thenRejects('not_targeted', RULES.ordnance);
    expect(refused.localized?.ru).toBe(
      '«Миномёт» — Тяжёлое Вооружение: сначала Бросок на Прицеливание по цели «Гвардейцы 1», и только после этого попытка её поразить',
    );
  });

  it('given its Targeting roll at a target, when the Ordnance rolls for Fire alone at that target, then the roll is made and Jammed! breaks it; with its carrier in a group, or at another target, it is refused', () => {
    const h = mortar('jammed');
    h.play('axis', 'roll', { purpose: 'targeting', weapons: ['mortar'], target: 'b1' });
    expect(offered(h, 'axis', { purpose: 'fire', weapons: ['mortar'] }, 'target')).toEqual(['b1']);
    h.when('axis', 'roll', {
      purpose: 'fire',
      group: ['a2'],
      weapons: ['mortar'],
      target: 'b1',
    }).thenRejects('ordnance_in_group', RULES.ordnance);
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['mortar'], target: 'b2' }).thenRejects(
      'not_targeted',
      RULES.ordnance,
    );
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['mortar'], target: 'b1' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { purpose: 'fire', weapons: ['mortar'], target: 'b1' } },
      { type: 'TriggerFired', data: { trigger: 'jammed' } },
      { type: 'PieceChanged', data: { piece: 'mortar', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'mortar', cause: 'jammed' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied' },
    ]);
    expect(piece(h, 'mortar').status).toBe('broken');
  });
});

describe('Combat Commander: who fires and at whom (issue 45, item 2)', () => {
  it('given a Fire Order that activated no unit, then Fire is not offered and a group is refused', () => {
    const h = game({ axisCard: card({ order: 'fire' }), setup: fireSetup() });
    giveOrder(h, 'axis', []);
    expect(offered(h, 'axis', {}, 'purpose')).not.toContain('fire');
    h.when('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b2' }).thenRejects(
      'not_activated',
      RULES.activate,
    );
  });

  it('given Op Fire against a Move, when the Op Fire shoots at an enemy unit not moving, then it is refused; at the moving one it is made', () => {
    const h = game({
      axisCard: card({ order: 'move' }),
      alliesCard: card({ order: 'move', action: 'fire' }),
      setup: fireSetup(),
    });
    giveOrder(h, 'axis', ['a1']);
    h.play('allies', 'action', { card: hand(h, 'allies')[0], pieces: ['b2'] });
    expect(offered(h, 'allies', { purpose: 'fire', group: ['b2'] }, 'target')).toEqual(['a1']);
    const refused = h
      .when('allies', 'roll', { purpose: 'fire', group: ['b2'], target: 'a2' })
      .thenRejects('not_moving', RULES.opFire);
    expect(refused.localized?.ru).toBe(
      'Огонь по Обстоятельствам ведётся по движущимся силам противника, а «Стрелки 2» не среди подразделений, активированных Приказом противника',
    );
    h.when('allies', 'roll', { purpose: 'fire', group: ['b2'], target: 'a1' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'allies', group: ['b2'], target: 'a1' } },
      { type: 'RollApplied' },
    ]);
  });
});
