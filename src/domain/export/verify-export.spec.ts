import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MatchHarness } from '@test/support/match-harness';
import { sealEvent, verifyChain } from '../events/hash-chain';
import type { RecordedEvent } from '../events/recorded-event';
import { saltedCommitment } from '../events/secret-commitment';
import type { DiceRolledData, MatchCreatedData } from '../match/match-events';
import { rollSeatReader } from '../match/roll-seat';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import {
  EXPORT_FORMAT,
  exportHeaderOf,
  keyIdOf,
  signedBytes,
  type ExportLine,
  type ExportSignature,
  type ExportTrailer,
} from './export-format';
import { receiptBodyOf, receiptSignedBytes, type Receipt } from './receipt';
import {
  NO_RECEIPTS,
  NO_RECEIPTS_TEXT,
  normalizePublicKey,
  verifyExport,
  verifyExportLines,
  type ExportVerdict,
} from './verify-export';

interface TestKey {
  privateKey: KeyObject;
  publicKey: string;
  keyId: string;
}

function newKey(): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey: der.toString('base64'), keyId: keyIdOf(der) };
}

function signHead(key: TestKey, headHash: string): ExportSignature {
  return {
    alg: 'Ed25519',
    keyId: key.keyId,
    publicKey: key.publicKey,
    value: sign(null, signedBytes(headHash), key.privateKey).toString('base64'),
  };
}

const SERVER = newKey();
const STRANGER = newKey();

/** A freeform match with server rolls, a reported roll, a shuffle, a draw, moves, and a concession. */
function playMatch(options: { finish?: boolean } = {}): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'm-export-1');
  h.started(
    [{ seat: 'red', side: 'Империя' }, { seat: 'blue' }],
    {
      setup: {
        zones: [
          { id: 'a', kind: 'location' },
          { id: 'b', kind: 'location' },
          { id: 'deck', kind: 'deck', visibility: 'nobody' },
        ],
        pieces: [
          { id: 'ship', type: 'Фрегат', owner: 'red', zone: 'a' },
          ...['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
        ],
      },
    },
    { red: 'red-entropy', blue: 'синий' },
  );
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('blue', 'draw', { deck: 'deck', count: 2 });
  h.play('red', 'roll', { dice: '1d6+1d8', purpose: 'attack' });
  h.play('blue', 'roll', { dice: '1d6', faces: [4] });
  h.play('red', 'move', { pieces: ['ship'], to: 'b' });
  h.play('blue', 'roll', { dice: '3d6', purpose: 'defence' });
  if (options.finish ?? true) h.play('blue', 'concede');
  return h;
}

function exportLines(
  h: MatchHarness,
  key: TestKey = SERVER,
  events: RecordedEvent[] = h.events,
): string[] {
  const headHash = events[events.length - 1].meta.hash;
  const lines: ExportLine[] = [
    exportHeaderOf(h.events[0].data as MatchCreatedData, h.state.seats, '2026-11-22T12:00:00.000Z'),
    ...events.map((event) => ({ kind: 'event' as const, event })),
    {
      kind: 'trailer',
      eventCount: events.length,
      headHash,
      ...(h.state.revealedSeed ? { seed: h.state.revealedSeed } : {}),
      signature: signHead(key, headHash),
    },
  ];
  return lines.map((line) => JSON.stringify(line));
}

const seqOf = (h: MatchHarness, type: string, nth = 0): number =>
  h.events.filter((e) => e.type === type)[nth].seq;

/** Line index of seq s: the header is line 0. */
const lineOf = (seq: number): number => seq + 1;

const trailerOf = (lines: string[]): ExportTrailer =>
  JSON.parse(lines[lines.length - 1]) as ExportTrailer;

function withTrailer(lines: string[], change: (t: ExportTrailer) => ExportTrailer): string[] {
  return [...lines.slice(0, -1), JSON.stringify(change(trailerOf(lines)))];
}

/**
 * Re-seals the events from `from` on, as a forger holding the log would (the forged event's
 * secret committed to afresh), and signs the new head.
 */
function resealed(h: MatchHarness, forged: RecordedEvent, key: TestKey = SERVER): string[] {
  const events = h.events.map((e) => structuredClone(e));
  const { secretSalt } = forged.meta;
  const secret = (forged.data as { secret?: unknown }).secret;
  if (secretSalt !== undefined && secret !== undefined)
    forged.meta.secretCommitment = saltedCommitment(secretSalt, secret);
  events[forged.seq] = forged;
  for (let seq = forged.seq; seq < events.length; seq += 1) {
    events[seq] = sealEvent(events[seq], seq === 0 ? '' : events[seq - 1].meta.hash);
  }
  return exportLines(h, key, events);
}

