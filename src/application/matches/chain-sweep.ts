import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import type { StreamChainBreak } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import { EVENT_STORE, StreamNotFoundError, type EventStore } from '../ports/event-store.port';
import {
  CHAINED_STREAM_PREFIXES,
  matchIdOfChainedStream,
  StoredChainCheck,
} from './stored-chain-check';
import { StreamIntegrity } from './stream-integrity';

/** Whether the sweep runs at start (MATCHLOG_CHAIN_SWEEP); on when not provided. */
export const CHAIN_SWEEP_ENABLED = Symbol('ChainSweepEnabled');

/**
 * How long the sweep verifies before it lets the event loop run what waits (requests, commits):
 * the longest a request can wait behind it, besides one page of the store's read.
 */
export const SWEEP_SLICE_MS = 2;
/**
 * When other work ran between two slices (the service is busy), the sweep leaves it this long
 * before its next slice: it then takes at most a quarter of a busy event loop, while a decision
 * passes through several loop turns and would otherwise wait behind a slice in each.
 */
export const SWEEP_BUSY_PAUSE_MS = 3 * SWEEP_SLICE_MS;
/** Time between yielding and resuming beyond which other work is taken to have run. */
const OTHER_WORK_MS = 0.5;

/** What the sweep has done so far (GET /health's chainSweep). */
export interface ChainSweepReport {
  /** off: not run (MATCHLOG_CHAIN_SWEEP=off); failed: the store failed it (`reason`). */
  state: 'pending' | 'off' | 'running' | 'done' | 'failed';
  /** Streams checked: verified by the sweep, or by a load of this process before it got there. */
  streams: number;
  /** Events the sweep read and verified. */
  events: number;
  /** Every stream this process knows to be broken (found by the sweep or by a load). */
  broken: StreamChainBreak[];
  startedAt?: string;
  finishedAt?: string;
  /** Why the sweep stopped before the end (state failed). */
  reason?: string;
}

/**
 * The background chain sweep (issue 38): after start, every chained stream of the store (the
 * match streams and their side streams, named by EventStore.streamNames) is verified from seq 0,
 * as `matchlog doctor` checks a store file (StoredChainCheck), a stream at a time, in slices of
 * SWEEP_SLICE_MS that yield to requests (and pause for SWEEP_BUSY_PAUSE_MS while there are). Each verified head is remembered in StreamIntegrity, so
 * the first load of a swept match checks only from that head on; each break is recorded there
 * (logged once, the stream served read-only, writes refused) before any request reaches the
 * match. Readiness does not wait for it: a load the sweep has not reached yet verifies the
 * stream itself, as it always did. Heads beyond StreamIntegrity's capacity are forgotten (least
 * recently verified first); their breaks are still recorded.
 */
@Injectable()
export class ChainSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ChainSweep');
  private progress: Omit<ChainSweepReport, 'broken'>;
  private stopping = false;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly integrity: StreamIntegrity,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(CHAIN_SWEEP_ENABLED) private readonly enabled: boolean = true,
  ) {
    this.progress = { state: enabled ? 'pending' : 'off', streams: 0, events: 0 };
  }

  onApplicationBootstrap(): void {
    if (this.enabled) void this.sweep();
  }

  /** Stops the sweep at its next slice (before the store closes) and waits for it. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** What the sweep has done so far. */
  report(): ChainSweepReport {
    return { ...this.progress, broken: this.integrity.knownBreaks() };
  }

  /** Runs the sweep (once: a second call waits for the first); resolves with its report. */
  async sweep(): Promise<ChainSweepReport> {
    this.running ??= this.run();
    await this.running;
    return this.report();
  }

  private async run(): Promise<void> {
    this.progress = {
      state: 'running',
      streams: 0,
      events: 0,
      startedAt: this.clock.nowIso(),
    };
    let sliceStarted = performance.now();
    const yieldWhenDue = async (): Promise<void> => {
      if (performance.now() - sliceStarted < SWEEP_SLICE_MS) return;
      const yielded = performance.now();
      await nextTurn();
      if (performance.now() - yielded > OTHER_WORK_MS) await pause(SWEEP_BUSY_PAUSE_MS);
      sliceStarted = performance.now();
    };
    try {
      for await (const stream of this.store.streamNames({
        streamPrefix: [...CHAINED_STREAM_PREFIXES],
      })) {
        if (this.stopping) return;
        await this.check(stream, yieldWhenDue);
        await yieldWhenDue();
      }
      if (this.stopping) return;
      this.progress = { ...this.progress, state: 'done', finishedAt: this.clock.nowIso() };
      const broken = this.integrity.knownBreaks().length;
      const summary = `${this.progress.streams} streams, ${this.progress.events} events verified`;
      if (broken > 0)
        this.logger.error(
          `Chain sweep done: ${summary}; ${broken} broken (GET /health names them)`,
        );
      else this.logger.log(`Chain sweep done: ${summary}; every chain verifies`);
    } catch (error) {
      if (this.stopping) return;
      this.progress = {
        ...this.progress,
        state: 'failed',
        finishedAt: this.clock.nowIso(),
        reason: (error as Error).message,
      };
      this.logger.warn(
        `Chain sweep stopped after ${this.progress.streams} streams: ${(error as Error).message}; each stream is still verified when it is loaded`,
      );
    }
  }

  /** Verifies one stream from seq 0, unless a load of this process already did. */
  private async check(stream: string, yieldWhenDue: () => Promise<void>): Promise<void> {
    const matchId = matchIdOfChainedStream(stream);
    if (matchId === undefined) return;
    if (this.integrity.breakOf(stream) || this.integrity.verifiedHead(stream)) {
      this.progress.streams += 1;
      return;
    }
    const chain = new StoredChainCheck(stream, matchId);
    try {
      for await (const stored of this.store.readJson(stream)) {
        this.progress.events += 1;
        if (chain.next(stored) || this.stopping) break;
        await yieldWhenDue();
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    if (this.stopping) return;
    this.progress.streams += 1;
    const broken = chain.firstBreak;
    if (broken) {
      this.integrity.loaded(stream, matchId, broken);
      return;
    }
    const head = chain.head;
    const known = this.integrity.verifiedHead(stream);
    // An append while the sweep read the stream remembered a later head: keep that one.
    if (head && (known === undefined || known.seq < head.seq))
      this.integrity.verified(stream, head);
  }
}
