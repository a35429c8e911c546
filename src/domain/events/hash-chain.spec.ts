import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { redactEvent } from '../match/match-view';
import { recordEvents } from '../match/record-events';
import {
  ChainVerifier,
  hashEvent,
  sealEvent,
  secretCommitmentProblem,
  storedJsonHash,
  verifyChain,
  type StoredJson,
} from './hash-chain';
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

describe('a verifier resumed at a head verified earlier', () => {
  const resume = (events: RecordedEvent[], at: number) => {
    const verifier = ChainVerifier.resumingAt({ seq: at, hash: events[at].meta.hash });
    for (const event of events.slice(at)) if (verifier.next(event)) break;
    return verifier;
  };

  it('checks the head and every event after it, and reports the new head', () => {
    const events = chain(6);
    const verifier = resume(events, 3);
    expect(verifier.anchored).toBe(true);
    expect(verifier.verdict()).toEqual({ ok: true, count: 6, headHash: events[5].meta.hash });
    events[4] = { ...events[4], data: { pieces: ['p4'], to: 'Мекатол ' } };
    expect(resume(events, 3).verdict()).toMatchObject({
      ok: false,
      brokenSeq: 4,
      reason: 'hash_mismatch',
    });
  });

  it('catches the head changed, re-hashed or not', () => {
    const events = chain(6);
    const remembered = { seq: 3, hash: events[3].meta.hash };
    const altered = { ...events[3], data: { pieces: ['p3'], to: 'Мекатол ' } };
    const rehashed = sealEvent(altered, altered.meta.prevHash);
    for (const head of [altered, rehashed]) {
      const verifier = ChainVerifier.resumingAt(remembered);
      expect(verifier.next(head)).toMatchObject({ brokenSeq: 3, reason: 'hash_mismatch' });
    }
  });

  it('is not anchored until it meets its head (a stream cut back before it)', () => {
    const events = chain(3);
    const verifier = ChainVerifier.resumingAt({ seq: 5, hash: 'f'.repeat(64) });
    expect(verifier.anchored).toBe(false);
    expect(verifier.next(events[2])).toMatchObject({ reason: 'seq_out_of_order' });
  });

  it('leaves the events before the head unread: what the earlier verification vouched for', () => {
    const events = chain(6);
    events[1] = { ...events[1], data: { pieces: ['p1'], to: 'Мекатол ' } };
    expect(verifyChain(events)).toMatchObject({ ok: false, brokenSeq: 1 });
    expect(resume(events, 3).verdict()).toMatchObject({ ok: true, count: 6 });
  });
});

