import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { addAbortSignal } from 'node:stream';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  START,
  UnavailableError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type Filter,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { version as clientVersion } from '@eventstore/db-client/package.json';
import {
  asJson,
  DEFAULT_MAX_EVENT_BYTES,
  InvalidEventError,
  StoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  matchesFilter,
  recordedJsonPages,
  serializeForAppend,
  type AllFilter,
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
  closeChannel,
  readAllFiltered,
  readStreamWithJson,
  serverVersion,
} from './esdb-client-internals';
import { commitReport, countedEvent, type CommitReport } from '../../observability/metrics';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  /** Per-event limit on data + meta as JSON, in bytes (the server adds its own per-append limit). */
  maxEventBytes?: number;
  /** Told after each append that wrote events (the service's metrics). */
  onCommit?(report: CommitReport): void;
}

const HEALTH_TIMEOUT_MS = 5000;
/** How long close() lets the client end its streams itself before the channel is closed. */
const DISPOSE_TIMEOUT_MS = 2000;
/** The health version when the server's own is unknown. */
const CLIENT_VERSION = `@eventstore/db-client ${clientVersion}`;
/** What a 503 asks a client to wait while the server is unreachable, and after a leader change. */
const RETRY_AFTER_UNREACHABLE_S = 5;
const RETRY_AFTER_NEW_LEADER_S = 1;
/** Server positions are signed 64-bit: anything above is the "no position" marker (2^64 - 1). */
const NO_POSITION = 2n ** 63n;

