import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { isRejection } from '../rulesets/rule-violation';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import {
  decideComment,
  decideOpenDispute,
  decidePause,
  decideResume,
  decideRuling,
} from './dispute-decider';
import { foldMatch } from './evolve-match';
import { effectiveSeqOf, rewindsWithin } from './line';
import { voidingOf } from './match-state';
import { redactEvent } from './match-view';
import { lineStateOf } from './rewind';
import { decideAnnotation } from './side-streams';
import { timelineOf, type TimelineEntry } from './timeline';
import { decideUndoRequest } from './undo-decider';

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
const red = { kind: 'seat' as const, id: 'red', seat: 'red' };
const blue = { kind: 'seat' as const, id: 'blue', seat: 'blue' };

/**
 * A match with a roll, an undo granted at once (its rewind voids red's move), a dispute with
 * a judge's comment and a pause, and a ruling whose remedy rewinds past red's next move.
 */
function judgedMatch() {
  const g = new MatchHarness(freeformRuleset).started(seats, { setup });
  const lineAt = (seq: number) =>
    lineStateOf(foldMatch(freeformRuleset, g.matchId, g.events.slice(0, seq + 1)));
  const since = (seq: number) => g.events.slice(seq + 1).filter((e) => !voidingOf(g.state, e.seq));
  const apply = (decided: NewEvent[] | { message: string }, actor: typeof judge | typeof red) => {
    if (isRejection(decided)) throw new Error(decided.message);
    return g.record(decided as NewEvent[], actor);
  };
  const started = g.state.lastSeq;
  const [blueMove] = g.play('blue', 'move', { pieces: ['raider'], to: 'north' });
  const [rollDecision, rolled] = g.play('red', 'roll', { purpose: 'combat', dice: '2d6' });
  const undoTo = g.state.lastSeq;
  const [undoneMove] = g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
  const [undoRequested, undoRewind] = apply(
    decideUndoRequest(
      freeformRuleset,
      g.state,
      { requestId: 'u1', seat: 'red', toSeq: undoTo, reason: 'misclick' },
      since(undoTo),
      lineAt(undoTo),
    ),
    red,
  );
  const rulingTo = g.state.lastSeq;
  const [disputedMove] = g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
  const [disputed] = apply(
    decideOpenDispute(
      g.state,
      { disputeId: 'd1', seat: 'blue', atSeq: disputedMove.seq, claim: 'Out of supply' },
      '2026-11-22T10:05:00.000Z',
    ),
    blue,
  );
  const [commented] = apply(decideComment(g.state, 'd1', 'Checking supply lines'), judge);
  const [paused] = apply(decidePause(g.state, 'hearing d1', 'd1'), judge);
  const [ruling, rulingRewind] = apply(
    decideRuling(
      freeformRuleset,
      g.state,
      {
        disputeId: 'd1',
        decision: 'upheld',
        rationale: 'No supply path',
        ruleRef: '§6.2',
        remedy: { kind: 'rewind', toSeq: rulingTo },
      },
      { restore: lineAt(rulingTo), since: since(rulingTo) },
      g.seed,
    ),
    judge,
  );
  const [resumed] = apply(decideResume(g.state), judge);
  return {
    g,
    started,
    seqs: {
      blueMove: blueMove.seq,
      rollDecision: rollDecision.seq,
      rolled: rolled.seq,
      undoTo,
      undoneMove: undoneMove.seq,
      undoRequested: undoRequested.seq,
      undoRewind: undoRewind.seq,
      rulingTo,
      disputedMove: disputedMove.seq,
      disputed: disputed.seq,
      commented: commented.seq,
      paused: paused.seq,
      ruling: ruling.seq,
      rulingRewind: rulingRewind.seq,
      resumed: resumed.seq,
    },
  };
}

const at = (entries: TimelineEntry[], seq: number) => entries.find((e) => e.seq === seq);