describe('salted commitments to secret members', () => {
  const SALT = '00112233445566778899aabbccddeeff';
  const drawn = (secret: unknown, salts: string[] = [SALT]) =>
    recordEvents(
      { matchId: 'm1', lastSeq: -1, headHash: '' },
      [{ type: 'CardsDrawn', data: { deck: 'deck', count: 2, secret }, visibility: 'seat:red' }],
      {
        actor: { kind: 'seat', id: 'red', seat: 'red' },
        recordedAt: '2026-11-22T00:00:00.000Z',
        eventIds: ['00000000-0000-4000-8000-000000000001'],
        secretSalts: salts,
        ruleset: { id: 'freeform', version: '1.0.0' },
      },
    )[0];

  it('commits to the secret with its salt and hashes the commitment, not the secret', () => {
    const event = drawn({ pieces: ['c3', 'c7'] });
    expect(event.meta.secretSalt).toBe(SALT);
    expect(event.meta.secretCommitment).toBe(
      createHash('sha256')
        .update(SALT + canonicalJson({ pieces: ['c3', 'c7'] }))
        .digest('hex'),
    );
    const { hash: _hash, secretSalt: _salt, ...meta } = event.meta;
    const { secret: _secret, ...data } = event.data as Record<string, unknown>;
    expect(event.meta.hash).toBe(
      createHash('sha256')
        .update(canonicalJson({ ...event, data, meta }))
        .digest('hex'),
    );
    // Another secret under another salt, same public part: the same hash is impossible, and
    // the hash of the redacted event does not depend on the secret at all.
    expect(drawn({ pieces: ['c1', 'c2'] }).meta.hash).not.toBe(event.meta.hash);
    expect(verifyChain([event])).toMatchObject({ ok: true });
  });

  it('keeps a redacted event verifiable: the commitment stays, secret and salt go', () => {
    const event = drawn({ pieces: ['c3', 'c7'] });
    const redacted = redactEvent(event, { kind: 'seat', seat: 'blue' }, false);
    expect(redacted.data).not.toHaveProperty('secret');
    expect(redacted.meta).not.toHaveProperty('secretSalt');
    expect(redacted.meta.secretCommitment).toBe(event.meta.secretCommitment);
    const { redacted: _marker, ...seen } = redacted;
    expect(hashEvent(seen)).toBe(event.meta.hash);
    expect(redactEvent(event, { kind: 'seat', seat: 'red' }, false)).toBe(event);
  });

  it('refuses to record a secret without a salt of at least 128 bits', () => {
    expect(() => drawn({ pieces: ['c1'] }, [])).toThrow(/salt/);
    expect(() => drawn({ pieces: ['c1'] }, ['abc'])).toThrow(/salt/);
  });

  it('catches a secret that does not open its commitment, though the hash still matches', () => {
    const event = drawn({ pieces: ['c3', 'c7'] });
    const swapped = { ...event, data: { ...(event.data as object), secret: { pieces: ['c1'] } } };
    expect(hashEvent(swapped)).toBe(event.meta.hash);
    expect(verifyChain([swapped])).toMatchObject({
      ok: false,
      brokenSeq: 0,
      reason: 'secret_mismatch',
    });
    const saltless = { ...event, meta: { ...event.meta, secretSalt: undefined } };
    expect(verifyChain([saltless])).toMatchObject({ ok: false, reason: 'secret_mismatch' });
    expect(secretCommitmentProblem(saltless)).toMatch(/without a salt/);
  });

  it('still verifies events recorded before commitments: their secret is hashed bare', () => {
    const legacy = sealEvent(
      {
        eventId: '00000000-0000-4000-8000-000000000001',
        matchId: 'm1',
        seq: 0,
        type: 'CardsDrawn',
        data: { deck: 'deck', count: 2, secret: { pieces: ['c3', 'c7'] } },
        meta: {
          actor: { kind: 'seat', id: 'red', seat: 'red' },
          recordedAt: '2026-11-01T00:00:00.000Z',
          ruleset: { id: 'freeform', version: '1.0.0' },
          visibility: 'seat:red',
        },
      },
      '',
    );
    const { hash: _hash, ...meta } = legacy.meta;
    expect(legacy.meta.hash).toBe(
      createHash('sha256')
        .update(canonicalJson({ ...legacy, meta }))
        .digest('hex'),
    );
    expect(verifyChain([legacy])).toEqual({ ok: true, count: 1, headHash: legacy.meta.hash });
    const altered = { ...legacy, data: { ...legacy.data, secret: { pieces: ['c1', 'c7'] } } };
    expect(verifyChain([altered])).toMatchObject({ ok: false, reason: 'hash_mismatch' });
  });

  describe('ChainVerifier, one event at a time', () => {
    it('continues from a verified head: the events appended after it, and nothing else', () => {
      const events = chain(6);
      const head = { lastSeq: 3, headHash: events[3].meta.hash, matchId: 'm1' };
      const after = new ChainVerifier(head);
      for (const event of events.slice(4)) expect(after.next(event)).toBeUndefined();
      expect(after.verdict()).toEqual({ ok: true, count: 6, headHash: events[5].meta.hash });
      // A head that is not the stored one: the next event does not follow it.
      const wrongHead = new ChainVerifier({ ...head, headHash: events[2].meta.hash });
      expect(wrongHead.next(events[4])).toMatchObject({
        brokenSeq: 4,
        reason: 'prev_hash_mismatch',
      });
      // A gap after the head.
      expect(new ChainVerifier(head).next(events[5])).toMatchObject({
        brokenSeq: 4,
        reason: 'seq_out_of_order',
      });
    });

    it('keeps the first break and checks nothing after it', () => {
      const events = chain(5);
      events[2] = { ...events[2], data: { pieces: ['p2'], to: 'Мекатоль' } };
      const verifier = new ChainVerifier();
      const seen = events.map((event) => verifier.next(event)?.brokenSeq);
      expect(seen).toEqual([undefined, undefined, 2, 2, 2]);
      expect(verifier.firstBreak).toMatchObject({
        brokenSeq: 2,
        reason: 'hash_mismatch',
        count: 2,
      });
      expect(verifier.verdict()).toEqual(verifyChain(events));
    });
  });
});

