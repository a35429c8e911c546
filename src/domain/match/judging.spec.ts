import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { isRejection } from '../rulesets/rule-violation';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import {
  decideAppeal,
  decideAppealDecision,
  decideComment,
  decideOpenDispute,
  decidePause,
  decideResume,
  decideRuling,
} from './dispute-decider';
import { foldMatch } from './evolve-match';
import { decideDecision } from './match-decider';
import { voidingOf } from './match-state';
import { lineStateOf, voidedBy } from './rewind';
import { saltedCommitment } from '../events/secret-commitment';
import { decideReveal, decideSeal } from './sealed-decider';
import { decideUndoAnswer, decideUndoRequest } from './undo-decider';

const seats = [{ seat: 'red' }, { seat: 'blue' }];
const setup = {
  zones: [
    { id: 'north', kind: 'location' },
    { id: 'south', kind: 'location' },
  ],
  pieces: [
    { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north' },
    { id: 'raider', type: 'Raider', owner: 'blue', zone: 'south' },
  ],
};
const judge = { kind: 'judge' as const, id: 'judge-1' };

function game() {
  const g = new MatchHarness(freeformRuleset).started(seats, { setup });
  const fold = (seq: number) => foldMatch(freeformRuleset, g.matchId, g.events.slice(0, seq + 1));
  const lineAt = (seq: number) => lineStateOf(fold(seq));
  const since = (seq: number) => g.events.slice(seq + 1).filter((e) => !voidingOf(g.state, e.seq));
  const apply = (
    decided: NewEvent[] | { message: string },
    actor = judge as Parameters<typeof g.record>[1],
  ): RecordedEvent[] => {
    if (isRejection(decided)) throw new Error(decided.message);
    return g.record(decided as NewEvent[], actor);
  };
  return { g, fold, lineAt, since, apply };
}

describe('undo', () => {
  it('grants an own move not yet followed by anything, without consent; the table returns to toSeq', () => {
    const { g, lineAt, since, apply } = game();
    const toSeq = g.state.lastSeq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    const events = apply(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq, reason: 'misclick' },
        since(toSeq),
        lineAt(toSeq),
      ),
      { kind: 'seat', id: 'red', seat: 'red' },
    );
    expect(events.map((e) => e.type)).toEqual(['UndoRequested', 'TimelineRewound']);
    expect(events[1].meta.visibility).toBe('judges');
    expect(events[1].data).toMatchObject({
      toSeq,
      cause: { kind: 'undo', requestId: 'u1' },
      voided: { from: toSeq + 1, to: toSeq + 3 },
    });
    expect(g.state.table).toEqual(lineAt(toSeq).table);
    expect(g.state.table.pieces.cruiser.zone).toBe('north');
    expect(voidingOf(g.state, toSeq + 2)).toMatchObject({ bySeq: events[1].seq });
    expect(voidingOf(g.state, toSeq)).toBeUndefined();
  });

  it('asks the other seat when the undo reaches across its move, and rewinds on consent', () => {
    const { g, lineAt, since, apply } = game();
    const toSeq = g.state.lastSeq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    g.play('blue', 'move', { pieces: ['raider'], to: 'north' });
    const [requested] = apply(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq, reason: 'wrong fleet' },
        since(toSeq),
        lineAt(toSeq),
      ),
    );
    expect(requested.data).toMatchObject({ consentFrom: ['blue'] });
    expect(
      decideUndoAnswer(g.state, { requestId: 'u1', seat: 'red', accept: true }, lineAt(toSeq)),
    ).toMatchObject({ kind: 'not_permitted' });
    const answered = apply(
      decideUndoAnswer(g.state, { requestId: 'u1', seat: 'blue', accept: true }, lineAt(toSeq)),
    );
    expect(answered.map((e) => e.type)).toEqual(['UndoAccepted', 'TimelineRewound']);
    expect([g.state.table.pieces.cruiser.zone, g.state.table.pieces.raider.zone]).toEqual([
      'north',
      'south',
    ]);
    expect(g.state.undoRequests.u1.status).toBe('accepted');
  });

  it('refuses an undo across a die roll, naming the roll; a rejected request changes nothing', () => {
    const { g, lineAt, since, apply } = game();
    const toSeq = g.state.lastSeq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    const [, rolled] = g.play('red', 'roll', { dice: '1d6' });
    expect(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq, reason: 'x' },
        since(toSeq),
        lineAt(toSeq),
      ),
    ).toMatchObject({
      kind: 'rule_violation',
      code: 'undo_blocked',
      blockingSeq: rolled.seq,
    });
    const after = rolled.seq;
    g.play('blue', 'move', { pieces: ['raider'], to: 'north' });
    apply(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u2', seat: 'red', toSeq: after, reason: 'x' },
        since(after),
        lineAt(after),
      ),
    );
    const before = structuredClone(g.state.table);
    apply(
      decideUndoAnswer(
        g.state,
        { requestId: 'u2', seat: 'blue', accept: false, reason: 'no' },
        undefined,
      ),
    );
    expect(g.state.table).toEqual(before);
    expect(g.state.undoRequests.u2.status).toBe('rejected');
  });

  it('expires a pending request when a new decision is recorded', () => {
    const { g, lineAt, since, apply } = game();
    const toSeq = g.state.lastSeq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    g.play('blue', 'move', { pieces: ['raider'], to: 'north' });
    apply(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq, reason: 'x' },
        since(toSeq),
        lineAt(toSeq),
      ),
    );
    const events = g.play('blue', 'move', { pieces: ['raider'], to: 'south' });
    expect(events[0]).toMatchObject({ type: 'UndoRequestExpired', data: { requestId: 'u1' } });
    expect(
      decideUndoAnswer(g.state, { requestId: 'u1', seat: 'blue', accept: true }, lineAt(toSeq)),
    ).toMatchObject({ kind: 'wrong_match_state', code: 'undo_closed' });
  });

  it('refuses targets outside the match or already taken back', () => {
    const { g, lineAt, since, apply } = game();
    const start = g.state.lastSeq;
    expect(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u', seat: 'red', toSeq: 1, reason: 'x' },
        since(1),
        lineAt(1),
      ),
    ).toMatchObject({ code: 'rewind_out_of_range' });
    expect(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u', seat: 'red', toSeq: 999, reason: 'x' },
        [],
        lineAt(start),
      ),
    ).toMatchObject({ code: 'rewind_out_of_range' });
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    apply(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq: start, reason: 'x' },
        since(start),
        lineAt(start),
      ),
    );
    expect(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u2', seat: 'red', toSeq: start + 2, reason: 'x' },
        [],
        lineAt(start + 2),
      ),
    ).toMatchObject({ code: 'rewind_to_voided' });
  });
});

