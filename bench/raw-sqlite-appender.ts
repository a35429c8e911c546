import { join } from 'node:path';
import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
} from '../src/application/ports/event-store.port';
import {
  INSERT_EVENT_SQL,
  openEventsDatabase,
} from '../src/infrastructure/eventstore/sqlite/sqlite-schema';

/**
 * The baseline the adapter is measured against: the same file, schema, pragmas and
 * expected-revision check, straight through better-sqlite3 with one transaction (one fsync)
 * per append.
 */
export function openRawAppender(dir: string) {
  const db = openEventsDatabase(join(dir, 'matchlog.db'));
  const lastRevision = db
    .prepare<[string], bigint>(
      'SELECT revision FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    )
    .pluck()
    .safeIntegers(true);
  const insert = db.prepare(INSERT_EVENT_SQL).safeIntegers(true);
  const appendOne = db.transaction(
    (stream: string, event: EventToAppend, expected: ExpectedRevision): AppendResult => {
      const current = lastRevision.get(stream);
      const matches = expected === 'any' || (current ?? 'no_stream') === expected;
      if (!matches) throw new Error(`Wrong expected revision on ${stream}`);
      const nextRevision = (current ?? -1n) + 1n;
      const data = JSON.stringify(event.data);
      const meta = JSON.stringify(event.meta);
      const { lastInsertRowid } = insert.run(
        stream,
        nextRevision,
        event.eventId,
        event.type,
        data,
        meta,
      );
      return { nextRevision, position: BigInt(lastInsertRowid) };
    },
  );
  return {
    append: async (stream: string, event: EventToAppend, expected: ExpectedRevision) =>
      appendOne.immediate(stream, event, expected),
    close: async () => {
      db.close();
    },
  };
}
