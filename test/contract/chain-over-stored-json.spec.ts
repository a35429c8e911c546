import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { ChainBrokenError } from '../../src/application/errors';
import { StreamIntegrity } from '../../src/application/matches/stream-integrity';
import type { EventStore, StoredEvent } from '../../src/application/ports/event-store.port';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { ChainVerifier, storedJsonHash } from '../../src/domain/events/hash-chain';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { decideStartMatch } from '../../src/domain/match/match-decider';
import { matchStreamName } from '../../src/domain/match/match-events';
import { fromStoredEvent } from '../../src/application/matches/recorded-event.mapping';
import { EsdbEventStore } from '../../src/infrastructure/eventstore/esdb/esdb-event-store';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { INSERT_EVENT_SQL } from '../../src/infrastructure/eventstore/sqlite/sqlite-schema';
import { inspectStoreFile } from '../../src/infrastructure/cli/store-file';
import { startEsdbFake } from '../support/esdb-fake/esdb-fake';
import {
  claimSeat,
  organizer,
  recordStartedMatch,
  repositoryOver,
} from '../support/match-repository-kit';

/**
 * A store under test, with what only someone at the store itself can do: write events as the
 * adapter wrote them before it kept canonical JSON, and change text inside a stored event.
 */
interface StoreAtHand {
  store: EventStore;
  /** Appends the events as the adapter did before: data and meta with JSON.stringify. */
  writeAsBefore(stream: string, events: RecordedEvent[]): Promise<void>;
  /** Replaces `from` by `to` in the data or meta text stored at `seq` (it must be there). */
  alter(stream: string, seq: number, member: 'data' | 'meta', from: string, to: string): void;
  close(): Promise<void>;
}

const stores: [string, () => Promise<StoreAtHand>][] = [
  [
    'sqlite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-stored-json-'));
      const store = new SqliteEventStore({ dataDir });
      const db = store.database;
      return {
        store,
        async writeAsBefore(stream, events) {
          const insert = db.prepare(INSERT_EVENT_SQL);
          for (const event of events)
            insert.run(
              stream,
              event.seq,
              event.eventId,
              event.type,
              JSON.stringify(event.data),
              JSON.stringify(event.meta),
            );
        },
        alter(stream, seq, member, from, to) {
          const changed = db
            .prepare(
              `UPDATE events SET ${member} = replace(${member}, ?, ?) WHERE stream = ? AND revision = ? AND instr(${member}, ?) > 0`,
            )
            .run(from, to, stream, seq, from);
          expect(changed.changes).toBe(1);
        },
        async close() {
          await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'eventstoredb (gRPC fake)',
    async () => {
      const fake = await startEsdbFake();
      const store = new EsdbEventStore({ connectionString: fake.connectionString });
      const client = EventStoreDBClient.connectionString(fake.connectionString);
      return {
        store,
        async writeAsBefore(stream, events) {
          // The adapter handed the client objects; the client wrote both with JSON.stringify.
          await client.appendToStream(
            stream,
            events.map((event) =>
              jsonEvent({
                id: event.eventId,
                type: event.type,
                data: event.data as never,
                metadata: event.meta,
              }),
            ),
          );
        },
        alter(stream, seq, member, from, to) {
          const logged = fake.log.stream(stream)!.find((event) => Number(event.revision) === seq)!;
          const field = member === 'data' ? 'data' : 'customMetadata';
          const text = Buffer.from(logged[field]).toString('utf8');
          expect(text).toContain(from);
          logged[field] = Buffer.from(text.replace(from, to));
        },
        async close() {
          await client.dispose();
          await store.close();
          await fake.close();
        },
      };
    },
  ],
];

/**
 * A started match recorded elsewhere, its first `count` events written into the store at hand
 * as the adapter wrote them before.
 */
