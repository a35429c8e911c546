import { TEST_SEED, type MatchHarness } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { RULES } from './cc-rules-text';
import type { CcState } from './cc-state';
import { card, game, giveOrder, hand, piece } from './cc.testkit';
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
    expect(purposesOffered(h, 'axis')).toEqual(expect.arrayContaining(['fire', 'targeting']));
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['de-mg'] }).then([
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
    h.play('allies', 'action', { card: hand(h, 'allies')[0], pieces: ['su-squad-2'] });
    expect(purposesOffered(h, 'allies')).toContain('fire');
    // Ordnance never Op Fires: the Action allows no Targeting roll.
    h.when('allies', 'roll', { purpose: 'targeting' }).thenRejects('no_card', RULES.ordnance);
    h.when('allies', 'roll', { purpose: 'fire' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { seat: 'allies', purpose: 'fire' } },
      { type: 'TriggerFired', data: { trigger: 'jammed' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied', data: { purpose: 'fire' } },
    ]);
    // The next enemy Order ends what that Action allowed.
    giveOrder(h, 'axis', ['de-squad-2']);
    h.when('allies', 'roll', { purpose: 'fire' }).thenRejects('no_card', RULES.noCard);
  });
});
