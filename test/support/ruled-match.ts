import { sign } from 'node:crypto';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { receiptBodyOf, receiptSignedBytes, type Receipt } from '../../src/domain/export/receipt';
import {
  decideComment,
  decideOpenDispute,
  decideRuling,
} from '../../src/domain/match/dispute-decider';
import { foldMatch } from '../../src/domain/match/evolve-match';
import { voidingOf } from '../../src/domain/match/match-state';
import { lineStateOf } from '../../src/domain/match/rewind';
import { isRejection } from '../../src/domain/rulesets/rule-violation';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import type { SigningKey } from './forgery';
import { MatchHarness } from './match-harness';

/** The receipt the server answers a write with (its last event), signed with `key`. */
export function signedReceipt(event: RecordedEvent, key: SigningKey): Receipt {
  const body = receiptBodyOf(event, key.keyId);
  return {
    ...body,
    signature: sign(null, receiptSignedBytes(body), key.privateKey).toString('base64'),
  };
}

/**
 * A live freeform match a judge rules on with a rewind (a draw and a roll on the voided
 * branch, so the ruling's write reshuffles the deck), then comments; the seats play on.
 */
export function ruledMatch(key: SigningKey): { h: MatchHarness; judgeReceipts: Receipt[] } {
  const h = new MatchHarness(freeformRuleset, 'forgery-ruling');
  h.started(
    [{ seat: 'red' }, { seat: 'blue' }],
    {
      options: { diceSource: 'server' },
      setup: {
        zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
        pieces: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => ({ id, type: id, zone: 'deck' })),
      },
    },
    { red: 'red-entropy', blue: 'синий' },
  );
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  const toSeq = h.state.lastSeq;
  h.play('red', 'draw', { deck: 'deck', count: 2 });
  h.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  const judge = { kind: 'judge' as const, id: 'judge-1' };
  const opened = decideOpenDispute(
    h.state,
    { disputeId: 'd1', seat: 'blue', atSeq: toSeq + 1, claim: 'Drawn out of turn' },
    '2026-11-22T10:05:00Z',
  );
  if (isRejection(opened)) throw new Error(opened.message);
  h.record(opened, { kind: 'seat', id: 'blue', seat: 'blue' });
  const since = h.events.slice(toSeq + 1).filter((e) => !voidingOf(h.state, e.seq));
  const restore = lineStateOf(foldMatch(freeformRuleset, h.matchId, h.events.slice(0, toSeq + 1)));
  const ruled = decideRuling(
    freeformRuleset,
    h.state,
    {
      disputeId: 'd1',
      decision: 'upheld',
      rationale: 'Red drew out of turn',
      ruleRef: '§2',
      remedy: { kind: 'rewind', toSeq },
    },
    { restore, since },
    h.seed,
  );
  if (isRejection(ruled)) throw new Error(ruled.message);
  // The receipt of each judge write: the desk keeps it (the last event of the write).
  const judgeReceipts = [signedReceipt(h.record(ruled, judge).at(-1)!, key)];
  const commented = decideComment(h.state, 'd1', 'Play resumes from the roll');
  if (isRejection(commented)) throw new Error(commented.message);
  judgeReceipts.push(signedReceipt(h.record(commented, judge).at(-1)!, key));
  h.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  h.play('red', 'draw', { deck: 'deck', count: 1 });
  return { h, judgeReceipts };
}
