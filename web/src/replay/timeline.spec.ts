import type { ViewEvent } from './replay-engine';
import { categoryOf, indexTimeline, jumpTarget, nearest } from './timeline';

function log(
  ...specs: [string, Record<string, unknown>?, Record<string, unknown>?][]
): ViewEvent[] {
  return specs.map(
    ([type, data = {}, extra = {}], seq) => ({ seq, type, data, ...extra }) as ViewEvent,
  );
}

describe('timeline index', () => {
  const events = log(
    ['MatchCreated'],
    ['DecisionMade'],
    ['PiecesMoved'],
    ['UndoRequested', { toSeq: 0 }],
    ['TimelineRewound', { toSeq: 0, cause: { kind: 'undo' }, voided: { from: 1, to: 3 } }],
    ['DecisionMade'],
    ['DiceRolled'],
    ['DisputeOpened', { disputeId: 'd1', atSeq: 6 }],
    ['RulingIssued', { disputeId: 'd1' }],
    ['TimelineRewound', { toSeq: 5, cause: { kind: 'ruling' } }, { voidedBy: undefined }],
    ['SomethingNew', {}, { voidedBy: { seq: 12, cause: { kind: 'ruling' } } }],
  );

  it('categorises events, including types that do not exist yet', () => {
    expect(
      ['DecisionMade', 'DiceRolled', 'DisputeOpened', 'RulingIssued', 'AnnotationAdded'].map(
        categoryOf,
      ),
    ).toEqual(['decision', 'roll', 'dispute', 'ruling', 'annotation']);
    expect(categoryOf('FleetFormed')).toBe('effect');
  });

  it('marks voided events from the server’s voidedBy alone when the server marks them', () => {
    const index = indexTimeline(events);
    expect([...index.voided].sort(([a], [b]) => a - b)).toEqual([
      [10, { by: 12, cause: 'ruling' }],
    ]);
    expect(index.categories[9]).toBe('ruling');
  });

  it('without server marks (a match file), voids the game events of a rewind’s range, never the judging', () => {
    const unmarked = events.slice(0, 10).map((e) => {
      const copy = { ...e } as ViewEvent & { voidedBy?: unknown };
      delete copy.voidedBy;
      return copy;
    });
    const index = indexTimeline(unmarked);
    // 3 (the undo request), 7 (the dispute) and 8 (the ruling) stand.
    expect([...index.voided].sort(([a], [b]) => a - b)).toEqual([
      [1, { by: 4, cause: 'undo' }],
      [2, { by: 4, cause: 'undo' }],
      [6, { by: 9, cause: 'ruling' }],
    ]);
  });

  it('puts disputes and their rulings at the disputed moment, notes at theirs', () => {
    const index = indexTimeline(events, [{ seq: 2, text: 'n', tags: [], author: () => 'judge' }]);
    expect(index.markers).toEqual([
      { seq: 3, at: 3, category: 'undo' },
      { seq: 4, at: 4, category: 'undo' },
      { seq: 7, at: 6, category: 'dispute' },
      { seq: 8, at: 6, category: 'ruling' },
      { seq: 9, at: 9, category: 'ruling' },
      { seq: 2, at: 2, category: 'annotation' },
    ]);
    expect(index.markerSeqs).toEqual([2, 3, 4, 6, 9]);
  });

  it('finds where each key leads', () => {
    const index = indexTimeline(events);
    const last = events.length - 1;
    expect(jumpTarget(index, 5, last, 'prevDecision')).toBe(1);
    expect(jumpTarget(index, 5, last, 'nextDecision')).toBeUndefined();
    expect(jumpTarget(index, 0, last, 'nextRoll')).toBe(6);
    expect(jumpTarget(index, 0, last, 'prev')).toBeUndefined();
    expect(jumpTarget(index, last, last, 'next')).toBeUndefined();
    expect(jumpTarget(index, 5, last, 'nextMarker')).toBe(6);
    expect(jumpTarget(index, 5, last, 999)).toBe(last);
    expect(nearest([1, 4, 9], 4, -1)).toBe(1);
    expect(nearest([1, 4, 9], 4, 1)).toBe(9);
  });
});

describe('card rolls (Combat Commander’s Fate cards)', () => {
  it('counts a ruleset’s roll event as a roll, reachable with the roll keys', () => {
    const index = indexTimeline(
      log(
        ['MatchCreated'],
        ['DecisionMade'],
        ['CardsDrawn', { count: 1 }],
        ['FateRolled', { seat: 'axis', card: 'axis-fate-1', dice: [2, 3] }],
        ['DecisionMade'],
        ['CardsDrawn', { count: 1 }],
        ['FateRolled', { seat: 'axis', card: 'axis-fate-2', dice: [6, 6] }],
      ),
    );
    expect(index.rolls).toEqual([3, 6]);
    expect(nearest(index.rolls, 3, 1)).toBe(6);
    expect(nearest(index.rolls, 6, -1)).toBe(3);
  });
});
