import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { redactEvent, seesEverything } from '../../domain/match/match-view';
import { MATCH_STREAM_PREFIX, matchStreamName } from '../../domain/match/match-events';
import type { Principal } from '../auth/principal';
import { BadRequestError, NotFoundError } from '../errors';
import { viewerOf, visibleHorizon } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { fromStoredEvent } from '../matches/recorded-event.mapping';
import {
  EVENT_STORE,
  type AllFilter,
  type EventStore,
  type StoredEvent,
} from '../ports/event-store.port';
import { FeedHub, type FeedBatch, type FeedEntry } from './feed-hub';
import { formatFeedPosition, isAfter, type FeedPosition } from './feed-position';
import { MatchVisibilities } from './match-visibilities';
import { WakeUp } from './wake-up';

export interface FeedFilter {
  matchId?: string;
  rulesets?: string[];
  types?: string[];
}

export interface FeedRequest {
  /** Exclusive: the feed starts after this place; undefined: at the head, live. */
  after?: FeedPosition;
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
  frame?: (line: string, position: string) => string;
}

/** An event of the feed: its feed position and the line `{"position":"…","event":{…}}` the reader is shown. */
export interface FeedLine {
  position: string;
  line: string;
}

/** The last item of a feed whose reader fell behind by more than maxBehind live events. */
export interface FeedCutOff {
  /** `behind`: live events it missed before the hub stopped feeding it (at least one). */
  cutOff: { lastPosition?: string; behind: number };
}

/** Live events framed for the reader (FeedRequest.frame), the last at `position`: write the bytes as they are. */
export interface FeedFrames {
  position: string;
  frames: Buffer;
}

/**
 * The feed has given every event that is visible to the reader now and waits for more: a
 * long poll answers here (it never decides by timing, which compression would skew).
 */
export interface FeedCaughtUp {
  caughtUp: true;
}

export type FeedItem = FeedLine | FeedFrames | FeedCutOff | FeedCaughtUp;

