import { sha256Hex } from '../shared/sha256';
import { canonicalJson, type Omitted } from './canonical-json';
import type { EventMeta, RecordedEvent } from './recorded-event';
import { isStrongSalt, saltedCommitment } from './secret-commitment';

/**
 * The hash of an event: sha256(prevHash + canonicalJson(hashed form)), where the hashed form
 * is the event without `meta.hash` and, when it commits to a secret (`meta.secretCommitment`),
 * also without `data.secret` and `meta.secretSalt`: the commitment stands for them. Events
 * recorded before commitments existed carry no `meta.secretCommitment` and hash their
 * secret bare; both kinds verify.
 */
export function hashEvent(event: RecordedEvent): string {
  return chainHash(event.meta.prevHash, event);
}

/** Fills prevHash and hash of an event that follows `prevHash` in its stream. */
export function sealEvent<T>(
  event: Omit<RecordedEvent<T>, 'meta'> & { meta: Omit<EventMeta, 'prevHash' | 'hash'> },
  prevHash: string,
): RecordedEvent<T> {
  const meta = { ...event.meta, prevHash, hash: '' };
  const sealed: RecordedEvent<T> = { ...event, meta };
  meta.hash = chainHash(prevHash, sealed);
  return sealed;
}

/** The event's secret member (`data.secret`), if it has one. */
export function secretOf(data: unknown): unknown {
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? (data as { secret?: unknown }).secret
    : undefined;
}

/** What the chain leaves out of an event (see hashEvent), as canonicalJson's Omitted. */
const WITHOUT_HASH: Omitted = { meta: { hash: true } };
const WITHOUT_HASH_AND_SALT: Omitted = { meta: { hash: true, secretSalt: true } };
const WITHOUT_SECRET: Omitted = { secret: true };
const WITHOUT_COMMITTED_SECRET: Omitted = {
  meta: { hash: true, secretSalt: true },
  data: WITHOUT_SECRET,
};

/**
 * sha256(prevHash + canonicalJson(the hashed form)), the hashed form written straight from the
 * event with its left-out members skipped: no copy of the event (copies were a third of the
 * check of a load).
 */
function chainHash(
  prevHash: string,
  event: { data: unknown; meta: Pick<EventMeta, 'secretCommitment' | 'secretSalt'> },
): string {
  const omitted =
    event.meta.secretCommitment !== undefined && secretOf(event.data) !== undefined
      ? WITHOUT_COMMITTED_SECRET
      : event.meta.secretSalt === undefined
        ? WITHOUT_HASH
        : WITHOUT_HASH_AND_SALT;
  return sha256Hex(prevHash + canonicalJson(event, omitted));
}

/**
 * The JSON texts an event's data and meta were parsed from, as its store keeps them. A store
 * writes them as canonical JSON (the canonical form the hash was taken over: see
 * `canonicalJson`), so the chain can hash them as they are instead of writing each event again.
 */
export interface StoredJson {
  data: string;
  meta: string;
}

/**
 * hashEvent, taken over the stored JSON text of `event` (parsed from it, as `fromStoredEvent`
 * builds it: no other members) instead of writing the event out again: sha256(prevHash +
 * `{"data":<data>,"eventId":…,"matchId":…,"meta":<meta>,"seq":…,"type":…}`), the meta text
 * without its `hash` member (and `secretSalt`), a committed secret's data written again
 * without it (the one case the stored data is not what the hash covers).
 *
 * Equal to hashEvent when the text is the canonical form the event was sealed over (what the
 * stores write since they keep canonical JSON); any other text (events stored before, a text
 * with other key order or spacing) gives another value, and the caller falls back to hashEvent.
 * It never passes more than hashEvent does: the hash covers the data text byte for byte, and a
 * valid JSON text cannot end early inside `<data>,"eventId":…`, so a text that hashes right is
 * the sealed canonical text; the meta text that hashes right is that text with one
 * `,"hash":"…"` member (and `,"secretSalt":…`) put back into it, and the member taken out is
 * the top-level one that `meta.hash` was read from (a structural member: an unescaped quote
 * after a comma cannot lie inside a string of valid JSON).
 */
export function storedJsonHash(event: RecordedEvent, json: StoredJson): string | undefined {
  const { meta } = event;
  let metaText = withoutMember(json.meta, 'hash', meta.hash);
  if (metaText !== undefined && meta.secretSalt !== undefined)
    metaText = withoutMember(metaText, 'secretSalt', meta.secretSalt);
  if (metaText === undefined) return undefined;
  const data =
    meta.secretCommitment !== undefined && secretOf(event.data) !== undefined
      ? canonicalJson(event.data, WITHOUT_SECRET)
      : json.data;
  // JSON.stringify writes a string as canonical JSON does (which refuses only lone surrogates, so
  // no sealed event has one), and an integer seq as its digits: one native call each.
  return sha256Hex(
    `${meta.prevHash}{"data":${data},"eventId":${JSON.stringify(event.eventId)},"matchId":${JSON.stringify(event.matchId)},"meta":${metaText},"seq":${event.seq},"type":${JSON.stringify(event.type)}}`,
  );
}

/**
 * `json` without the first `,"key":"value"` in it (a string member that is not the first of
 * its object), or undefined when there is none.
 */
function withoutMember(json: string, key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const member = `,"${key}":${JSON.stringify(value)}`;
  const at = json.indexOf(member);
  return at < 0 ? undefined : json.slice(0, at) + json.slice(at + member.length);
}

/**
 * Why an event's secret does not open its commitment, if it does not: a committed secret must
 * come with its salt, and sha256(salt + canonicalJson(secret)) must be the commitment. A
 * redacted event (no secret) has nothing to open; an event recorded before commitments has
 * none to open.
 */
