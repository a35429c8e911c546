import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenRecord } from '../../../application/ports/token-store.port';
import { SqliteEventStore } from '../../eventstore/sqlite/sqlite-event-store';
import { EventStoreTokenStore } from './event-store-token-store';
import { StreamRecords } from './stream-records';
import { expectReadTokensListedAndRevoked } from '@test/support/read-token-store-case';

describe('token records kept in the event store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-tokens-'));
  const store = new SqliteEventStore({ dataDir: dir });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const admin: TokenRecord = {
    hash: 'a'.repeat(64),
    kind: 'admin',
    subject: 'admin',
    createdAt: '2026-11-25T09:00:00.000Z',
  };

  it('takes the same token stored by two replicas at once as one token', async () => {
    const [a, b] = [1, 2].map(() => new EventStoreTokenStore(new StreamRecords(store)));
    await Promise.all([a.insert([admin]), b.insert([{ ...admin, createdAt: 'later' }])]);
    expect(await b.findByHash(admin.hash)).toMatchObject({ kind: 'admin', subject: 'admin' });
    expect(await a.hasKind('admin')).toBe(true);
  });

  it('lists the judges of a match and of its tournament by name, and no other', async () => {
    const tokens = new EventStoreTokenStore(new StreamRecords(store));
    const judge = (n: number, scope: Partial<TokenRecord>): TokenRecord => ({
      hash: String(n).repeat(64),
      kind: 'judge',
      subject: `judge-${n}`,
      name: `Судья ${n}`,
      createdAt: '2026-11-25T09:00:00.000Z',
      ...scope,
    });
    await tokens.insert([
      judge(1, { matchId: 'm1' }),
      judge(2, { tournamentId: 'cup', head: true }),
      judge(3, { matchId: 'm2' }),
      judge(4, { tournamentId: 'other-cup' }),
    ]);
    expect(await tokens.judgesOf({ matchId: 'm1', tournamentId: 'cup' })).toEqual([
      { id: 'judge-1', name: 'Судья 1' },
      // The head judge, who answers appeals, is marked so.
      { id: 'judge-2', name: 'Судья 2', head: true },
    ]);
    expect(await tokens.judgesOf({ matchId: 'm9' })).toEqual([]);
  });

  it('refuses another record under a hash already stored', async () => {
    const tokens = new EventStoreTokenStore(new StreamRecords(store));
    await expect(
      tokens.insert([{ ...admin, kind: 'organizer', subject: 'org-1' }]),
    ).rejects.toThrow('A token with this hash is already stored');
  });

  it('revokes every token of a seat but the new one, on the replica that finds it next too', async () => {
    const [a, b] = [1, 2].map(() => new EventStoreTokenStore(new StreamRecords(store)));
    const seat = (n: number, seatId: string): TokenRecord => ({
      hash: `s${n}`.repeat(32),
      kind: 'seat',
      subject: `seat-${n}`,
      matchId: 'm-links',
      seat: seatId,
      createdAt: '2026-12-06T09:00:00.000Z',
    });
    await a.insert([seat(1, 'red'), seat(2, 'blue')]);
    expect(await a.findByHash(seat(1, 'red').hash)).toBeDefined();
    await b.insert([seat(3, 'red')]);
    const revoked = await b.revokeSeat('m-links', 'red', 'seat-3', '2026-12-06T10:00:00.000Z');
    expect(revoked).toEqual([seat(1, 'red').hash]);
    expect(await b.findByHash(seat(1, 'red').hash)).toBeUndefined();
    // A replica that never cached it reads the revocation from the store.
    const c = new EventStoreTokenStore(new StreamRecords(store));
    expect(await c.findByHash(seat(1, 'red').hash)).toBeUndefined();
    expect(await c.findByHash(seat(3, 'red').hash)).toMatchObject({ seat: 'red' });
    expect(await c.findByHash(seat(2, 'blue').hash)).toMatchObject({ seat: 'blue' });
  });
  it('lists read tokens by issuer with their scope and limits, and revokes one by id', async () => {
    await expectReadTokensListedAndRevoked(new EventStoreTokenStore(new StreamRecords(store)));
  });
});
