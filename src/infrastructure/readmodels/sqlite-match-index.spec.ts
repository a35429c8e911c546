import Database from 'better-sqlite3';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { MATCH_PROJECTOR_CHECKPOINT, SqliteMatchIndex } from './sqlite-match-index';

let seq = 0;
function event(matchId: string, type: string, data: unknown, at: string): RecordedEvent {
  return {
    eventId: `e${++seq}`,
    matchId,
    seq: type === 'MatchCreated' ? 0 : seq,
    type,
    data,
    meta: {
      actor: { kind: 'system', id: 'test' },
      recordedAt: at,
      ruleset: { id: 'freeform', version: '1.0.0' },
      visibility: 'public',
      prevHash: '',
      hash: '',
    },
  };
}

/** The global log position of an event here: its place among the events this spec made. */
const applyAt = (index: SqliteMatchIndex, recorded: RecordedEvent) =>
  index.apply(recorded, BigInt(recorded.eventId.slice(1)));

const created = (matchId: string, ruleset: string, at: string) =>
  event(
    matchId,
    'MatchCreated',
    {
      matchId,
      ruleset: { id: ruleset, version: '1' },
      options: {},
      setup: {},
      seats: [{ seat: 'a' }],
      organizer: 'org',
      commitment: '',
      public: true,
      spectatorDelay: 0,
    },
    at,
  );

describe('the match index: campaigns', () => {
  it('lists a campaign as the citing match and the matches it linked, nothing else', async () => {
    const index = new SqliteMatchIndex(new Database(':memory:'));
    applyAt(index, created('league', 'galaxy-league', '2026-01-01T00:00:00Z'));
    applyAt(index, created('battle-1', 'freeform', '2026-01-02T00:00:00Z'));
    applyAt(index, created('battle-2', 'freeform', '2026-01-03T00:00:00Z'));
    applyAt(index, created('other', 'freeform', '2026-01-04T00:00:00Z'));
    applyAt(
      index,
      event('league', 'MatchCited', { matchId: 'battle-1', headSeq: 5, headHash: 'h' }, 'x'),
    );
    applyAt(
      index,
      event('league', 'MatchCited', { matchId: 'battle-2', headSeq: 5, headHash: 'h' }, 'y'),
    );
    const page = await index.list({ campaign: 'league', visibleTo: { all: true } }, 10);
    expect(page.items.map((m) => m.matchId)).toEqual(['battle-2', 'battle-1', 'league']);
    const freeform = await index.list(
      { campaign: 'league', ruleset: 'freeform', visibleTo: { all: true } },
      10,
    );
    expect(freeform.items.map((m) => m.matchId)).toEqual(['battle-2', 'battle-1']);
    const none = await index.list({ campaign: 'battle-1', visibleTo: { all: true } }, 10);
    expect(none.items.map((m) => m.matchId)).toEqual(['battle-1']);
  });

  it('follows the effective line: a rewind that takes a citation back drops its link', async () => {
    const index = new SqliteMatchIndex(new Database(':memory:'));
    applyAt(index, created('league', 'galaxy-league', '2026-01-01T00:00:00Z'));
    applyAt(index, created('battle-1', 'freeform', '2026-01-02T00:00:00Z'));
    applyAt(index, created('battle-2', 'freeform', '2026-01-03T00:00:00Z'));
    const first = event('league', 'MatchCited', { matchId: 'battle-1' }, 'x');
    applyAt(index, first);
    const second = event('league', 'MatchCited', { matchId: 'battle-2' }, 'y');
    applyAt(index, second);
    const campaign = async () =>
      (await index.list({ campaign: 'league', visibleTo: { all: true } }, 10)).items.map(
        (m) => m.matchId,
      );
    expect(await campaign()).toEqual(['battle-2', 'battle-1', 'league']);
    // A ruling rewinds to the event before the second citation: only the first stays linked.
    applyAt(
      index,
      event(
        'league',
        'TimelineRewound',
        {
          toSeq: second.seq - 1,
          cause: { kind: 'ruling', disputeId: 'd1' },
          voided: { from: second.seq, to: second.seq },
        },
        'z',
      ),
    );
    expect(await campaign()).toEqual(['battle-1', 'league']);
    // Cited again on the effective line, it is linked again.
    applyAt(index, event('league', 'MatchCited', { matchId: 'battle-2' }, 'w'));
    expect(await campaign()).toEqual(['battle-2', 'battle-1', 'league']);
  });
});

describe('the match index: change positions', () => {
  it('lists the matches changed after since and at or before until, by their last event', async () => {
    const db = new Database(':memory:');
    const index = new SqliteMatchIndex(db);
    expect(await index.completeTo()).toBeUndefined();
    const first = created('first', 'freeform', '2026-01-01T00:00:00Z');
    applyAt(index, first);
    const second = created('second', 'freeform', '2026-01-02T00:00:00Z');
    applyAt(index, second);
    const moved = event('first', 'MatchStarted', {}, '2026-01-03T00:00:00Z');
    applyAt(index, moved);
    const position = (recorded: RecordedEvent) => BigInt(recorded.eventId.slice(1));
    const changed = async (since?: bigint, until?: bigint) =>
      (
        await index.list(
          {
            ...(since !== undefined ? { since } : {}),
            ...(until !== undefined ? { until } : {}),
            visibleTo: { all: true },
          },
          10,
        )
      ).items.map((m) => [m.matchId, m.changePosition, m.updatedAt]);
    expect(await changed(position(first))).toEqual([
      ['second', String(position(second)), '2026-01-02T00:00:00Z'],
      ['first', String(position(moved)), '2026-01-03T00:00:00Z'],
    ]);
    expect(await changed(position(second))).toEqual([
      ['first', String(position(moved)), '2026-01-03T00:00:00Z'],
    ]);
    expect(await changed(undefined, position(second))).toEqual([
      ['second', String(position(second)), '2026-01-02T00:00:00Z'],
    ]);
    expect(await changed(position(moved))).toEqual([]);
    db.prepare('INSERT INTO rm_checkpoints (name, position) VALUES (?, ?)').run(
      MATCH_PROJECTOR_CHECKPOINT,
      String(position(moved)),
    );
    expect(await index.completeTo()).toBe(position(moved));
  });
});
