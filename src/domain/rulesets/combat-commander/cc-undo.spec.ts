import { undoVerdict } from '../../match/undo-decider';
import { isRejection } from '../rule-violation';
import { RULES } from './cc-rules-text';
import { combatCommanderRuleset } from './combat-commander.ruleset';
import { game } from './cc.testkit';

describe('Combat Commander undo (issue 39: the right rule, in both languages)', () => {
  /** The engine's verdict, which checks Combat Commander's barriers with its own. */
  const verdict = (
    h: ReturnType<typeof game>,
    seat: string,
    toSeq: number,
    since = h.events.filter((e) => e.seq > toSeq),
  ) => {
    const refused = undoVerdict(combatCommanderRuleset, h.state, seat, toSeq, since);
    return isRejection(refused)
      ? { allowed: false, violation: refused }
      : { allowed: true, needsConsent: refused.needsConsent };
  };

  it('a confirmed outcome may be taken back with the other seat’s consent', () => {
    const h = game();
    const before = h.state.lastSeq;
    h.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-2' }],
    });
    h.play('allies', 'confirm-outcome', { id: 'o1' });
    expect(h.events.some((e) => e.type === 'OutcomeConfirmed')).toBe(true);
    expect(verdict(h, 'axis', before)).toEqual({ allowed: true, needsConsent: true });
  });

  it('a Fate card revealed by a roll stops an undo, said in Russian under the rule of card knowledge', () => {
    const h = game();
    const before = h.state.lastSeq;
    h.play('axis', 'roll', { purpose: 'other' });
    const rolled = h.events.find((e) => e.type === 'FateRolled')!;
    // The Fate card is drawn first (an engine barrier); the reveal is Combat Commander's own.
    expect(verdict(h, 'axis', before)).toMatchObject({
      allowed: false,
      violation: { blockingSeq: rolled.seq - 1 },
    });
    expect(verdict(h, 'axis', before, [rolled])).toMatchObject({
      allowed: false,
      violation: {
        code: 'undo_blocked',
        ruleRef: RULES.knowledge,
        blockingSeq: rolled.seq,
        localized: {
          ru: `Нельзя вернуться к событию №${before}: событие №${rolled.seq} (открыта карта Судьбы для броска) отменить нельзя`,
        },
      },
    });
  });
});
