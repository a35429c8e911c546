import { TEST_SEED, type MatchHarness } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { RULES } from './cc-rules-text';
import type { CcState } from './cc-state';
import { card, fireSetup, game, giveOrder, hand, piece } from './cc.testkit';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/**
 * Issue 45 item 2: every Fire roll comes from the card that allows it, played from the hand.
 * «Во время игры ни одно действие не может быть совершено (ни Приказ, ни Действие), если в
 * руке нет соответствующей карты.» (Карты судьбы). In one's own Turn that card is a Fire
 * Order; in the opponent's Turn, a Fire Action (Op Fire) against his Move.
 */

/** The roll purposes the page offers the seat now. */
function purposesOffered(h: MatchHarness<CcState>, seat: string): unknown[] {
  const [purpose] =
    decisionChoices(combatCommanderRuleset, h.state, seat, 'roll', {}, TEST_SEED) ?? [];
  return purpose.values.map((v) => v.value);
}

/** A battle where each axis card is a Fire Order jamming its Weapons, each allied card a Fire Action. */
function battle(axisOrder = 'fire') {
  return game({
    axisCard: card({ order: axisOrder, trigger: 'jammed' }),
    alliesCard: card({ order: 'move', action: 'fire', trigger: 'jammed' }),
  });
}