export function secretCommitmentProblem(event: RecordedEvent): string | undefined {
  const { secretCommitment: commitment, secretSalt: salt } = event.meta;
  if (commitment === undefined) return undefined;
  if (typeof commitment !== 'string' || !/^[0-9a-f]{64}$/.test(commitment))
    return `seq ${event.seq}: meta.secretCommitment is not 64 lowercase hex digits`;
  const secret = secretOf(event.data);
  if (secret === undefined) return undefined;
  if (!isStrongSalt(salt))
    return `seq ${event.seq}: its secret comes without a salt of 32 to 128 hex digits (meta.secretSalt)`;
  if (saltedCommitment(salt, secret) !== commitment)
    return `seq ${event.seq}: its secret does not open its commitment (sha256(meta.secretSalt + canonicalJson(data.secret)) differs from meta.secretCommitment)`;
  return undefined;
}

export type ChainBreak =
  | 'seq_out_of_order'
  | 'prev_hash_mismatch'
  | 'hash_mismatch'
  | 'match_id_mismatch'
  | 'secret_mismatch';

export type ChainVerdict =
  | { ok: true; count: number; headHash: string }
  | { ok: false; count: number; brokenSeq: number; reason: ChainBreak; message: string };

export type ChainBreakVerdict = Extract<ChainVerdict, { ok: false }>;

/**
 * Verifies a stream one event at a time, from seq 0 or from a head already verified (the
 * events another replica appended after it): seqs consecutive, each prevHash equal to the
 * previous event's hash, each hash recomputed, each secret against its commitment. The first
 * break is kept; events after it are not checked.
 */
export class ChainVerifier {
  private expectedSeq: number;
  private prevHash: string;
  private matchId: string | undefined;
  private broken: ChainBreakVerdict | undefined;
  /** Set by resumingAt until the event at that head is met. */
  private anchor: { seq: number; hash: string } | undefined;

  /**
   * A verifier that trusts a head verified earlier (seq and hash): the first event it is
   * shown must be that seq, hold that hash and hash to it; the events after it are checked
   * link by link as usual. The events before the head are not looked at.
   */
  static resumingAt(head: { seq: number; hash: string; matchId?: string }): ChainVerifier {
    const verifier = new ChainVerifier({
      lastSeq: head.seq - 1,
      headHash: '',
      matchId: head.matchId,
    });
    verifier.anchor = { seq: head.seq, hash: head.hash };
    return verifier;
  }

  /** False while a verifier from resumingAt has not yet met its head. */
  get anchored(): boolean {
    return this.anchor === undefined;
  }

  constructor(
    head: { lastSeq: number; headHash: string; matchId?: string } = {
      lastSeq: -1,
      headHash: '',
    },
  ) {
    this.expectedSeq = head.lastSeq + 1;
    this.prevHash = head.headHash;
    this.matchId = head.matchId;
  }

  /** The first break met so far, if any. */
  get firstBreak(): ChainBreakVerdict | undefined {
    return this.broken;
  }

  /**
   * Checks the next event; returns the first break once there is one. Given `json`, the text
   * the event was parsed from, its hash is taken over that text (storedJsonHash) and, only
   * when that differs, over the event written again (hashEvent): events stored before the
   * stores kept canonical JSON still verify, and nothing passes that hashEvent would refuse.
   */
  next(event: RecordedEvent, json?: StoredJson): ChainBreakVerdict | undefined {
    if (this.broken) return this.broken;
    const seq = event.seq;
    const broken = (at: number, reason: ChainBreak, message: string): ChainBreakVerdict =>
      (this.broken = { ok: false, count: this.expectedSeq, brokenSeq: at, reason, message });
    this.matchId ??= event.matchId;
    if (seq !== this.expectedSeq)
      return broken(
        this.expectedSeq,
        'seq_out_of_order',
        `expected seq ${this.expectedSeq}, found seq ${seq}`,
      );
    if (event.matchId !== this.matchId)
      return broken(seq, 'match_id_mismatch', `seq ${seq} belongs to match ${event.matchId}`);
    if (this.anchor) {
      // The head's own link backwards is what the earlier verification vouched for.
      if (event.meta.hash !== this.anchor.hash)
        return broken(
          seq,
          'hash_mismatch',
          `seq ${seq} is no longer the event verified earlier: its hash changed`,
        );
      this.prevHash = event.meta.prevHash;
      this.anchor = undefined;
    }
    if (event.meta.prevHash !== this.prevHash)
      return broken(
        seq,
        'prev_hash_mismatch',
        `seq ${seq} does not follow the hash of seq ${seq - 1}`,
      );
    if (
      (json === undefined || storedJsonHash(event, json) !== event.meta.hash) &&
      hashEvent(event) !== event.meta.hash
    )
      return broken(
        seq,
        'hash_mismatch',
        `seq ${seq} was altered: its hash does not match its content`,
      );
    const secret = secretCommitmentProblem(event);
    if (secret) return broken(seq, 'secret_mismatch', secret);
    this.prevHash = event.meta.hash;
    this.expectedSeq += 1;
    return undefined;
  }

  /** The verdict over every event seen. */
  verdict(): ChainVerdict {
    return this.broken ?? { ok: true, count: this.expectedSeq, headHash: this.prevHash };
  }
}

/** Verifies a match stream from seq 0 (ChainVerifier); reports the first broken seq. */
export function verifyChain(events: Iterable<RecordedEvent>): ChainVerdict {
  const verifier = new ChainVerifier();
  for (const event of events) if (verifier.next(event)) break;
  return verifier.verdict();
}