describe('disputes and rulings', () => {
  it('opens a dispute, pauses the match, refuses play while paused, and rules amended with a rewind', () => {
    const { g, lineAt, since, apply } = game();
    const good = g.state.lastSeq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    const [, destroyed] = g.play('red', 'destroy', { pieces: ['raider'], cause: 'boarding' });
    apply(
      decideOpenDispute(
        g.state,
        {
          disputeId: 'd1',
          seat: 'blue',
          atSeq: destroyed.seq,
          claim: 'Boarding needs a D6 roll',
          ruleRef: '§5.12',
        },
        '2026-11-22T10:05:00Z',
      ),
      { kind: 'seat', id: 'blue', seat: 'blue' },
    );
    apply(decidePause(g.state, 'hearing d1', 'd1'));
    expect(g.decide('red', 'move', { pieces: ['cruiser'], to: 'north' })).toMatchObject({
      kind: 'wrong_match_state',
      code: 'paused',
    });
    apply(decideComment(g.state, 'd1', 'Looking at the table before the boarding'));
    const ruled = apply(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'amended',
          rationale: 'No roll was made',
          ruleRef: '§5.12',
          remedy: { kind: 'rewind', toSeq: good },
        },
        { restore: lineAt(good), since: since(good) },
        g.seed,
      ),
    );
    expect(ruled.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound']);
    expect(g.state.table.pieces.raider.status).toBe('active');
    expect(g.state.table.losses).toEqual({});
    expect(g.state.disputes.d1).toMatchObject({ status: 'ruled', ruling: { decision: 'amended' } });
    // The dispute itself stays valid history; the disputed line is voided.
    expect(voidedBy(g.state, destroyed)).toBeDefined();
    expect(voidedBy(g.state, g.events[g.state.disputes.d1.openedSeq])).toBeUndefined();
    apply(decideResume(g.state));
    g.play('red', 'move', { pieces: ['cruiser'], to: 'north' });
    expect(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'upheld',
          rationale: 'again',
          ruleRef: 'x',
          remedy: { kind: 'none' },
        },
        {},
        g.seed,
      ),
    ).toMatchObject({ code: 'dispute_closed' });
  });

  it('records corrective decisions on a seat’s behalf, marked as judge-recorded, even while paused', () => {
    const { g, apply } = game();
    apply(
      decideOpenDispute(
        g.state,
        {
          disputeId: 'd1',
          seat: 'red',
          atSeq: g.state.lastSeq,
          claim: 'The raider should be damaged',
        },
        '2026-11-22T10:05:00Z',
      ),
    );
    apply(decidePause(g.state, 'hearing'));
    const events = apply(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'upheld',
          rationale: 'Damage was not recorded',
          ruleRef: '§4',
          remedy: {
            kind: 'corrective',
            decisions: [
              {
                seat: 'blue',
                kind: 'change-piece',
                params: { piece: 'raider', status: 'damaged' },
              },
              { seat: 'blue', kind: 'move', params: { pieces: ['raider'], to: 'north' } },
            ],
          },
        },
        {},
        g.seed,
      ),
    );
    expect(events.map((e) => e.type)).toEqual([
      'RulingIssued',
      'DecisionMade',
      'PieceChanged',
      'DecisionMade',
      'PiecesMoved',
    ]);
    expect(events[1].data).toMatchObject({ seat: 'blue', judgeRecorded: true });
    expect(g.state.table.pieces.raider).toMatchObject({ status: 'damaged', zone: 'north' });
    expect(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'upheld',
          rationale: 'x',
          ruleRef: 'x',
          remedy: { kind: 'none' },
        },
        {},
        g.seed,
      ),
    ).toMatchObject({ code: 'dispute_closed' });
  });

  it('hears disputes only within the window after the end, and only remedy none once the seed is revealed', () => {
    const { g, apply } = game();
    g.play('blue', 'concede');
    const endedAt = Date.parse(g.state.endedAt ?? '');
    const inWindow = new Date(endedAt + 59 * 60_000).toISOString();
    const late = new Date(endedAt + 61 * 60_000).toISOString();
    expect(
      decideOpenDispute(g.state, { disputeId: 'd2', seat: 'blue', atSeq: 3, claim: 'late' }, late),
    ).toMatchObject({ code: 'dispute_window_closed' });
    apply(
      decideOpenDispute(
        g.state,
        { disputeId: 'd1', seat: 'blue', atSeq: 3, claim: 'I did not concede' },
        inWindow,
      ),
    );
    expect(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'amended',
          rationale: 'x',
          ruleRef: 'x',
          remedy: { kind: 'rewind', toSeq: 6 },
        },
        {},
        g.seed,
      ),
    ).toMatchObject({
      kind: 'wrong_match_state',
      code: 'not_in_play',
    });
    expect(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'rejected',
          rationale: 'It is in the log',
          ruleRef: '§1',
          remedy: { kind: 'none' },
        },
        {},
        g.seed,
      ),
    ).not.toHaveProperty('kind');
  });
});

