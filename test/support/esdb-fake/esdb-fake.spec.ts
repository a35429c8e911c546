import { randomUUID } from 'node:crypto';
import { EventStoreDBClient, streamNameFilter } from '@eventstore/db-client';
import {
  InvalidEventError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type StoredEvent,
} from '../../../src/application/ports/event-store.port';
import { EsdbEventStore } from '../../../src/infrastructure/eventstore/esdb/esdb-event-store';
import {
  FAKE_SERVER_VERSION,
  startEsdbFake,
  type EsdbFake,
  type EsdbFakeOptions,
} from './esdb-fake';

/**
 * The fake's own behaviour, through the real client and the adapter. The port's behaviour is
 * test/contract; this covers what the contract does not reach: the client's legacy Append path,
 * the server's per-append size limit, system events and checkpoints.
 */
describe('EventStoreDB gRPC fake', () => {
  let fake: EsdbFake;
  let store: EventStore;

  async function start(options: EsdbFakeOptions = {}): Promise<void> {
    fake = await startEsdbFake(options);
    store = new EsdbEventStore({ connectionString: fake.connectionString });
  }

  afterEach(async () => {
    await store.close();
    await fake.close();
  });

  describe.each<[string, EsdbFakeOptions]>([
    ['BatchAppend', { maxAppendSize: 4096 }],
    ['Append (servers without BatchAppend)', { batchAppend: false, maxAppendSize: 4096 }],
  ])('appends through %s', (_path, options) => {
    beforeEach(() => start(options));

    it('writes events with revisions from 0 and increasing, non-consecutive positions', async () => {
      const written = await store.append(
        'match-1',
        [event('A', { n: 1 }), event('B')],
        'no_stream',
      );

      const read = await collect(store.read('match-1'));
      expect(read.map((e) => [e.revision, e.type, e.data, e.meta])).toEqual([
        [0n, 'A', { n: 1 }, { actor: 'test' }],
        [1n, 'B', {}, { actor: 'test' }],
      ]);
      expect(written).toEqual({ nextRevision: 1n, position: read[1].position });
      expect(read[1].position - read[0].position).toBeGreaterThan(1n);
    });

    it('reports the actual revision on a wrong expected revision', async () => {
      await store.append('match-1', [event('A')], 'no_stream');

      await expect(store.append('match-1', [event('B')], 'no_stream')).rejects.toEqual(
        new WrongExpectedRevisionError('match-1', 'no_stream', 0n),
      );
      await expect(store.append('match-2', [event('B')], 3n)).rejects.toMatchObject({
        actual: 'no_stream',
      });
    });

    it('answers a retry with the original result, and a partial one with a conflict', async () => {
      const events = [event('A'), event('B')];
      const written = await store.append('match-1', events, 'no_stream');

      await expect(store.append('match-1', events, 'no_stream')).resolves.toEqual(written);
      await expect(store.append('match-1', events, 'any')).resolves.toEqual(written);
      await expect(
        store.append('match-1', [events[0], event('C')], 'no_stream'),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(collect(store.read('match-1'))).resolves.toHaveLength(2);
    });

    it("refuses an append over the server's MaxAppendSize as too large", async () => {
      // Each event is within the adapter's limit; together they are over the server's 4096 bytes.
      const events = ['x', 'y'].map((letter) => event('Big', { text: letter.repeat(3000) }));
      const error = await store.append('match-1', events, 'no_stream').catch((e) => e);

      expect(error).toBeInstanceOf(InvalidEventError);
      expect(error).toMatchObject({ eventId: events[0].eventId, reason: 'too_large' });
      await expect(collect(store.read('match-1'))).rejects.toBeInstanceOf(StreamNotFoundError);
    });
  });

  describe('reads and subscriptions', () => {
    beforeEach(() => start());

    it('reads backwards, between revisions and with a limit', async () => {
      await store.append(
        'match-1',
        ['A', 'B', 'C', 'D'].map((type) => event(type)),
        'no_stream',
      );
      const types = async (events: AsyncIterable<StoredEvent>) =>
        (await collect(events)).map((e) => e.type);

      await expect(types(store.read('match-1', { direction: 'backwards' }))).resolves.toEqual([
        'D',
        'C',
        'B',
        'A',
      ]);
      await expect(types(store.read('match-1', { from: 1n, to: 2n }))).resolves.toEqual(['B', 'C']);
      await expect(
        types(store.read('match-1', { direction: 'backwards', from: 9n, limit: 2 })),
      ).resolves.toEqual(['D', 'C']);
    });

    it('leaves system events out of $all reads', async () => {
      await store.append('match-1', [event('A')], 'no_stream');
      appendSystemEvent(fake);
      await store.append('match-2', [event('B')], 'no_stream');

      expect(fake.log.all.filter((e) => e.stream.startsWith('$'))).toHaveLength(3);
      const all = await collect(store.readAll());
      expect(all.map((e) => `${e.stream}:${e.type}`)).toEqual(['match-1:A', 'match-2:B']);
    });

    it('subscribes with catch-up then live events, skipping system events, until aborted', async () => {
      await store.append('match-1', [event('A')], 'no_stream');
      const controller = new AbortController();
      const received: string[] = [];
      const subscription = (async () => {
        for await (const e of store.subscribeAll({ signal: controller.signal })) {
          received.push(e.type);
          if (received.length === 2) controller.abort();
        }
      })();
      await waitFor(() => received.length === 1);
      appendSystemEvent(fake);
      await store.append('match-1', [event('B')], 0n);

      await subscription;
      expect(received).toEqual(['A', 'B']);
    });

    it('sends checkpoints every 32 considered events and when catching up', async () => {
      for (let i = 0; i < 40; i += 1) await store.append(`other-${i}`, [event('X')], 'no_stream');
      // The adapter has no use for checkpoints, so the client is asked for them directly.
      const client = EventStoreDBClient.connectionString(fake.connectionString);
      const checkpoints: bigint[] = [];
      const subscription = client.subscribeToAll({
        filter: streamNameFilter({
          prefixes: ['match-'],
          checkpointReached: (_subscription, position) => void checkpoints.push(position.commit),
        }),
      });
      await new Promise((resolve) => subscription.once('caughtUp', resolve));
      await client.dispose();

      // Two system events and 40 others: at the 32nd, then at the last one before going live.
      expect(checkpoints).toEqual([fake.log.all[31].position, fake.log.all[41].position]);
    });

    it('reports the server version as health', async () => {
      await expect(store.health()).resolves.toEqual({
        ok: true,
        store: 'eventstoredb',
        version: FAKE_SERVER_VERSION,
      });
    });
  });
});

function event(type: string, data: unknown = {}): EventToAppend {
  return { eventId: randomUUID(), type, data, meta: { actor: 'test' } };
}

/** A statistics event, as a real server writes to $all on its own every 30 seconds. */
function appendSystemEvent(fake: EsdbFake): void {
  fake.log.append('$stats-127.0.0.1:2113', { kind: 'any' }, [
    {
      eventId: randomUUID(),
      type: '$statsCollected',
      contentType: 'application/json',
      data: new TextEncoder().encode('{}'),
      customMetadata: new Uint8Array(),
    },
  ]);
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = [];
  for await (const item of events) result.push(item);
  return result;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
