import { canonicalJson } from '../../domain/events/canonical-json';
import type { StoredJson } from '../../domain/events/hash-chain';

/**
 * The EventStore port (DESIGN section 8). Every adapter (SQLite, EventStoreDB) passes the
 * same contract suite in test/contract.
 *
 * Revisions follow EventStoreDB: the first event of a stream has revision 0, and an
 * expected revision names the revision of the stream's *last* event.
 * Positions are global, strictly increasing across all streams; `fromPosition` is
 * exclusive everywhere (it is a checkpoint: "the last position I have processed").
 */

/** 'no_stream': the stream must not exist; 'any': no check; bigint: the last event's revision. */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface EventToAppend {
  /** UUID. Appending an event id that is already stored at the same revision is a no-op. */
  eventId: string;
  type: string;
  data: unknown;
  meta: unknown;
}

export interface StoredEvent {
  stream: string;
  revision: bigint;
  position: bigint;
  eventId: string;
  type: string;
  data: unknown;
  meta: unknown;
  /**
   * From `read` only: the JSON texts data and meta were parsed from, as the store keeps them
   * (canonical JSON for what was appended since the stores keep it: serializeForAppend), so the
   * hash chain is checked over them without writing each event again (ChainVerifier.next).
   */
  json?: StoredJson;
}

export interface AppendResult {
  /** Revision of the last event of the stream after the append (pass it as the next expected revision). */
  nextRevision: bigint;
  /** Global position of the last event written (or found, for an idempotent retry). */
  position: bigint;
}

export interface ReadStreamOptions {
  /** Inclusive start revision (forwards default 0; backwards default the end). */
  from?: bigint;
  /** Inclusive end revision. */
  to?: bigint;
  direction?: 'forwards' | 'backwards';
  limit?: number;
}

export interface ReadJsonOptions extends ReadStreamOptions {
  /** Only events of these types (`limit` counts the events yielded). */
  types?: readonly string[];
}

/**
 * A stored event with its data and meta as the JSON text the store keeps (parsed, it is what
 * `read` gives; written by serializeForAppend).
 */
export type StoredEventJson = Omit<StoredEvent, 'data' | 'meta'> & { data: string; meta: string };

/** Options of `EventStore.readRecordedJson`. */
export interface RecordedJsonOptions {
  /** Inclusive first revision (default 0). */
  from?: bigint;
  /** Inclusive last revision (default the stream's end). */
  to?: bigint;
  /** What every event's JSON names as its `matchId` (the stream's match). */
  matchId: string;
  /** Each page counts its events of these types (`counted`). */
  countTypes?: readonly string[];
}

/** A page of a stream's events as the JSON text the reads show of them. */
export interface RecordedJsonPage {
  /** `recordedEventJson` of each event of the page, in revision order, joined by commas: UTF-8. */
  json: Uint8Array;
  /** How many events the page holds (at least one). */
  events: number;
  lastRevision: bigint;
  /** How many of them are of one of `countTypes`. */
  counted: number;
  /** The meta of the page's last event, as the JSON text stored (it holds the event's hash). */
  lastMeta: string;
}

/**
 * The JSON of an event as every read shows it (fromStoredEvent's members in its order), made from
 * the stored JSON text without parsing it: data and meta as the store wrote them
 * (serializeForAppend). What the pages of `readRecordedJson` join.
 */
export function recordedEventJson(
  stored: Pick<StoredEventJson, 'revision' | 'eventId' | 'type' | 'data' | 'meta'>,
  matchId: string,
): string {
  return `{"eventId":${JSON.stringify(stored.eventId)},"matchId":${JSON.stringify(matchId)},"seq":${Number(stored.revision)},"type":${JSON.stringify(stored.type)},"data":${stored.data},"meta":${stored.meta}}`;
}

export interface AllFilter {
  /** Keep events whose stream starts with one of these prefixes. */
  streamPrefix?: string | string[];
  /** Keep events of these types. */
  types?: string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omitted: from the beginning. */
  fromPosition?: bigint;
  /**
   * The event at `fromPosition` (a position the store gave) is read too: a reader that must
   * look at that event again (the feed, resumed inside what one event made visible).
   */
  includeFrom?: boolean;
  filter?: AllFilter;
  limit?: number;
}

export interface SubscribeAllOptions {
  /** Exclusive checkpoint: deliver events strictly after this position. */
  fromPosition?: bigint;
  filter?: AllFilter;
  /** Aborting ends the iteration (as does `break` in a for-await loop). */
  signal?: AbortSignal;
}

export interface StoreHealth {
  ok: boolean;
  store: 'sqlite' | 'eventstoredb';
  version: string;
  detail?: string;
}

