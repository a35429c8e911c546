import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import type { MatchState } from '../../domain/match/match-state';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import { MatchRepository } from '../matches/match-repository';
import { fromStoredEvent } from '../matches/recorded-event.mapping';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { MatchVisibilities, type VisibilityAround } from './match-visibilities';

/** One match event as the global log has it, with its global position. */
export interface FeedEntry {
  position: bigint;
  event: RecordedEvent;
  /** What each kind of reader is shown of it, computed once for all readers of that kind. */
  shown: Map<string, string>;
  /** The match as it stands, loaded once for all readers. */
  state?: Promise<MatchState | undefined>;
  /** Who could see what of the match right before this event and right after it. */
  visibility: Promise<VisibilityAround | undefined>;
  /** Earlier events of the match this one makes visible, by range `from-to`, read once. */
  released?: Map<string, Promise<RecordedEvent[]>>;
}

/** Match events committed close together, handed to every listener at once. */
export interface FeedBatch {
  /** In position order; at least one. */
  entries: FeedEntry[];
  /**
   * What each class of reader is sent of the whole batch (readers with the same principal,
   * filter and framing get the same bytes), computed once by the first reader of the class.
   */
  sent: Map<string, Promise<{ position: string; frames: Buffer } | undefined>>;
}

export type FeedListener = (batch: FeedBatch) => void;

const RETRY_MS = 1000;
/**
 * How long events wait to be handed on together after the previous batch, by how many
 * listen: each reader wakes and writes once per batch instead of once per event (a thousand
 * readers of a thousand decisions a second would otherwise wake two million times a second,
 * and a socket write costs ~9 µs: profiled, 22% of the service's time with 1,000 readers at
 * 40 ms batches). A few readers get events within 10 ms; a thousand share 10 batches a second.
 * A quiet log hands each event on at once.
 */
export function batchIntervalMs(listeners: number): number {
  return Math.min(100, 10 + Math.floor(listeners / 10));
}

/**
 * One subscription to the global log (the EventStore port's `subscribeAll`, the same for
 * SQLite and EventStoreDB) shared by every live reader of the feed and of the per-match
 * streams: a thousand readers cost one read of each new event, not a thousand. It runs only
 * while someone listens, so the decision path pays nothing for it otherwise.
 */
@Injectable()
export class FeedHub implements OnModuleDestroy {
  private readonly logger = new Logger(FeedHub.name);
  private readonly listeners = new Set<FeedListener>();
  /** The last position delivered to the listeners (exclusive start of what they get next). */
  private position: bigint | undefined;
  /** Read from the log, not yet delivered (the next batch). */
  private pending: FeedEntry[] = [];
  private deliveryTimer?: NodeJS.Timeout;
  private lastDelivery = 0;
  private running?: { abort: AbortController; loop: Promise<void>; started: Promise<void> };
  /** Follows each match's visibility as its events come, in log order, for every reader. */
  private readonly visibilities: MatchVisibilities;
  private visibilityTail: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    matches: MatchRepository,
  ) {
    this.visibilities = new MatchVisibilities(matches);
  }

  /**
   * Calls `listener` with every match event committed after the returned position, in
   * position order and in batches, until `stop()`. Call it between two of the listener's own
   * reads of the log: events up to `after` are the caller's to read (readAll), those after it
   * come here.
   */
  async listen(listener: FeedListener): Promise<{ after: bigint | undefined; stop: () => void }> {
    this.listeners.add(listener);
    const running = this.running ?? this.start();
    await running.started;
    return {
      after: this.position,
      stop: () => {
        this.listeners.delete(listener);
        if (this.listeners.size === 0 && this.running === running) this.halt();
      },
    };
  }

  /** The log's last position now (undefined while it is empty). */
  head(): Promise<bigint | undefined> {
    return this.store.lastPosition();
  }

  async onModuleDestroy(): Promise<void> {
    await this.halt();
  }

  private start(): NonNullable<FeedHub['running']> {
    const abort = new AbortController();
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const loop = (async () => {
      this.position = await this.store.lastPosition();
      this.pending = [];
      let received = this.position;
      ready();
      while (!abort.signal.aborted) {
        try {
          for await (const stored of this.store.subscribeAll({
            fromPosition: received,
            filter: { streamPrefix: MATCH_STREAM_PREFIX },
            signal: abort.signal,
          })) {
            received = stored.position;
            const event = fromStoredEvent(stored);
            // One after the other: each event's "before" is the previous one's "after".
            const visibility = this.visibilityTail.then(() => this.visibilities.around(event));
            this.visibilityTail = visibility.catch(() => undefined);
            this.pending.push({ position: stored.position, event, shown: new Map(), visibility });
            this.deliveryTimer ??= setTimeout(
              () => this.deliver(),
              Math.max(
                0,
                this.lastDelivery + batchIntervalMs(this.listeners.size) - performance.now(),
              ),
            );
          }
          return;
        } catch (error) {
          if (abort.signal.aborted) return;
          this.logger.error(`Feed subscription stopped, retrying: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    this.running = { abort, loop, started };
    return this.running;
  }

  /**
   * Hands the pending events to every listener as one batch. The position moves on only
   * now: a listener that joins before this gets the batch, one that joins after reads its
   * events from the log.
   */
  private deliver(): void {
    this.deliveryTimer = undefined;
    this.lastDelivery = performance.now();
    const entries = this.pending;
    if (entries.length === 0) return;
    this.pending = [];
    this.position = entries[entries.length - 1].position;
    const batch: FeedBatch = { entries, sent: new Map() };
    for (const listener of this.listeners) listener(batch);
  }

  private async halt(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    clearTimeout(this.deliveryTimer);
    this.deliveryTimer = undefined;
    this.pending = [];
    running.abort.abort();
    await running.loop;
  }
}
