import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainVerifier } from '../../domain/events/hash-chain';
import { matchStreamName } from '../../domain/match/match-events';
import { hiddenInformationViewed, sideStreamName } from '../../domain/match/side-streams';
import { SqliteEventStore } from '../../infrastructure/eventstore/sqlite/sqlite-event-store';
import { CryptoRng } from '../../infrastructure/persistence/crypto-rng';
import {
  alterStoredEvent,
  claimSeat,
  recordStartedMatch,
  repositoryOver,
} from '../../../test/support/match-repository-kit';
import { ChainBrokenError } from '../errors';
import { ChainSweep } from './chain-sweep';
import { SideStreamLog } from './side-stream-log';
import { StreamIntegrity } from './stream-integrity';

const clock = { nowIso: () => '2026-12-07T06:00:00.000Z' };
const judge = { kind: 'judge' as const, id: 'j-1' };
const viewed = (atSeq: number) =>
  hiddenInformationViewed({ judge: { id: 'j-1', name: 'Judge' }, scope: 'state', atSeq });

/**
 * The chain sweep over an embedded store written by one process and read by another (a restart:
 * a StreamIntegrity of its own, nothing verified yet).
 */
describe('ChainSweep', () => {
  let dataDir: string;
  let store: SqliteEventStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-chain-sweep-'));
    store = new SqliteEventStore({ dataDir });
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Two started matches (5 events each) and an audit stream of 3 beside the first. */
  async function storeWithMatches(): Promise<void> {
    const writer = repositoryOver(store);
    await recordStartedMatch(writer, 'm1');
    await recordStartedMatch(writer, 'm2');
    const side = new SideStreamLog(store, clock, new CryptoRng());
    const m1 = await writer.current('m1');
    await side.append('audit', m1, [viewed(1), viewed(2), viewed(3)], judge);
  }

  it('verifies every stream of a clean store and remembers each head: a load then checks only from it', async () => {
    await storeWithMatches();
    const integrity = new StreamIntegrity();
    const report = await new ChainSweep(store, integrity, clock).sweep();

    expect(report).toEqual({
      state: 'done',
      streams: 3,
      events: 13,
      broken: [],
      startedAt: clock.nowIso(),
      finishedAt: clock.nowIso(),
    });
    const lastOf = async (stream: string) => {
      for await (const last of store.read(stream, { direction: 'backwards', limit: 1 }))
        return { seq: Number(last.revision), hash: (last.meta as { hash: string }).hash };
      throw new Error(`${stream} is empty`);
    };
    for (const stream of [
      matchStreamName('m1'),
      matchStreamName('m2'),
      sideStreamName('audit', 'm1'),
    ])
      expect(integrity.verifiedHead(stream)).toEqual(await lastOf(stream));

    // The first load of m1 in this process: the remembered head is the one event it checks.
    const checked = jest.spyOn(ChainVerifier.prototype, 'next');
    const resumed = jest.spyOn(ChainVerifier, 'resumingAt');
    const state = await repositoryOver(store, integrity).current('m1', { keep: false });
    expect(state.lastSeq).toBe(4);
    expect(resumed).toHaveBeenCalledTimes(1);
    expect(checked.mock.calls.map(([event]) => event.seq)).toEqual([4]);
  });

  it('finds an altered event before any load: the match is named, logged once and refuses writes', async () => {
    await storeWithMatches();
    alterStoredEvent(dataDir, matchStreamName('m2'), 2, 'Alice', 'Mallory');
    const integrity = new StreamIntegrity();
    const logged = jest.spyOn(integrity['logger'], 'error').mockImplementation(() => undefined);

    const report = await new ChainSweep(store, integrity, clock).sweep();

    expect(report).toMatchObject({ state: 'done', streams: 3 });
    expect(report.broken).toEqual([
      {
        stream: matchStreamName('m2'),
        matchId: 'm2',
        brokenSeq: 2,
        reason: 'hash_mismatch',
        message: expect.stringContaining('seq 2 was altered'),
      },
    ]);
    expect(integrity.verifiedHead(matchStreamName('m2'))).toBeUndefined();
    expect(integrity.verifiedHead(matchStreamName('m1'))?.seq).toBe(4);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain('match-m2 (match m2) breaks at seq 2');

    // No request has loaded m2 in this process: the write is refused all the same.
    const repository = repositoryOver(store, integrity);
    expect(() => repository.refuseIfBroken('m2')).toThrow(ChainBrokenError);
    await expect(claimSeat(repository, 'm2', 'red', 'Eve')).rejects.toBeInstanceOf(
      ChainBrokenError,
    );
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('skips a stream a load of this process verified before it got there', async () => {
    await storeWithMatches();
    const integrity = new StreamIntegrity();
    await repositoryOver(store, integrity).current('m1', { keep: false });

    const report = await new ChainSweep(store, integrity, clock).sweep();

    // Every stream counted, the events of m1 not read again.
    expect(report).toMatchObject({ state: 'done', streams: 3, events: 8 });
  });

  it('checks every stream beyond the heads it can remember, and keeps every break', async () => {
    await storeWithMatches();
    const writer = repositoryOver(store);
    await recordStartedMatch(writer, 'm3');
    alterStoredEvent(dataDir, matchStreamName('m1'), 3, 'Bob', 'Mallory');
    const integrity = new StreamIntegrity(2);
    jest.spyOn(integrity['logger'], 'error').mockImplementation(() => undefined);

    const report = await new ChainSweep(store, integrity, clock).sweep();

    expect(report).toMatchObject({ state: 'done', streams: 4, events: 17 });
    expect(report.broken.map((b) => [b.stream, b.brokenSeq])).toEqual([[matchStreamName('m1'), 3]]);
    const remembered = ['audit-m1', 'match-m2', 'match-m3'].filter(
      (stream) => integrity.verifiedHead(stream) !== undefined,
    );
    // At most what it can hold, the last verified among them.
    expect(remembered.length).toBeLessThanOrEqual(2);
    expect(remembered).toContain('match-m3');
  });

  it('yields to the event loop while it verifies a long stream', async () => {
    const writer = repositoryOver(store);
    await recordStartedMatch(writer, 'long');
    const views = Array.from({ length: 3000 }, (_, i) => viewed(i));
    await new SideStreamLog(store, clock, new CryptoRng()).append(
      'audit',
      await writer.current('long'),
      views,
      judge,
    );
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const report = await new ChainSweep(store, new StreamIntegrity(), clock).sweep();
    counting = false;

    expect(report).toMatchObject({ state: 'done', streams: 2, events: 3005, broken: [] });
    // Other work ran between the sweep's slices (one turn is the one queued before it began).
    expect(turns).toBeGreaterThan(1);
  }, 60_000);

  it('is off when told, and reports so', async () => {
    await storeWithMatches();
    const sweep = new ChainSweep(store, new StreamIntegrity(), clock, false);
    sweep.onApplicationBootstrap();
    expect(sweep.report()).toEqual({ state: 'off', streams: 0, events: 0, broken: [] });
  });
});