export interface EventStore {
  append(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  /** Throws StreamNotFoundError (on the first iteration) if the stream has no events. */
  read(stream: string, options?: ReadStreamOptions): AsyncIterable<StoredEvent>;
  /**
   * As `read`, data and meta as JSON text: a store that keeps JSON hands its text over as is,
   * so a reader that only passes events on (the bulk export) never parses and re-serializes them.
   * `read`'s `json` where it has it, else JSON.stringify of what `read` gives.
   */
  readJson(stream: string, options?: ReadJsonOptions): AsyncIterable<StoredEventJson>;
  /**
   * The events `from`..`to` of a stream as JSON text in pages of many events, for passing them
   * on unparsed (the bulk export): a store that keeps JSON joins the text itself and hands over
   * bytes, never a string or an object per event. Throws StreamNotFoundError (on the first
   * iteration) if the stream has no events.
   */
  readRecordedJson(stream: string, options: RecordedJsonOptions): AsyncIterable<RecordedJsonPage>;
  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent>;
  /**
   * The name of every stream that holds events and passes `filter`'s stream prefix, each once,
   * in an order of the store's choosing (the background chain sweep walks them). A stream
   * created while the iteration runs may or may not be named.
   */
  streamNames(filter?: Pick<AllFilter, 'streamPrefix'>): AsyncIterable<string>;
  /**
   * The position of the last event of the global log (system events aside), or of the last
   * one that passes `filter`; undefined while there is none.
   */
  lastPosition(filter?: AllFilter): Promise<bigint | undefined>;
  /** Catch-up subscription: history after `fromPosition`, then live events, no gaps, no duplicates. */
  subscribeAll(options?: SubscribeAllOptions): AsyncIterable<StoredEvent>;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** readJson for a store that hands events over parsed: `events` (read without a type filter) as JSON text. */
export async function* asJson(
  events: AsyncIterable<StoredEvent>,
  options: Pick<ReadJsonOptions, 'types' | 'limit'>,
): AsyncIterable<StoredEventJson> {
  let remaining = options.limit ?? Infinity;
  if (remaining <= 0) return;
  for await (const event of events) {
    if (options.types && !options.types.includes(event.type)) continue;
    const { json, ...stored } = event;
    yield {
      ...stored,
      data: json?.data ?? JSON.stringify(event.data),
      meta: json?.meta ?? JSON.stringify(event.meta),
    };
    remaining -= 1;
    if (remaining <= 0) return;
  }
}

/** Events in a page of `recordedJsonPages`: as many as the embedded store puts in one. */
const RECORDED_JSON_PAGE = 1000;

/** readRecordedJson for a store that hands events over one at a time (`readJson` from..to). */
export async function* recordedJsonPages(
  events: AsyncIterable<StoredEventJson>,
  options: Pick<RecordedJsonOptions, 'matchId' | 'countTypes'>,
): AsyncIterable<RecordedJsonPage> {
  let texts: string[] = [];
  let counted = 0;
  let lastRevision = -1n;
  let lastMeta = '';
  const page = (): RecordedJsonPage => ({
    json: Buffer.from(texts.join(',')),
    events: texts.length,
    lastRevision,
    counted,
    lastMeta,
  });
  for await (const event of events) {
    texts.push(recordedEventJson(event, options.matchId));
    if (options.countTypes?.includes(event.type)) counted += 1;
    lastRevision = event.revision;
    lastMeta = event.meta;
    if (texts.length === RECORDED_JSON_PAGE) {
      yield page();
      texts = [];
      counted = 0;
    }
  }
  if (texts.length > 0) yield page();
}

/** DI token for the EventStore port. */
export const EVENT_STORE = Symbol('EventStore');

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Wrong expected revision on ${stream}: expected ${String(expected)}, actual ${String(actual)}`,
    );
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * The store cannot be reached now (down, restarting, or a cluster choosing its leader): nothing
 * was written, and the same request may be sent again after `retryAfterSeconds`.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The event store is unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
  }
}

export class StreamNotFoundError extends Error {
  constructor(readonly stream: string) {
    super(`Stream not found: ${stream}`);
    this.name = 'StreamNotFoundError';
  }
}

/** An event refused before anything was written: not serializable, or over the size limit. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventId: string,
    readonly reason: 'not_serializable' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/** Default per-event size limit (data + meta as JSON, in bytes). */
export const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024;

/**
 * Checks every event of an append before anything is written; returns the JSON texts to store:
 * canonical JSON (RFC 8785, `canonicalJson`), the form a match event's hash is taken over, so
 * that the chain is checked over the stored text as it is (StoredEvent.json). A value canonical
 * JSON cannot hold but JSON.stringify can (NaN, a lone surrogate: never in a sealed event, whose
 * hash was taken over its canonical form) is stored as JSON.stringify writes it, as before.
 */
export function serializeForAppend(
  events: EventToAppend[],
  maxEventBytes: number,
): { data: string; meta: string }[] {
  return events.map((event) => {
    let data: string | undefined;
    let meta: string | undefined;
    try {
      data = canonicalOrStringified(event.data);
      meta = canonicalOrStringified(event.meta ?? {});
    } catch (error) {
      throw new InvalidEventError(
        event.eventId,
        'not_serializable',
        `Event ${event.eventId} (${event.type}) cannot be serialized to JSON: ${(error as Error).message}`,
      );
    }
    if (data === undefined || meta === undefined) {
      throw new InvalidEventError(
        event.eventId,
        'not_serializable',
        `Event ${event.eventId} (${event.type}) has no JSON representation`,
      );
    }
    const bytes = Buffer.byteLength(data) + Buffer.byteLength(meta);
    if (bytes > maxEventBytes) {
      throw new InvalidEventError(
        event.eventId,
        'too_large',
        `Event ${event.eventId} (${event.type}) is ${bytes} bytes, over the ${maxEventBytes}-byte limit`,
      );
    }
    return { data, meta };
  });
}

/** canonicalJson of `value`, or JSON.stringify's text (or throw) where canonical JSON has none. */
function canonicalOrStringified(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return JSON.stringify(value);
  }
}

export function matchesFilter(stream: string, type: string, filter?: AllFilter): boolean {
  if (!filter) return true;
  if (filter.streamPrefix !== undefined) {
    const prefixes = Array.isArray(filter.streamPrefix)
      ? filter.streamPrefix
      : [filter.streamPrefix];
    if (!prefixes.some((prefix) => stream.startsWith(prefix))) return false;
  }
  if (filter.types && !filter.types.includes(type)) return false;
  return true;
}
