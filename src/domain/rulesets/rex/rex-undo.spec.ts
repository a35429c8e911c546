import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../../events/recorded-event';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import { initialRexState } from './rex-state';
import { rexUndo } from './rex-undo';
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
      expect(since(event('BattlePlanRevealed', {}, 5))).toMatchObject({
        allowed: false,
        violation: { code: 'undo_blocked', blockingSeq: 5, ruleRef: RULES.wheelsRevealed },
      });
      expect(since(event('TraitorRevealed', {}, 6))).toMatchObject({
        allowed: false,
        violation: { ruleRef: RULES.traitor },
      });
      expect(since(event('BombardmentTopPeeked', {}, 7))).toMatchObject({ allowed: false });
      expect(since(event('AuctionLotPeeked', {}, 7))).toMatchObject({ allowed: false });
      expect(since(event('InfluenceTransferred', {}, 8))).toMatchObject({
        allowed: false,
        violation: { ruleRef: RULES.transfersIrreversible },
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
