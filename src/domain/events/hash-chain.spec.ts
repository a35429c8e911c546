import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { hashEvent, sealEvent, verifyChain } from './hash-chain';
import type { RecordedEvent } from './recorded-event';

function chain(length: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let prevHash = '';
  for (let seq = 0; seq < length; seq += 1) {
    const event = sealEvent(
      {
        eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        matchId: 'm1',
        seq,
        type: 'PiecesMoved',
        data: { pieces: [`p${seq}`], to: 'Мекатол' },
        meta: {
          actor: { kind: 'seat', id: 'a', seat: 'a' },
          recordedAt: '2026-11-22T00:00:00.000Z',
          ruleset: { id: 'freeform', version: '1.0.0' },
          visibility: 'public',
        },
      },
      prevHash,
    );
    events.push(event);
    prevHash = event.meta.hash;
  }
  return events;
}

describe('hash chain', () => {
  it('hashes sha256(prevHash + canonicalJson(event without meta.hash))', () => {
    const [first, second] = chain(2);
    const { hash: _hash, ...meta } = second.meta;
    const expected = createHash('sha256')
      .update(first.meta.hash + canonicalJson({ ...second, meta }))
      .digest('hex');
    expect(second.meta.hash).toBe(expected);
    expect(second.meta.prevHash).toBe(first.meta.hash);
    expect(first.meta.prevHash).toBe('');
    expect(hashEvent(second)).toBe(expected);
  });

  it('accepts an intact chain and reports its head', () => {
    const events = chain(5);
    expect(verifyChain(events)).toEqual({ ok: true, count: 5, headHash: events[4].meta.hash });
  });

  it('reports the altered seq when an event content changes', () => {
    const events = chain(5);
    events[3] = { ...events[3], data: { pieces: ['p3'], to: 'Мекатол ' } };
    expect(verifyChain(events)).toMatchObject({ ok: false, brokenSeq: 3, reason: 'hash_mismatch' });
  });

  it('reports a dropped event at the gap', () => {
    const events = chain(5);
    events.splice(2, 1);
    expect(verifyChain(events)).toMatchObject({
      ok: false,
      brokenSeq: 2,
      reason: 'seq_out_of_order',
    });
  });

  it('reports a re-hashed forgery at the next event, whose prevHash no longer matches', () => {
    const events = chain(5);
    const forged = sealEvent(
      { ...events[1], data: { pieces: ['p1'], to: 'elsewhere' } },
      events[0].meta.hash,
    );
    events[1] = forged;
    expect(verifyChain(events)).toMatchObject({
      ok: false,
      brokenSeq: 2,
      reason: 'prev_hash_mismatch',
    });
  });

  it('reports swapped events', () => {
    const events = chain(5);
    [events[1], events[2]] = [events[2], events[1]];
    expect(verifyChain(events)).toMatchObject({
      ok: false,
      brokenSeq: 1,
      reason: 'seq_out_of_order',
    });
  });
});
