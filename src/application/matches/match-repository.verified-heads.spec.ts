import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchStreamName } from '../../domain/match/match-events';
import { SqliteEventStore } from '../../infrastructure/eventstore/sqlite/sqlite-event-store';
import {
  alterStoredEvent,
  claimSeat,
  recordCreatedMatch,
  recordStartedMatch,
  repositoryOver,
} from '../../../test/support/match-repository-kit';
import { ChainBrokenError } from '../errors';
import type { MatchRepository } from './match-repository';
import { StreamIntegrity } from './stream-integrity';

/**
 * The memory of verified heads (StreamIntegrity): what a load verifies once a process has
 * verified a stream up to a head, and what it catches. Each repository here is one process
 * (its own StreamIntegrity); none keeps a match's state in memory (cache of 1 byte), so every
 * read is a load from the store.
 */
describe('MatchRepository with verified heads', () => {
  let dataDir: string;
  let store: SqliteEventStore;

  const processWith = (integrity = new StreamIntegrity()) => repositoryOver(store, integrity);

  /** Changes a text inside the stored event at `seq` of the match, as someone with the file could. */
  const alter = (matchId: string, seq: number, from: string, to: string) =>
    alterStoredEvent(dataDir, matchStreamName(matchId), seq, from, to);

  const seatName = async (repository: MatchRepository, matchId: string, seat: string) =>
    (await repository.current(matchId, { keep: false })).seats.find((s) => s.seat === seat)?.player
      ?.name;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-verified-heads-'));
    store = new SqliteEventStore({ dataDir });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('remembers the head it verified and appended, and loads again from there', async () => {
    const integrity = new StreamIntegrity();
    const repository = processWith(integrity);
    await recordStartedMatch(repository, 'm1');
    const head = integrity.verifiedHead(matchStreamName('m1'));
    expect(head).toEqual({ seq: 4, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await repository.current('m1', { keep: false });
    expect(integrity.verifiedHead(matchStreamName('m1'))).toEqual(head);
  });

  it('an event before the remembered seq altered under a running process is caught at restart', async () => {
    const integrity = new StreamIntegrity();
    await recordStartedMatch(processWith(integrity), 'm1');
    alter('m1', 2, 'Alice', 'Mallory');
    // The same process with the match's state no longer in memory.
    const running = processWith(integrity);

    // The running process vouches for the prefix it verified (what the memory does not catch;
    // GET /audit, `matchlog doctor` and a restart do): it still serves and accepts writes.
    expect(await seatName(running, 'm1', 'red')).toBe('Mallory');
    expect(() => running.refuseIfBroken('m1')).not.toThrow();

    const restarted = processWith();
    expect(await seatName(restarted, 'm1', 'red')).toBe('Mallory');
    expect(restarted.knownBreakOf('m1')).toMatchObject({
      brokenSeq: 2,
      reason: 'hash_mismatch',
    });
    await expect(claimSeat(restarted, 'm1', 'red', 'Eve')).rejects.toBeInstanceOf(ChainBrokenError);
  });

  it('the event at the remembered seq altered is caught by the next load, naming its seq', async () => {
    const integrity = new StreamIntegrity();
    await recordStartedMatch(processWith(integrity), 'm1');
    alter('m1', 4, '"entropy":"', '"entropy":"x');
    const running = processWith(integrity);
    await running.current('m1', { keep: false });
    expect(running.knownBreakOf('m1')).toMatchObject({ brokenSeq: 4, reason: 'hash_mismatch' });
    expect(integrity.verifiedHead(matchStreamName('m1'))).toBeUndefined();
  });

  it('verifies the tail another replica appended after the remembered head', async () => {
    const integrityA = new StreamIntegrity();
    const replicaA = processWith(integrityA);
    const replicaB = processWith();
    await recordCreatedMatch(replicaA, 'm1');
    expect(integrityA.verifiedHead(matchStreamName('m1'))?.seq).toBe(1);

    // An intact tail: A verifies it and remembers the new head.
    await claimSeat(replicaB, 'm1', 'red', 'Alice');
    expect(await seatName(replicaA, 'm1', 'red')).toBe('Alice');
    expect(integrityA.verifiedHead(matchStreamName('m1'))?.seq).toBe(2);

    // A tail altered after B wrote it: A's next load finds it, though A never saw it intact.
    await claimSeat(replicaB, 'm1', 'blue', 'Bob');
    alter('m1', 3, 'Bob', 'Mallory');
    await replicaA.current('m1', { keep: false });
    expect(replicaA.knownBreakOf('m1')).toMatchObject({ brokenSeq: 3, reason: 'hash_mismatch' });
    expect(integrityA.verifiedHead(matchStreamName('m1'))).toBeUndefined();
    await expect(claimSeat(replicaA, 'm1', 'blue', 'Eve')).rejects.toBeInstanceOf(ChainBrokenError);
  });

  it('a stream cut back behind the remembered head is verified whole again', async () => {
    const integrity = new StreamIntegrity();
    await recordStartedMatch(processWith(integrity), 'm1');
    const repository = processWith(integrity);
    const db = new Database(join(dataDir, 'matchlog.db'));
    try {
      db.prepare(`DELETE FROM events WHERE stream = ? AND revision = 4`).run(matchStreamName('m1'));
    } finally {
      db.close();
    }
    const state = await repository.current('m1', { keep: false });
    expect(state.lastSeq).toBe(3);
    expect(repository.knownBreakOf('m1')).toBeUndefined();
    expect(integrity.verifiedHead(matchStreamName('m1'))).toEqual({
      seq: 3,
      hash: state.headHash,
    });
  });

  it('forgets the least recently verified heads: a forgotten stream is verified whole', async () => {
    const integrity = new StreamIntegrity(4);
    for (const matchId of ['m1', 'm2', 'm3'])
      await recordStartedMatch(processWith(integrity), matchId);
    expect(integrity.verifiedHead(matchStreamName('m1'))).toBeUndefined();
    expect(integrity.verifiedHead(matchStreamName('m3'))?.seq).toBe(4);

    alter('m1', 2, 'Alice', 'Mallory');
    alter('m3', 2, 'Alice', 'Mallory');
    const repository = processWith(integrity);
    await repository.current('m1', { keep: false });
    await repository.current('m3', { keep: false });
    // m1 was forgotten, so its whole chain was checked; m3's head still vouched for seq 2.
    expect(repository.knownBreakOf('m1')).toMatchObject({ brokenSeq: 2 });
    expect(repository.knownBreakOf('m3')).toBeUndefined();
  });
});