/**
 * The global feed (issue 12, point 2; issue 42, point 2; DESIGN §7): every event of every
 * match the reader may see, each once, in the order it became visible to this reader, and
 * resumable after any of its positions with no gap and no duplicate.
 *
 * An event becomes visible to a reader at the log position of an event of its match: its own
 * (a seat, judge or organizer of the match, a finished match, a public match without a
 * spectator delay), the decision that takes the spectator delay past it (a spectator of a
 * live public match), or the end of the match (a stranger to a live private match, and the
 * last decisions still behind the delay). Which it is follows from the log alone (the match's
 * lifecycle, who runs it, its delay: MatchVisibilities), so every read of the same positions
 * gives the same events in the same order, live or a week later. The feed position is that
 * log position, with the event's seq when it is not the event itself (formatFeedPosition).
 *
 * History is read from the log through the EventStore port (readAll), live events come from
 * the shared FeedHub; the switch from one to the other is seamless because the hub says from
 * which log position on it delivers. Each event is redacted as the match's other reads redact
 * it for this reader when it is sent.
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
    if (request.after !== undefined && request.after.at > (head ?? -1n)) {
      const after = formatFeedPosition(request.after);
      throw new BadRequestError(
        {
          en: `${request.afterName} ${after} is beyond the last position of the log (${head ?? 'empty'})`,
          ru: `Позиция ${after} дальше конца журнала (${head ?? 'журнал пуст'})`,
        },
        'position-out-of-range',
      );
    }
    return this.items(
      principal,
      request,
      request.after ?? (head === undefined ? undefined : { at: head }),
    );
  }

  private async *items(
    principal: Principal,
    request: FeedRequest,
    start: FeedPosition | undefined,
  ): AsyncGenerator<FeedItem> {
    const { filter, signal, maxBehind } = request;
    // Every event of the matches, whatever its type: an event of another type can make
    // earlier events visible (the decision that moves the spectator delay, the end).
    const storeFilter: AllFilter = {
      streamPrefix: filter.matchId ? matchStreamName(filter.matchId) : MATCH_STREAM_PREFIX,
    };
    /** The last log position looked at (exclusive start of the next read). */
    let cursor = start?.at;
    // After `at-seq`, the event at `at` is read again: it may make later events of its match
    // visible. Only once: from then on the cursor is a position the feed has looked at.
    let again = start?.seq !== undefined;
    /** The last feed position given, for a cut-off. */
    let given = start === undefined ? undefined : formatFeedPosition(start);
    const history = new MatchVisibilities(this.matches);
    const fromLog = () =>
      this.store.readAll({
        fromPosition: cursor,
        ...(again ? { includeFrom: true } : {}),
        filter: storeFilter,
      });
    const linesOf = async function* (this: GlobalFeed, entry: FeedEntry) {
      for (const line of await this.linesOf(principal, filter, entry)) {
        if (start !== undefined && !isAfter(line.at, start)) continue;
        given = line.position;
        yield { position: line.position, line: line.line };
      }
    }.bind(this);
    // History first, without holding anything live: a week of it is read as fast as it is taken.
    for await (const stored of fromLog()) {
      if (signal.aborted) return;
      cursor = stored.position;
      again = false;
      const entry = entryOf(stored, history);
      // In log order: an event's "before" is its match's previous event's "after".
      await entry.visibility;
      yield* linesOf(entry);
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
          again = false;
          const entry = entryOf(stored, history);
          // In log order: an event's "before" is its match's previous event's "after".
          await entry.visibility;
          yield* linesOf(entry);
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
            const framed = await this.framed(principal, filter, batch, readerClass, frame);
            if (framed) {
              given = framed.position;
              yield framed;
            }
            queued -= batch.entries.length;
          } else {
            for (const entry of batch.entries) {
              if (cursor === undefined || entry.position > cursor) {
                cursor = entry.position;
                yield* linesOf(entry);
              }
              queued -= 1;
              if (signal.aborted) return;
            }
          }
          if (signal.aborted) return;
        }
        if (behind > 0) {
          listening.stop();
          yield { cutOff: { ...(given === undefined ? {} : { lastPosition: given }), behind } };
          return;
        }
        yield { caughtUp: true };
        if (queue.length === 0) await wake.wait(signal);
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
    frame: (line: string, position: string) => string,
  ): Promise<FeedFrames | undefined> {
    let frames = batch.sent.get(readerClass);
    if (!frames) {
      frames = (async () => {
        let text = '';
        let position: string | undefined;
        for (const entry of batch.entries) {
          for (const line of await this.linesOf(principal, filter, entry)) {
            text += frame(line.line, line.position);
            position = line.position;
          }
        }
        return position === undefined ? undefined : { position, frames: Buffer.from(text) };
      })();
      batch.sent.set(readerClass, frames);
    }
    return frames;
  }

  /**
   * The events this log entry makes visible to the reader (none, itself, or earlier events
   * of its match), in seq order, with their feed positions, as the reader is shown them.
   */
  private async linesOf(
    principal: Principal,
    filter: FeedFilter,
    entry: FeedEntry,
  ): Promise<(FeedLine & { at: FeedPosition })[]> {
    const { event } = entry;
    if (filter.matchId !== undefined && event.matchId !== filter.matchId) return [];
    if (filter.rulesets && !filter.rulesets.includes(event.meta.ruleset.id)) return [];
    const around = await entry.visibility;
    if (!around) return [];
    const before = around.before ? visibleHorizon(principal, around.before) : -1;
    const after = Math.min(event.seq, Math.max(before, visibleHorizon(principal, around.after)));
    if (after <= before) return [];
    const released =
      before === event.seq - 1 ? [event] : await this.released(entry, before + 1, after);
    const shown = filter.types
      ? released.filter((each) => filter.types!.includes(each.type))
      : released;
    if (shown.length === 0) return [];
    // One load of the match per event, whoever reads it: it is redacted as it stands now.
    entry.state ??= this.matches.current(event.matchId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    const state = await entry.state;
    if (!state) return [];
    const viewer = viewerOf(principal, state);
    const everything = seesEverything(viewer, state);
    const kind = `${viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind}:${everything}`;
    return shown.map((each) => {
      const at: FeedPosition =
        each.seq === event.seq ? { at: entry.position } : { at: entry.position, seq: each.seq };
      const key = `${kind}:${each.seq}`;
      let line = entry.shown.get(key);
      const position = formatFeedPosition(at);
      if (line === undefined) {
        line = JSON.stringify({ position, event: redactEvent(each, viewer, everything) });
        entry.shown.set(key, line);
      }
      return { at, position, line };
    });
  }

  /** Events `from`..`to` of the entry's match (through the entry itself at most), read once per range. */
  private released(entry: FeedEntry, from: number, to: number): Promise<RecordedEvent[]> {
    entry.released ??= new Map();
    const key = `${from}-${to}`;
    let events = entry.released.get(key);
    if (!events) {
      events = (async () => {
        const read: RecordedEvent[] = [];
        const last = Math.min(to, entry.event.seq - 1);
        if (from <= last)
          for await (const each of this.matches.events(entry.event.matchId, from, last))
            read.push(each);
        if (to === entry.event.seq) read.push(entry.event);
        return read;
      })();
      entry.released.set(key, events);
    }
    return events;
  }
}

function entryOf(stored: StoredEvent, visibilities: MatchVisibilities): FeedEntry {
  const event = fromStoredEvent(stored);
  return {
    position: stored.position,
    event,
    shown: new Map(),
    visibility: visibilities.around(event),
  };
}
