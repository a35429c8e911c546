import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyChain } from '../../domain/events/hash-chain';
import { hiddenInformationViewed } from '../../domain/match/side-streams';
import { SqliteEventStore } from '../../infrastructure/eventstore/sqlite/sqlite-event-store';
import { CryptoRng } from '../../infrastructure/persistence/crypto-rng';
import { StreamNotFoundError } from '../ports/event-store.port';
import { SideStreamLog } from './side-stream-log';

const match = { matchId: 'm-1', ruleset: { id: 'freeform', version: '1.0.0' } };
const judge = { kind: 'judge' as const, id: 'j-1' };
const clock = { nowIso: () => '2026-11-22T10:00:00.000Z' };
const rng = new CryptoRng();
const viewed = (atSeq: number) =>
  hiddenInformationViewed({ judge: { id: 'j-1', name: 'Judge' }, scope: 'state', atSeq });

describe('SideStreamLog', () => {
  let dataDir: string;
  let store: SqliteEventStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-side-stream-'));
    store = new SqliteEventStore({ dataDir });
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('queues concurrent appends to one stream into one unbroken chain of its own seqs', async () => {
    const log = new SideStreamLog(store, clock, rng);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => log.append('audit', match, [viewed(i)], judge)),
    );
    const events = await log.read('audit', 'm-1');
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 20 });
    expect(events[0]).toMatchObject({
      matchId: 'm-1',
      type: 'HiddenInformationViewed',
      meta: { actor: judge, recordedAt: clock.nowIso(), ruleset: match.ruleset },
    });
    // Nothing reached the match stream, and the notes stream is a stream of its own.
    await expect(store.read('match-m-1')[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );
    expect(await log.read('notes', 'm-1')).toEqual([]);
  });

  it('continues the chain after another writer appended (a stale head is reloaded)', async () => {
    const a = new SideStreamLog(store, clock, rng);
    const b = new SideStreamLog(store, clock, rng);
    await a.append('audit', match, [viewed(1)], judge);
    await b.append('audit', match, [viewed(2), viewed(3)], judge);
    await a.append('audit', match, [viewed(4)], judge);
    const events = await a.read('audit', 'm-1');
    expect(events.map((e) => (e.data as { atSeq: number }).atSeq)).toEqual([1, 2, 3, 4]);
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 4 });
  });

  it('reads pages of a stream by its own seqs', async () => {
    const log = new SideStreamLog(store, clock, rng);
    await log.append('audit', match, [viewed(0), viewed(1), viewed(2), viewed(3)], judge);
    const page = await log.read('audit', 'm-1', { from: 1, limit: 2 });
    expect(page.map((e) => e.seq)).toEqual([1, 2]);
    expect(await log.read('audit', 'm-1', { from: 9 })).toEqual([]);
  });
});
