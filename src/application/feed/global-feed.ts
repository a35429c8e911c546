import { Inject, Injectable } from '@nestjs/common';
import { redactEvent } from '../../domain/match/match-view';
import { MATCH_STREAM_PREFIX, matchStreamName } from '../../domain/match/match-events';
import type { Principal } from '../auth/principal';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import { resolveMatchView } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { fromStoredEvent } from '../matches/recorded-event.mapping';
import {
  EVENT_STORE,
  type AllFilter,
  type EventStore,
  type StoredEvent,
} from '../ports/event-store.port';
import { FeedHub, type FeedBatch, type FeedEntry } from './feed-hub';
import { WakeUp } from './wake-up';

export interface FeedFilter {
  matchId?: string;
  rulesets?: string[];
  types?: string[];
}

export interface FeedRequest {
  /** Exclusive: the feed starts after this global position; undefined: at the head, live. */
  after?: bigint;
  /** The request's name for `after`, in refusals (`after`, `Last-Event-ID`). */
  afterName: string;
  filter: FeedFilter;
  /** Live events the reader may fall behind by before it is cut off. */
  maxBehind: number;
  /** Ends the feed (the reader went away). */
  signal: AbortSignal;
  /**
   * How the reader's transport frames one event line (an SSE message). Given, live events go
   * out framed, a batch at a time, the bytes shared by every reader of the same class.
   */
  frame?: (line: string, position: bigint) => string;
}

/** An event of the feed: its position and the line `{"position":"…","event":{…}}` the reader is shown. */
export interface FeedLine {
  position: bigint;
  line: string;
}

/** The last item of a feed whose reader fell behind by more than maxBehind live events. */
export interface FeedCutOff {
  /** `behind`: live events it missed before the hub stopped feeding it (at least one). */
  cutOff: { lastPosition?: bigint; behind: number };
}

/** Live events framed for the reader (FeedRequest.frame), up to `position`: write the bytes as they are. */
export interface FeedFrames {
  position: bigint;
  frames: Buffer;
}

export type FeedItem = FeedLine | FeedFrames | FeedCutOff;

/**
 * The global feed (issue 12, point 2): the events of every match the reader may see, in
 * global commit order, each with its global position, resumable after any position with no
 * gap and no duplicate. History is read from the log through the EventStore port (readAll),
 * live events come from the shared FeedHub; the switch from one to the other is seamless
 * because the hub says from which position on it delivers.
 *
 * Each event is shown as the match's other reads show it to this reader: redacted for them,
 * never a live private match to a stranger; a live public match with a spectator delay is
 * left out for spectators (its per-match stream gives it with the delay: a position-ordered
 * feed cannot hold events back without breaking resumption), and what it records once it
 * has ended is in the feed.
 */
