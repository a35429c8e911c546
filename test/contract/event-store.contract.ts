import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import {
  InvalidEventError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type AllFilter,
  type EventStore,
  type EventToAppend,
  type ReadJsonOptions,
  type ReadStreamOptions,
  recordedEventJson,
  type RecordedJsonOptions,
  type StoredEvent,
  type SubscribeAllOptions,
} from '../../src/application/ports/event-store.port';

/**
 * The one contract every EventStore adapter passes (DESIGN section 8).
 *
 * It speaks only through the port, so it also runs against a shared real server: every test
 * writes to streams under its own random prefix, reads the global log only after a checkpoint
 * taken at its start, and assumes nothing about positions except that they strictly increase.
 */
export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

/** How long a test waits for a subscription to deliver before it fails. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** How long a test watches for unwanted extra deliveries (duplicates) after the expected ones. */
const QUIET_PERIOD_MS = 100;

export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreUnderTest>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    /** Every stream of the current test starts with this. */
    let prefix: string;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
      prefix = `contract${randomUUID().replaceAll('-', '')}-`;
    });
    afterEach(() => cleanup());

    /** Appends a marker event and returns its position: readAll after it sees only this test. */
    async function checkpoint(): Promise<bigint> {
      return (await store.append(`${prefix}marker`, [newEvent('Marked')], 'any')).position;
    }

    /** Appends `count` events to `stream` in appends of `perAppend`; returns them in order. */
    async function seed(
      stream: string,
      count: number,
      perAppend = count,
    ): Promise<EventToAppend[]> {
      const all: EventToAppend[] = [];
      while (all.length < count) {
        const events = Array.from({ length: Math.min(perAppend, count - all.length) }, (_, i) =>
          newEvent('Seeded', { n: all.length + i }),
        );
        const expected = all.length === 0 ? 'no_stream' : BigInt(all.length - 1);
        await store.append(stream, events, expected);
        all.push(...events);
      }
      return all;
    }

    async function readStream(stream: string, options?: ReadStreamOptions) {
      return collect(store.read(stream, options));
    }

    describe('append and read', () => {
      it('numbers revisions from 0 and reads events back in order, with data and meta', async () => {
        const stream = `${prefix}match`;
        const first = [
          newEvent('MatchCreated', { title: 'Путь Командора', seats: ['red', 'blue'] }),
          newEvent('SeatJoined', { seat: 'red' }),
        ];
        const second = [newEvent('PiecesMoved', { from: 'A1', to: 'B2', pieces: [1, 2] })];

        expect((await store.append(stream, first, 'no_stream')).nextRevision).toBe(1n);
        expect((await store.append(stream, second, 1n)).nextRevision).toBe(2n);

        const events = await readStream(stream);
        expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
        expect(
          events.map(({ eventId, type, data, meta }) => ({ eventId, type, data, meta })),
        ).toEqual([...first, ...second]);
        expect(events.every((e) => e.stream === stream)).toBe(true);
        expectStrictlyIncreasing(events.map((e) => e.position));
      });

      it('returns the position of the last event written', async () => {
        const stream = `${prefix}match`;
        const result = await store.append(stream, [newEvent(), newEvent()], 'no_stream');
        const events = await readStream(stream);
        expect(result.position).toBe(events[1].position);
      });

      it("with 'any' appends to new and existing streams", async () => {
        const stream = `${prefix}match`;
        expect((await store.append(stream, [newEvent()], 'any')).nextRevision).toBe(0n);
        expect((await store.append(stream, [newEvent(), newEvent()], 'any')).nextRevision).toBe(2n);
        expect(await readStream(stream)).toHaveLength(3);
      });

      it("with 'no_stream' conflicts once the stream exists, reporting its revision", async () => {
        const stream = `${prefix}match`;
        const created = newEvent('MatchCreated');
        await store.append(stream, [created], 'no_stream');

        await expectConflict(store.append(stream, [newEvent()], 'no_stream'), stream, 0n);
        expect((await readStream(stream)).map((e) => e.eventId)).toEqual([created.eventId]);
      });

      it('with an exact revision conflicts unless it is the last one, leaving the stream as it was', async () => {
        const stream = `${prefix}match`;
        const seeded = await seed(stream, 3);

        await expectConflict(store.append(stream, [newEvent()], 1n), stream, 2n);
        await expectConflict(store.append(stream, [newEvent()], 5n), stream, 2n);
        await expectConflict(
          store.append(`${prefix}missing`, [newEvent()], 0n),
          `${prefix}missing`,
          'no_stream',
        );
        expect((await readStream(stream)).map((e) => e.eventId)).toEqual(
          seeded.map((e) => e.eventId),
        );
        expect((await store.append(stream, [newEvent()], 2n)).nextRevision).toBe(3n);
      });

      it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
        const stream = `${prefix}match`;
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, () => store.append(stream, [newEvent()], 'no_stream')),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const error of lost) {
          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ stream, actual: 0n });
        }
        expect(await readStream(stream)).toHaveLength(1);
      });

      it('treats a retry of the same append as a no-op that returns the original result', async () => {
        const stream = `${prefix}match`;
        const created = [newEvent('MatchCreated'), newEvent('SeatJoined')];
        const moved = newEvent('PiecesMoved');
        const rolled = newEvent('DiceRolled');

        const first = await store.append(stream, created, 'no_stream');
        expect(await store.append(stream, created, 'no_stream')).toEqual(first);
        const second = await store.append(stream, [moved], 1n);
        const third = await store.append(stream, [rolled], 'any');
        // Retried after the stream moved on, each with its original expected revision.
        expect(await store.append(stream, created, 'no_stream')).toEqual(first);
        expect(await store.append(stream, [moved], 1n)).toEqual(second);
        expect(await store.append(stream, [rolled], 'any')).toEqual(third);

        expect((await readStream(stream)).map((e) => e.eventId)).toEqual(
          [...created, moved, rolled].map((e) => e.eventId),
        );
      });

      it('treats a different event at a taken revision as a conflict', async () => {
        const stream = `${prefix}match`;
        const created = newEvent('MatchCreated');
        await store.append(stream, [created], 'no_stream');

        await expectConflict(store.append(stream, [newEvent()], 'no_stream'), stream, 0n);
        // Only partly the same append: the first id matches, the second never was stored.
        await expectConflict(store.append(stream, [created, newEvent()], 'no_stream'), stream, 0n);
        expect((await readStream(stream)).map((e) => e.eventId)).toEqual([created.eventId]);
      });

      it('answers an empty append with the current revision and writes nothing', async () => {
        const stream = `${prefix}match`;
        await seed(stream, 2);

        expect((await store.append(stream, [], 1n)).nextRevision).toBe(1n);
        await expectConflict(store.append(stream, [], 0n), stream, 1n);
        await expectConflict(store.append(stream, [], 'no_stream'), stream, 1n);
        expect(await readStream(stream)).toHaveLength(2);
      });

      it('throws StreamNotFoundError when reading a stream that has no events', async () => {
        await expect(readStream(`${prefix}missing`)).rejects.toBeInstanceOf(StreamNotFoundError);
        await expect(
          readStream(`${prefix}missing`, { direction: 'backwards' }),
        ).rejects.toBeInstanceOf(StreamNotFoundError);
      });

      it('reads forwards and backwards with from, to and limit', async () => {
        const stream = `${prefix}match`;
        await seed(stream, 10);
        const revisions = async (options: ReadStreamOptions) =>
          (await readStream(stream, options)).map((e) => Number(e.revision));

        expect(await revisions({ from: 3n })).toEqual([3, 4, 5, 6, 7, 8, 9]);
        expect(await revisions({ from: 3n, to: 5n })).toEqual([3, 4, 5]);
        expect(await revisions({ limit: 4 })).toEqual([0, 1, 2, 3]);
        expect(await revisions({ from: 2n, limit: 3 })).toEqual([2, 3, 4]);
        expect(await revisions({ from: 10n })).toEqual([]);
        expect(await revisions({ direction: 'backwards' })).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        expect(await revisions({ direction: 'backwards', from: 6n })).toEqual([
          6, 5, 4, 3, 2, 1, 0,
        ]);
        expect(await revisions({ direction: 'backwards', from: 6n, to: 4n })).toEqual([6, 5, 4]);
        expect(await revisions({ direction: 'backwards', limit: 2 })).toEqual([9, 8]);
      });

      it('reads a long stream completely in both directions', async () => {
        const stream = `${prefix}league`;
        const seeded = await seed(stream, 2_500, 500);
        const ids = seeded.map((e) => e.eventId);

        expect((await readStream(stream)).map((e) => e.eventId)).toEqual(ids);
        expect(
          (await readStream(stream, { direction: 'backwards' })).map((e) => e.eventId),
        ).toEqual([...ids].reverse());
        expect(
          (await readStream(stream, { from: 700n, limit: 1_500 })).map((e) => e.eventId),
        ).toEqual(ids.slice(700, 2_200));
        // 2,500 events through the gRPC fake: 2 s here, and more on a busy CI machine.
      }, 120_000);
    });

    describe('readJson', () => {
      it('reads what read reads, data and meta as the JSON text read parsed them from', async () => {
        const stream = `${prefix}json`;
        const odd = {
          '10': 'number-like keys first',
          b: [1, 2.5, -0, null],
          é: 'текст \u2028',
          z: { '2': true },
        };
        await store.append(
          stream,
          [newEvent('Seeded', odd), newEvent('Rewound', { n: 1 }), newEvent('Seeded', { n: 2 })],
          'no_stream',
        );
        const parsed = await readStream(stream);
        const json = await collect(store.readJson(stream));
        expect(json).toEqual(
          parsed.map(({ json: text, ...event }) => ({
            ...event,
            data: text?.data,
            meta: text?.meta,
          })),
        );
        expect(json.map((event) => JSON.parse(event.data))).toEqual(parsed.map((e) => e.data));
        expect(json.map((event) => JSON.parse(event.meta))).toEqual(parsed.map((e) => e.meta));
        const revisions = async (options: ReadJsonOptions) =>
          (await collect(store.readJson(stream, options))).map((e) => Number(e.revision));
        expect(await revisions({ types: ['Seeded'] })).toEqual([0, 2]);
        expect(await revisions({ types: ['Rewound', 'Seeded'], from: 1n, to: 1n })).toEqual([1]);
        expect(await revisions({ types: ['Seeded'], limit: 1 })).toEqual([0]);
        expect(await revisions({ types: ['Seeded'], direction: 'backwards', limit: 1 })).toEqual([
          2,
        ]);
        expect(await revisions({ types: ['Other'] })).toEqual([]);
        expect(await revisions({ direction: 'backwards', limit: 1 })).toEqual([2]);
        await expect(collect(store.readJson(`${prefix}missing`))).rejects.toBeInstanceOf(
          StreamNotFoundError,
        );
      });
    });

    describe('the stored JSON text', () => {
      it('is canonical JSON (RFC 8785), handed over by read with what it parsed', async () => {
        const stream = `${prefix}canonical`;
        // Members out of order at every level, text that needs escapes, a number to normalise.
        const data = {
          z: 'последний "в кавычках"\n',
          a: { y: [2, 1.5e3, null], b: true },
          m: 1e21,
        };
        const meta = {
          visibility: 'public',
          actor: { kind: 'system', id: 'contract' },
          hash: 'ab'.repeat(32),
          prevHash: '',
        };
        const event = { ...newEvent('Seeded', data), meta };
        await store.append(stream, [event, newEvent('Seeded', { n: 1 })], 'no_stream');
        const [read, second] = await readStream(stream);
        expect(read.json).toEqual({ data: canonicalJson(data), meta: canonicalJson(meta) });
        expect(read.json!.data).toBe(
          '{"a":{"b":true,"y":[2,1500,null]},"m":1e+21,"z":"последний \\"в кавычках\\"\\n"}',
        );
        expect(read.data).toEqual(data);
        expect(read.meta).toEqual(meta);
        expect(second.json).toEqual({
          data: '{"n":1}',
          meta: canonicalJson(second.meta),
        });
        const [json] = await collect(store.readJson(stream, { limit: 1 }));
        expect(json).toMatchObject(read.json!);
      });
    });

    describe('readRecordedJson', () => {
      /** The pages' text, and each page's figures. */
      async function pagesOf(stream: string, options: Omit<RecordedJsonOptions, 'matchId'> = {}) {
        const pages = await collect(store.readRecordedJson(stream, { matchId: 'м-1', ...options }));
        return {
          text: pages.map((page) => Buffer.from(page.json).toString('utf8')),
          figures: pages.map(({ events, lastRevision, counted }) => ({
            events,
            lastRevision: Number(lastRevision),
            counted,
          })),
          lastMetas: pages.map((page) => page.lastMeta),
        };
      }

      it('joins recordedEventJson of each event read, byte for byte, and counts the types asked', async () => {
        const stream = `${prefix}recorded`;
        const odd = { '10': 'first', é: 'текст "в кавычках" \u2028 \n 𝄞', n: [-0, 2.5, null] };
        const events = [
          newEvent('Seeded', odd),
          newEvent('Odd "type" é\t\u0001\u2028', { n: 1 }),
          newEvent('Rewound', { n: 2 }),
          newEvent('Seeded', {}),
        ];
        await store.append(stream, events, 'no_stream');
        const stored = await collect(store.readJson(stream));
        const expected = stored.map((event) => recordedEventJson(event, 'м-1'));

        const whole = await pagesOf(stream, { countTypes: ['Rewound', 'Missing'] });
        expect(whole.text).toEqual([expected.join(',')]);
        expect(JSON.parse(`[${whole.text[0]}]`)).toHaveLength(4);
        expect(whole.figures).toEqual([{ events: 4, lastRevision: 3, counted: 1 }]);
        // Each page names its last event's meta: the head of a match read whole in one page.
        expect(whole.lastMetas).toEqual([stored[3].meta]);

        const middle = await pagesOf(stream, { from: 1n, to: 2n });
        expect(middle.text).toEqual([expected.slice(1, 3).join(',')]);
        expect(middle.figures).toEqual([{ events: 2, lastRevision: 2, counted: 0 }]);
        expect(middle.lastMetas).toEqual([stored[2].meta]);

        expect(await pagesOf(stream, { from: 4n })).toEqual({
          text: [],
          figures: [],
          lastMetas: [],
        });
        await expect(
          collect(store.readRecordedJson(`${prefix}missing`, { matchId: 'x' })),
        ).rejects.toBeInstanceOf(StreamNotFoundError);
      });

      it('hands a long stream over in pages of at most a thousand events, in order', async () => {
        const stream = `${prefix}long`;
        await seed(stream, 2_345, 500);
        const { text, figures, lastMetas } = await pagesOf(stream, {
          from: 5n,
          to: 2_300n,
          countTypes: ['Seeded'],
        });
        expect(figures.length).toBeGreaterThan(2);
        expect(figures.every(({ events, counted }) => events <= 1000 && counted === events)).toBe(
          true,
        );
        expect(figures.reduce((sum, page) => sum + page.events, 0)).toBe(2_296);
        expect(figures[figures.length - 1].lastRevision).toBe(2_300);
        const seqs = text.flatMap((page) =>
          (JSON.parse(`[${page}]`) as { seq: number }[]).map((event) => event.seq),
        );
        expect(seqs).toEqual(Array.from({ length: 2_296 }, (_, i) => i + 5));
        const lastEvents = text.map((page) =>
          (JSON.parse(`[${page}]`) as { meta: unknown }[]).at(-1),
        );
        expect(lastMetas.map((meta) => JSON.parse(meta) as unknown)).toEqual(
          lastEvents.map((event) => event?.meta),
        );
      });
    });

    describe('readAll', () => {
      it('orders events across streams by strictly increasing positions, in commit order', async () => {
        const after = await checkpoint();
        const appended: EventToAppend[] = [];
        for (const stream of ['a', 'b', 'a', 'c', 'b', 'a']) {
          const event = newEvent();
          await store.append(`${prefix}${stream}`, [event], 'any');
          appended.push(event);
        }
        const lastId = appended[appended.length - 1].eventId;

        // Unfiltered: events of other writers may sit between ours; stop at our last one.
        const all: StoredEvent[] = [];
        for await (const event of store.readAll({ fromPosition: after })) {
          all.push(event);
          if (event.eventId === lastId) break;
        }
        expectStrictlyIncreasing(all.map((e) => e.position));
        const ours = all.filter((e) => e.stream.startsWith(prefix));
        expect(ours.map((e) => e.eventId)).toEqual(appended.map((e) => e.eventId));
      });

      it('reads strictly after fromPosition', async () => {
        const after = await checkpoint();
        const seeded = await seed(`${prefix}match`, 5, 1);
        const all = await collect(
          store.readAll({ fromPosition: after, filter: { streamPrefix: prefix } }),
        );
        expect(all.map((e) => e.eventId)).toEqual(seeded.map((e) => e.eventId));

        const rest = await collect(
          store.readAll({ fromPosition: all[1].position, filter: { streamPrefix: prefix } }),
        );
        expect(rest.map((e) => e.eventId)).toEqual(seeded.slice(2).map((e) => e.eventId));

        const again = await collect(
          store.readAll({
            fromPosition: all[1].position,
            includeFrom: true,
            filter: { streamPrefix: prefix },
          }),
        );
        expect(again.map((e) => e.eventId)).toEqual(seeded.slice(1).map((e) => e.eventId));
      });

      it('filters by one stream prefix or by a list of them', async () => {
        const after = await checkpoint();
        const written = new Map<string, string[]>();
        for (const stream of ['match-1', 'match-10', 'league-1', 'match-2', 'other']) {
          const event = newEvent();
          await store.append(`${prefix}${stream}`, [event], 'no_stream');
          written.set(stream, [event.eventId]);
        }
        const streamsRead = async (streamPrefix: string | string[]) =>
          (await collect(store.readAll({ fromPosition: after, filter: { streamPrefix } }))).map(
            (e) => e.stream.slice(prefix.length),
          );

        expect(await streamsRead(`${prefix}match-`)).toEqual(['match-1', 'match-10', 'match-2']);
        expect(await streamsRead(`${prefix}match-1`)).toEqual(['match-1', 'match-10']);
        expect(await streamsRead([`${prefix}league-`, `${prefix}match-2`])).toEqual([
          'league-1',
          'match-2',
        ]);
        expect(await streamsRead(`${prefix}nothing`)).toEqual([]);
      });

      it('filters by event types, alone and with a stream prefix', async () => {
        const after = await checkpoint();
        // Type names unique to this test, so a types-only filter is safe on a shared server.
        const moved = `PiecesMoved${randomUUID().slice(0, 8)}`;
        const rolled = `DiceRolled${randomUUID().slice(0, 8)}`;
        await store.append(
          `${prefix}match-1`,
          [newEvent(moved), newEvent('Other'), newEvent(rolled)],
          'no_stream',
        );
        await store.append(`${prefix}match-2`, [newEvent(rolled), newEvent(moved)], 'no_stream');
        const read = async (filter: AllFilter) =>
          (await collect(store.readAll({ fromPosition: after, filter }))).map(
            (e) => `${e.stream.slice(prefix.length)}:${e.type}`,
          );

        expect(await read({ types: [moved] })).toEqual([`match-1:${moved}`, `match-2:${moved}`]);
        expect(await read({ types: [moved, rolled] })).toEqual([
          `match-1:${moved}`,
          `match-1:${rolled}`,
          `match-2:${rolled}`,
          `match-2:${moved}`,
        ]);
        expect(await read({ streamPrefix: `${prefix}match-2`, types: [rolled] })).toEqual([
          `match-2:${rolled}`,
        ]);
      });

      it('stops after limit events', async () => {
        const after = await checkpoint();
        const seeded = await seed(`${prefix}match`, 5);
        const read = async (limit: number) =>
          (
            await collect(
              store.readAll({ fromPosition: after, filter: { streamPrefix: prefix }, limit }),
            )
          ).map((e) => e.eventId);

        expect(await read(3)).toEqual(seeded.slice(0, 3).map((e) => e.eventId));
        expect(await read(50)).toEqual(seeded.map((e) => e.eventId));
      });

      it('reads a long filtered log completely', async () => {
        const after = await checkpoint();
        const inA: string[] = [];
        for (let round = 0; round < 12; round += 1) {
          const a = Array.from({ length: 100 }, () => newEvent());
          await store.append(`${prefix}a`, a, 'any');
          await store.append(
            `${prefix}b`,
            Array.from({ length: 100 }, () => newEvent()),
            'any',
          );
          inA.push(...a.map((e) => e.eventId));
        }

        const onlyA = await collect(
          store.readAll({ fromPosition: after, filter: { streamPrefix: `${prefix}a` } }),
        );
        expect(onlyA.map((e) => e.eventId)).toEqual(inA);
        const both = await collect(
          store.readAll({ fromPosition: after, filter: { streamPrefix: prefix } }),
        );
        expect(both).toHaveLength(2_400);
        expectStrictlyIncreasing(both.map((e) => e.position));
      });
    });

    describe('streamNames', () => {
      it('names every stream with a prefix asked for once, whatever its length', async () => {
        for (const stream of ['match-1', 'match-10', 'notes-1', 'other'])
          await store.append(`${prefix}${stream}`, [newEvent()], 'no_stream');
        await seed(`${prefix}match-2`, 3, 1);
        // More streams than the embedded store names in one query.
        for (let i = 0; i < 501; i += 1)
          await store.append(`${prefix}many-${i}`, [newEvent()], 'no_stream');
        const named = async (streamPrefix: string | string[]) =>
          (await collect(store.streamNames({ streamPrefix })))
            .map((stream) => stream.slice(prefix.length))
            .sort();

        expect(await named([`${prefix}match-`, `${prefix}notes-`])).toEqual([
          'match-1',
          'match-10',
          'match-2',
          'notes-1',
        ]);
        expect(await named(`${prefix}nothing`)).toEqual([]);
        const many = await named(`${prefix}many-`);
        expect(many).toHaveLength(501);
        expect(new Set(many).size).toBe(501);
        const all = (await collect(store.streamNames())).filter((s) => s.startsWith(prefix));
        expect(all).toHaveLength(4 + 1 + 501);
      }, 60_000);
    });

    describe('lastPosition', () => {
      it('names the position of the last event of the global log', async () => {
        const first = await checkpoint();
        const second = await checkpoint();
        const last = await store.lastPosition();
        expect(second).toBeGreaterThan(first);
        expect(last).toBeGreaterThanOrEqual(second);
        // Nothing after it (system events aside): a feed may refuse a cursor past it.
        expect(await collect(store.readAll({ fromPosition: last }))).toEqual([]);
      });

      it('names the last event that passes a filter, whatever came after it', async () => {
        const wanted = await store.append(`${prefix}wanted`, [newEvent()], 'no_stream');
        await store.append(`${prefix}other`, [newEvent(), newEvent()], 'no_stream');
        expect(await store.lastPosition({ streamPrefix: `${prefix}wanted` })).toBe(wanted.position);
        expect(await store.lastPosition({ streamPrefix: `${prefix}never` })).toBeUndefined();
      });
    });

    describe('subscribeAll', () => {
      it('delivers history, then live events, without duplicates', async () => {
        const after = await checkpoint();
        const history = await seed(`${prefix}match`, 3, 1);
        const subscriber = subscribe(store, {
          fromPosition: after,
          filter: { streamPrefix: prefix },
        });
        try {
          await subscriber.waitFor(3);
          const live = [newEvent(), newEvent()];
          await store.append(`${prefix}match`, [live[0]], 2n);
          await store.append(`${prefix}other`, [live[1]], 'no_stream');
          await subscriber.waitFor(5);
          await sleep(QUIET_PERIOD_MS);
          expect(subscriber.events.map((e) => e.eventId)).toEqual(
            [...history, ...live].map((e) => e.eventId),
          );
        } finally {
          await subscriber.stop();
        }
      });

      it('has no gaps or duplicates when events are appended while it catches up', async () => {
        const after = await checkpoint();
        const history = await seed(`${prefix}history`, 1_500, 50);
        // A consumer that yields to the event loop on every event, so writers commit mid catch-up.
        const subscriber = subscribe(
          store,
          { fromPosition: after, filter: { streamPrefix: prefix } },
          () => new Promise((resolve) => setImmediate(resolve)),
        );
        try {
          const writers = Array.from({ length: 10 }, (_, w) => seed(`${prefix}live-${w}`, 30, 1));
          const live = (await Promise.all(writers)).flat();
          const expectedIds = new Set([...history, ...live].map((e) => e.eventId));
          await subscriber.waitFor(expectedIds.size);
          await sleep(QUIET_PERIOD_MS);

          const { events } = subscriber;
          expect(events).toHaveLength(expectedIds.size);
          expect(new Set(events.map((e) => e.eventId))).toEqual(expectedIds);
          expectStrictlyIncreasing(events.map((e) => e.position));
          for (let w = 0; w < 10; w += 1) {
            const revisions = events
              .filter((e) => e.stream === `${prefix}live-${w}`)
              .map((e) => e.revision);
            expect(revisions).toEqual(Array.from({ length: 30 }, (_, r) => BigInt(r)));
          }
        } finally {
          await subscriber.stop();
        }
      });

      it('delivers an event appended while the consumer still handles the previous one', async () => {
        const stream = `${prefix}match`;
        const after = await checkpoint();
        await seed(stream, 3);
        const appendedMeanwhile = newEvent();
        // The last commit lands mid-page, with nothing after it to wake a subscription that
        // only listens while idle.
        const subscriber = subscribe(
          store,
          { fromPosition: after, filter: { streamPrefix: prefix } },
          async (event) => {
            if (event.revision === 2n) await store.append(stream, [appendedMeanwhile], 2n);
          },
        );
        try {
          await subscriber.waitFor(4);
          expect(subscriber.events[3].eventId).toBe(appendedMeanwhile.eventId);
        } finally {
          await subscriber.stop();
        }
      });

      it('resumed from a checkpoint, delivers exactly the events after it', async () => {
        const after = await checkpoint();
        const history = await seed(`${prefix}match`, 10, 2);
        const filter = { streamPrefix: prefix };
        const first = subscribe(store, { fromPosition: after, filter });
        await first.waitFor(4);
        await first.stop();
        const resumeAt = first.events[3].position;

        const resumed = subscribe(store, { fromPosition: resumeAt, filter });
        try {
          await resumed.waitFor(6);
          const live = newEvent();
          await store.append(`${prefix}match`, [live], 9n);
          await resumed.waitFor(7);
          await sleep(QUIET_PERIOD_MS);
          expect(resumed.events.map((e) => e.eventId)).toEqual(
            [...history.slice(4), live].map((e) => e.eventId),
          );
        } finally {
          await resumed.stop();
        }
      });

      it('applies the filter to history and live events', async () => {
        const after = await checkpoint();
        const rolled = `DiceRolled${randomUUID().slice(0, 8)}`;
        await store.append(`${prefix}match-1`, [newEvent(rolled), newEvent('Other')], 'no_stream');
        await store.append(`${prefix}league-1`, [newEvent(rolled)], 'no_stream');
        const subscriber = subscribe(store, {
          fromPosition: after,
          filter: { streamPrefix: `${prefix}match-`, types: [rolled] },
        });
        try {
          await subscriber.waitFor(1);
          await store.append(`${prefix}league-1`, [newEvent(rolled)], 0n);
          await store.append(
            `${prefix}match-2`,
            [newEvent('Other'), newEvent(rolled)],
            'no_stream',
          );
          await subscriber.waitFor(2);
          await sleep(QUIET_PERIOD_MS);
          expect(
            subscriber.events.map((e) => `${e.stream.slice(prefix.length)}:${e.type}`),
          ).toEqual([`match-1:${rolled}`, `match-2:${rolled}`]);
        } finally {
          await subscriber.stop();
        }
      });

      it('serves many concurrent subscribers the same events in the same order', async () => {
        const after = await checkpoint();
        const subscribers = Array.from({ length: 20 }, () =>
          subscribe(store, { fromPosition: after, filter: { streamPrefix: prefix } }),
        );
        try {
          const streams = Array.from({ length: 5 }, (_, s) => seed(`${prefix}match-${s}`, 4, 1));
          await Promise.all(streams);
          await Promise.all(subscribers.map((s) => s.waitFor(20)));
          await sleep(QUIET_PERIOD_MS);
          const order = subscribers[0].events.map((e) => e.eventId);
          expect(order).toHaveLength(20);
          for (const subscriber of subscribers) {
            expect(subscriber.events.map((e) => e.eventId)).toEqual(order);
          }
        } finally {
          await Promise.all(subscribers.map((s) => s.stop()));
        }
      });

      it('ends on abort while waiting for live events, and on break', async () => {
        const after = await checkpoint();
        await seed(`${prefix}match`, 2);
        const subscriber = subscribe(store, {
          fromPosition: after,
          filter: { streamPrefix: prefix },
        });
        await subscriber.waitFor(2);
        await subscriber.stop(); // rejects on timeout if the iteration does not end

        let delivered = 0;
        for await (const _event of store.subscribeAll({
          fromPosition: after,
          filter: { streamPrefix: prefix },
        })) {
          delivered += 1;
          break;
        }
        expect(delivered).toBe(1);
        // The store keeps working for everyone else after both subscriptions ended.
        await store.append(`${prefix}match`, [newEvent()], 1n);
      });
    });

    describe('invalid events', () => {
      it('refuses an oversized event and writes nothing of its append', async () => {
        const stream = `${prefix}match`;
        const oversized = newEvent('Huge', { blob: 'x'.repeat(1.1 * 1024 * 1024) });
        const error = await store
          .append(stream, [newEvent(), oversized], 'no_stream')
          .catch((e) => e);
        expect(error).toBeInstanceOf(InvalidEventError);
        expect(error).toMatchObject({ eventId: oversized.eventId, reason: 'too_large' });
        await expect(readStream(stream)).rejects.toBeInstanceOf(StreamNotFoundError);
      });

      it('refuses data that cannot be serialized (BigInt, circular) and writes nothing', async () => {
        const stream = `${prefix}match`;
        await seed(stream, 1);
        const circular: Record<string, unknown> = { name: 'loop' };
        circular.self = circular;
        for (const data of [{ dice: 6n }, circular]) {
          const bad = newEvent('Bad', data);
          const error = await store.append(stream, [newEvent(), bad], 0n).catch((e) => e);
          expect(error).toBeInstanceOf(InvalidEventError);
          expect(error).toMatchObject({ eventId: bad.eventId, reason: 'not_serializable' });
        }
        expect(await readStream(stream)).toHaveLength(1);
      });
    });

    it('reports its health', async () => {
      const health = await store.health();
      expect(health.ok).toBe(true);
      expect(['sqlite', 'eventstoredb']).toContain(health.store);
      expect(health.version).toEqual(expect.any(String));
      expect(health.version.length).toBeGreaterThan(0);
    });
  });
}

