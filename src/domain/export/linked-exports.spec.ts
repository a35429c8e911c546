import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { checkLinkedExports, linkOf, type ExportLink, type LinkedExport } from './linked-exports';

function battle(id: string): MatchHarness {
  const h = new MatchHarness(freeformRuleset, id);
  h.started([{ seat: 'a' }, { seat: 'b' }]);
  h.play('a', 'change-track', { track: 'points-a', owner: 'a', value: 7 });
  h.play('b', 'concede');
  return h;
}

const linkTo = (h: MatchHarness, seq = 12, winners = ['a']): ExportLink => ({
  seq,
  matchId: h.matchId,
  headSeq: h.state.lastSeq,
  headHash: h.state.headHash,
  winners,
});

const given = (h: MatchHarness, events: RecordedEvent[] = h.events): LinkedExport => ({
  source: `${h.matchId}.ndjson`,
  matchId: h.matchId,
  record: {
    matchId: h.matchId,
    hashes: events.map((e) => e.meta.hash),
    winners: h.state.result?.winners ?? [],
  },
});

describe('checkLinkedExports: a league export against its battles’ exports', () => {
  it('checks each link: the battle’s hash at the linked seq and its winners', () => {
    const one = battle('battle-1');
    const two = battle('battle-2');
    expect(checkLinkedExports([linkTo(one), linkTo(two, 20)], [given(one), given(two)])).toEqual({
      ok: true,
      checked: 2,
      notGiven: [],
      unused: [],
    });
  });

  it('fails at the league’s MatchCited when the battle was changed after the link', () => {
    const one = battle('battle-1');
    const link = linkTo(one);
    // The battle's log rewritten (re-chained by whoever holds the store): another head hash.
    const rewritten = one.events.map((e, i) =>
      i === one.events.length - 1 ? { ...e, meta: { ...e.meta, hash: 'f'.repeat(64) } } : e,
    );
    expect(checkLinkedExports([link], [given(one, rewritten)])).toMatchObject({
      ok: false,
      code: 'linked_hash_mismatch',
      seq: 12,
    });
  });

  it('fails when the league took other winners than the battle records', () => {
    const one = battle('battle-1');
    expect(checkLinkedExports([linkTo(one, 12, ['b'])], [given(one)])).toMatchObject({
      ok: false,
      code: 'linked_result_mismatch',
    });
  });

  it('fails when the battle’s export does not verify on its own', () => {
    const one = battle('battle-1');
    const broken: LinkedExport = {
      source: 'battle-1.ndjson',
      matchId: 'battle-1',
      problem: { en: 'FAIL at seq 5: seq 5 was altered', ru: 'ОШИБКА на seq 5: seq 5 изменён' },
    };
    expect(checkLinkedExports([linkTo(one)], [broken])).toMatchObject({
      ok: false,
      code: 'linked_export_invalid',
      message: expect.stringContaining('seq 5 was altered'),
    });
  });

  it('lists the links whose export was not given, and exports no link cites', () => {
    const one = battle('battle-1');
    const other = battle('battle-9');
    expect(checkLinkedExports([linkTo(one)], [given(other)])).toEqual({
      ok: true,
      checked: 0,
      notGiven: ['battle-1'],
      unused: ['battle-9.ndjson'],
    });
  });

  it('reads a link from a MatchCited event, and nothing from a malformed one', () => {
    const one = battle('battle-1');
    const event = {
      ...one.events[0],
      seq: 4,
      type: 'MatchCited',
      data: { matchId: 'battle-1', headSeq: 3, headHash: 'h', took: { winners: ['a'] } },
    };
    expect(linkOf(event)).toEqual({
      seq: 4,
      matchId: 'battle-1',
      headSeq: 3,
      headHash: 'h',
      winners: ['a'],
    });
    expect(linkOf({ ...event, data: { matchId: 'x' } })).toBeUndefined();
  });
});
