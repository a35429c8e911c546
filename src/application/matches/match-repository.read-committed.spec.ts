import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../infrastructure/eventstore/sqlite/sqlite-event-store';
import {
  claimSeat,
  recordCreatedMatch,
  repositoryOver,
} from '../../../test/support/match-repository-kit';
import type { MatchRepository } from './match-repository';
import { StreamIntegrity } from './stream-integrity';

/**
 * A decision is applied to the held state before the store commits it (group commit: the
 * write waits for the end of the event loop's turn). A read in that window must wait for the
 * commit: a reader shown a head the store does not have yet read events up to it, found none,
 * and read again at once, on microtasks alone, so the commit never ran (a whole test run hung
 * on it in CI).
 */
describe('MatchRepository reads what is committed', () => {
  let dataDir: string;
  let store: SqliteEventStore;
  let repository: MatchRepository;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-read-committed-'));
    store = new SqliteEventStore({ dataDir });
    // The match's state held in memory, as a running service holds a hot match.
    repository = repositoryOver(store, new StreamIntegrity(), 64 * 1024 * 1024);
    await recordCreatedMatch(repository, 'm1');
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Resolves when the repository hands the store its next append (before the commit). */
  const nextAppendQueued = () =>
    new Promise<void>((resolve) => {
      const append = store.append.bind(store);
      store.append = (...args: Parameters<typeof append>) => {
        store.append = append;
        const committing = append(...args);
        resolve();
        return committing;
      };
    });

  it('a read while a decision is being committed waits for it and shows only stored events', async () => {
    const before = await repository.current('m1');
    const headBefore = before.lastSeq;
    const queued = nextAppendQueued();
    const claim = claimSeat(repository, 'm1', 'red', 'Alice');
    await queued;

    const read = await repository.current('m1');
    const stored = await repository.eventList('m1');
    expect({ head: read.lastSeq, storedHead: stored[stored.length - 1].seq }).toEqual({
      head: headBefore + 1,
      storedHead: headBefore + 1,
    });
    await claim;
  });

  it('a read while a refused commit is in flight shows the match as it was', async () => {
    const headBefore = (await repository.current('m1')).lastSeq;
    const append = store.append.bind(store);
    let queued!: () => void;
    const appendQueued = new Promise<void>((resolve) => (queued = resolve));
    store.append = async () => {
      queued();
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('disk full');
    };
    const claim = claimSeat(repository, 'm1', 'red', 'Alice');
    await appendQueued;

    const read = await repository.current('m1');
    store.append = append;
    await expect(claim).rejects.toThrow('disk full');
    expect(read.lastSeq).toBe(headBefore);
    expect(read.seats.find((s) => s.seat === 'red')?.player).toBeUndefined();
  });
});