describe('timelineOf', () => {
  it('lists decisions, rolls, the undo and its rewind, the dispute, comment, pause, ruling and resume with their seqs', () => {
    const { g, seqs } = judgedMatch();
    const entries = timelineOf(g.events, g.state);

    expect(entries.map((e) => e.kind)).toEqual([
      'lifecycle', // MatchCreated
      'lifecycle', // SeatClaimed red
      'lifecycle', // SeatClaimed blue
      'lifecycle', // MatchStarted
      'decision', // blue moves
      'decision', // red rolls…
      'roll', // …2d6
      'decision', // red's move, undone
      'undo-request',
      'rewind',
      'decision', // red's move, disputed
      'dispute',
      'comment',
      'pause',
      'ruling',
      'rewind',
      'resume',
    ]);
    // Table events are the effects of a decision: not steps of their own.
    expect(entries.some((e) => e.type === 'PiecesMoved')).toBe(false);

    expect(at(entries, seqs.blueMove)).toMatchObject({
      kind: 'decision',
      type: 'DecisionMade',
      seat: 'blue',
      decisionKind: 'move',
      actor: { kind: 'seat', id: 'blue' },
      recordedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(at(entries, seqs.rolled)).toMatchObject({
      kind: 'roll',
      seat: 'red',
      purpose: 'combat',
      dice: '2d6',
      source: 'server',
    });
    expect(at(entries, seqs.rolled)?.faces).toHaveLength(2);
    expect(at(entries, seqs.undoRequested)).toMatchObject({
      kind: 'undo-request',
      seat: 'red',
      requestId: 'u1',
      toSeq: seqs.undoTo,
      reason: 'misclick',
    });
    expect(at(entries, seqs.undoRewind)).toEqual(
      expect.objectContaining({
        kind: 'rewind',
        toSeq: seqs.undoTo,
        voided: { from: seqs.undoTo + 1, to: seqs.undoRequested },
        cause: { kind: 'undo', requestId: 'u1' },
      }),
    );
    expect(at(entries, seqs.disputed)).toMatchObject({
      kind: 'dispute',
      seat: 'blue',
      disputeId: 'd1',
      atSeq: seqs.disputedMove,
      claim: 'Out of supply',
    });
    expect(at(entries, seqs.commented)).toMatchObject({
      kind: 'comment',
      disputeId: 'd1',
      text: 'Checking supply lines',
    });
    expect(at(entries, seqs.paused)).toMatchObject({ kind: 'pause', disputeId: 'd1' });
    expect(at(entries, seqs.ruling)).toMatchObject({
      kind: 'ruling',
      disputeId: 'd1',
      ruling: 'upheld',
      ruleRef: '§6.2',
      remedy: { kind: 'rewind', toSeq: seqs.rulingTo },
      actor: judge,
    });
    expect(at(entries, seqs.rulingRewind)).toMatchObject({
      kind: 'rewind',
      toSeq: seqs.rulingTo,
      voided: { from: seqs.rulingTo + 1, to: seqs.ruling },
      cause: { kind: 'ruling', disputeId: 'd1' },
    });
    expect(at(entries, seqs.resumed)).toMatchObject({ kind: 'resume', type: 'MatchResumed' });
    // The restored line state is a judges' secret: the timeline never carries it.
    expect(JSON.stringify(entries)).not.toContain('restore');
  });

  it('marks the line steps a rewind took back, never the meta steps inside its range', () => {
    const { g, seqs } = judgedMatch();
    const entries = timelineOf(g.events, g.state);
    const undone = { seq: seqs.undoRewind, cause: { kind: 'undo', requestId: 'u1' } };
    const ruled = { seq: seqs.rulingRewind, cause: { kind: 'ruling', disputeId: 'd1' } };

    expect(at(entries, seqs.undoneMove)?.voidedBy).toEqual(undone);
    expect(at(entries, seqs.disputedMove)?.voidedBy).toEqual(ruled);
    // The undo request, the dispute, the comment and the pause lie inside voided ranges but stay valid history.
    for (const seq of [seqs.undoRequested, seqs.disputed, seqs.commented, seqs.paused])
      expect(at(entries, seq)?.voidedBy).toBeUndefined();
    for (const seq of [seqs.blueMove, seqs.rollDecision, seqs.rolled, seqs.resumed])
      expect(at(entries, seq)?.voidedBy).toBeUndefined();
  });

  it('summarises the events as the viewer sees them: a rewind redacted for a seat keeps its public part', () => {
    const { g, seqs } = judgedMatch();
    const seat = { kind: 'seat' as const, seat: 'blue' };
    const entries = timelineOf(
      g.events.map((event) => redactEvent(event, seat, false)),
      g.state,
    );
    expect(at(entries, seqs.undoRewind)).toMatchObject({
      kind: 'rewind',
      toSeq: seqs.undoTo,
      voided: { from: seqs.undoTo + 1, to: seqs.undoRequested },
      redacted: true,
    });
    expect(at(entries, seqs.blueMove)?.redacted).toBeUndefined();
  });

  it('leaves out members of an unexpected shape instead of trusting them', () => {
    const odd = {
      eventId: 'e',
      matchId: 'm',
      seq: 0,
      type: 'DiceRolled',
      data: { purpose: 7, faces: ['x'], spec: '1d6', source: 'moon' },
      meta: {
        actor: { kind: 'system', id: 'x' },
        recordedAt: '2026-11-22T10:00:00.000Z',
        ruleset: { id: 'freeform', version: '1' },
        visibility: 'public',
        prevHash: '',
        hash: 'h',
      },
    } as RecordedEvent;
    expect(timelineOf([odd], { voided: [] })).toEqual([
      {
        seq: 0,
        kind: 'roll',
        type: 'DiceRolled',
        recordedAt: '2026-11-22T10:00:00.000Z',
        actor: { kind: 'system', id: 'x' },
        dice: '1d6',
      },
    ]);
  });
});

describe('the effective line', () => {
  it('maps a voided seq to the seq its rewind returned to, and only knows the rewinds within a horizon', () => {
    const { g, seqs } = judgedMatch();
    expect(effectiveSeqOf(g.state, seqs.undoneMove)).toBe(seqs.undoTo);
    expect(effectiveSeqOf(g.state, seqs.disputedMove)).toBe(seqs.rulingTo);
    expect(effectiveSeqOf(g.state, seqs.rolled)).toBe(seqs.rolled);
    expect(effectiveSeqOf(g.state, seqs.resumed)).toBe(seqs.resumed);
    // A spectator whose horizon ends before the ruling's rewind does not learn of it yet.
    const early = rewindsWithin(g.state, seqs.ruling);
    expect(effectiveSeqOf(early, seqs.disputedMove)).toBe(seqs.disputedMove);
    expect(effectiveSeqOf(early, seqs.undoneMove)).toBe(seqs.undoTo);
  });

  it('follows nested rewinds to a seq that was never taken back', () => {
    // A later rewind to 5 voids 6..30, which holds an earlier rewind to 10 (voiding 11..20).
    const state = {
      voided: [
        { from: 11, to: 20, bySeq: 21, cause: { kind: 'undo' as const, requestId: 'a' } },
        { from: 6, to: 30, bySeq: 31, cause: { kind: 'ruling' as const, disputeId: 'b' } },
      ],
    };
    expect(effectiveSeqOf(state, 15)).toBe(5);
    expect(effectiveSeqOf(state, 25)).toBe(5);
    expect(effectiveSeqOf(state, 5)).toBe(5);
    expect(effectiveSeqOf(state, 31)).toBe(31);
  });
});

describe('decideAnnotation', () => {
  const state = { lastSeq: 9, disputes: { d1: {} } } as never;

  it('records a note with its tags (once each) and dispute', () => {
    expect(
      decideAnnotation(state, {
        annotationId: 'a1',
        seq: 9,
        text: 'Зевок',
        tags: ['??', 'blunder', '??'],
        disputeId: 'd1',
      }),
    ).toEqual([
      {
        type: 'AnnotationAdded',
        data: {
          annotationId: 'a1',
          seq: 9,
          text: 'Зевок',
          tags: ['??', 'blunder'],
          disputeId: 'd1',
        },
      },
    ]);
  });

  it('records a glyph alone (one click, as on lichess), with no text', () => {
    expect(decideAnnotation(state, { annotationId: 'a2', seq: 3, tags: ['!?'] })).toEqual([
      { type: 'AnnotationAdded', data: { annotationId: 'a2', seq: 3, text: '', tags: ['!?'] } },
    ]);
    expect(
      decideAnnotation(state, { annotationId: 'a3', seq: 3, text: '  ', tags: ['?!'] }),
    ).toMatchObject([{ data: { text: '', tags: ['?!'] } }]);
  });

  it.each([
    ['no text and no tag', { text: undefined }, 'text'],
    ['a seq after the last', { seq: 10 }, 'seq'],
    ['a negative seq', { seq: -1 }, 'seq'],
    ['blank text', { text: '   ' }, 'text'],
    ['text over 2000 characters', { text: 'x'.repeat(2001) }, 'text'],
    ['an unknown tag', { tags: ['!!!'] }, 'tags'],
    ['an unknown dispute', { disputeId: 'nope' }, 'disputeId'],
  ])('refuses %s', (_label, change, path) => {
    expect(
      decideAnnotation(state, { annotationId: 'a', seq: 0, text: 'ok', ...change }),
    ).toMatchObject({ kind: 'invalid_params', errors: [{ path }] });
  });
});