async function storedAsBefore(at: StoreAtHand, matchId: string, count = 5) {
  const scratchDir = mkdtempSync(join(tmpdir(), 'matchlog-scratch-'));
  const scratch = new SqliteEventStore({ dataDir: scratchDir });
  try {
    const recorded = await recordStartedMatch(repositoryOver(scratch), matchId);
    await at.writeAsBefore(matchStreamName(matchId), recorded.slice(0, count));
    return recorded.slice(0, count);
  } finally {
    await scratch.close();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

/**
 * The first load of a match verifies its chain over the JSON text the store keeps (issue 38:
 * the check of a first load must cost under 5% of a decision). What the stores write now is
 * canonical JSON, hashed as it is; what they wrote before (JSON.stringify) still loads and
 * verifies, by writing each event again; and nothing that was caught before passes.
 */
describe.each(stores)('the chain checked over the stored JSON text: %s', (_name, open) => {
  let at: StoreAtHand;
  beforeEach(async () => {
    at = await open();
  });
  afterEach(() => at.close());

  const storedEvents = async (matchId: string) => {
    const events: StoredEvent[] = [];
    for await (const event of at.store.read(matchStreamName(matchId))) events.push(event);
    return events;
  };
  /** What a process that never saw the match finds when it loads it. */
  const loadedFresh = async (matchId: string) => {
    const repository = repositoryOver(at.store, new StreamIntegrity());
    const state = await repository.current(matchId, { keep: false });
    return { repository, state, broken: repository.knownBreakOf(matchId) };
  };

  it('stores a match recorded now as canonical JSON, whose text hashes to each event’s hash', async () => {
    const recorded = await recordStartedMatch(repositoryOver(at.store), 'm1');
    const stored = await storedEvents('m1');
    expect(stored).toHaveLength(recorded.length);
    for (const event of stored) {
      expect(event.json).toEqual({
        data: canonicalJson(event.data),
        meta: canonicalJson(event.meta),
      });
      expect(storedJsonHash(fromStoredEvent(event), event.json!)).toBe(
        (event.meta as RecordedEvent['meta']).hash,
      );
    }
    const { state, broken } = await loadedFresh('m1');
    expect(broken).toBeUndefined();
    expect(state.seats.find((seat) => seat.seat === 'red')?.player?.name).toBe('Alice');
  });

  it('catches one digit or one name changed in an event stored now', async () => {
    await recordStartedMatch(repositoryOver(at.store), 'm1');
    at.alter(matchStreamName('m1'), 1, 'meta', '22:00:00', '22:00:01');
    expect((await loadedFresh('m1')).broken).toMatchObject({
      brokenSeq: 1,
      reason: 'hash_mismatch',
    });
    await recordStartedMatch(repositoryOver(at.store), 'm2');
    at.alter(matchStreamName('m2'), 2, 'data', 'Alice', 'Mallory');
    const { repository, state, broken } = await loadedFresh('m2');
    expect(state.seats.find((seat) => seat.seat === 'red')?.player?.name).toBe('Mallory');
    expect(broken).toMatchObject({ brokenSeq: 2, reason: 'hash_mismatch' });
    await expect(claimSeat(repository, 'm2', 'blue', 'Eve')).rejects.toBeInstanceOf(
      ChainBrokenError,
    );
  });

  describe('a match stored before the stores kept canonical JSON', () => {
    it('loads and verifies, takes writes, and verifies with the new events after it', async () => {
      const recorded = await storedAsBefore(at, 'm1', 3);
      const before = await storedEvents('m1');
      // Not canonical: the members in the order they were made, as JSON.stringify wrote them.
      expect(before.map((event) => event.json?.meta)).toEqual(
        recorded.map((event) => JSON.stringify(event.meta)),
      );
      expect(before.every((event) => event.json?.meta !== canonicalJson(event.meta))).toBe(true);
      const first = await loadedFresh('m1');
      expect(first.broken).toBeUndefined();
      expect(first.state.lastSeq).toBe(2);

      await claimSeat(first.repository, 'm1', 'blue', 'Bob');
      await first.repository.decideAndAppend('m1', (state) => decideStartMatch(state), organizer);
      const after = await storedEvents('m1');
      expect(after).toHaveLength(5);
      for (const event of after.slice(3))
        expect(event.json).toEqual({
          data: canonicalJson(event.data),
          meta: canonicalJson(event.meta),
        });
      const again = await loadedFresh('m1');
      expect(again.broken).toBeUndefined();
      expect(again.state.lastSeq).toBe(4);
      expect(again.state.status).toBe('started');
    });

    it('catches one digit or one name changed in it', async () => {
      await storedAsBefore(at, 'm1');
      at.alter(matchStreamName('m1'), 3, 'meta', '22:00:00', '22:00:01');
      expect((await loadedFresh('m1')).broken).toMatchObject({
        brokenSeq: 3,
        reason: 'hash_mismatch',
      });
      await storedAsBefore(at, 'm2');
      at.alter(matchStreamName('m2'), 2, 'data', 'Alice', 'Mallory');
      const { repository, broken } = await loadedFresh('m2');
      expect(broken).toMatchObject({ brokenSeq: 2, reason: 'hash_mismatch' });
      await expect(claimSeat(repository, 'm2', 'blue', 'Eve')).rejects.toBeInstanceOf(
        ChainBrokenError,
      );
    });
  });
});

describe('matchlog doctor over a store written before and after canonical JSON', () => {
  it('verifies both kinds of events, and names a change in either', async () => {
    const open = stores[0][1];
    const at = await open();
    try {
      await storedAsBefore(at, 'm1');
      await recordStartedMatch(repositoryOver(at.store), 'm2');
      const file = (at.store as SqliteEventStore).database.name;
      expect(inspectStoreFile(file)).toMatchObject({ streams: 2, events: 10, broken: [] });
      at.alter(matchStreamName('m1'), 2, 'data', 'Alice', 'Mallory');
      at.alter(matchStreamName('m2'), 3, 'data', 'Bob', 'Mallory');
      expect(inspectStoreFile(file).broken).toMatchObject([
        { matchId: 'm1', brokenSeq: 2, reason: 'hash_mismatch' },
        { matchId: 'm2', brokenSeq: 3, reason: 'hash_mismatch' },
      ]);
    } finally {
      await at.close();
    }
  });
});

describe('EventStoreDB: a stored text that is not JSON', () => {
  it('is handed over as the client gives it, without a text to hash, and breaks the chain', async () => {
    const open = stores[1][1];
    const at = await open();
    try {
      await recordStartedMatch(repositoryOver(at.store), 'm1');
      at.alter(matchStreamName('m1'), 2, 'data', '"name":"Alice"', '"name":Alice"');
      const stored: StoredEvent[] = [];
      for await (const event of at.store.read(matchStreamName('m1'))) stored.push(event);
      // The client hands data it cannot parse over as the text itself.
      expect(stored[2].data).toEqual(expect.stringContaining('"name":Alice"'));
      expect(stored[2].json).toBeUndefined();
      expect(stored[1].json).toBeDefined();
      const chain = new ChainVerifier();
      for (const event of stored) if (chain.next(fromStoredEvent(event), event.json)) break;
      expect(chain.verdict()).toMatchObject({ ok: false, brokenSeq: 2, reason: 'hash_mismatch' });
    } finally {
      await at.close();
    }
  });
});
