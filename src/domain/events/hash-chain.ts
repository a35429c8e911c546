import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import type { EventMeta, RecordedEvent } from './recorded-event';

/** The hash of an event: sha256(prevHash + canonicalJson(event without meta.hash)). */
export function hashEvent(event: RecordedEvent): string {
  const { hash: _hash, ...metaWithoutHash } = event.meta;
  return chainHash(event.meta.prevHash, { ...event, meta: metaWithoutHash });
}

/** Fills prevHash and hash of an event that follows `prevHash` in its stream. */
export function sealEvent<T>(
  event: Omit<RecordedEvent<T>, 'meta'> & { meta: Omit<EventMeta, 'prevHash' | 'hash'> },
  prevHash: string,
): RecordedEvent<T> {
  // `hash` is undefined while hashing, which canonical JSON leaves out: the same text as
  // hashEvent's, without copying the event twice more.
  const meta = { ...event.meta, prevHash, hash: undefined as unknown as string };
  const sealed: RecordedEvent<T> = { ...event, meta };
  meta.hash = chainHash(prevHash, sealed);
  return sealed;
}

function chainHash(prevHash: string, unsealed: unknown): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(unsealed))
    .digest('hex');
}

export type ChainBreak =
  'seq_out_of_order' | 'prev_hash_mismatch' | 'hash_mismatch' | 'match_id_mismatch';

export type ChainVerdict =
  | { ok: true; count: number; headHash: string }
  | { ok: false; count: number; brokenSeq: number; reason: ChainBreak; message: string };

/**
 * Verifies a match stream from seq 0: seqs consecutive, each prevHash equal to the
 * previous event's hash, each hash recomputed. Reports the first broken seq.
 */
export function verifyChain(events: Iterable<RecordedEvent>): ChainVerdict {
  let expectedSeq = 0;
  let prevHash = '';
  let matchId: string | undefined;
  const broken = (seq: number, reason: ChainBreak, message: string): ChainVerdict => ({
    ok: false,
    count: expectedSeq,
    brokenSeq: seq,
    reason,
    message,
  });
  for (const event of events) {
    matchId ??= event.matchId;
    if (event.seq !== expectedSeq) {
      return broken(
        expectedSeq,
        'seq_out_of_order',
        `expected seq ${expectedSeq}, found seq ${event.seq}`,
      );
    }
    if (event.matchId !== matchId) {
      return broken(
        event.seq,
        'match_id_mismatch',
        `seq ${event.seq} belongs to match ${event.matchId}`,
      );
    }
    if (event.meta.prevHash !== prevHash) {
      return broken(
        event.seq,
        'prev_hash_mismatch',
        `seq ${event.seq} does not follow the hash of seq ${event.seq - 1}`,
      );
    }
    if (hashEvent(event) !== event.meta.hash) {
      return broken(
        event.seq,
        'hash_mismatch',
        `seq ${event.seq} was altered: its hash does not match its content`,
      );
    }
    prevHash = event.meta.hash;
    expectedSeq += 1;
  }
  return { ok: true, count: expectedSeq, headHash: prevHash };
}
