import { Injectable, Logger } from '@nestjs/common';
import type { ChainBreakVerdict } from '../../domain/events/hash-chain';
import { ChainBrokenError, type StreamChainBreak } from '../errors';

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

  /** Records what loading `stream` found: its first break, or none (a verified chain). */
  loaded(stream: string, matchId: string, broken: ChainBreakVerdict | undefined): void {
    if (!broken) {
      this.breaks.delete(stream);
      return;
    }
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

  /** Throws ChainBrokenError when `stream` is known to be broken. */
  refuseWritesToBroken(stream: string): void {
    const broken = this.breaks.get(stream);
    if (broken) throw new ChainBrokenError(broken);
  }
}
