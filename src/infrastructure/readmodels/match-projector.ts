import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type Database from 'better-sqlite3';
import { MatchRepository } from '../../application/matches/match-repository';
import { fromStoredEvent } from '../../application/matches/recorded-event.mapping';
import type { ReadModelProgress } from '../../application/ports/read-model-progress.port';
import {
  EVENT_STORE,
  type EventStore,
  type StoredEvent,
} from '../../application/ports/event-store.port';
import {
  SNAPSHOT_INTERVAL,
  SNAPSHOT_STORE,
  type SnapshotStore,
} from '../../application/ports/snapshot-store.port';
import { RULESET_REGISTRY } from '../../application/ports/ruleset-registry.token';
import { MATCH_STREAM_PREFIX, type MatchCreatedData } from '../../domain/match/match-events';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import { matchRecordOf, type MatchRecord } from '../../domain/stats/match-record';
import { ServiceMetrics } from '../observability/metrics';
import { LOCAL_DATABASE } from '../persistence/local-database.provider';
import {
  dropReadModels,
  readModelFormat,
  recordReadModelFormat,
  storedReadModelFormat,
} from './read-model-schema';
import { SqliteDisputeQueue } from './sqlite-dispute-queue';
import { MATCH_PROJECTOR_CHECKPOINT, SqliteMatchIndex } from './sqlite-match-index';
import { SqliteStatsStore } from './sqlite-stats-store';

const CHECKPOINT = MATCH_PROJECTOR_CHECKPOINT;
const BATCH = 500;
/** The first wait after a projection failure; it doubles with each failure in a row, up to RETRY_MAX_MS. */
const RETRY_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** How long live events may wait for the read models (they are eventually consistent anyway). */
const FLUSH_DELAY_MS = 50;
/** Statistics records computed per round of the background work. */
const STATS_BATCH = 50;

/**
 * Feeds the match index and the state snapshots from a checkpointed subscription to the
 * global log (never from the in-process bus alone, so every replica builds its own and a
 * restart resumes where it stopped). Index rows and the checkpoint commit together.
 * A match that finishes is marked in the same transaction; its statistics record is
 * computed from its log after the commit (once per match, never per request).
 */
