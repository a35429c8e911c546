import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  DEFAULT_MAX_EVENT_BYTES,
  serializeForAppend,
  StreamNotFoundError,
  type AllFilter,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type StoreHealth,
  type SubscribeAllOptions,
} from '../../../application/ports/event-store.port';
import type { AppendWorkerData } from './sqlite-append.worker';
import { toError, type AppendRequest, type BatchOutcome } from './sqlite-appender';
import { openEventsDatabase } from './sqlite-schema';

export interface SqliteEventStoreOptions {
  dataDir: string;
  /** File name inside `dataDir`. */
  fileName?: string;
  /** Per-event limit on data + meta as JSON, in bytes. */
  maxEventBytes?: number;
}

/** Rows are read in pages so a long stream or the whole log never sits in memory at once. */
const PAGE_SIZE = 1000;
/** SQLite's largest integer: the open upper bound of revisions and positions. */
const MAX_INT64 = 9223372036854775807n;

const EVENT_COLUMNS = 'stream, revision, position, event_id, type, data, meta';
type EventRow = [
  stream: string,
  revision: bigint,
  position: bigint,
  eventId: string,
  type: string,
  data: string,
  meta: string,
];

interface PendingAppend {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * The embedded default event store: one SQLite file in WAL mode with `synchronous=FULL`, so an
 * acknowledged append survives `kill -9` and power loss.
 *
 * Appends are group-committed by a writer thread (sqlite-append.worker) on its own connection:
 * all appends queued while it commits one batch make the next batch, one transaction (one
 * fsync), each append inside its own savepoint so a conflicting append rolls back alone.
 * Promises settle only after the COMMIT has returned. Reads, and the read models that share the
 * file, use the main thread's connection (WAL: readers never wait for the writer).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly maxEventBytes: number;

  private readonly lastPosition: Database.Statement<[], bigint | null>;
  private readonly lastInStream: Database.Statement<[string], [bigint, bigint]>;
  private readonly streamForwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  private readonly streamBackwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  /** readAll statements, one per filter shape (number of prefixes, number of types). */
  private readonly allStatements = new Map<string, Database.Statement<unknown[], EventRow>>();

  private readonly writer: Worker;
  /** Set once the writer thread failed: every later append is refused with it. */
  private writerError: Error | undefined;
  private writerExited = false;
  private queue: PendingAppend[] = [];
  private scheduledFlush: NodeJS.Immediate | undefined;
  /** The batch the writer is committing; at most one, so the next one grows meanwhile. */
  private inFlight: PendingAppend[] | undefined;
  private drained: (() => void) | undefined;
  /** Called after every commit that wrote events, and on close: wakes live subscriptions. */
  private readonly commitListeners = new Set<() => void>();
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    const file = join(options.dataDir, options.fileName ?? 'matchlog.db');
    // Opened (and the schema created) before the writer starts, which then only connects.
    this.db = openEventsDatabase(file);
    this.writer = startWriter({ file });
    this.writer.on('message', (outcome: BatchOutcome) => this.settle(outcome));
    this.writer.on('error', (error) => this.failWriter(error));
    this.writer.on('exit', (code) => {
      this.writerExited = true;
      if (!this.closed) this.failWriter(new Error(`The SQLite writer thread exited (${code})`));
    });
    // Referenced only while a batch is in flight: an idle store does not keep the process alive.
    this.writer.unref();

    // safeIntegers per statement, not per connection: the handle is shared with read models.
    const prepare = <P extends unknown[], R>(sql: string) =>
      this.db.prepare<P, R>(sql).safeIntegers(true);
    this.lastPosition = prepare<[], bigint | null>('SELECT max(position) FROM events').pluck();
    this.lastInStream = prepare<[string], [bigint, bigint]>(
      'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    ).raw();
    this.streamForwards = prepare<[string, bigint, bigint, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? AND revision <= ?
       ORDER BY revision LIMIT ?`,
    ).raw();
    this.streamBackwards = prepare<[string, bigint, bigint, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision <= ? AND revision >= ?
       ORDER BY revision DESC LIMIT ?`,
    ).raw();
  }

  /**
   * The main thread's connection, for the read models and secrets that live in the same file.
   * Its write transactions must be IMMEDIATE (`.immediate()`): the writer thread commits too.
   */
  get database(): Database.Database {
    return this.db;
  }

