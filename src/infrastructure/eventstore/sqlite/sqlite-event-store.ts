import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  DEFAULT_MAX_EVENT_BYTES,
  matchesFilter,
  type AllFilter,
  serializeForAppend,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadJsonOptions,
  type ReadStreamOptions,
  type RecordedJsonOptions,
  type RecordedJsonPage,
  type StoredEvent,
  type StoredEventJson,
  type StoreHealth,
  type SubscribeAllOptions,
} from '../../../application/ports/event-store.port';
import {
  commitReport,
  countedEvent,
  type CommitReport,
  type CountedEvent,
} from '../../observability/metrics';
import { DuplicateEventIdError } from './duplicate-event-id.error';
import { INSERT_EVENT_SQL, openEventsDatabase, SQLITE_EVENTS_FILE } from './sqlite-schema';

export interface SqliteEventStoreOptions {
  dataDir: string;
  /** File name inside `dataDir`. */
  fileName?: string;
  /** Per-event limit on data + meta as JSON, in bytes. */
  maxEventBytes?: number;
  /** Told after each commit that wrote events (the service's metrics). */
  onCommit?(report: CommitReport): void;
}

/** Rows are read in pages so a long stream or the whole log never sits in memory at once. */
const PAGE_SIZE = 1000;
/** Stream names per query of streamNames. */
const STREAM_NAMES_PAGE = 500;
/** SQLite's largest integer: the open upper bound of revisions and positions. */
const MAX_INT64 = 9223372036854775807n;

const EVENT_COLUMNS = 'stream, revision, position, event_id, type, data, meta';
/**
 * A page of readRecordedJson: the joined JSON, how many events, the last revision, how many
 * counted, the last event's meta.
 */
type RecordedJsonRow = [
  json: Buffer | null,
  events: bigint,
  lastRevision: bigint | null,
  counted: bigint,
  lastMeta: string | null,
];

/**
 * The text `recordedEventJson` makes of a row (`?` binds the match id), built by SQLite so that a
 * page of events reaches JavaScript as one buffer of UTF-8: no string per column, no decoding
 * and encoding again. json_quote quotes as JSON.stringify does (checked in the contract suite);
 * data and meta are stored as JSON.stringify wrote them. One printf, not a chain of `||` each
 * copying the text so far: a page of 100 events in about 0.17 ms against 0.23 ms.
 */
const RECORDED_EVENT_JSON_SQL = `printf('{"eventId":%s,"matchId":%s,"seq":%d,"type":%s,"data":%s,"meta":%s}',
  json_quote(event_id), json_quote(?), revision, json_quote(type), data, meta)`;

/** `type IN (?, …)` for `count` bound types. */
function typeIn(count: number): string {
  return `type IN (${Array(count).fill('?').join(', ')})`;
}

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
  stream: string;
  eventIds: string[];
  /** What the metrics count of each event. */
  counted: CountedEvent[];
  serialized: { data: string; meta: string }[];
  expected: ExpectedRevision;
  /** Writes of the caller's own, in the append's savepoint: kept or rolled back with it. */
  alsoWrite?: () => void;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

