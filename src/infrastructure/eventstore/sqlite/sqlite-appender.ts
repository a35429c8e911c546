import type Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
} from '../../../application/ports/event-store.port';
import { DuplicateEventIdError } from './duplicate-event-id.error';
import { INSERT_EVENT_SQL } from './sqlite-schema';

/** One append as the writer receives it: already checked and serialized. */
export interface AppendRequest {
  stream: string;
  eventIds: string[];
  types: string[];
  serialized: { data: string; meta: string }[];
  expected: ExpectedRevision;
}

/**
 * An error as it crosses the thread boundary: structured clone keeps only plain `Error`s, so
 * the port's error classes are sent as data and rebuilt by `toError`.
 */
export type WriteError =
  | {
      kind: 'wrong_expected_revision';
      stream: string;
      expected: ExpectedRevision;
      actual: bigint | 'no_stream';
    }
  | { kind: 'duplicate_event_id'; stream: string; cause: PlainError }
  | ({ kind: 'other' } & PlainError);

interface PlainError {
  name: string;
  message: string;
  code?: unknown;
}

export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: WriteError };

/** What one batch came to: an outcome per append, or a failed COMMIT (nothing written). */
export type BatchOutcome =
  { committed: true; outcomes: AppendOutcome[] } | { committed: false; error: WriteError };

/**
 * The write side of the SQLite event store, on its own connection: every append of a batch in
 * one transaction (one fsync), each inside its own savepoint so a failing append rolls back
 * alone. Revisions are read from the table inside the write transaction, so this connection
 * is their only authority.
 */
export class SqliteAppender {
  private readonly lastInStream: Database.Statement<[string], [bigint, bigint]>;
  private readonly insertEvent: Database.Statement<
    [string, bigint, string, string, string, string]
  >;
  private readonly findByEventId: Database.Statement<[string], [string, bigint]>;
  private readonly eventIdsFrom: Database.Statement<[string, bigint, number], [string, bigint]>;
  private readonly writeBatch: Database.Transaction<(batch: AppendRequest[]) => AppendOutcome[]>;
  private readonly appendInSavepoint: (append: AppendRequest) => AppendResult;

  constructor(db: Database.Database) {
    const prepare = <P extends unknown[], R>(sql: string) =>
      db.prepare<P, R>(sql).safeIntegers(true);
    this.lastInStream = prepare<[string], [bigint, bigint]>(
      'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    ).raw();
    this.insertEvent = prepare(INSERT_EVENT_SQL);
    this.findByEventId = prepare<[string], [string, bigint]>(
      'SELECT stream, revision FROM events WHERE event_id = ?',
    ).raw();
    this.eventIdsFrom = prepare<[string, bigint, number], [string, bigint]>(
      'SELECT event_id, position FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ).raw();
    this.appendInSavepoint = db.transaction((append: AppendRequest) => this.appendOne(append));
    this.writeBatch = db.transaction((batch: AppendRequest[]) =>
      batch.map((append): AppendOutcome => {
        try {
          return { ok: true, result: this.appendChecked(append) };
        } catch (error) {
          return { ok: false, error: toWriteError(error) };
        }
      }),
    );
  }

  write(batch: AppendRequest[]): BatchOutcome {
    try {
      return { committed: true, outcomes: this.writeBatch.immediate(batch) };
    } catch (error) {
      // The COMMIT itself failed (I/O error, disk full): nothing of the batch is durable.
      return { committed: false, error: toWriteError(error) };
    }
  }

  /** One append inside the batch: its own savepoint, plus the idempotent-retry check. */
  private appendChecked(append: AppendRequest): AppendResult {
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

  private appendOne(append: AppendRequest): AppendResult {
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
        append.types[index],
        data,
        meta,
      );
      position = BigInt(written.lastInsertRowid);
    });
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
  }: AppendRequest): AppendResult | undefined {
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
}

function toWriteError(error: unknown): WriteError {
  if (error instanceof WrongExpectedRevisionError) {
    const { stream, expected, actual } = error;
    return { kind: 'wrong_expected_revision', stream, expected, actual };
  }
  if (error instanceof DuplicateEventIdError) {
    return { kind: 'duplicate_event_id', stream: error.stream, cause: toPlainError(error.cause) };
  }
  return { kind: 'other', ...toPlainError(error) };
}

function toPlainError(error: unknown): PlainError {
  if (error instanceof Error) {
    const { code } = error as { code?: unknown };
    return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }) };
  }
  return { name: 'Error', message: String(error) };
}

/** Rebuilds, on the caller's side, the error an append failed with. */
export function toError(error: WriteError): Error {
  switch (error.kind) {
    case 'wrong_expected_revision':
      return new WrongExpectedRevisionError(error.stream, error.expected, error.actual);
    case 'duplicate_event_id':
      return new DuplicateEventIdError(error.stream, fromPlainError(error.cause));
    default:
      return fromPlainError(error);
  }
}

function fromPlainError({ name, message, code }: PlainError): Error {
  const error = new Error(message) as Error & { code?: unknown };
  error.name = name;
  if (code !== undefined) error.code = code;
  return error;
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