@Injectable()
export class MatchProjector implements OnApplicationBootstrap, OnModuleDestroy, ReadModelProgress {
  private readonly logger = new Logger(MatchProjector.name);
  private readonly readCheckpoint: Database.Statement<[string], { position: string }>;
  private readonly writeCheckpoint: Database.Statement<[string, string]>;
  private readonly applyBatch: (events: StoredEvent[]) => void;
  /** The connection's own `synchronous` level, put back after each read-model commit. */
  private readonly synchronous: number;
  private abort?: AbortController;
  private loop?: Promise<void>;
  private waiters: { position: bigint; resolve: () => void }[] = [];
  private position: bigint | undefined;
  private snapshotsQueued: Promise<void> = Promise.resolve();
  private statsQueued: Promise<void> = Promise.resolve();
  private statsScheduled = false;
  private statsDue = false;
  /** Why the read models stopped following the log, while they have not caught up since. */
  private stalled: { reason: string; failures: number } | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOCAL_DATABASE) private readonly db: Database.Database,
    private readonly index: SqliteMatchIndex,
    private readonly disputes: SqliteDisputeQueue,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    private readonly matches: MatchRepository,
    private readonly stats: SqliteStatsStore,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    private readonly metrics: ServiceMetrics,
  ) {
    this.synchronous = Number(db.pragma('synchronous', { simple: true }));
    this.readCheckpoint = db.prepare('SELECT position FROM rm_checkpoints WHERE name = ?');
    this.writeCheckpoint = db.prepare(
      'INSERT OR REPLACE INTO rm_checkpoints (name, position) VALUES (?, ?)',
    );
    this.applyBatch = db.transaction((events: StoredEvent[]) => {
      for (const stored of events) {
        const event = fromStoredEvent(stored);
        this.index.apply(event, stored.position);
        this.disputes.apply(event);
        if (this.stats.apply(event)) this.statsDue = true;
      }
      this.writeCheckpoint.run(CHECKPOINT, String(events[events.length - 1].position));
    });
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before the stores close (they close in onApplicationShutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /**
   * Why the read models are not following the log (the last projection failure, while no
   * commit has succeeded since), or undefined: readiness answers 503 with it.
   */
  get notFollowing(): string | undefined {
    return this.stalled?.reason;
  }

  /** The position of the last event the read models include. */
  get checkpoint(): bigint | undefined {
    return this.position;
  }

  /** Resolves once the read models include the event at `position` (read-your-writes for tests and tools). */
  caughtUpTo(position: bigint): Promise<void> {
    if (this.position !== undefined && this.position >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  /**
   * Read models folded by other code (another engine state format or ruleset version, or not
   * recorded, when any exist) are dropped, so the projector folds them again from the log: a
   * snapshot in another state's shape would be misread, the log never is.
   */
  private dropIfFoldedWithOtherRules(): void {
    const format = readModelFormat(this.registry.list());
    const stored = storedReadModelFormat(this.db);
    if (stored === format) return;
    if (stored !== undefined || this.readCheckpoint.get(CHECKPOINT)) {
      this.logger.warn(
        `The read models were folded with ${stored ?? 'an unrecorded format'}; this build folds with ${format}: they are dropped and built again from the log`,
      );
      dropReadModels(this.db);
    }
    recordReadModelFormat(this.db, format);
  }

  /** Drops every read model and builds it again from the whole log; `onProgress` hears the events done. */
  async rebuild(
    onProgress: (events: number) => void = () => undefined,
  ): Promise<{ events: number }> {
    await this.stop();
    dropReadModels(this.db);
    this.position = undefined;
    let events = 0;
    let batch: StoredEvent[] = [];
    for await (const stored of this.store.readAll({
      filter: { streamPrefix: MATCH_STREAM_PREFIX },
    })) {
      batch.push(stored);
      if (batch.length >= BATCH) {
        events += batch.length;
        this.commit(batch);
        batch = [];
        onProgress(events);
      }
    }
    events += batch.length;
    if (batch.length > 0) this.commit(batch);
    await this.snapshotsQueued;
    await this.statsSettled();
    recordReadModelFormat(this.db, readModelFormat(this.registry.list()));
    return { events };
  }

  start(): void {
    if (this.loop) return;
    this.dropIfFoldedWithOtherRules();
    const row = this.readCheckpoint.get(CHECKPOINT);
    this.position = row ? BigInt(row.position) : undefined;
    const abort = new AbortController();
    this.abort = abort;
    this.loop = this.run(abort.signal);
    // Records a crash left pending are computed now.
    this.queueStats();
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    await this.snapshotsQueued;
    await this.statsSettled();
    this.loop = undefined;
  }

  /**
   * Follows the log until `signal` aborts. A failure (the subscription, or a commit, which may
   * run in the flush timer) never escapes: it ends this subscription, is logged and counted,
   * marks the read models not following, and the projection resumes from its checkpoint
   * after a backoff.
   */
  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const subscribed = new AbortController();
      const unsubscribe = () => subscribed.abort();
      signal.addEventListener('abort', unsubscribe);
      let failed: { error: unknown } | undefined;
      try {
        let batch: StoredEvent[] = [];
        let flushScheduled = false;
        const flush = () => {
          flushScheduled = false;
          if (batch.length === 0 || subscribed.signal.aborted) return;
          const done = batch;
          batch = [];
          try {
            this.commit(done);
          } catch (error) {
            // In the timer nothing may throw: the subscription ends and the loop below retries.
            failed = { error };
            subscribed.abort();
          }
        };
        // After a failure with nothing new to project, no commit would say the read models
        // follow again: a store that answers and holds nothing past the checkpoint does.
        if (this.stalled) {
          const head = await this.store.lastPosition({ streamPrefix: MATCH_STREAM_PREFIX });
          if (head === undefined || (this.position !== undefined && head <= this.position))
            this.followingAgain();
        }
        const subscription = this.store.subscribeAll({
          fromPosition: this.position,
          filter: { streamPrefix: MATCH_STREAM_PREFIX },
          signal: subscribed.signal,
        });
        for await (const stored of subscription) {
          batch.push(stored);
          // One transaction (one fsync) per batch: full batches at once (catch-up comes in
          // bursts), live events at most FLUSH_DELAY_MS later, so a busy service does not
          // pay a read-model commit per request.
          if (batch.length >= BATCH) flush();
          else if (!flushScheduled) {
            flushScheduled = true;
            setTimeout(flush, FLUSH_DELAY_MS);
          }
          if (failed) break;
        }
        flush();
        if (failed) throw failed.error;
        return;
      } catch (error) {
        if (signal.aborted) return;
        await this.retryAfter(error, signal);
      } finally {
        signal.removeEventListener('abort', unsubscribe);
        subscribed.abort();
      }
    }
  }

  /** Logs and counts a projection failure, marks the read models not following, waits (backoff). */
  private async retryAfter(error: unknown, signal: AbortSignal): Promise<void> {
    const failures = (this.stalled?.failures ?? 0) + 1;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** (failures - 1));
    const reason = `read models stopped at log position ${this.position ?? 'start'}: ${(error as Error).message ?? String(error)}`;
    this.stalled = { reason, failures };
    this.metrics.countReadModelFailure();
    // One line when the read models stop following (and one when they follow again), not one
    // per retry: the retries are counted in matchlog_read_model_failures_total.
    if (failures === 1)
      this.logger.error(
        { readModels: 'stopped', reason },
        `${reason}; retrying with backoff (${RETRY_MS} ms doubling up to ${RETRY_MAX_MS} ms) until they follow again`,
      );
    this.logger.debug(
      `${(error as Error).stack ?? String(error)}; retrying in ${delay} ms (failure ${failures} in a row)`,
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, delay);
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });
  }

  /** After a failure: one line, and readiness no longer names it. */
  private followingAgain(): void {
    if (!this.stalled) return;
    this.logger.log(
      { readModels: 'following', position: String(this.position ?? 'start') },
      `Read models follow the log again (position ${this.position ?? 'start'}, after ${this.stalled.failures} failed attempts)`,
    );
    this.stalled = undefined;
  }

  /**
   * Read-your-writes (ReadModelProgress): waits until the read models include the log's head as
   * it is now and the statistics records it marked are computed, for at most `withinMs`.
   */
  async catchUp(withinMs: number): Promise<boolean> {
    // Stalled on a failing store: nothing would come within the wait.
    if (this.stalled) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), withinMs);
    });
    const caughtUp = (async () => {
      const head = await this.store.lastPosition({ streamPrefix: MATCH_STREAM_PREFIX });
      if (head !== undefined) await this.caughtUpTo(head);
      await this.statsSettled();
      return true;
    })()
      // An unreachable store leaves the read models as they are: they answer as far as they got.
      .catch(() => false);
    try {
      return await Promise.race([caughtUp, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async stamp(): Promise<string> {
    const head = await this.store.lastPosition({ streamPrefix: MATCH_STREAM_PREFIX });
    return `${head ?? 'none'}.${this.position ?? 'none'}`;
  }

  /** Resolves once every statistics record marked so far is computed. */
  async statsSettled(): Promise<void> {
    let queued: Promise<void>;
    do {
      queued = this.statsQueued;
      await queued;
    } while (queued !== this.statsQueued);
  }

  private commit(events: StoredEvent[]): void {
    this.statsDue = false;
    // The read models are derived and checkpointed in the same transaction: a commit lost to a
    // power cut is redone from the log, so it need not wait for its own fsync (WAL keeps the
    // file consistent). The connection's level (FULL for the events) is restored at once.
    this.db.pragma('synchronous = NORMAL');
    try {
      this.applyBatch(events);
    } finally {
      this.db.pragma(`synchronous = ${this.synchronous}`);
    }
    if (this.statsDue) this.queueStats();
    this.position = events[events.length - 1].position;
    this.followingAgain();
    for (const stored of events) {
      const seq = Number(stored.revision);
      if ((seq + 1) % SNAPSHOT_INTERVAL === 0)
        this.queueSnapshot(fromStoredEvent(stored).matchId, seq);
    }
    const position = this.position;
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.position > position) return true;
      waiter.resolve();
      return false;
    });
  }

  /** One round of background work computes every pending record; marks made meanwhile join the next. */
  private queueStats(): void {
    if (this.statsScheduled) return;
    this.statsScheduled = true;
    this.statsQueued = this.statsQueued.then(async () => {
      this.statsScheduled = false;
      try {
        for (let pending = this.stats.pending(STATS_BATCH); pending.length > 0;) {
          for (const { matchId, seq } of pending)
            this.stats.store(matchId, seq, await this.recordOf(matchId));
          pending = this.stats.pending(STATS_BATCH);
        }
      } catch (error) {
        this.logger.warn(`Statistics records postponed: ${(error as Error).message}`);
      }
    });
  }

  /**
   * A match's statistics record, from its log; undefined unless it finished. A log that cannot
   * be read throws (the mark stays, the record is computed later); a log the fold cannot make
   * a record of has none.
   */
  private async recordOf(matchId: string): Promise<MatchRecord | undefined> {
    const events = await this.matches.eventList(matchId);
    try {
      const created =
        events[0]?.type === 'MatchCreated' ? (events[0].data as MatchCreatedData) : undefined;
      const ruleset = created ? this.registry.get(created.ruleset?.id) : undefined;
      return ruleset ? matchRecordOf(ruleset, events) : undefined;
    } catch (error) {
      this.logger.warn(`No statistics for match ${matchId}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Snapshots are idempotent (keyed by match and seq), so a crash before one is written only costs a longer fold. */
  private queueSnapshot(matchId: string, seq: number): void {
    this.snapshotsQueued = this.snapshotsQueued.then(async () => {
      try {
        const state = await this.matches.stateAt(matchId, seq);
        if (state.lastSeq === seq) await this.snapshots.put(matchId, seq, state);
      } catch (error) {
        this.logger.warn(`Snapshot of ${matchId} at ${seq} skipped: ${(error as Error).message}`);
      }
    });
  }
}