describe('Combat Commander: a Fire roll needs its card (issue 45, item 2)', () => {
  it('given no Order this Turn, when the active player rolls for Fire, then it is refused and no Weapon jams', () => {
    const h = battle();
    const before = h.events.length;
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', weapons: ['de-mg'] })
      .thenRejects('no_card', RULES.noCard);
    expect(refused.localized).toEqual({
      en: 'A Fire roll comes from a Fire Order played from the hand: no Fire Order is being carried out',
      ru: 'Бросок на Стрельбу делается по Приказу «Огонь», сыгранному с руки, а сейчас Приказ «Огонь» не выполняется',
    });
    expect(h.events).toHaveLength(before);
    expect(piece(h, 'de-mg').status).toBe('active');
    expect(purposesOffered(h, 'axis')).not.toContain('fire');
    expect(purposesOffered(h, 'axis')).not.toContain('targeting');
  });

  it('given a Move Order being carried out, when the active player rolls for Fire, then it is refused', () => {
    const h = battle('move');
    giveOrder(h, 'axis', ['de-squad-1']);
    h.when('axis', 'roll', { purpose: 'fire' }).thenRejects('no_card', RULES.noCard);
    h.when('axis', 'roll', { purpose: 'targeting' }).thenRejects('no_card', RULES.noCard);
  });

  it('given a Fire Order from the hand, when its player rolls for Fire, then the roll is made and Jammed! breaks the Weapon', () => {
    const h = battle();
    giveOrder(h, 'axis', ['de-squad-1']);
    // The illustrative scenario has no Ordnance: a Fire, no Targeting.
    expect(purposesOffered(h, 'axis')).toContain('fire');
    expect(purposesOffered(h, 'axis')).not.toContain('targeting');
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['de-mg'], target: 'su-squad-2' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { purpose: 'fire', trigger: 'jammed' } },
      { type: 'TriggerFired', data: { trigger: 'jammed' } },
      { type: 'PieceChanged', data: { piece: 'de-mg', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'de-mg', cause: 'jammed' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied', data: { purpose: 'fire' } },
    ]);
  });

  it('given the opponent’s Turn and no Action played, when a player rolls for Fire, then it is refused in his language', () => {
    const h = battle('move');
    giveOrder(h, 'axis', ['de-squad-1']);
    const refused = h
      .when('allies', 'roll', { purpose: 'fire' })
      .thenRejects('no_card', RULES.noCard);
    expect(refused.localized?.ru).toBe(
      'В Ход противника Бросок на Стрельбу делается по Действию «Огонь» (Огонь по Обстоятельствам), сыгранному с руки, а вы его после последнего Приказа противника не играли',
    );
    expect(purposesOffered(h, 'allies')).not.toContain('fire');
  });

  it('given an Op Fire Action against the enemy Move, when its player rolls for Fire, then the roll is made until the next Order', () => {
    const h = battle('move');
    giveOrder(h, 'axis', ['de-squad-1']);
    h.play('allies', 'action', { card: hand(h, 'allies')[0], pieces: ['su-squad-1'] });
    expect(purposesOffered(h, 'allies')).toContain('fire');
    // Ordnance never Op Fires: the Action allows no Targeting roll.
    h.when('allies', 'roll', { purpose: 'targeting' }).thenRejects('no_card', RULES.ordnance);
    // The DP-27 of the squad in G7 (Range 8) at the German squad moving in B2, 7 hexes away.
    h.when('allies', 'roll', { purpose: 'fire', weapons: ['su-mg'], target: 'de-squad-1' }).then([
      { type: 'CardsDrawn' },
      {
        type: 'FateRolled',
        data: { seat: 'allies', purpose: 'fire', weapons: ['su-mg'], target: 'de-squad-1' },
      },
      { type: 'TriggerFired', data: { trigger: 'jammed' } },
      { type: 'PieceChanged', data: { piece: 'su-mg', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'su-mg', cause: 'jammed' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied', data: { purpose: 'fire' } },
    ]);
    // The next enemy Order ends what that Action allowed.
    giveOrder(h, 'axis', ['de-squad-2']);
    h.when('allies', 'roll', { purpose: 'fire' }).thenRejects('no_card', RULES.noCard);
  });
});

/**
 * Every other roll too: «ни одно действие не может быть совершено (ни Приказ, ни Действие), если
 * в руке нет соответствующей карты». Recover comes from one's own Recover Order, Rout from a Rout
 * Order, Melee from an Advance Order, Defence answers the other player's Fire; an Event! being
 * resolved may call for any roll but Fire (its text is absent).
 */
describe('Combat Commander: every other roll needs its card (issue 45, item 2)', () => {
  const ofOrder = (order: string) =>
    game({
      axisCard: card({ order }),
      alliesCard: card({ order: 'move', action: 'fire' }),
    });

  it('given no Order this Turn, when a player rolls for Recover, Rout, Melee or Defence, then each is refused naming its card, and nothing changes', () => {
    const h = ofOrder('move');
    const before = h.events.length;
    const refusals = (['recover', 'rout', 'melee', 'defence'] as const).map(
      (purpose) =>
        h
          .when('axis', 'roll', {
            purpose,
            ...(purpose === 'melee' ? { hex: 'B2' } : { unit: 'de-squad-1' }),
          })
          .thenRejects('no_card', RULES.noCard).localized?.ru,
    );
    expect(refusals).toEqual([
      'Бросок Восстановления делается по Приказу «Восстановление», сыгранному с руки в свой Ход, а сейчас такой Приказ не выполняется',
      'Бросок Бегства делается по Приказу «Бегство», сыгранному с руки, а сейчас такой Приказ не выполняется',
      'Бросок Рукопашной делается по Приказу «Наступление», сыгранному с руки, а сейчас такой Приказ не выполняется',
      'Бросок Защиты отвечает на Огонь другого игрока: его выполняемый Приказ «Огонь» или его Действие «Огонь» (Огонь по Обстоятельствам) в ваш Ход, а такого сейчас нет',
    ]);
    expect(h.events).toHaveLength(before);
    expect(purposesOffered(h, 'axis')).toEqual(['other']);
    expect(purposesOffered(h, 'allies')).toEqual(['other']);
  });

  it('given a Recover Order from the hand, when its player rolls for Recover, then the roll is made; the other player may not', () => {
    const h = ofOrder('recover');
    giveOrder(h, 'axis', ['de-squad-1']);
    expect(purposesOffered(h, 'axis')).toEqual(['recover', 'other']);
    h.when('allies', 'roll', { purpose: 'recover' }).thenRejects('no_card', RULES.noCard);
    h.when('axis', 'roll', { purpose: 'recover', unit: 'de-squad-1' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'axis', purpose: 'recover' } },
      { type: 'RollApplied', data: { purpose: 'recover' } },
    ]);
    h.when('axis', 'roll', { purpose: 'rout' }).thenRejects('no_card', RULES.noCard);
  });

  it('given a Rout Order, when either player rolls for Rout, then the roll is made (the text does not say who rolls)', () => {
    const h = ofOrder('rout');
    giveOrder(h, 'axis', ['de-squad-1']);
    expect(purposesOffered(h, 'allies')).toEqual(['rout', 'other']);
    h.when('allies', 'roll', { purpose: 'rout', unit: 'su-squad-2' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'allies', purpose: 'rout', unit: 'su-squad-2' } },
      { type: 'RollApplied' },
    ]);
  });

  it('given an Advance Order, when a player rolls for Melee, then the roll is made', () => {
    const h = ofOrder('advance');
    giveOrder(h, 'axis', ['de-squad-1']);
    expect(purposesOffered(h, 'axis')).toEqual(['melee', 'other']);
    h.when('axis', 'roll', { purpose: 'melee', hex: 'B2' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { purpose: 'melee', melee: { hex: 'B2' } } },
      { type: 'RollApplied' },
    ]);
  });

  it('given a Fire Order, when the target’s player rolls for Defence, then it is made; the firing player’s own Defence roll is refused', () => {
    const h = ofOrder('fire');
    giveOrder(h, 'axis', ['de-squad-1']);
    expect(purposesOffered(h, 'allies')).toEqual(['defence', 'other']);
    h.when('axis', 'roll', { purpose: 'defence' }).thenRejects('no_card', RULES.noCard);
    h.when('allies', 'roll', { purpose: 'defence', unit: 'su-squad-2' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'allies', purpose: 'defence' } },
      { type: 'RollApplied' },
    ]);
  });

  it('given an Op Fire Action against the enemy Move, when the moving player rolls for Defence, then it is made', () => {
    const h = ofOrder('move');
    giveOrder(h, 'axis', ['de-squad-1']);
    h.when('axis', 'roll', { purpose: 'defence' }).thenRejects('no_card', RULES.noCard);
    h.play('allies', 'action', { card: hand(h, 'allies')[0], pieces: ['su-squad-2'] });
    expect(purposesOffered(h, 'axis')).toEqual(['defence', 'other']);
    h.when('axis', 'roll', { purpose: 'defence', unit: 'de-squad-1' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'axis', purpose: 'defence' } },
      { type: 'RollApplied' },
    ]);
  });

  it('given an Event! being resolved, when its reader rolls as the Event calls for (Rout), then the roll is made; Fire still needs its card', () => {
    const h = game({ axisCard: card({ trigger: 'event', event: 'Санитар' }) });
    h.play('axis', 'roll', { purpose: 'other' });
    expect(h.state.rs.pending).toMatchObject({ trigger: 'event' });
    h.when('axis', 'roll', { purpose: 'fire' }).thenRejects('no_card', RULES.noCard);
    h.when('axis', 'roll', { purpose: 'rout', unit: 'su-squad-2' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { purpose: 'rout', ignored: 'inside-trigger' } },
    ]);
  });
});

