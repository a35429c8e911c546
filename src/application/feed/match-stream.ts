import { Injectable } from '@nestjs/common';
import { redactEvent } from '../../domain/match/match-view';
import type { Principal } from '../auth/principal';
import { BadRequestError } from '../errors';
import { HiddenInformationAudit } from '../matches/hidden-information-audit';
import { resolveMatchView } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { FeedHub } from './feed-hub';
import { WakeUp } from './wake-up';

export interface MatchStreamRequest {
  /** Exclusive: the stream starts after this seq; undefined: from the first event. */
  afterSeq?: number;
  /** The request's name for `afterSeq`, in refusals (`after`, `Last-Event-ID`). */
  afterName: string;
  signal: AbortSignal;
}

/** An event of the stream: its seq and its JSON as the reader sees it. */
export interface MatchStreamLine {
  seq: number;
  line: string;
}

/**
 * One match's events as a reader sees them (issue 12, point 3): in seq order from
 * `afterSeq`, then live, redacted for the reader and, for a spectator of a live match, only
 * as far as their horizon: events past it come once later decisions bring it forward. The
 * shared FeedHub only says when the match moved; events are read from the log, as far as the
 * reader has read, so a reader that stops reading holds nothing. A judge's reads of a live
 * match are audited as they are shown.
 */
@Injectable()
export class MatchStream {
  constructor(
    private readonly matches: MatchRepository,
    private readonly hub: FeedHub,
    private readonly audit: HiddenInformationAudit,
  ) {}

  /** Checks access and the start seq (a refusal before the first byte), then returns the stream. */
  async open(
    principal: Principal,
    matchId: string,
    request: MatchStreamRequest,
  ): Promise<AsyncGenerator<MatchStreamLine>> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    if (request.afterSeq !== undefined && request.afterSeq > view.horizon) {
      throw new BadRequestError(
        {
          en: `${request.afterName} ${request.afterSeq} is beyond the last seq you may see of match ${matchId} (${view.horizon})`,
          ru: `Событие №${request.afterSeq} дальше последнего, которое вам видно в этом матче (№${view.horizon})`,
        },
        'seq-out-of-range',
      );
    }
    return this.lines(principal, matchId, request.afterSeq ?? -1, request.signal);
  }

  private async *lines(
    principal: Principal,
    matchId: string,
    after: number,
    signal: AbortSignal,
  ): AsyncGenerator<MatchStreamLine> {
    const moved = new WakeUp();
    // Listening before the first read: a move during it still wakes the loop.
    const listening = await this.hub.listen((batch) => {
      if (batch.entries.some((entry) => entry.event.matchId === matchId)) moved.raise();
    });
    let cursor = after;
    try {
      while (!signal.aborted) {
        const state = await this.matches.current(matchId);
        const view = resolveMatchView(principal, state);
        if (view.horizon > cursor) {
          // A judge's read of a live match is recorded before it is shown, range by range.
          await this.audit.viewed(principal, state, view, {
            scope: 'events',
            fromSeq: cursor + 1,
            toSeq: view.horizon,
          });
          const before = cursor;
          for await (const event of this.matches.events(matchId, cursor + 1, view.horizon)) {
            cursor = event.seq;
            yield {
              seq: event.seq,
              line: JSON.stringify(redactEvent(event, view.viewer, view.everything)),
            };
            if (signal.aborted) return;
          }
          // A read that brought nothing waits for the next move: reading again at once would
          // loop on microtasks alone and starve the event loop, the store's commit included.
          if (cursor > before) continue;
        }
        await moved.wait(signal);
      }
    } finally {
      listening.stop();
    }
  }
}