function expectProblem(verdict: ExportVerdict, code: string, seq?: number): void {
  expect(verdict).toMatchObject({ ok: false, code });
  if (seq !== undefined) expect(verdict).toMatchObject({ seq });
  else expect(verdict).not.toHaveProperty('seq');
}

describe('verifyExport', () => {
  const match = playMatch();
  const intact = exportLines(match);

  it('accepts an intact export of an ended match and counts what it verified', () => {
    const verdict = verifyExport(intact);
    expect(verdict).toEqual({
      ok: true,
      matchId: 'm-export-1',
      headHash: match.state.headHash,
      format: EXPORT_FORMAT,
      counts: {
        events: match.events.length,
        draws: 2,
        decisions: match.events.filter((e) => e.type === 'DecisionMade').length,
        rolls: 3,
        shuffles: 1,
        sealsOpened: 0,
        reportedRolls: { total: 1, confirmed: 0, unconfirmed: 1 },
        receipts: 0,
      },
      dice: 'verified',
      diceModes: { default: 'either' },
      reportedRolls: [
        {
          seq: seqOf(match, 'DiceRolled', 2),
          purpose: 'roll',
          faces: [4],
          reporter: 'blue',
          confirmation: 'unconfirmed',
        },
      ],
      pending: [],
      pendingText: [],
      signedBy: { keyId: SERVER.keyId, publicKey: SERVER.publicKey, trusted: false },
      notProven: [NO_RECEIPTS],
      notProvenText: [NO_RECEIPTS_TEXT],
    });
    expect(verifyExport(intact, [SERVER.publicKey])).toMatchObject({
      ok: true,
      signedBy: { trusted: true },
    });
    const header = JSON.parse(intact[0]);
    expect(header).toMatchObject({
      kind: 'header',
      format: EXPORT_FORMAT,
      matchId: 'm-export-1',
      ruleset: { id: 'freeform', version: freeformRuleset.version },
      seats: [
        { seat: 'red', side: 'Империя', player: { name: 'Player red' } },
        { seat: 'blue', player: { name: 'Player blue' } },
      ],
      commitment: match.state.commitment,
    });
  });

  it('reads a stream of lines, with line breaks, CRLF and a final empty line', async () => {
    async function* stream() {
      for (const line of intact) yield `${line}\r\n`;
      yield '';
    }
    await expect(verifyExportLines(stream())).resolves.toMatchObject({ ok: true });
  });

  it('accepts a live match without its seed, and says the dice are not revealed', () => {
    const live = playMatch({ finish: false });
    const verdict = verifyExport(exportLines(live));
    expect(verdict).toMatchObject({
      ok: true,
      dice: 'not_revealed',
      counts: { rolls: 3, shuffles: 1 },
    });
  });

  it('verifies an export of format 1, whose events hash their secrets bare', () => {
    // The log as it was recorded before commitments: no salt, no commitment, secret hashed.
    const legacy = match.events.map((e) => {
      const { secretCommitment: _c, secretSalt: _s, ...meta } = structuredClone(e.meta);
      return { ...structuredClone(e), meta };
    });
    for (let seq = 0; seq < legacy.length; seq += 1)
      legacy[seq] = sealEvent(legacy[seq], seq === 0 ? '' : legacy[seq - 1].meta.hash);
    expect(legacy.some((e) => (e.data as { secret?: unknown }).secret !== undefined)).toBe(true);
    const lines = exportLines(match, SERVER, legacy);
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), format: 'matchlog-export/1' });
    expect(verifyExport(lines, [SERVER.publicKey])).toMatchObject({
      ok: true,
      counts: { rolls: 3, shuffles: 1 },
      dice: 'verified',
    });
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), format: 'matchlog-export/0' });
    expectProblem(verifyExport(lines), 'unsupported_format');
  });

  describe('an export written before rolls named their seat', () => {
    const fixture = readFileSync(
      join(__dirname, '../../../test/fixtures/exports/freeform-rolls-without-seat.ndjson'),
      'utf8',
    )
      .split('\n')
      .filter((line) => line !== '');
    const eventLines = fixture.filter((line) => line.includes('"kind":"event"'));

    it('still verifies: chain, signature, dice and every decision decided again', () => {
      expect(eventLines.filter((line) => line.includes('"type":"DiceRolled"'))).toHaveLength(4);
      expect(fixture.some((line) => line.includes('"seat":"red","purpose"'))).toBe(false);
      expect(verifyExport(fixture)).toMatchObject({
        ok: true,
        dice: 'verified',
        counts: { rolls: 3, reportedRolls: { total: 1 }, decisions: 6 },
      });
    });

    it('reads the seat of each roll from the decision that caused it', () => {
      const read = rollSeatReader();
      const seats = eventLines
        .map((line) => (JSON.parse(line) as { event: RecordedEvent }).event)
        .flatMap((event) => (event.type === 'DiceRolled' ? [read(event)] : (read(event), [])));
      expect(seats).toEqual(['red', 'blue', 'blue', 'red']);
    });
  });

  it('catches a roll that names another seat than the decision that rolled it, even re-signed', () => {
    const seq = seqOf(match, 'DiceRolled', 0);
    const forged = structuredClone(match.events[seq]);
    expect((forged.data as DiceRolledData).seat).toBe('red');
    (forged.data as DiceRolledData).seat = 'blue';
    expectProblem(verifyExport(resealed(match, forged)), 'decision_mismatch', seq);
  });

  it('catches a secret that does not open its commitment, at its seq', () => {
    const drawnSeq = seqOf(match, 'CardsDrawn');
    expect(match.events[drawnSeq].meta.secretCommitment).toMatch(/^[0-9a-f]{64}$/);
    const lines = [...intact];
    const line = JSON.parse(lines[lineOf(drawnSeq)]);
    line.event.data.secret.pieces.reverse();
    lines[lineOf(drawnSeq)] = JSON.stringify(line);
    expectProblem(verifyExport(lines), 'secret_mismatch', drawnSeq);
  });

  it('finds one byte changed in the data of an event at its seq', () => {
    const seq = seqOf(match, 'PiecesMoved');
    const lines = [...intact];
    expect(lines[lineOf(seq)]).toContain('"to":"b"');
    lines[lineOf(seq)] = lines[lineOf(seq)].replace('"to":"b"', '"to":"c"');
    const verdict = verifyExport(lines);
    expectProblem(verdict, 'hash_mismatch', seq);
    expect(verdict).toMatchObject({ line: lineOf(seq) + 1 });
  });

  it('finds a dropped event at the gap', () => {
    const seq = seqOf(match, 'DeckShuffled');
    const lines = intact.filter((_, i) => i !== lineOf(seq));
    expectProblem(verifyExport(lines), 'seq_out_of_order', seq);
  });

  it('finds two swapped events at the first of them', () => {
    const seq = seqOf(match, 'CardsDrawn');
    const lines = [...intact];
    [lines[lineOf(seq)], lines[lineOf(seq + 1)]] = [lines[lineOf(seq + 1)], lines[lineOf(seq)]];
    expectProblem(verifyExport(lines), 'seq_out_of_order', seq);
  });

  it('agrees with verifyChain on where the chain breaks', () => {
    const seq = seqOf(match, 'DiceRolled', 1);
    const events = match.events.map((e) => structuredClone(e));
    (events[seq].data as DiceRolledData).faces[0] = 7;
    const chain = verifyChain(events);
    expect(chain).toMatchObject({ ok: false, brokenSeq: seq, reason: 'hash_mismatch' });
    expectProblem(verifyExport(exportLines(match, SERVER, events)), 'hash_mismatch', seq);
  });

  describe('a forged die', () => {
    const seq = seqOf(match, 'DiceRolled', 1);
    const forge = (): RecordedEvent => {
      const event = structuredClone(match.events[seq]);
      const data = event.data as DiceRolledData;
      expect(data).toMatchObject({ source: 'server', purpose: 'attack', k: 1 });
      data.faces[0] = (data.faces[0] % 6) + 1;
      return event;
    };

    it('in a re-hashed and re-signed log is caught by the dice at its seq', () => {
      const lines = resealed(match, forge());
      expect(verifyChain(lines.slice(1, -1).map((l) => JSON.parse(l).event))).toMatchObject({
        ok: true,
      });
      const verdict = verifyExport(lines, [SERVER.publicKey]);
      expectProblem(verdict, 'forged_roll', seq);
      expect(verdict.ok === false && verdict.message).toMatch(
        /do not follow from the revealed seed/,
      );
    });

    it('in a re-hashed log whose trailer was left alone is still caught by the dice first', () => {
      const lines = resealed(match, forge());
      lines[lines.length - 1] = intact[intact.length - 1];
      expectProblem(verifyExport(lines), 'forged_roll', seq);
    });

    it('edited in place is caught by the chain at its seq', () => {
      const lines = [...intact];
      lines[lineOf(seq)] = JSON.stringify({ kind: 'event', event: forge() });
      expectProblem(verifyExport(lines), 'hash_mismatch', seq);
    });
  });

  it('catches a forged shuffle and a roll number out of sequence, at their seqs', () => {
    const shuffleSeq = seqOf(match, 'DeckShuffled');
    const shuffle = structuredClone(match.events[shuffleSeq]);
    const secret = (shuffle.data as { secret: { order: string[] } }).secret;
    secret.order = [...secret.order].reverse();
    expectProblem(verifyExport(resealed(match, shuffle)), 'forged_shuffle', shuffleSeq);

    const rollSeq = seqOf(match, 'DiceRolled', 3);
    const roll = structuredClone(match.events[rollSeq]);
    (roll.data as DiceRolledData).k = 5;
    expectProblem(verifyExport(resealed(match, roll)), 'draw_sequence', rollSeq);
  });

  describe('the trailer and the signature', () => {
    it('refuses a signature by another key under the server key, and another key when keys are pinned', () => {
      const head = match.state.headHash;
      const foreignValue = withTrailer(intact, (t) => ({
        ...t,
        signature: { ...t.signature, value: signHead(STRANGER, head).value },
      }));
      expectProblem(verifyExport(foreignValue), 'bad_signature');

      const foreign = exportLines(match, STRANGER);
      expect(verifyExport(foreign)).toMatchObject({
        ok: true,
        signedBy: { keyId: STRANGER.keyId, trusted: false },
      });
      expectProblem(verifyExport(foreign, [SERVER.publicKey]), 'untrusted_key');
    });

    it('refuses a signature over another head hash', () => {
      const lines = withTrailer(intact, (t) => ({
        ...t,
        signature: signHead(SERVER, '0'.repeat(64)),
      }));
      expectProblem(verifyExport(lines), 'bad_signature');
    });

    it('refuses an altered head hash, even when signed again', () => {
      const other = 'f'.repeat(64);
      expectProblem(
        verifyExport(withTrailer(intact, (t) => ({ ...t, headHash: other }))),
        'head_hash_mismatch',
      );
      expectProblem(
        verifyExport(
          withTrailer(intact, (t) => ({
            ...t,
            headHash: other,
            signature: signHead(SERVER, other),
          })),
        ),
        'head_hash_mismatch',
      );
    });

    it('refuses a key id that is not the key’s, and a key that is not base64 SPKI', () => {
      expectProblem(
        verifyExport(
          withTrailer(intact, (t) => ({
            ...t,
            signature: { ...t.signature, keyId: STRANGER.keyId },
          })),
        ),
        'key_id_mismatch',
      );
      expectProblem(
        verifyExport(
          withTrailer(intact, (t) => ({
            ...t,
            signature: { ...t.signature, publicKey: 'bm90IGEga2V5' },
          })),
        ),
        'malformed_signature',
      );
      expectProblem(
        verifyExport(
          withTrailer(intact, (t) => ({
            ...t,
            signature: { ...t.signature, alg: 'RS256' as 'Ed25519' },
          })),
        ),
        'unsupported_signature',
      );
    });

    it('refuses a seed that is not the committed one', () => {
      const wrong = withTrailer(intact, (t) => ({ ...t, seed: 'ab'.repeat(32) }));
      const verdict = verifyExport(wrong);
      expectProblem(verdict, 'commitment_mismatch');
      expect(verdict.ok === false && verdict.message).toMatch(/commitment/);
      expectProblem(
        verifyExport(withTrailer(intact, (t) => ({ ...t, seed: 'not hex' }))),
        'invalid_seed',
      );
    });

    it('uses the seed revealed in the log when the trailer leaves it out', () => {
      const lines = withTrailer(intact, ({ seed: _seed, ...t }) => t);
      expect(verifyExport(lines)).toMatchObject({ ok: true, dice: 'verified' });
    });

    it('names the first missing seq when events are cut from the end, and a wrong count', () => {
      const last = match.events.length - 1;
      expectProblem(
        verifyExport([...intact.slice(0, -2), intact[intact.length - 1]]),
        'event_count_mismatch',
        last,
      );
      expectProblem(
        verifyExport(withTrailer(intact, (t) => ({ ...t, eventCount: t.eventCount + 1 }))),
        'event_count_mismatch',
        last + 1,
      );
    });

    it('says a file without its trailer was cut short', () => {
      expectProblem(verifyExport(intact.slice(0, -1)), 'trailer_missing');
      expectProblem(verifyExport(intact.slice(0, 1)), 'events_missing');
    });
  });

  describe('the file and its header', () => {
    it('wants the header first, JSON on every line, nothing after the trailer', () => {
      expectProblem(verifyExport([]), 'header_missing');
      expect(verifyExport(intact.slice(1))).toMatchObject({
        ok: false,
        code: 'header_missing',
        line: 1,
      });
      const broken = [...intact];
      broken[3] = broken[3].slice(0, -1);
      expect(verifyExport(broken)).toMatchObject({
        ok: false,
        code: 'malformed_line',
        line: 4,
        seq: 2,
      });
      broken[3] = 'not json';
      expect(verifyExport(broken)).toEqual({
        ok: false,
        code: 'malformed_line',
        line: 4,
        message: expect.stringMatching(/^line 4 is not JSON/),
        text: { en: expect.stringMatching(/^line 4 is not JSON/), ru: 'строка 4 — не JSON' },
      });
      expect(verifyExport([...intact, intact[1]])).toMatchObject({
        ok: false,
        code: 'malformed_line',
        line: intact.length + 1,
      });
      const future = [JSON.stringify({ ...JSON.parse(intact[0]), format: 'matchlog-export/9' })];
      expectProblem(verifyExport([...future, ...intact.slice(1)]), 'unsupported_format');
    });

    it('checks what the header repeats against MatchCreated and SeatClaimed', () => {
      const header = JSON.parse(intact[0]);
      const withHeader = (changed: object) => [JSON.stringify(changed), ...intact.slice(1)];
      expectProblem(
        verifyExport(withHeader({ ...header, commitment: 'ab'.repeat(32) })),
        'header_mismatch',
        0,
      );
      expectProblem(
        verifyExport(withHeader({ ...header, options: { house: true } })),
        'header_mismatch',
        0,
      );
      const seats = structuredClone(header.seats);
      seats[1].player.name = 'Someone else';
      expectProblem(verifyExport(withHeader({ ...header, seats })), 'header_mismatch');
    });

    it('refuses events of another match and events of the wrong shape', () => {
      const lines = [...intact];
      const event = JSON.parse(lines[2]).event;
      lines[2] = JSON.stringify({ kind: 'event', event: { ...event, matchId: 'other' } });
      expectProblem(verifyExport(lines), 'match_id_mismatch', 1);
      lines[2] = JSON.stringify({ kind: 'event', event: { seq: 1 } });
      expectProblem(verifyExport(lines), 'malformed_event', 1);
    });
  });

  it('normalizes trusted keys given as PEM or base64 DER, and refuses others', () => {
    const pem = createPublicKey(SERVER.privateKey).export({ format: 'pem', type: 'spki' });
    expect(normalizePublicKey(pem.toString())).toBe(SERVER.publicKey);
    expect(normalizePublicKey(` ${SERVER.publicKey}\n`)).toBe(SERVER.publicKey);
    expect(() => normalizePublicKey('nope')).toThrow(/base64 SPKI DER/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(() =>
      normalizePublicKey(rsa.export({ format: 'pem', type: 'spki' }).toString()),
    ).toThrow(/not Ed25519/);
  });

  describe('receipts', () => {
    /** The receipt the server answers a write with whose last event is `event`. */
    const receiptOf = (event: RecordedEvent, key: TestKey = SERVER): Receipt => {
      const body = receiptBodyOf(event, key.keyId);
      return {
        ...body,
        signature: sign(null, receiptSignedBytes(body), key.privateKey).toString('base64'),
      };
    };
    const ndjson = (receipts: object[]) => receipts.map((r) => JSON.stringify(r));
    /** One receipt per decision, as a seat keeps them: the last event of each write. */
    const kept = match.events
      .filter((e, i) => match.events[i + 1]?.meta.decisionId !== e.meta.decisionId)
      .map((e) => receiptOf(e));

    it('checks every receipt against the export, and says what is not proved without them', () => {
      expect(kept.length).toBeGreaterThan(5);
      expect(verifyExport(intact, undefined, ndjson(kept))).toMatchObject({
        ok: true,
        counts: { receipts: kept.length },
        notProven: [],
      });
      expect(verifyExport(intact)).toMatchObject({
        ok: true,
        counts: { receipts: 0 },
        notProven: [NO_RECEIPTS],
      });
      // Blank lines are skipped, line numbers still count them.
      expect(verifyExport(intact, undefined, ['', ...ndjson(kept), ''])).toMatchObject({
        ok: true,
      });
    });

    it('catches a tail cut off and signed again, naming the first receipt beyond the new end', () => {
      const cut = match.events.length - 3;
      const lines = exportLines(match, SERVER, match.events.slice(0, cut));
      expect(verifyExport(lines)).toMatchObject({ ok: true });
      const beyond = kept.findIndex((r) => r.seq >= cut);
      const verdict = verifyExport(lines, undefined, ndjson(kept));
      expect(verdict).toMatchObject({
        ok: false,
        code: 'receipt_not_in_export',
        receiptLine: beyond + 1,
        seq: kept[beyond].seq,
      });
      expect(verdict.ok || verdict.message).toMatch(/ends at seq \d+: events acknowledged/);
    });

    it('catches an event rewritten after it was acknowledged, which nothing else shows', () => {
      const last = match.events[match.events.length - 1];
      const rewritten = {
        ...structuredClone(last),
        meta: { ...last.meta, recordedAt: '2027-01-01T00:00:00.000Z' },
      };
      const lines = resealed(match, rewritten);
      expect(verifyExport(lines)).toMatchObject({ ok: true });
      expect(verifyExport(lines, undefined, ndjson(kept))).toMatchObject({
        ok: false,
        code: 'receipt_not_in_export',
        receiptLine: kept.length,
        seq: last.seq,
        message: expect.stringMatching(/holds another event there/),
      });
    });

    it('refuses a receipt the server did not sign, of another match, of an unknown key, or malformed', () => {
      const [first] = kept;
      const forged = { ...receiptOf(match.events[first.seq], STRANGER), keyId: SERVER.keyId };
      expect(verifyExport(intact, undefined, ndjson([first, forged]))).toMatchObject({
        ok: false,
        code: 'bad_receipt_signature',
        receiptLine: 2,
        seq: first.seq,
      });
      const altered = { ...first, seq: first.seq + 1 };
      expect(verifyExport(intact, undefined, ndjson([altered]))).toMatchObject({
        code: 'bad_receipt_signature',
      });
      const other = receiptOf({ ...match.events[first.seq], matchId: 'm-other' });
      expect(verifyExport(intact, undefined, ndjson([other]))).toMatchObject({
        code: 'receipt_other_match',
        receiptLine: 1,
      });
      const stranger = receiptOf(match.events[first.seq], STRANGER);
      expect(verifyExport(intact, undefined, ndjson([stranger]))).toMatchObject({
        code: 'receipt_unknown_key',
      });
      // A key given as trusted vouches for receipts of its id (a key the server signed with before).
      expect(
        verifyExport(intact, [SERVER.publicKey, STRANGER.publicKey], ndjson([stranger])),
      ).toMatchObject({ ok: true, counts: { receipts: 1 } });
      for (const bad of ['{', '[]', JSON.stringify({ ...first, headHash: 'abc' })]) {
        expect(verifyExport(intact, undefined, [bad])).toMatchObject({
          ok: false,
          code: 'malformed_receipt',
          receiptLine: 1,
        });
      }
    });

    it('does not take an export signature for a receipt, nor a receipt for an export signature', () => {
      const [first] = kept;
      const headSignature = signHead(SERVER, first.headHash).value;
      expect(
        verifyExport(intact, undefined, ndjson([{ ...first, signature: headSignature }])),
      ).toMatchObject({ code: 'bad_receipt_signature' });
      const lines = exportLines(match);
      const receipted = withTrailer(lines, (t) => ({
        ...t,
        signature: {
          ...t.signature,
          value: receiptOf(match.events[match.events.length - 1]).signature,
        },
      }));
      expect(verifyExport(receipted)).toMatchObject({ ok: false, code: 'bad_signature' });
    });
  });
});