function newEvent(type = 'Tested', data: unknown = {}): EventToAppend {
  const eventId = randomUUID();
  return {
    eventId,
    type,
    data,
    meta: { actor: { kind: 'system', id: 'contract' }, note: eventId },
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function expectConflict(
  append: Promise<unknown>,
  stream: string,
  actual: bigint | 'no_stream',
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ stream, actual });
}

function expectStrictlyIncreasing(positions: bigint[]): void {
  positions.slice(1).forEach((position, i) => {
    if (position <= positions[i]) {
      throw new Error(`Position ${position} follows ${positions[i]}: not strictly increasing`);
    }
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Subscriber {
  readonly events: StoredEvent[];
  /** Resolves once `count` events arrived; rejects after DELIVERY_TIMEOUT_MS. */
  waitFor(count: number): Promise<void>;
  /** Aborts the subscription; rejects if its iteration does not end promptly. */
  stop(): Promise<void>;
}

/** Runs a subscription in the background, collecting what it delivers. */
function subscribe(
  store: EventStore,
  options: Omit<SubscribeAllOptions, 'signal'>,
  onEvent?: (event: StoredEvent) => Promise<void>,
): Subscriber {
  const controller = new AbortController();
  const events: StoredEvent[] = [];
  const iteration = (async () => {
    for await (const event of store.subscribeAll({ ...options, signal: controller.signal })) {
      events.push(event);
      await onEvent?.(event);
    }
  })();
  let failure: unknown;
  iteration.catch((error: unknown) => (failure = error));

  return {
    events,
    async waitFor(count) {
      const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
      while (events.length < count) {
        if (failure) throw failure;
        if (Date.now() > deadline) {
          throw new Error(`Subscription delivered ${events.length} of ${count} events in time`);
        }
        await sleep(5);
      }
    },
    async stop() {
      controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Subscription did not end on abort')), 2_000);
      });
      try {
        await Promise.race([iteration, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
