import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { ChainBreakVerdict } from '../../domain/events/hash-chain';
import { ChainBrokenError, type StreamChainBreak } from '../errors';
import { LruCache } from '../lru-cache';

/**
 * How many verified heads (stream → seq and hash) a process remembers: about 230 bytes of heap
 * each (measured with 300,000), so at most ~46 MB at the default, reached only after loading
 * that many streams.
 */
export const VERIFIED_HEADS_CAPACITY = Symbol('VerifiedHeadsCapacity');
export const DEFAULT_VERIFIED_HEADS = 200_000;

/** The last event of a stream whose chain this process has verified up to it. */
export interface VerifiedHead {
  seq: number;
  hash: string;
}

/**
 * The streams whose hash chain was found broken when they were loaded (the match stream when
 * it is folded, a side stream when its head is first read). Such a stream is served read-only:
 * every write to it is refused (ChainBrokenError, a 409), and nothing signs over it. Each break
 * is logged once, at error, when it is first found.
 */
@Injectable()
export class StreamIntegrity {
  private readonly logger = new Logger('StreamIntegrity');
  private readonly breaks = new Map<string, StreamChainBreak>();
  /**
   * The memory of verified heads: a later load of the stream verifies only from the remembered
   * seq on (ChainVerifier.resumingAt), so a bulk export, a state at a seq or a read model pays
   * the whole check once per stream per process, not once per load. What that does and does
   * not catch:
   *  - caught at load: any change to the event at the remembered seq or after it (its hash
   *    must still be the remembered one and match its content), every event appended since
   *    (by this process or another replica: checked link by link), and a stream cut back or
   *    replaced (the remembered event is missing or another: the whole chain is verified
   *    again, and the break found is named);
   *  - not caught at load: an event before the remembered seq altered in the store after this
   *    process verified it (someone with write access to the file or the database under a
   *    running service): the remembered head vouches for its prefix. That edit is still found
   *    by `GET …/audit` (which verifies the whole chain on every call), by `matchlog doctor`,
   *    at every restart (the memory lives in the process) and once the head is forgotten (LRU).
   */
  private readonly heads: LruCache<string, VerifiedHead>;

  constructor(
    @Optional() @Inject(VERIFIED_HEADS_CAPACITY) headsCapacity: number = DEFAULT_VERIFIED_HEADS,
  ) {
    this.heads = new LruCache(headsCapacity);
  }

  /** The head up to which `stream` was verified in this process, if it is remembered. */
  verifiedHead(stream: string): VerifiedHead | undefined {
    return this.heads.get(stream);
  }

  /** Remembers that `stream` is verified up to `head` (its chain from seq 0 through it). */
  verified(stream: string, head: VerifiedHead): void {
    if (head.seq < 0 || this.breaks.has(stream)) return;
    const known = this.heads.get(stream) !== undefined;
    // A new key is copied flat: a stream name built by concatenation (or sliced out of a URL)
    // would otherwise keep its parts alive, tripling what an entry holds.
    this.heads.set(known ? stream : flatCopy(stream), { seq: head.seq, hash: head.hash });
  }

  /** Records what loading `stream` found: its first break, or none (a verified chain). */
  loaded(stream: string, matchId: string, broken: ChainBreakVerdict | undefined): void {
    if (!broken) {
      this.breaks.delete(stream);
      return;
    }
    this.heads.delete(stream);
    if (this.breaks.has(stream)) return;
    const found: StreamChainBreak = {
      stream,
      matchId,
      brokenSeq: broken.brokenSeq,
      reason: broken.reason,
      message: broken.message,
    };
    this.breaks.set(stream, found);
    this.logger.error(
      `The hash chain of ${stream} (match ${matchId}) breaks at seq ${found.brokenSeq} (${found.reason}: ${found.message}); it is served read-only and refuses writes. List every broken stream with: npm run doctor`,
    );
  }

  /** The break of `stream`, if it was found broken. */
  breakOf(stream: string): StreamChainBreak | undefined {
    return this.breaks.get(stream);
  }

  /** Every stream known to be broken, in the order the breaks were found. */
  knownBreaks(): StreamChainBreak[] {
    return [...this.breaks.values()];
  }

  /** Throws ChainBrokenError when `stream` is known to be broken. */
  refuseWritesToBroken(stream: string): void {
    const broken = this.breaks.get(stream);
    if (broken) throw new ChainBrokenError(broken);
  }
}

function flatCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
