import type { ViewEvent } from '../replay/replay-engine';
import { defaultRewindTarget, disputedDecisionStart, leadUpOf } from './lead-up';

/** A log of `types`, each event of the decision its `decisions` entry names (undefined: none). */
function log(rows: [type: string, decision?: string][]): ViewEvent[] {
  return rows.map(([type, decisionId], seq) => ({
    eventId: `e${seq}`,
    matchId: 'm',
    seq,
    type,
    data: {},
    meta: {
      actor: { kind: 'seat', id: 'axis', seat: 'axis' },
      recordedAt: '2026-12-06T10:00:00.000Z',
      ...(decisionId ? { decisionId } : {}),
      ruleset: { id: 'combat-commander', version: '1' },
      visibility: 'public',
      prevHash: '',
      hash: '',
    },
  }));
}

// 0 created · 1 started · 2–3 a draw (d1) · 4–5 a card roll (d2) · 6–7 a move (d3) ·
// 8–10 the order (d4): its decision, the card played, the disputed effect · 11 after.
const events = log([
  ['MatchCreated'],
  ['MatchStarted'],
  ['DecisionMade', 'd1'],
  ['CardsDrawn', 'd1'],
  ['DecisionMade', 'd2'],
  ['FateRolled', 'd2'],
  ['DecisionMade', 'd3'],
  ['PiecesMoved', 'd3'],
  ['DecisionMade', 'd4'],
  ['CardPlayed', 'd4'],
  ['OrderGiven', 'd4'],
  ['DecisionMade', 'd5'],
]);
const index = { rolls: [5], voided: new Map() };

describe('what led up to a disputed event', () => {
  it('starts at the decision that recorded it', () => {
    expect(disputedDecisionStart(events, 10)).toBe(8);
    expect(disputedDecisionStart(events, 8)).toBe(8);
    // An event no decision recorded stands alone.
    expect(disputedDecisionStart(events, 1)).toBe(1);
  });

  it('rewinds by default to the event before that decision, never into it', () => {
    expect(defaultRewindTarget(events, 10)).toBe(7);
    expect(defaultRewindTarget(events, 9)).toBe(7);
    expect(defaultRewindTarget(events, 0)).toBe(0);
  });

  it('lists its decision, the rolls and cards before it, and the last events before it', () => {
    const rows = leadUpOf(events, 10, index).map(({ event, why }) => [event.seq, why]);
    expect(rows).toEqual([
      [3, 'chance'],
      [4, 'before'],
      [5, 'chance'],
      [6, 'before'],
      [7, 'before'],
      [8, 'decision'],
      [9, 'decision'],
    ]);
  });

  it('leaves out rolls and cards a rewind took back, unless they are right before', () => {
    const voided = { rolls: [5], voided: new Map([[3, { by: 12 }]]) };
    const rows = leadUpOf(events, 10, voided as never).map(({ event }) => event.seq);
    expect(rows).not.toContain(3);
    expect(rows).toContain(5);
  });
});