describe('sealed decisions', () => {
  const choice = (topic: string, pick: string) => ({ topic, choice: pick });

  it('checks the commitment at the reveal and waits for every seat’s seal before any reveal', () => {
    const { g, apply } = game();
    const redParams = choice('battle', 'флот у Мекатола');
    const redSalt = '5a1f0c2b9e4d7a3816c0e5f2b7d94a61';
    const blueSalt = 'b'.repeat(32);
    apply(
      decideSeal(freeformRuleset, g.state, {
        sealId: 's-red',
        seat: 'red',
        kind: 'declare',
        commitment: saltedCommitment(redSalt, redParams),
      }),
      { kind: 'seat', id: 'red', seat: 'red' },
    );
    expect(
      decideReveal(
        freeformRuleset,
        g.state,
        { sealId: 's-red', seat: 'red', params: redParams, salt: redSalt, decisionId: 'r1' },
        g.seed,
      ),
    ).toMatchObject({ code: 'reveal_too_early', message: expect.stringContaining('blue') });
    const blueParams = choice('battle', 'retreat');
    apply(
      decideSeal(freeformRuleset, g.state, {
        sealId: 's-blue',
        seat: 'blue',
        kind: 'declare',
        commitment: saltedCommitment(blueSalt, blueParams),
      }),
      { kind: 'seat', id: 'blue', seat: 'blue' },
    );
    expect(
      decideReveal(
        freeformRuleset,
        g.state,
        {
          sealId: 's-red',
          seat: 'red',
          params: choice('battle', 'something else'),
          salt: redSalt,
          decisionId: 'r1',
        },
        g.seed,
      ),
    ).toMatchObject({ code: 'seal_mismatch' });
    expect(
      decideReveal(
        freeformRuleset,
        g.state,
        { sealId: 's-red', seat: 'blue', params: redParams, salt: redSalt, decisionId: 'r1' },
        g.seed,
      ),
    ).toMatchObject({ kind: 'not_permitted' });
    const revealed = apply(
      decideReveal(
        freeformRuleset,
        g.state,
        { sealId: 's-red', seat: 'red', params: redParams, salt: redSalt, decisionId: 'r1' },
        g.seed,
      ),
    );
    expect(revealed.map((e) => e.type)).toEqual(['SealRevealed', 'DecisionMade']);
    expect(revealed[1].data).toMatchObject({
      kind: 'declare',
      seat: 'red',
      params: redParams,
      sealId: 's-red',
    });
    apply(
      decideReveal(
        freeformRuleset,
        g.state,
        { sealId: 's-blue', seat: 'blue', params: blueParams, salt: blueSalt, decisionId: 'r2' },
        g.seed,
      ),
    );
    expect(g.state.seals).toEqual({});
  });

  it('refuses to open a seal whose salt has fewer than 128 bits, whatever it hashes to', () => {
    const { g, apply } = game();
    const params = choice('battle', 'retreat');
    for (const [sealId, seat, salt] of [
      ['s-red', 'red', 'b'],
      ['s-blue', 'blue', 'c'.repeat(32)],
    ])
      apply(
        decideSeal(freeformRuleset, g.state, {
          sealId,
          seat,
          kind: 'declare',
          commitment: saltedCommitment(salt, params),
        }),
        { kind: 'seat', id: seat, seat },
      );
    // A one-letter salt matches its commitment, but the commitment was an oracle all along.
    for (const salt of ['b', 'ab'.repeat(15), 'B'.repeat(32)]) {
      expect(
        decideReveal(
          freeformRuleset,
          g.state,
          { sealId: 's-red', seat: 'red', params, salt, decisionId: 'r1' },
          g.seed,
        ),
      ).toMatchObject({
        kind: 'invalid_params',
        errors: [{ path: 'salt', messages: [expect.stringContaining('128')] }],
      });
    }
    expect(
      decideReveal(
        freeformRuleset,
        g.state,
        { sealId: 's-blue', seat: 'blue', params, salt: 'c'.repeat(32), decisionId: 'r2' },
        g.seed,
      ),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'SealRevealed' })]));
  });

  it('refuses a sealed-only kind made openly, a non-sealable kind sealed, and a malformed commitment', () => {
    const { g } = game();
    expect(
      decideDecision(
        freeformRuleset,
        g.state,
        { decisionId: 'x', kind: 'declare', seat: 'red', params: choice('a', 'b') },
        g.seed,
      ),
    ).toMatchObject({ code: 'must_be_sealed' });
    expect(
      decideSeal(freeformRuleset, g.state, {
        sealId: 's',
        seat: 'red',
        kind: 'move',
        commitment: 'a'.repeat(64),
      }),
    ).toMatchObject({ code: 'not_sealable' });
    expect(
      decideSeal(freeformRuleset, g.state, {
        sealId: 's',
        seat: 'red',
        kind: 'declare',
        commitment: 'xyz',
      }),
    ).toMatchObject({ kind: 'invalid_params' });
  });
});

