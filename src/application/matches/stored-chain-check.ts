import {
  ChainVerifier,
  type ChainBreakVerdict,
  type StoredJson,
} from '../../domain/events/hash-chain';
import { matchStreamName } from '../../domain/match/match-events';
import { sideStreamName } from '../../domain/match/side-streams';
import {
  TRANSPARENCY_CHECKPOINTS_STREAM,
  TRANSPARENCY_LOG_STREAM,
  TRANSPARENCY_TILES_STREAM,
} from '../../domain/transparency/log-leaf';
import type { StoredEventJson } from '../ports/event-store.port';
import { fromStoredEvent } from './recorded-event.mapping';
import type { VerifiedHead } from './stream-integrity';

/**
 * The streams whose events carry a match's hash chain, by the prefix before the match id: the
 * match stream and its side streams.
 */
export const CHAINED_STREAM_PREFIXES: readonly string[] = [
  matchStreamName(''),
  sideStreamName('notes', ''),
  sideStreamName('audit', ''),
  sideStreamName('judge-notes', ''),
];

/**
 * Streams matchlog writes without a hash chain: the transparency log's leaves prove themselves
 * (a Merkle tree, signed checkpoints); its tiles and checkpoints are checked against them.
 */
export const UNCHAINED_STREAMS: readonly string[] = [
  TRANSPARENCY_LOG_STREAM,
  TRANSPARENCY_TILES_STREAM,
  TRANSPARENCY_CHECKPOINTS_STREAM,
];

/** The match a chained stream belongs to; undefined for a stream that carries no match chain. */
export function matchIdOfChainedStream(stream: string): string | undefined {
  const prefix = CHAINED_STREAM_PREFIXES.find((p) => stream.startsWith(p));
  return prefix === undefined ? undefined : stream.slice(prefix.length);
}

/** A stored event as the store keeps it: data and meta as their JSON text. */
export type StoredEventText = Pick<
  StoredEventJson,
  'stream' | 'revision' | 'eventId' | 'type' | 'data' | 'meta'
>;

/**
 * Verifies one chained stream from seq 0 over its events as the store keeps them (JSON text),
 * one at a time: what `matchlog doctor` checks offline and the chain sweep checks at start.
 * An event that is not JSON breaks its stream there, as an altered one does. The first break
 * is kept; events after it are not checked.
 */
export class StoredChainCheck {
  private readonly chain = new ChainVerifier();
  private unreadable: ChainBreakVerdict | undefined;
  private last: VerifiedHead | undefined;

  constructor(
    readonly stream: string,
    readonly matchId: string,
  ) {}

  /** Checks the stream's next event; returns the first break once there is one. */
  next(stored: StoredEventText): ChainBreakVerdict | undefined {
    const broken = this.firstBreak;
    if (broken) return broken;
    const json: StoredJson = { data: stored.data, meta: stored.meta };
    let parsed: { data: unknown; meta: unknown };
    try {
      parsed = { data: JSON.parse(json.data), meta: JSON.parse(json.meta) };
    } catch {
      const seq = Number(stored.revision);
      return (this.unreadable = {
        ok: false,
        count: seq,
        brokenSeq: seq,
        reason: 'hash_mismatch',
        message: `seq ${seq} is not JSON`,
      });
    }
    const event = fromStoredEvent({ ...stored, ...parsed }, this.matchId);
    const found = this.chain.next(event, json);
    if (!found) this.last = { seq: event.seq, hash: event.meta.hash };
    return found;
  }

  /** The first break met so far, if any. */
  get firstBreak(): ChainBreakVerdict | undefined {
    return this.unreadable ?? this.chain.firstBreak;
  }

  /** The last event verified, while the stream verifies: the head to remember. */
  get head(): VerifiedHead | undefined {
    return this.firstBreak ? undefined : this.last;
  }
}
