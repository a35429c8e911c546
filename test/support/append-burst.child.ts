/**
 * Child process of the kill -9 test (test/contract/sqlite-crash.spec.ts): appends bursts of
 * events concurrently to many streams until it is killed, and prints `<stream> <revision>
 * <eventId>` for the last event of each append only once the store has acknowledged it.
 *
 * Usage: node -r @swc-node/register test/support/append-burst.child.ts <dataDir>
 */
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';

const WORKERS = 32;
const STREAMS_PER_WORKER = 4;

async function appendForever(store: SqliteEventStore, worker: number): Promise<never> {
  // Each worker owns its streams, so it can always pass the exact expected revision.
  const lastRevisions = new Map<string, bigint>();
  for (let round = 0; ; round += 1) {
    const stream = `match-${worker}-${round % STREAMS_PER_WORKER}`;
    const events = Array.from({ length: 1 + (round % 3) }, () => ({
      eventId: randomUUID(),
      type: 'BurstAppended',
      data: { worker, round, padding: 'x'.repeat(100 + ((round * 37) % 900)) },
      meta: {},
    }));
    const { nextRevision } = await store.append(
      stream,
      events,
      lastRevisions.get(stream) ?? 'no_stream',
    );
    lastRevisions.set(stream, nextRevision);
    // One write per line: a pipe write this small is atomic, so the parent sees whole lines.
    process.stdout.write(`${stream} ${nextRevision} ${events[events.length - 1].eventId}\n`);
  }
}

const store = new SqliteEventStore({ dataDir: process.argv[2] });
Promise.all(Array.from({ length: WORKERS }, (_, worker) => appendForever(store, worker))).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