/**
 * A Fire names its firing group and its target: «Дальность … Обозначает максимальное число
 * гексов, на которое подразделение может Стрелять [O20 и A33].» Each unit of the group and each
 * Weapon that fires must have the target's hex in its Range; the firers are those the Fire Order
 * activated (cc-fire.spec.ts has line of fire, Weapons and Ordnance).
 */
describe('Combat Commander: a Fire’s group, target and Range [3.1.2] (issue 45, item 2)', () => {
  const fireFight = () => {
    const h = game({ axisCard: card({ order: 'fire' }), setup: fireSetup() });
    giveOrder(h, 'axis', ['a1']);
    return h;
  };

  it('given a Fire Order, when a unit fires at an enemy beyond its Range, then it is refused naming both hexes, and nothing changes', () => {
    const h = fireFight();
    const before = h.events.length;
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'b1' })
      .thenRejects('out_of_range', RULES.range);
    expect(refused.localized?.ru).toBe(
      'У «Стрелки 1» в гексе B2 Дальность 5, а цель «Гвардейцы 1» в гексе G7 — в 7 гексах от него',
    );
    expect(h.events).toHaveLength(before);
  });

  it('given a Fire Order, when the group and its Weapon fire at an enemy in Range, then the roll records them with their own FP, Range and distance', () => {
    const h = fireFight();
    h.when('axis', 'roll', {
      purpose: 'fire',
      group: ['a1'],
      target: 'b2',
      weapons: ['mg1'],
    }).then([
      { type: 'CardsDrawn' },
      {
        type: 'FateRolled',
        data: {
          purpose: 'fire',
          group: ['a1'],
          target: 'b2',
          weapons: ['mg1'],
          fire: {
            hex: 'D4',
            firers: [
              { piece: 'a1', hex: 'B2', fp: 5, range: 5, distance: 3 },
              { piece: 'mg1', hex: 'B2', fp: 4, range: 12, distance: 3 },
            ],
            hindrances: [],
            lineOfFire: 'checked',
          },
        },
      },
      { type: 'RollApplied' },
    ]);
  });

  it('a Fire names its firing group and its target, an enemy unit: each missing is refused naming it', () => {
    const h = fireFight();
    const noGroup = h
      .when('axis', 'roll', { purpose: 'fire', target: 'b2' })
      .thenRejects('no_firing_group', RULES.range);
    expect(noGroup.localized).toEqual({
      en: 'A Fire names its firing group: the units (and Weapons) that fire',
      ru: 'При Стрельбе называется Огневая группа — стреляющие подразделения (и Вооружение)',
    });
    const noTarget = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a1'] })
      .thenRejects('no_target', RULES.range);
    expect(noTarget.localized?.ru).toBe(
      'При Стрельбе называется цель — вражеское подразделение на карте',
    );
    h.when('axis', 'roll', { purpose: 'fire', group: ['a1'], target: 'a2' }).thenRejects(
      'no_target',
      RULES.range,
    );
  });

  it('a unit the Fire Order did not activate does not fire, nor the Weapon it carries', () => {
    const h = fireFight();
    const unit = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a2'], target: 'b2' })
      .thenRejects('not_activated', RULES.activate);
    expect(unit.localized?.ru).toBe(
      '«Стрелки 2» не активировано для этой Стрельбы: стреляют подразделения, активированные Приказом «Огонь» (или своим Огнём по Обстоятельствам)',
    );
    const weapon = h
      .when('axis', 'roll', { purpose: 'fire', group: ['a1'], weapons: ['mortar'], target: 'b2' })
      .thenRejects('ordnance_in_group', RULES.ordnance);
    expect(weapon.localized?.ru).toBe(
      '«Миномёт» — Тяжёлое Вооружение: оно не может входить в Огневую группу и стреляет одно',
    );
    h.when('axis', 'roll', { purpose: 'targeting', weapons: ['mortar'], target: 'b2' }).thenRejects(
      'weapon_without_carrier',
      RULES.activate,
    );
  });

  it('the form offers the activated units, then the enemy units in Range of the group chosen, named as the board names them', () => {
    const h = fireFight();
    const fields =
      decisionChoices(
        combatCommanderRuleset,
        h.state,
        'axis',
        'roll',
        { purpose: 'fire', group: ['a1'] },
        TEST_SEED,
      ) ?? [];
    const target = fields.find((f) => f.path === 'target');
    expect(target?.values.map((v) => v.value)).toEqual(['b2']);
    expect(target?.values[0].name.ru).toContain('Гвардейцы 2');
    const group = fields.find((f) => f.path === 'group');
    expect(group?.values.map((v) => v.value)).toEqual(['a1']);
    const weapons = fields.find((f) => f.path === 'weapons');
    expect(weapons?.values.map((v) => v.value)).toEqual(['mg1']);
  });
});
