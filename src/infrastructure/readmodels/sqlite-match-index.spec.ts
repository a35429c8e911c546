import Database from 'better-sqlite3';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { SqliteMatchIndex } from './sqlite-match-index';

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
    index.apply(created('league', 'galaxy-league', '2026-01-01T00:00:00Z'));
    index.apply(created('battle-1', 'freeform', '2026-01-02T00:00:00Z'));
    index.apply(created('battle-2', 'freeform', '2026-01-03T00:00:00Z'));
    index.apply(created('other', 'freeform', '2026-01-04T00:00:00Z'));
    index.apply(
      event('league', 'MatchCited', { matchId: 'battle-1', headSeq: 5, headHash: 'h' }, 'x'),
    );
    index.apply(
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
    index.apply(created('league', 'galaxy-league', '2026-01-01T00:00:00Z'));
    index.apply(created('battle-1', 'freeform', '2026-01-02T00:00:00Z'));
    index.apply(created('battle-2', 'freeform', '2026-01-03T00:00:00Z'));
    const first = event('league', 'MatchCited', { matchId: 'battle-1' }, 'x');
    index.apply(first);
    const second = event('league', 'MatchCited', { matchId: 'battle-2' }, 'y');
    index.apply(second);
    const campaign = async () =>
      (await index.list({ campaign: 'league', visibleTo: { all: true } }, 10)).items.map(
        (m) => m.matchId,
      );
    expect(await campaign()).toEqual(['battle-2', 'battle-1', 'league']);
    // A ruling rewinds to the event before the second citation: only the first stays linked.
    index.apply(
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
    index.apply(event('league', 'MatchCited', { matchId: 'battle-2' }, 'w'));
    expect(await campaign()).toEqual(['battle-2', 'battle-1', 'league']);
  });
});
