import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordStartedMatch, repositoryOver } from '../../../test/support/match-repository-kit';
import type { MatchState } from '../../domain/match/match-state';
import { SqliteEventStore } from '../../infrastructure/eventstore/sqlite/sqlite-event-store';
import type { Principal } from '../auth/principal';
import type { HiddenInformationAudit } from '../matches/hidden-information-audit';
import type { MatchRepository } from '../matches/match-repository';
import type { FeedHub } from './feed-hub';
import { MatchStream } from './match-stream';

describe('MatchStream', () => {
  let state: MatchState;
  const organizer: Principal = { kind: 'organizer', id: 'org-1', name: 'Клуб' };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-match-stream-'));
    const store = new SqliteEventStore({ dataDir });
    const repository = repositoryOver(store);
    await recordStartedMatch(repository, 'm1');
    state = await repository.current('m1', { keep: false });
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a read that brings nothing waits for the match to move instead of reading again at once', async () => {
    // The state names events the log does not give (yet): reading again at once would loop on
    // microtasks alone, and nothing else (the commit that brings them included) would ever run.
    let reads = 0;
    const matches = {
      current: () => Promise.resolve(state),
      // eslint-disable-next-line require-yield -- a read that finds nothing
      async *events() {
        reads += 1;
        if (reads > 50) throw new Error('the stream read the log 50 times without waiting');
      },
    } as unknown as MatchRepository;
    let wake: (() => void) | undefined;
    const hub = {
      listen: (listener: (batch: { entries: { event: { matchId: string } }[] }) => void) => {
        wake = () => listener({ entries: [{ event: { matchId: 'm1' } }] });
        return Promise.resolve({ after: undefined, stop: () => (wake = undefined) });
      },
    } as unknown as FeedHub;
    const audit = { viewed: () => Promise.resolve() } as unknown as HiddenInformationAudit;
    const abort = new AbortController();

    const lines = await new MatchStream(matches, hub, audit).open(organizer, 'm1', {
      afterSeq: state.lastSeq - 1,
      afterName: 'after',
      signal: abort.signal,
    });
    const next = lines.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(1);

    wake?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(2);

    abort.abort();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
    expect(wake).toBeUndefined();
  });
});