@Injectable()
export class GlobalFeed {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly hub: FeedHub,
    private readonly matches: MatchRepository,
  ) {}

  /** Checks the request (a refusal before the first byte), then returns the feed. */
  async open(principal: Principal, request: FeedRequest): Promise<AsyncGenerator<FeedItem>> {
    const head = await this.hub.head();
    if (request.after !== undefined && request.after > (head ?? -1n)) {
      throw new BadRequestError(
        {
          en: `${request.afterName} ${request.after} is beyond the last position of the log (${head ?? 'empty'})`,
          ru: `Позиция ${request.after} дальше конца журнала (${head ?? 'журнал пуст'})`,
        },
        'position-out-of-range',
      );
    }
    return this.items(principal, request, request.after ?? head);
  }

  private async *items(
    principal: Principal,
    request: FeedRequest,
    start: bigint | undefined,
  ): AsyncGenerator<FeedItem> {
    const { filter, signal, maxBehind } = request;
    const storeFilter: AllFilter = {
      streamPrefix: filter.matchId ? matchStreamName(filter.matchId) : MATCH_STREAM_PREFIX,
      ...(filter.types ? { types: filter.types } : {}),
    };
    let cursor = start;
    const fromLog = () => this.store.readAll({ fromPosition: cursor, filter: storeFilter });
    // History first, without holding anything live: a week of it is read as fast as it is taken.
    for await (const stored of fromLog()) {
      if (signal.aborted) return;
      cursor = stored.position;
      const line = await this.lineOf(principal, filter, entryOf(stored));
      if (line !== null) yield { position: stored.position, line };
    }
    const queue: FeedBatch[] = [];
    /** Live events queued for this reader: its buffer, bounded by maxBehind. */
    let queued = 0;
    let behind = 0;
    const wake = new WakeUp();
    let stopListening = () => {};
    const listening = await this.hub.listen((batch) => {
      const count = batch.entries.length;
      const room = behind === 0 ? maxBehind - queued : 0;
      if (count <= room) {
        queue.push(batch);
        queued += count;
      } else {
        // Cut off: the hub stops feeding a reader that stopped reading. What fits in its
        // buffer is still delivered, so it resumes right after the last event it got.
        if (room > 0) {
          queue.push({ entries: batch.entries.slice(0, room), sent: new Map() });
          queued += room;
        }
        behind += count - Math.max(0, room);
        stopListening();
      }
      wake.raise();
    });
    stopListening = listening.stop;
    try {
      // What was committed between the end of history and the hub's start point.
      if (listening.after !== undefined && (cursor === undefined || listening.after > cursor)) {
        for await (const stored of fromLog()) {
          if (signal.aborted) return;
          if (stored.position > listening.after) break;
          cursor = stored.position;
          const line = await this.lineOf(principal, filter, entryOf(stored));
          if (line !== null) yield { position: stored.position, line };
        }
      }
      const { frame } = request;
      // The readers that get the same bytes of a batch: same principal, filter and framing.
      const readerClass = frame && JSON.stringify([principal, filter]);
      while (!signal.aborted) {
        for (let batch = queue.shift(); batch; batch = queue.shift()) {
          // Entries leave the count once the reader has taken them: one held at a yield
          // still takes room in its buffer.
          const last = batch.entries[batch.entries.length - 1].position;
          if (
            frame &&
            readerClass &&
            (cursor === undefined || batch.entries[0].position > cursor)
          ) {
            cursor = last;
            const frames = await this.framed(principal, filter, batch, readerClass, frame);
            if (frames) yield { position: last, frames };
            queued -= batch.entries.length;
          } else {
            for (const entry of batch.entries) {
              if (cursor === undefined || entry.position > cursor) {
                cursor = entry.position;
                const line = await this.lineOf(principal, filter, entry);
                if (line !== null) yield { position: entry.position, line };
              }
              queued -= 1;
              if (signal.aborted) return;
            }
          }
          if (signal.aborted) return;
        }
        if (behind > 0) {
          listening.stop();
          yield { cutOff: { ...(cursor === undefined ? {} : { lastPosition: cursor }), behind } };
          return;
        }
        await wake.wait(signal);
      }
    } finally {
      listening.stop();
    }
  }

  /** The batch as this class of reader is sent it, framed; undefined when it shows them nothing. */
  private framed(
    principal: Principal,
    filter: FeedFilter,
    batch: FeedBatch,
    readerClass: string,
    frame: (line: string, position: bigint) => string,
  ): Promise<Buffer | undefined> {
    let frames = batch.sent.get(readerClass);
    if (!frames) {
      frames = (async () => {
        let text = '';
        for (const entry of batch.entries) {
          const line = await this.lineOf(principal, filter, entry);
          if (line !== null) text += frame(line, entry.position);
        }
        return text === '' ? undefined : Buffer.from(text);
      })();
      batch.sent.set(readerClass, frames);
    }
    return frames;
  }

  /** The event's line as this reader sees it, or null when the feed leaves it out for them. */
  private async lineOf(
    principal: Principal,
    filter: FeedFilter,
    entry: FeedEntry,
  ): Promise<string | null> {
    const { event } = entry;
    if (filter.matchId !== undefined && event.matchId !== filter.matchId) return null;
    if (filter.types && !filter.types.includes(event.type)) return null;
    if (filter.rulesets && !filter.rulesets.includes(event.meta.ruleset.id)) return null;
    // One load of the match per event, whoever reads it.
    entry.state ??= this.matches.current(event.matchId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    const state = await entry.state;
    if (!state) return null;
    let view;
    try {
      view = resolveMatchView(principal, state);
    } catch (error) {
      if (error instanceof ForbiddenError) return null;
      throw error;
    }
    if (view.delayed || event.seq > view.horizon) return null;
    const key = `${view.viewer.kind === 'seat' ? `seat:${view.viewer.seat}` : view.viewer.kind}:${view.everything}`;
    let line = entry.shown.get(key);
    if (line === undefined) {
      line = JSON.stringify({
        position: String(entry.position),
        event: redactEvent(event, view.viewer, view.everything),
      });
      entry.shown.set(key, line);
    }
    return line;
  }
}

function entryOf(stored: StoredEvent): FeedEntry {
  return { position: stored.position, event: fromStoredEvent(stored), shown: new Map() };
}