  append(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.assertOpen();
      if (this.writerError) throw this.writerError;
      // Refuse bad events before anything is queued, so nothing of this append is ever written.
      const serialized = serializeForAppend(events, this.maxEventBytes);
      const request: AppendRequest = {
        stream,
        eventIds: events.map((event) => event.eventId),
        types: events.map((event) => event.type),
        serialized,
        expected,
      };
      this.queue.push({ request, resolve, reject });
      // setImmediate, not a microtask: microtasks drain after every I/O callback, so each HTTP
      // request would make a batch alone; setImmediate runs after the whole poll phase, so all
      // the requests handled in this loop turn share one commit.
      if (!this.inFlight) this.scheduledFlush ??= setImmediate(() => this.flush());
    });
  }

  async *read(stream: string, options: ReadStreamOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const statement = backwards ? this.streamBackwards : this.streamForwards;
    const end = options.to ?? (backwards ? 0n : MAX_INT64);
    let next = options.from ?? (backwards ? MAX_INT64 : 0n);
    let remaining = Math.max(0, options.limit ?? Infinity);
    let firstPage = true;
    for (;;) {
      const pageLimit = Math.min(PAGE_SIZE, remaining);
      const rows = statement.all(stream, next, end, pageLimit);
      if (firstPage && rows.length === 0 && !this.lastInStream.get(stream)) {
        throw new StreamNotFoundError(stream);
      }
      firstPage = false;
      for (const row of rows) yield toStoredEvent(row);
      remaining -= rows.length;
      if (rows.length < pageLimit || remaining === 0) return;
      const lastRevision = rows[rows.length - 1][1];
      next = backwards ? lastRevision - 1n : lastRevision + 1n;
      this.assertOpen();
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    let cursor = options.fromPosition ?? 0n;
    let remaining = options.limit ?? Infinity;
    while (remaining > 0) {
      const pageLimit = Math.min(PAGE_SIZE, remaining);
      const page = this.readAllPage(cursor, MAX_INT64, options.filter, pageLimit);
      for (const event of page) yield event;
      if (page.length < pageLimit) return;
      remaining -= page.length;
      cursor = page[page.length - 1].position;
      this.assertOpen();
    }
  }

  async *subscribeAll(options: SubscribeAllOptions = {}): AsyncIterable<StoredEvent> {
    const { filter, signal } = options;
    let cursor = options.fromPosition ?? 0n;
    // `woken` records any commit since the last query, so one that lands while the consumer is
    // busy with a page is never missed; events are always re-read from the table after `cursor`.
    let woken = false;
    let wakeWaiter: (() => void) | undefined;
    const wake = () => {
      woken = true;
      wakeWaiter?.();
    };
    const ended = () => this.closed || signal?.aborted === true;
    this.commitListeners.add(wake);
    signal?.addEventListener('abort', wake);
    try {
      while (!ended()) {
        woken = false;
        // Rows up to the last position are committed and final (rowids only grow).
        const head = this.lastPosition.get() ?? 0n;
        const page = this.readAllPage(cursor, head, filter, PAGE_SIZE);
        for (const event of page) {
          cursor = event.position;
          yield event;
          if (ended()) return;
        }
        if (page.length === PAGE_SIZE) continue;
        // Every match up to `head` is delivered: skip the rows the filter passed over, so a
        // subscriber to a quiet stream does not rescan the same log tail after every commit.
        if (head > cursor) cursor = head;
        if (!woken) {
          await new Promise<void>((resolve) => (wakeWaiter = resolve));
          wakeWaiter = undefined;
        }
      }
    } finally {
      this.commitListeners.delete(wake);
      signal?.removeEventListener('abort', wake);
    }
  }

  async health(): Promise<StoreHealth> {
    if (this.closed) return { ok: false, store: 'sqlite', version: '', detail: 'closed' };
    try {
      const version = this.db.prepare('SELECT sqlite_version()').pluck().get() as string;
      return { ok: true, store: 'sqlite', version };
    } catch (error) {
      return { ok: false, store: 'sqlite', version: '', detail: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.scheduledFlush) {
      clearImmediate(this.scheduledFlush);
      this.flush();
    }
    // Pending appends are written before the writer stops.
    if (this.inFlight) await new Promise<void>((resolve) => (this.drained = resolve));
    if (!this.writerExited) {
      const exited = new Promise((resolve) => this.writer.once('exit', resolve));
      this.writer.ref();
      this.writer.postMessage(null);
      await exited;
    }
    for (const wake of this.commitListeners) wake();
    this.db.close();
  }

  /** Hands every queued append to the writer as one batch. */
  private flush(): void {
    this.scheduledFlush = undefined;
    if (this.inFlight || this.queue.length === 0) return;
    if (this.writerError) {
      for (const append of this.queue) append.reject(this.writerError);
      this.queue = [];
      return;
    }
    this.inFlight = this.queue;
    this.queue = [];
    this.writer.ref();
    this.writer.postMessage(this.inFlight.map((append) => append.request));
  }

  /** The writer's answer for the batch in flight; then the next batch goes at once. */
  private settle(outcome: BatchOutcome): void {
    const batch = this.inFlight ?? [];
    this.inFlight = undefined;
    this.writer.unref();
    if (!outcome.committed) {
      const error = toError(outcome.error);
      for (const append of batch) append.reject(error);
    } else {
      batch.forEach((append, index) => {
        const result = outcome.outcomes[index];
        if (result.ok) append.resolve(result.result);
        else append.reject(toError(result.error));
      });
      if (outcome.outcomes.some((result) => result.ok)) {
        for (const wake of this.commitListeners) wake();
      }
    }
    this.flush();
    if (!this.inFlight) this.drained?.();
  }

  /** The writer thread crashed: whatever it had and whatever is queued can no longer be written. */
  private failWriter(error: Error): void {
    this.writerError ??= error;
    const lost = [...(this.inFlight ?? []), ...this.queue];
    this.inFlight = undefined;
    this.queue = [];
    for (const append of lost) append.reject(this.writerError);
    this.drained?.();
  }
  /** Up to `limit` events in (after, upTo] that pass the filter, in position order. */
  private readAllPage(
    after: bigint,
    upTo: bigint,
    filter: AllFilter | undefined,
    limit: number,
  ): StoredEvent[] {
    const prefixes = filter?.streamPrefix === undefined ? undefined : [filter.streamPrefix].flat();
    const types = filter?.types;
    const statement = this.allStatement(prefixes?.length, types?.length);
    const params: unknown[] = [after, upTo];
    for (const prefix of prefixes ?? []) params.push(prefix, prefix);
    params.push(...(types ?? []), limit);
    return statement.all(...params).map(toStoredEvent);
  }

  /** The readAll statement for a filter shape; `undefined` counts mean "no such filter". */
  private allStatement(
    prefixCount: number | undefined,
    typeCount: number | undefined,
  ): Database.Statement<unknown[], EventRow> {
    const key = `${prefixCount}:${typeCount}`;
    let statement = this.allStatements.get(key);
    if (!statement) {
      const conditions = ['position > ? AND position <= ?'];
      if (prefixCount !== undefined) {
        const anyPrefix = Array(prefixCount).fill('substr(stream, 1, length(?)) = ?').join(' OR ');
        conditions.push(`(${anyPrefix || '0'})`);
      }
      if (typeCount !== undefined) {
        conditions.push(`type IN (${Array(typeCount).fill('?').join(', ')})`);
      }
      statement = this.db
        .prepare<unknown[], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE ${conditions.join(' AND ')}
           ORDER BY position LIMIT ?`,
        )
        .safeIntegers(true)
        .raw();
      this.allStatements.set(key, statement);
    }
    return statement;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The SQLite event store is closed');
  }
}

function toStoredEvent([
  stream,
  revision,
  position,
  eventId,
  type,
  data,
  meta,
]: EventRow): StoredEvent {
  return {
    stream,
    revision,
    position,
    eventId,
    type,
    data: JSON.parse(data),
    meta: JSON.parse(meta),
  };
}

/**
 * The writer thread. From TypeScript sources (Jest, `node -r @swc-node/register`) the worker
 * registers swc-node itself: workers do not share the parent's module hooks, and Jest's are
 * not process-wide at all. Built (`dist/`), it is the compiled `.js`.
 */
function startWriter(data: AppendWorkerData): Worker {
  const entry = join(__dirname, `sqlite-append.worker${extname(__filename)}`);
  if (extname(__filename) !== '.ts') return new Worker(entry, { workerData: data });
  const register = require.resolve('@swc-node/register');
  return new Worker(`require(${JSON.stringify(register)}); require(${JSON.stringify(entry)});`, {
    eval: true,
    workerData: data,
    execArgv: [],
  });
}
