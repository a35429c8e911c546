import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../../events/recorded-event';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import { initialRexState } from './rex-state';
import { rexUndo } from './rex-undo';
import { undoVerdict } from '../../match/undo-decider';
import { rexRuleset } from './rex.ruleset';
import { seatsOf } from './rex.testkit';

const event = (type: string, data: unknown, seq = 1, seat = 'sol'): RecordedEvent =>
  ({
    eventId: `e${seq}`,
    matchId: 'm',
    seq,
    type,
    data,
    meta: {
      actor: { kind: 'seat', id: seat, seat },
      recordedAt: '2026-11-22T10:00:00.000Z',
      ruleset: { id: 'rex', version: '0.1.0' },
      visibility: 'public',
      prevHash: '',
      hash: '',
    },
  }) as RecordedEvent;

describe('rex undo', () => {
  describe('verdicts', () => {
    const since = (...events: RecordedEvent[]) =>
      rexUndo({
        table: g0().state.table,
        rs: initialRexState(),
        seat: 'sol',
        toSeq: 0,
        since: events,
      });

    it('refuses across revealed wheels, Traitor calls, looks at cards, and Influence transfers', () => {
      // The engine refuses across Rex's barriers as across its own, saying why in words.
      const g = g0();
      g.play('sol', 'begin');
      const toSeq = g.state.startedSeq!;
      const across = (...events: RecordedEvent[]) =>
        undoVerdict(rexRuleset, g.state, 'sol', toSeq, events);
      expect(across(event('BattlePlanRevealed', {}, 5))).toMatchObject({
        code: 'undo_blocked',
        blockingSeq: 5,
        ruleRef: RULES.wheelsRevealed,
        localized: {
          en: `Cannot go back to event #${toSeq}: event #5 cannot be taken back (a battle wheel was revealed)`,
          ru: `Нельзя вернуться к событию №${toSeq}: событие №5 (вскрыто Колесо Битвы) отменить нельзя`,
        },
      });
      expect(across(event('TraitorRevealed', {}, 6))).toMatchObject({ ruleRef: RULES.traitor });
      expect(across(event('BombardmentTopPeeked', {}, 7))).toMatchObject({
        code: 'undo_blocked',
        ruleRef: RULES.solLook,
      });
      expect(across(event('AuctionLotPeeked', {}, 7))).toMatchObject({ code: 'undo_blocked' });
      expect(across(event('InfluenceTransferred', {}, 8))).toMatchObject({
        ruleRef: RULES.transfersIrreversible,
      });
      // The first barrier after toSeq blocks, the engine's (a roll) or Rex's.
      expect(
        across(event('DiceRolled', {}, 4), event('InfluenceCardRevealed', {}, 5)),
      ).toMatchObject({
        blockingSeq: 4,
        localized: { ru: expect.stringContaining('(брошены кубики)') },
      });
      expect(
        across(event('InfluenceCardRevealed', {}, 4), event('DiceRolled', {}, 5)),
      ).toMatchObject({ blockingSeq: 4, ruleRef: RULES.influencePlacement });
      // Rex's own verdict is asked only past every barrier: it judges the moves alone.
      expect(since(event('BattlePlanRevealed', {}, 5))).toEqual({
        allowed: true,
        needsConsent: false,
      });
    });

    it('allows an own move until the next player acts; another player’s seal in between needs consent', () => {
      const own = event('DecisionMade', { seat: 'sol', kind: 'move' }, 3);
      expect(since(own, event('TroopsMoved', {}, 4))).toEqual({
        allowed: true,
        needsConsent: false,
      });
      expect(since(own, event('DecisionSealed', { seat: 'letnev' }, 5))).toEqual({
        allowed: true,
        needsConsent: true,
      });
      expect(
        since(own, event('DecisionMade', { seat: 'letnev', kind: 'end-turn' }, 5)),
      ).toMatchObject({
        allowed: false,
        violation: { blockingSeq: 5, ruleRef: RULESET_CHOICES.undoUntilNextPlayer },
      });
    });

    it('sends another seat’s request to undo a move nobody acted on yet to the others’ consent', () => {
      // Борис (hacan) bid at #3; Аня (sol), the next player, asks before she acts.
      const bid = event('DecisionMade', { seat: 'hacan', kind: 'bid' }, 3, 'hacan');
      expect(since(bid, event('BidPlaced', {}, 4, 'hacan'))).toEqual({
        allowed: true,
        needsConsent: true,
      });
    });

    it('leaves another player’s move to its mover alone under undoOthersMove = mover-only', () => {
      const bid = event('DecisionMade', { seat: 'hacan', kind: 'bid' }, 3, 'hacan');
      const verdict = rexUndo({
        table: g0().state.table,
        rs: initialRexState(),
        seat: 'sol',
        toSeq: 0,
        since: [bid],
        options: { undoOthersMove: 'mover-only' },
      });
      expect(verdict).toMatchObject({
        allowed: false,
        violation: { blockingSeq: 3, ruleRef: RULESET_CHOICES.undoUntilNextPlayer },
      });
      expect(verdict.allowed ? undefined : verdict.violation.localized?.ru).toContain(
        'только сделавший его игрок',
      );
      // Its mover still may, at once.
      expect(
        rexUndo({
          table: g0().state.table,
          rs: initialRexState(),
          seat: 'hacan',
          toSeq: 0,
          since: [bid],
          options: { undoOthersMove: 'mover-only' },
        }),
      ).toEqual({ allowed: true, needsConsent: false });
    });

    it('refuses once the next player acted on the move, naming both events and no seat id', () => {
      const verdict = since(
        event('DecisionMade', { seat: 'hacan', kind: 'bid' }, 3, 'hacan'),
        event('DecisionMade', { seat: 'letnev', kind: 'bid' }, 4, 'letnev'),
      );
      expect(verdict).toMatchObject({
        allowed: false,
        violation: { code: 'undo_blocked', blockingSeq: 4 },
      });
      const message = verdict.allowed ? '' : verdict.violation.message;
      expect(message).toContain('#4 after the move at #3');
      expect(message).not.toMatch(/hacan|letnev/);
      expect(verdict.allowed ? undefined : verdict.violation.localized?.ru).toBe(
        'После хода #3 следующий игрок уже сделал свой (#4): ход можно отменить, только пока следующий игрок не сделал свой',
      );
    });
  });
});

function g0() {
  return new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'));
}