/**
 * The EventStore port on EventStoreDB (22.10 or later) through @eventstore/db-client.
 *
 * Port positions are EventStoreDB commit positions. Reading or subscribing after a port position
 * p starts at `{ commit: p, prepare: p }`: this assumes EventStoreDB's single-log positions, where
 * every event written through gRPC is a committed record of its own and so has equal commit and
 * prepare positions (they differ only inside the legacy TCP API's explicit transactions).
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly maxEventBytes: number;
  private readonly onCommit?: (report: CommitReport) => void;
  private closed = false;
  private readonly logger = new Logger('EventStoreDB');
  /** Why the server could not be reached at the last call, while no call has succeeded since. */
  private unreachable?: string;

  constructor(options: EsdbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
    this.onCommit = options.onCommit;
  }

  async append(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    this.assertOpen();
    // Refused before any call, so nothing of a bad append reaches the server.
    const serialized = serializeForAppend(events, this.maxEventBytes);
    if (events.length === 0) return this.appendNothing(stream, expected);
    // Written from the checked JSON: the metadata as its bytes (the canonical text the chain
    // is checked over, StoredEvent.json); the data through the client, which writes it with
    // JSON.stringify: the canonical text again, but for objects with number-like keys (V8 puts
    // them first), whose chain is then checked over the event written again (ChainVerifier).
    const proposed = events.map((event, index) =>
      jsonEvent({
        id: event.eventId,
        type: event.type,
        data: JSON.parse(serialized[index].data),
        metadata: Buffer.from(serialized[index].meta, 'utf8'),
      }),
    );
    try {
      // The port's expected revisions are the client's own ('no_stream', 'any', bigint).
      const result = await this.client.appendToStream(stream, proposed, {
        expectedRevision: expected,
      });
      this.onCommit?.(commitReport([events.map(countedEvent)]));
      this.reached();
      return {
        nextRevision: result.nextExpectedRevision,
        position: commitPosition(result.position, `the append to ${stream}`),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(stream, expected, error.actualVersion);
      }
      if (error instanceof MaxAppendSizeExceededError) {
        throw new InvalidEventError(
          events[0].eventId,
          'too_large',
          `EventStoreDB refused the append to ${stream}: over its MaxAppendSize of ${error.maxAppendSize} bytes`,
        );
      }
      throw this.unreachableOr(error);
    }
  }

  async *read(stream: string, options: ReadStreamOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const { from, to, limit } = options;
    const backwards = options.direction === 'backwards';
    const events = readStreamWithJson(this.client, stream, {
      backwards,
      fromRevision: from,
      maxCount: limit ?? Number.MAX_SAFE_INTEGER,
    });
    try {
      for await (const resolved of events) {
        const event = toStoredEvent(resolved);
        if (resolved.json) event.json = resolved.json;
        if (to !== undefined && (backwards ? event.revision < to : event.revision > to)) return;
        yield event;
      }
      this.reached();
    } catch (error) {
      if (error instanceof EsdbStreamNotFoundError) throw new StreamNotFoundError(stream);
      throw this.unreachableOr(error);
    } finally {
      await events.cancel();
    }
  }

  readJson(stream: string, options: ReadJsonOptions = {}): AsyncIterable<StoredEventJson> {
    // From `read`, with the stored text of each event; a type filter reads the whole range.
    const { types, limit, ...range } = options;
    return asJson(this.read(stream, types ? range : { ...range, limit }), { types, limit });
  }

  readRecordedJson(stream: string, options: RecordedJsonOptions): AsyncIterable<RecordedJsonPage> {
    const { from, to, ...json } = options;
    return recordedJsonPages(this.readJson(stream, { from, to }), json);
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const { fromPosition, filter, limit = Infinity } = options;
    if (limit <= 0) return;
    const events = readAllFiltered(this.client, toEsdbPosition(fromPosition), serverFilter(filter));
    let yielded = 0;
    try {
      for await (const resolved of events) {
        const event = toStoredEvent(resolved);
        if (!isWanted(event, options)) continue;
        yield event;
        yielded += 1;
        if (yielded >= limit) return;
      }
    } catch (error) {
      throw this.unreachableOr(error);
    } finally {
      await events.cancel();
    }
  }

  async *streamNames(filter?: Pick<AllFilter, 'streamPrefix'>): AsyncIterable<string> {
    // EventStoreDB lists no streams without its system projections: each stream is named by its
    // first event in $all (matchlog never truncates a stream, so every one has its revision 0).
    for await (const event of this.readAll({ filter }))
      if (event.revision === 0n) yield event.stream;
  }

  async *subscribeAll(options: SubscribeAllOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const { signal } = options;
    if (signal?.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: toEsdbPosition(options.fromPosition),
      filter: serverFilter(options.filter),
    });
    // Aborting destroys the subscription, which ends the loop below with an AbortError.
    if (signal) addAbortSignal(signal, subscription);
    try {
      for await (const resolved of subscription) {
        const event = toStoredEvent(resolved);
        if (isWanted(event, options)) yield event;
      }
    } catch (error) {
      if (!signal?.aborted) throw this.unreachableOr(error);
      return;
    } finally {
      await subscription.unsubscribe();
    }
    // The server ended the call: a consumer must know to resubscribe from its checkpoint.
    if (!this.closed && !signal?.aborted) {
      throw new Error('EventStoreDB ended the $all subscription');
    }
  }

  async lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    this.assertOpen();
    const events = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of events) {
        const event = toStoredEvent(resolved);
        if (isWanted(event, { filter })) return event.position;
      }
      this.reached();
      return undefined;
    } catch (error) {
      throw this.unreachableOr(error);
    } finally {
      await events.cancel();
    }
  }

  async health(): Promise<StoreHealth> {
    const store = 'eventstoredb';
    if (this.closed) return { ok: false, store, version: '', detail: 'closed' };
    try {
      const version = await this.probe();
      this.reached();
      return { ok: true, store, version };
    } catch (error) {
      return { ok: false, store, version: CLIENT_VERSION, detail: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // dispose() waits for the client's streams to end; after concurrent first appends on several
    // streams one never did (seen against the gRPC fake; cause not found), and the service
    // could not stop. After a bound, closing the channel ends every call.
    // The bound's timer is cleared once dispose() ends, so it holds no process open.
    const bound = new AbortController();
    await Promise.race([
      this.client.dispose(),
      delay(DISPOSE_TIMEOUT_MS, undefined, { signal: bound.signal }).catch(() => undefined),
    ]);
    bound.abort();
    await closeChannel(this.client);
  }

  /**
   * An append of no events writes nothing; it only checks the expected revision and reports the
   * stream as it is (-1 for both when it does not exist), as the SQLite store does. The client
   * cannot do it: it reads a "no stream" answer as revision 0.
   */
  private async appendNothing(stream: string, expected: ExpectedRevision): Promise<AppendResult> {
    let last: StoredEvent | undefined;
    try {
      for await (const event of this.read(stream, { direction: 'backwards', limit: 1 })) {
        last = event;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' ? last === undefined : last?.revision === expected);
    if (!matches) {
      throw new WrongExpectedRevisionError(stream, expected, last?.revision ?? 'no_stream');
    }
    return { nextRevision: last?.revision ?? -1n, position: last?.position ?? -1n };
  }

  /** A round trip to the server (the last event of $all), then the version it reported. */
  private async probe(): Promise<string> {
    const lastEvent = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    try {
      await withTimeout(drain(lastEvent), HEALTH_TIMEOUT_MS);
      const version = await withTimeout(serverVersion(this.client), HEALTH_TIMEOUT_MS);
      return version === 'unknown' ? CLIENT_VERSION : version;
    } finally {
      await lastEvent.cancel();
    }
  }

  /**
   * The port's StoreUnavailableError for a server that cannot be reached now (down, a deadline
   * passed, or a follower that names the leader: the client sends the next call there), else
   * the error itself. The first such failure after a success is logged, once.
   */
  private unreachableOr(error: unknown): unknown {
    const refusal =
      error instanceof NotLeaderError
        ? new StoreUnavailableError(
            `the node is not the leader; the leader is ${error.leader.address}:${error.leader.port}, where the next request goes`,
            RETRY_AFTER_NEW_LEADER_S,
          )
        : error instanceof UnavailableError || error instanceof DeadlineExceededError
          ? new StoreUnavailableError(error.message, RETRY_AFTER_UNREACHABLE_S)
          : undefined;
    if (refusal === undefined || this.closed) return error;
    if (this.unreachable === undefined)
      this.logger.error(
        { storeState: 'unreachable', reason: refusal.reason },
        `EventStoreDB cannot be reached (${refusal.reason}): writes answer 503 with Retry-After until it can`,
      );
    this.unreachable = refusal.reason;
    return refusal;
  }

  /** A call succeeded: logged once when the server was unreachable before. */
  private reached(): void {
    if (this.unreachable === undefined) return;
    this.unreachable = undefined;
    this.logger.log({ storeState: 'reachable' }, 'EventStoreDB can be reached again');
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The EventStoreDB event store is closed');
  }
}

/** Where the client starts a read or subscription for a port `fromPosition`. */
function toEsdbPosition(position: bigint | undefined): Position | typeof START {
  return position === undefined ? START : { commit: position, prepare: position };
}

/**
 * The part of a port filter EventStoreDB applies itself: one filter kind per call, so the stream
 * prefix when there is one, else the event types (as prefixes: `isWanted` then keeps exact
 * types only), else no system events. `isWanted` applies the whole filter to what arrives.
 */
function serverFilter(filter: AllFilter | undefined): Filter {
  if (filter?.streamPrefix !== undefined) {
    return streamNameFilter({ prefixes: [filter.streamPrefix].flat() });
  }
  if (filter?.types) return eventTypeFilter({ prefixes: filter.types });
  return excludeSystemEvents();
}

/**
 * Whether an event from $all belongs in the port's result: strictly after `fromPosition` (a
 * server read from a position includes the event at it), not a system event ($-stream or
 * $-type: stream metadata, settings, users, statistics, projections' links), and matching the
 * whole filter.
 */
function isWanted(
  event: StoredEvent,
  {
    fromPosition,
    includeFrom,
    filter,
  }: { fromPosition?: bigint; includeFrom?: boolean; filter?: AllFilter },
): boolean {
  return (
    (fromPosition === undefined ||
      event.position > fromPosition ||
      (includeFrom === true && event.position === fromPosition)) &&
    !event.stream.startsWith('$') &&
    !event.type.startsWith('$') &&
    matchesFilter(event.stream, event.type, filter)
  );
}

function toStoredEvent({ event }: ResolvedEvent): StoredEvent {
  // Links are never resolved here, so every read result carries its own event.
  if (!event) throw new Error('EventStoreDB sent a read result without an event');
  return {
    stream: event.streamId,
    revision: event.revision,
    position: commitPosition(event.position, `${event.streamId}@${event.revision}`),
    eventId: event.id,
    type: event.type,
    data: event.data,
    meta: event.metadata ?? {},
  };
}

/** Stream reads report positions from EventStoreDB 22.10 on; older servers send none. */
function commitPosition(position: Position | undefined, what: string): bigint {
  if (position === undefined || position.commit >= NO_POSITION) {
    throw new Error(`EventStoreDB reported no position for ${what}: matchlog needs 22.10 or later`);
  }
  return position.commit;
}

async function drain(events: StreamingRead<unknown>): Promise<void> {
  for await (const _ of events);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`EventStoreDB did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