/**
 * The embedded default event store: one SQLite file in WAL mode with `synchronous=FULL`, so an
 * acknowledged append survives `kill -9` and power loss.
 *
 * Appends are group-committed: every append queued during one turn of the event loop is written
 * in a single transaction (one fsync), each inside its own savepoint so a conflicting append
 * rolls back alone. Promises settle only after the COMMIT has returned.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly maxEventBytes: number;
  private readonly onCommit?: (report: CommitReport) => void;

  private readonly selectLastPosition: Database.Statement<[], bigint | null>;
  private readonly newestFirst: Database.Statement<[], [string, string, bigint]>;
  private readonly lastInStream: Database.Statement<[string], [bigint, bigint]>;
  private readonly insertEvent: Database.Statement<
    [string, bigint, string, string, string, string]
  >;
  /** Up to a page of stream names after a name, in order (streamNames). */
  private readonly streamNamesAfter: Database.Statement<[string, number], string>;
  private readonly findByEventId: Database.Statement<[string], [string, bigint]>;
  private readonly eventIdsFrom: Database.Statement<[string, bigint, number], [string, bigint]>;
  private readonly streamForwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  private readonly streamBackwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  /** Stream reads with a type filter, one statement per direction and number of types. */
  private readonly typedStreamStatements = new Map<
    string,
    Database.Statement<unknown[], EventRow>
  >();
  /** readRecordedJson statements, one per number of counted types. */
  private readonly recordedJsonStatements = new Map<
    number,
    Database.Statement<unknown[], RecordedJsonRow>
  >();
  /** readAll statements, one per filter shape (number of prefixes, number of types). */
  private readonly allStatements = new Map<string, Database.Statement<unknown[], EventRow>>();

  private readonly writeBatch: Database.Transaction<(batch: PendingAppend[]) => AppendOutcome[]>;
  private readonly appendInSavepoint: (append: PendingAppend) => AppendResult;

  private queue: PendingAppend[] = [];
  private scheduledFlush: NodeJS.Immediate | undefined;
  /** Called after every commit that wrote events, and on close: wakes live subscriptions. */
  private readonly commitListeners = new Set<() => void>();
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.onCommit = options.onCommit;
    this.db = openEventsDatabase(join(options.dataDir, options.fileName ?? SQLITE_EVENTS_FILE));

    // safeIntegers per statement, not per connection: the handle is shared with read models.
    const prepare = <P extends unknown[], R>(sql: string) =>
      this.db.prepare<P, R>(sql).safeIntegers(true);
    this.selectLastPosition = prepare<[], bigint | null>(
      'SELECT max(position) FROM events',
    ).pluck();
    this.newestFirst = prepare<[], [string, string, bigint]>(
      'SELECT stream, type, position FROM events ORDER BY position DESC',
    ).raw();
    this.lastInStream = prepare<[string], [bigint, bigint]>(
      'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    ).raw();
    this.insertEvent = prepare(INSERT_EVENT_SQL);
    // One seek of the (stream, revision) index per stream, never a walk over every event.
    this.streamNamesAfter = this.db
      .prepare<[string, number], string>(
        `WITH RECURSIVE names(stream, n) AS (
           SELECT (SELECT min(stream) FROM events WHERE stream > ?), 1
           UNION ALL
           SELECT (SELECT min(stream) FROM events WHERE stream > names.stream), n + 1
             FROM names WHERE names.stream IS NOT NULL AND n < ?
         )
         SELECT stream FROM names WHERE stream IS NOT NULL`,
      )
      .pluck();
    this.findByEventId = prepare<[string], [string, bigint]>(
      'SELECT stream, revision FROM events WHERE event_id = ?',
    ).raw();
    this.eventIdsFrom = prepare<[string, bigint, number], [string, bigint]>(
      'SELECT event_id, position FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ).raw();
    this.streamForwards = prepare<[string, bigint, bigint, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? AND revision <= ?
       ORDER BY revision LIMIT ?`,
    ).raw();
    this.streamBackwards = prepare<[string, bigint, bigint, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision <= ? AND revision >= ?
       ORDER BY revision DESC LIMIT ?`,
    ).raw();

    this.appendInSavepoint = this.db.transaction((append: PendingAppend) => this.appendOne(append));
    this.writeBatch = this.db.transaction((batch: PendingAppend[]) =>
      batch.map((append): AppendOutcome => {
        try {
          return { ok: true, result: this.appendChecked(append) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** The underlying connection, for the read models and secrets that live in the same file. */
  get database(): Database.Database {
    return this.db;
  }

  /**
   * `alsoWrite` (this store's own, not the port's): statements on `database` run after the
   * events are inserted, in the same savepoint, so they are committed with the events or not at
   * all (the transparency log's tiles with the leaf that completes them).
   */
  append(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    alsoWrite?: () => void,
  ): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.assertOpen();
      // Refuse bad events before anything is queued, so nothing of this append is ever written.
      const serialized = serializeForAppend(events, this.maxEventBytes);
      this.queue.push({
        stream,
        eventIds: events.map((event) => event.eventId),
        counted: events.map(countedEvent),
        serialized,
        expected,
        alsoWrite,
        resolve,
        reject,
      });
      // setImmediate, not a microtask: microtasks drain after every I/O callback, so each HTTP
      // request would commit alone; setImmediate runs after the whole poll phase, so all the
      // requests handled in this loop turn share one commit (20k vs 2.6k appends/s measured
      // with 64 HTTP connections).
      this.scheduledFlush ??= setImmediate(() => this.flush());
    });
  }

  async *read(stream: string, options: ReadStreamOptions = {}): AsyncIterable<StoredEvent> {
    for (const row of this.streamRows(stream, options)) yield withStoredJson(row);
  }

  async *readJson(stream: string, options: ReadJsonOptions = {}): AsyncIterable<StoredEventJson> {
    for (const row of this.streamRows(stream, options)) yield toStoredEventJson(row);
  }

  /** The rows of a stream read, a page at a time (the caller's iteration pulls each page). */
  private *streamRows(stream: string, options: ReadJsonOptions): Generator<EventRow> {
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const { types } = options;
    const typed = types && this.typedStreamStatement(backwards, types.length);
    const statement = backwards ? this.streamBackwards : this.streamForwards;
    const end = options.to ?? (backwards ? 0n : MAX_INT64);
    let next = options.from ?? (backwards ? MAX_INT64 : 0n);
    let remaining = Math.max(0, options.limit ?? Infinity);
    let firstPage = true;
    for (;;) {
      const pageLimit = Math.min(PAGE_SIZE, remaining);
      const rows = typed
        ? typed.all(stream, next, end, ...types, pageLimit)
        : statement.all(stream, next, end, pageLimit);
      if (firstPage && rows.length === 0 && !this.lastInStream.get(stream)) {
        throw new StreamNotFoundError(stream);
      }
      firstPage = false;
      yield* rows;
      remaining -= rows.length;
      if (rows.length < pageLimit || remaining === 0) return;
      const lastRevision = rows[rows.length - 1][1];
      next = backwards ? lastRevision - 1n : lastRevision + 1n;
      this.assertOpen();
    }
  }

  async *readRecordedJson(
    stream: string,
    options: RecordedJsonOptions,
  ): AsyncIterable<RecordedJsonPage> {
    this.assertOpen();
    const countTypes = options.countTypes ?? [];
    const statement = this.recordedJsonStatement(countTypes.length);
    const end = options.to ?? MAX_INT64;
    let next = options.from ?? 0n;
    for (let firstPage = true; ; firstPage = false) {
      const [json, events, lastRevision, counted, lastMeta] = statement.get(
        options.matchId,
        ...countTypes,
        stream,
        next,
        end,
        PAGE_SIZE,
      )!;
      if (json === null || lastRevision === null || lastMeta === null) {
        if (firstPage && !this.lastInStream.get(stream)) throw new StreamNotFoundError(stream);
        return;
      }
      yield { json, events: Number(events), lastRevision, counted: Number(counted), lastMeta };
      if (events < PAGE_SIZE || lastRevision >= end) return;
      next = lastRevision + 1n;
      this.assertOpen();
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    // Positions are integers: "after the one before" is "from" itself.
    let cursor =
      options.fromPosition === undefined
        ? 0n
        : options.includeFrom
          ? options.fromPosition - 1n
          : options.fromPosition;
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

  async *streamNames(filter?: Pick<AllFilter, 'streamPrefix'>): AsyncIterable<string> {
    this.assertOpen();
    let after = '';
    for (;;) {
      const page = this.streamNamesAfter.all(after, STREAM_NAMES_PAGE);
      for (const stream of page) if (matchesFilter(stream, '', filter)) yield stream;
      if (page.length < STREAM_NAMES_PAGE) return;
      after = page[page.length - 1];
      this.assertOpen();
    }
  }

  async lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    this.assertOpen();
    if (!filter) return this.selectLastPosition.get() ?? undefined;
    // From the end backwards: the last wanted event is usually among the last few.
    for (const [stream, type, position] of this.newestFirst.iterate())
      if (matchesFilter(stream, type, filter)) return position;
    return undefined;
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
        const head = this.selectLastPosition.get() ?? 0n;
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
    if (this.scheduledFlush) {
      clearImmediate(this.scheduledFlush);
      this.flush();
    }
    this.closed = true;
    for (const wake of this.commitListeners) wake();
    this.db.close();
  }

  /** Writes every queued append in one transaction, then settles their promises. */
  private flush(): void {
    this.scheduledFlush = undefined;
    const batch = this.queue;
    this.queue = [];
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.writeBatch.immediate(batch);
    } catch (error) {
      // The COMMIT itself failed (I/O error, disk full): nothing of the batch is durable.
      for (const append of batch) append.reject(error);
      return;
    }
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    });
    if (outcomes.some((outcome) => outcome.ok)) {
      for (const wake of this.commitListeners) wake();
      this.onCommit?.(commitReport(batch.filter((_, i) => outcomes[i].ok).map((a) => a.counted)));
    }
  }

  /** One append inside the batch: its own savepoint, plus the idempotent-retry check. */
  private appendChecked(append: PendingAppend): AppendResult {
    try {
      return this.appendInSavepoint(append);
    } catch (error) {
      // The savepoint is rolled back; was this append already written by an earlier attempt?
      const retried = this.findEarlierAppend(append);
      if (retried) return retried;
      if (isDuplicateEventId(error)) throw new DuplicateEventIdError(append.stream, error);
      throw error;
    }
  }

  private appendOne(append: PendingAppend): AppendResult {
    const { stream, expected } = append;
    const last = this.lastInStream.get(stream);
    const current = last?.[0];
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' ? current === undefined : current === expected);
    if (!matches) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
    // An empty append reports the stream as it is: -1 for both when it does not exist (as ESDB).
    let revision = current ?? -1n;
    let position = last?.[1] ?? -1n;
    append.serialized.forEach(({ data, meta }, index) => {
      revision += 1n;
      const written = this.insertEvent.run(
        stream,
        revision,
        append.eventIds[index],
        append.counted[index].type,
        data,
        meta,
      );
      position = BigInt(written.lastInsertRowid);
    });
    append.alsoWrite?.();
    return { nextRevision: revision, position };
  }

  /**
   * The result of the same append made before (same event ids, in this stream, at the revisions
   * this append would give them), or undefined.
   */
  private findEarlierAppend({
    stream,
    eventIds,
    expected,
  }: PendingAppend): AppendResult | undefined {
    if (eventIds.length === 0) return undefined;
    const first = this.findByEventId.get(eventIds[0]);
    if (!first || first[0] !== stream) return undefined;
    const start = expected === 'any' ? first[1] : expected === 'no_stream' ? 0n : expected + 1n;
    if (first[1] !== start) return undefined;
    const stored = this.eventIdsFrom.all(stream, start, eventIds.length);
    const same =
      stored.length === eventIds.length && stored.every(([eventId], i) => eventId === eventIds[i]);
    if (!same) return undefined;
    return {
      nextRevision: start + BigInt(eventIds.length - 1),
      position: stored[stored.length - 1][1],
    };
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

  private recordedJsonStatement(typeCount: number): Database.Statement<unknown[], RecordedJsonRow> {
    let statement = this.recordedJsonStatements.get(typeCount);
    if (!statement) {
      const counted = typeCount === 0 ? '0' : `sum(${typeIn(typeCount)})`;
      statement = this.db
        .prepare<unknown[], RecordedJsonRow>(
          // With max() the only min/max aggregate, the bare `meta` is the last event's (SQLite
          // documents it so): the page names its head, and no other read is needed for it.
          `SELECT CAST(group_concat(${RECORDED_EVENT_JSON_SQL}, ',' ORDER BY revision) AS BLOB),
             count(*), max(revision), coalesce(${counted}, 0), meta
           FROM (SELECT revision, event_id, type, data, meta FROM events
                 WHERE stream = ? AND revision >= ? AND revision <= ? ORDER BY revision LIMIT ?)`,
        )
        .safeIntegers(true)
        .raw();
      this.recordedJsonStatements.set(typeCount, statement);
    }
    return statement;
  }

  private typedStreamStatement(
    backwards: boolean,
    typeCount: number,
  ): Database.Statement<unknown[], EventRow> {
    const key = `${backwards}:${typeCount}`;
    let statement = this.typedStreamStatements.get(key);
    if (!statement) {
      const range = backwards
        ? 'revision <= ? AND revision >= ?'
        : 'revision >= ? AND revision <= ?';
      statement = this.db
        .prepare<unknown[], EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND ${range}
           AND ${typeIn(typeCount)}
           ORDER BY revision ${backwards ? 'DESC' : ''} LIMIT ?`,
        )
        .safeIntegers(true)
        .raw();
      this.typedStreamStatements.set(key, statement);
    }
    return statement;
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
        conditions.push(typeIn(typeCount));
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

/** toStoredEvent, with the JSON text data and meta were parsed from (what `read` gives). */
function withStoredJson(row: EventRow): StoredEvent {
  return { ...toStoredEvent(row), json: { data: row[5], meta: row[6] } };
}

/** The row as the store keeps it: data and meta are the JSON text written at append. */
function toStoredEventJson([
  stream,
  revision,
  position,
  eventId,
  type,
  data,
  meta,
]: EventRow): StoredEventJson {
  return { stream, revision, position, eventId, type, data, meta };
}

/**
 * Duck-typed on purpose: better-sqlite3's native side keeps the SqliteError class of the first
 * copy of the module it was loaded with, so `instanceof` fails under module-isolating runners.
 */
function isDuplicateEventId(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof message === 'string' &&
    message.includes('events.event_id')
  );
}