describe('appeals', () => {
  /** A match with dispute d1 on a destroyed raider, ruled rejected with no remedy. */
  function ruled() {
    const t = game();
    const { g, apply } = t;
    const before = g.state.lastSeq;
    const [, destroyed] = g.play('red', 'destroy', { pieces: ['raider'], cause: 'boarding' });
    apply(
      decideOpenDispute(
        g.state,
        { disputeId: 'd1', seat: 'blue', atSeq: destroyed.seq, claim: 'Boarding needs a roll' },
        '2026-11-22T10:05:00Z',
      ),
      { kind: 'seat', id: 'blue', seat: 'blue' },
    );
    const [ruling] = apply(
      decideRuling(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          decision: 'rejected',
          rationale: 'The roll was made at the table',
          ruleRef: '§5.12',
          remedy: { kind: 'none' },
        },
        {},
        g.seed,
      ),
    );
    return { ...t, before, destroyed, ruling };
  }

  it('refuses an appeal before a ruling, records one after it, and refuses a second', () => {
    const { g, apply } = game();
    const [, destroyed] = g.play('red', 'destroy', { pieces: ['raider'], cause: 'boarding' });
    apply(
      decideOpenDispute(
        g.state,
        { disputeId: 'd1', seat: 'blue', atSeq: destroyed.seq, claim: 'Boarding needs a roll' },
        '2026-11-22T10:05:00Z',
      ),
    );
    expect(decideAppeal(g.state, { disputeId: 'd1', seat: 'blue', reason: 'x' })).toMatchObject({
      kind: 'wrong_match_state',
      code: 'not_ruled',
    });
    const r = ruled();
    const [appealed] = r.apply(
      decideAppeal(r.g.state, { disputeId: 'd1', seat: 'blue', reason: 'The judge missed §5.12' }),
    );
    expect(appealed.data).toEqual({
      disputeId: 'd1',
      rulingSeq: r.ruling.seq,
      seat: 'blue',
      reason: 'The judge missed §5.12',
    });
    expect(r.g.state.disputes.d1.appeal).toEqual({ seq: appealed.seq, seat: 'blue' });
    expect(decideAppeal(r.g.state, { disputeId: 'd1', reason: 'again' })).toMatchObject({
      code: 'dispute_closed',
      localized: { ru: 'Решение уже обжаловано: главный судья ещё не ответил' },
    });
  });

  it('upholds: the ruling stays, the dispute closes to appeals and rulings', () => {
    const { g, apply, ruling } = ruled();
    apply(decideAppeal(g.state, { disputeId: 'd1', reason: 'Unfair' }));
    expect(
      decideAppealDecision(
        freeformRuleset,
        g.state,
        { disputeId: 'd1', outcome: 'upheld', rationale: 'Right call' },
        {},
        g.seed,
      ),
    ).toEqual([
      {
        type: 'AppealDecided',
        data: {
          disputeId: 'd1',
          appealSeq: g.state.lastSeq,
          outcome: 'upheld',
          rationale: 'Right call',
        },
      },
    ]);
    apply(
      decideAppealDecision(
        freeformRuleset,
        g.state,
        { disputeId: 'd1', outcome: 'upheld', rationale: 'Right call' },
        {},
        g.seed,
      ),
    );
    expect(g.state.disputes.d1.ruling?.seq).toBe(ruling.seq);
    expect(decideAppeal(g.state, { disputeId: 'd1', seat: 'red', reason: 'x' })).toMatchObject({
      code: 'dispute_closed',
    });
    expect(
      decideAppealDecision(
        freeformRuleset,
        g.state,
        { disputeId: 'd1', outcome: 'upheld', rationale: 'again' },
        {},
        g.seed,
      ),
    ).toMatchObject({ code: 'dispute_closed' });
  });

  it('overturns with a new ruling whose rewind voids the branch after its target', () => {
    const { g, apply, before, lineAt, since } = ruled();
    apply(decideAppeal(g.state, { disputeId: 'd1', seat: 'blue', reason: 'No roll was made' }));
    expect(
      decideAppealDecision(
        freeformRuleset,
        g.state,
        { disputeId: 'd1', outcome: 'overturned', rationale: 'No roll' },
        {},
        g.seed,
      ),
    ).toMatchObject({ kind: 'invalid_params' });
    const events = apply(
      decideAppealDecision(
        freeformRuleset,
        g.state,
        {
          disputeId: 'd1',
          outcome: 'overturned',
          rationale: 'No roll was made',
          ruling: {
            disputeId: 'd1',
            decision: 'upheld',
            rationale: 'Boarding needs a roll',
            ruleRef: '§5.12',
            remedy: { kind: 'rewind', toSeq: before },
          },
        },
        { restore: lineAt(before), since: since(before) },
        g.seed,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['AppealDecided', 'RulingIssued', 'TimelineRewound']);
    expect(events[2].data).toMatchObject({
      toSeq: before,
      voided: { from: before + 1, to: events[2].seq - 1 },
    });
    expect(g.state.table.pieces.raider.zone).toBe('south');
    expect(g.state.disputes.d1).toMatchObject({
      status: 'ruled',
      ruling: { decision: 'upheld', seq: events[1].seq },
      appeal: { outcome: 'overturned' },
    });
  });
});
