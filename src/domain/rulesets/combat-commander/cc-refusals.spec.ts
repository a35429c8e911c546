import { RULES } from './cc-rules-text';
import { card, game, giveOrder } from './cc.testkit';

/**
 * Issue 39: the refusals a club met (table review 2026-12-06, item 6) in both languages,
 * naming counters as printed and citing the rule that refuses.
 */
describe('Combat Commander refusals in Russian, with names', () => {
  it('an enemy squad named as a firing Weapon', () => {
    const h = game({ axisCard: card({ order: 'fire' }) });
    giveOrder(h, 'axis', ['de-squad-1']);
    const refused = h
      .when('axis', 'roll', { purpose: 'fire', weapons: ['su-squad-2'] })
      .thenRejects('not_your_weapon', RULES.jammed);
    expect(refused.localized).toEqual({
      en: 'Guards squad 2 is none of your Weapons',
      ru: '«Гвардейское отделение 2» — не ваше Вооружение',
    });
  });

  it('victory points claimed under Fire: the effect by its number, the rules by their names', () => {
    const h = game();
    const refused = h
      .when('axis', 'state-outcome', {
        about: 'fire',
        effects: [{ kind: 'vp', seat: 'axis', amount: 2 }],
      })
      .thenRejects('wrong_rule', RULES.victory);
    expect(refused.localized?.ru).toBe(
      'Последствие 1: победные очки и конец игры заявляются по правилу «Победа» (или «Внезапная Смерть»)',
    );
    expect(refused.localized?.ru).not.toMatch(/effects|victory|vp/);
  });

  it('two squads without a Leader, and a unit activated twice', () => {
    const h = game();
    const inHand = () =>
      Object.values(h.state.table.pieces).find((p) => p.zone === 'hand:axis')!.id;
    const card = inHand();
    const twoSquads = h
      .when('axis', 'order', { card, units: ['de-squad-1', 'de-squad-2'] })
      .thenRejects('needs_command', RULES.command);
    expect(twoSquads.localized?.ru).toBe(
      'Без Командира активируется одно подразделение, а выбрано 2: больше — только через Командование Командира (выберите Командира)',
    );
    h.play('axis', 'order', { card, units: ['de-squad-1'] });
    const twice = h
      .when('axis', 'order', { card: inHand(), units: ['de-squad-1'] })
      .thenRejects('already_activated', RULES.activate);
    expect(twice.localized?.ru).toBe(
      'Подразделение «Стрелковое отделение 1» уже активировано для Приказа в этот Ход',
    );
  });
});
