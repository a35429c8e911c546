/**
 * The storage behind the EventStoreDB fake: one global log ($all) plus an index per stream,
 * with EventStoreDB's append rules (expected revision, idempotent retries) and its kind of
 * positions (byte offsets into the log, so they are increasing but not consecutive).
 */
import { randomUUID } from 'node:crypto';

export interface ProposedEvent {
  eventId: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  stream: string;
  revision: bigint;
  /** Commit and prepare position: equal for every event written through gRPC. */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports `created`. */
  created: bigint;
}

export type ExpectedRevision =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export type AppendOutcome =
  | {
      kind: 'success';
      /** Last revision of the stream after the append; undefined: the stream does not exist. */
      currentRevision: bigint | undefined;
      /** Position of the last event of the append; undefined for an empty append. */
      position: bigint | undefined;
    }
  | { kind: 'wrong_expected_version'; currentRevision: bigint | undefined }
  | { kind: 'too_large'; maxAppendSize: number };

/** Bytes of record header counted per event on top of its payload, to space positions out. */
const RECORD_OVERHEAD = 96;
const TICKS_PER_MILLISECOND = 10_000n;

/** What a fresh EventStoreDB node has written to $all before any client event. */
const SYSTEM_EVENTS: { stream: string; type: string; data: object }[] = [
  { stream: '$settings', type: '$settings', data: { $userStreamAcl: {}, $systemStreamAcl: {} } },
  { stream: '$users', type: '$UserCreated', data: { LoginName: 'admin' } },
];

export class InMemoryLog {
  private readonly log: LoggedEvent[] = [];
  private readonly streams = new Map<string, LoggedEvent[]>();
  private readonly listeners = new Set<(event: LoggedEvent) => void>();
  private nextPosition = 0n;

  constructor(private readonly maxAppendSize: number) {
    for (const { stream, type, data } of SYSTEM_EVENTS) {
      const payload = new TextEncoder().encode(JSON.stringify(data));
      this.write(stream, [
        {
          eventId: randomUUID(),
          type,
          contentType: 'application/json',
          data: payload,
          customMetadata: new Uint8Array(),
        },
      ]);
    }
  }

  /** Every event in position order. */
  get all(): readonly LoggedEvent[] {
    return this.log;
  }

  /** The events of one stream in revision order, or undefined if it has none. */
  stream(name: string): readonly LoggedEvent[] | undefined {
    return this.streams.get(name);
  }

  /** Calls `listener` with every event appended from now on; returns the unsubscribe function. */
  onAppended(listener: (event: LoggedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** EventStoreDB's commit check (IndexWriter.CheckCommit), then the write. */
  append(stream: string, expected: ExpectedRevision, events: ProposedEvent[]): AppendOutcome {
    // As the server's MaxAppendSize: payloads of the whole append, not of one event.
    const size = events.reduce(
      (sum, event) => sum + event.data.length + event.customMetadata.length + event.type.length,
      0,
    );
    if (size > this.maxAppendSize) return { kind: 'too_large', maxAppendSize: this.maxAppendSize };

    const existing = this.streams.get(stream) ?? [];
    const current = existing.length === 0 ? -1n : BigInt(existing.length - 1);
    const wrongExpectedVersion: AppendOutcome = {
      kind: 'wrong_expected_version',
      currentRevision: current < 0n ? undefined : current,
    };
    // For 'any' the server finds earlier ids in a cache of recent ones; here, in the whole stream.
    const firstIdAt = () => existing.findIndex((event) => event.eventId === events[0]?.eventId);

    switch (expected.kind) {
      case 'any':
        return this.retryOutcome(existing, events, firstIdAt()) ?? this.write(stream, events);
      case 'stream_exists':
        if (current < 0n) return wrongExpectedVersion;
        return this.retryOutcome(existing, events, firstIdAt()) ?? this.write(stream, events);
      case 'no_stream':
      case 'revision': {
        const expectedRevision = expected.kind === 'no_stream' ? -1n : expected.revision;
        if (expectedRevision === current) return this.write(stream, events);
        if (expectedRevision > current) return wrongExpectedVersion;
        // Behind the stream: the same events already written right after it are a retry.
        const retried = this.retryOutcome(existing, events, Number(expectedRevision + 1n));
        return retried ?? wrongExpectedVersion;
      }
    }
  }

  /**
   * The outcome of sending again events already written from index `start` of the stream, or
   * undefined if the first of them is not there. Only some of them there is what EventStoreDB
   * calls corrupted idempotency, reported as a wrong expected version.
   */
  private retryOutcome(
    existing: readonly LoggedEvent[],
    events: ProposedEvent[],
    start: number,
  ): AppendOutcome | undefined {
    if (events.length === 0 || existing[start]?.eventId !== events[0].eventId) return undefined;
    const stored = existing.slice(start, start + events.length);
    const last = existing[existing.length - 1];
    const same =
      stored.length === events.length &&
      stored.every((event, index) => event.eventId === events[index].eventId);
    if (!same) return { kind: 'wrong_expected_version', currentRevision: last.revision };
    const lastRetried = stored[stored.length - 1];
    return {
      kind: 'success',
      currentRevision: lastRetried.revision,
      position: lastRetried.position,
    };
  }

  private write(stream: string, events: ProposedEvent[]): AppendOutcome {
    const existing = this.streams.get(stream) ?? [];
    const created = BigInt(Date.now()) * TICKS_PER_MILLISECOND;
    for (const proposed of events) {
      const event: LoggedEvent = {
        ...proposed,
        stream,
        revision: BigInt(existing.length),
        position: this.nextPosition,
        created,
      };
      this.nextPosition += BigInt(
        RECORD_OVERHEAD + stream.length + proposed.data.length + proposed.customMetadata.length,
      );
      existing.push(event);
      this.log.push(event);
    }
    if (existing.length > 0) this.streams.set(stream, existing);
    // Listeners run once the whole append is in place, as a committed write becomes visible.
    const written = existing.slice(existing.length - events.length);
    for (const event of written) for (const listener of this.listeners) listener(event);
    const last = existing[existing.length - 1];
    return {
      kind: 'success',
      currentRevision: last?.revision,
      position: events.length > 0 ? last.position : undefined,
    };
  }
}