describe('the chain checked over the JSON text the store keeps', () => {
  const SALT = '00112233445566778899aabbccddeeff';
  /** Three events as recorded: members out of canonical order, a committed secret, odd text. */
  const recorded = (): RecordedEvent[] =>
    recordEvents(
      { matchId: 'm1', lastSeq: -1, headHash: '' },
      [
        { type: 'PiecesMoved', data: { to: 'Мекатол', pieces: ['p1'], n: 1.5 } },
        {
          type: 'CardsDrawn',
          data: { deck: 'deck', count: 2, secret: { pieces: ['c3', 'c7'] } },
          visibility: 'seat:red',
        },
        {
          type: 'NoteAdded',
          data: { text: 'кавычки " и \\ \u2028', z: { b: 1, a: [true, null] } },
        },
      ],
      {
        actor: { kind: 'seat', id: 'red', seat: 'red' },
        recordedAt: '2026-12-07T00:00:00.000Z',
        clientTime: '2026-12-07T00:00:01.000Z',
        decisionId: 'd-1',
        eventIds: [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`),
        secretSalts: [SALT],
        ruleset: { id: 'freeform', version: '1.0.0' },
      },
    );
  /** What the stores write now (serializeForAppend): canonical JSON. */
  const canonicalText = (event: RecordedEvent): StoredJson => ({
    data: canonicalJson(event.data),
    meta: canonicalJson(event.meta),
  });
  /** What they wrote before: JSON.stringify, members in the order they were made. */
  const earlierText = (event: RecordedEvent): StoredJson => ({
    data: JSON.stringify(event.data),
    meta: JSON.stringify(event.meta),
  });
  /** The event as a store hands it over: parsed from `json`, with that text. */
  const read = (event: RecordedEvent, json: StoredJson) => ({
    event: { ...event, data: JSON.parse(json.data), meta: JSON.parse(json.meta) },
    json,
  });
  const verify = (stored: { event: RecordedEvent; json: StoredJson }[]) => {
    const verifier = new ChainVerifier();
    for (const { event, json } of stored) if (verifier.next(event, json)) break;
    return verifier.verdict();
  };
  /** `text` with its first `from` replaced by `to` (the replacement must happen). */
  const edited = (text: string, from: string, to: string) => {
    expect(text).toContain(from);
    return text.replace(from, to);
  };

  it('hashes the canonical text as stored to the hash each event was sealed with', () => {
    const events = recorded();
    const legacy = sealEvent(
      {
        eventId: '00000000-0000-4000-8000-000000000009',
        matchId: 'm1',
        seq: 0,
        type: 'CardsDrawn',
        data: { deck: 'deck', secret: { pieces: ['c3'] } },
        meta: {
          actor: { kind: 'seat', id: 'red', seat: 'red' },
          recordedAt: '2026-11-01T00:00:00.000Z',
          ruleset: { id: 'freeform', version: '1.0.0' },
          visibility: 'seat:red',
        },
      },
      '',
    );
    const redacted = redactEvent(events[1], { kind: 'seat', seat: 'blue' }, false);
    const { redacted: _marker, ...redactedEvent } = redacted;
    for (const event of [...events, ...chain(3), legacy, redactedEvent]) {
      const { event: parsed, json } = read(event, canonicalText(event));
      expect(storedJsonHash(parsed, json)).toBe(event.meta.hash);
    }
    expect(verify(events.map((event) => read(event, canonicalText(event))))).toEqual({
      ok: true,
      count: 3,
      headHash: events[2].meta.hash,
    });
  });

  it('verifies text stored before it was canonical by writing the event again', () => {
    const events = recorded();
    const earlier = events.map((event) => read(event, earlierText(event)));
    // Members in the order they were made: not the text the hash was taken over.
    expect(earlier[0].json.data).toBe('{"to":"Мекатол","pieces":["p1"],"n":1.5}');
    expect(storedJsonHash(earlier[0].event, earlier[0].json)).not.toBe(events[0].meta.hash);
    expect(verify(earlier)).toEqual({ ok: true, count: 3, headHash: events[2].meta.hash });
  });

  it('catches one digit changed in the stored data or meta, canonical or earlier text', () => {
    for (const text of [canonicalText, earlierText]) {
      const events = recorded();
      const stored = events.map((event) => read(event, text(event)));
      const digit = [...stored];
      digit[0] = read(events[0], {
        ...stored[0].json,
        data: edited(stored[0].json.data, '1.5', '1.6'),
      });
      expect(verify(digit)).toMatchObject({ ok: false, brokenSeq: 0, reason: 'hash_mismatch' });
      const time = [...stored];
      time[2] = read(events[2], {
        ...stored[2].json,
        meta: edited(stored[2].json.meta, '00:00:00.000Z', '00:00:09.000Z'),
      });
      expect(verify(time)).toMatchObject({ ok: false, brokenSeq: 2, reason: 'hash_mismatch' });
      const note = [...stored];
      note[2] = read(events[2], {
        ...stored[2].json,
        data: edited(stored[2].json.data, '"b":1', '"b":2'),
      });
      expect(verify(note)).toMatchObject({ ok: false, brokenSeq: 2, reason: 'hash_mismatch' });
    }
  });

  it('catches a salt or secret changed in the stored text through the commitment', () => {
    const events = recorded();
    const stored = events.map((event) => read(event, canonicalText(event)));
    stored[1] = read(events[1], {
      ...stored[1].json,
      data: edited(stored[1].json.data, '"c3"', '"c4"'),
    });
    expect(verify(stored)).toMatchObject({ ok: false, brokenSeq: 1, reason: 'secret_mismatch' });
  });

  it('takes out only the top-level hash member: one moved into another object is refused', () => {
    const [event] = recorded();
    const { meta } = canonicalText(event);
    const hashMember = `,"hash":"${event.meta.hash}"`;
    const topLevel = meta.replace(hashMember, '');
    // The same members in another order: the same event, still verified.
    const reordered = read(event, {
      data: canonicalJson(event.data),
      meta: `${topLevel.slice(0, -1)}${hashMember}}`,
    });
    expect(verify([reordered])).toMatchObject({ ok: true });
    // The member put into the actor as well: the actor read is no longer the one hashed.
    const nested = read(event, {
      data: canonicalJson(event.data),
      meta: edited(meta, '"seat":"red"}', `"seat":"red"${hashMember}}`),
    });
    expect((nested.event.meta.actor as unknown as Record<string, unknown>).hash).toBe(
      event.meta.hash,
    );
    expect(storedJsonHash(nested.event, nested.json)).not.toBe(event.meta.hash);
    expect(verify([nested])).toMatchObject({ ok: false, brokenSeq: 0, reason: 'hash_mismatch' });
  });

  it('catches events reordered, dropped, inserted, and a re-hashed forgery', () => {
    const events = chain(5);
    const stored = events.map((event) => read(event, canonicalText(event)));
    expect(verify(stored)).toMatchObject({ ok: true, count: 5 });
    expect(verify([stored[0], stored[2], stored[1], stored[3]])).toMatchObject({
      ok: false,
      brokenSeq: 1,
      reason: 'seq_out_of_order',
    });
    expect(verify([...stored.slice(0, 2), ...stored.slice(3)])).toMatchObject({
      ok: false,
      brokenSeq: 2,
      reason: 'seq_out_of_order',
    });
    const inserted = sealEvent(
      { ...events[2], data: { pieces: ['p9'], to: 'Мекатол' }, meta: events[2].meta },
      events[1].meta.hash,
    );
    expect(
      verify([...stored.slice(0, 2), read(inserted, canonicalText(inserted)), ...stored.slice(3)]),
    ).toMatchObject({ ok: false, brokenSeq: 3, reason: 'prev_hash_mismatch' });
    const { hash: _hash, prevHash: _prev, ...meta } = events[2].meta;
    const forged = sealEvent(
      { ...events[2], data: { pieces: ['p2'], to: 'Мекатоль' }, meta },
      events[1].meta.hash,
    );
    const withForgery = [...stored];
    withForgery[2] = read(forged, canonicalText(forged));
    expect(verify(withForgery)).toMatchObject({
      ok: false,
      brokenSeq: 3,
      reason: 'prev_hash_mismatch',
    });
  });
});
