import Database from 'better-sqlite3';
import type { TokenRecord } from '../../application/ports/token-store.port';
import { SqliteTokenStore } from './sqlite-token-store';
import { expectReadTokensListedAndRevoked } from '@test/support/read-token-store-case';

describe('token records in the local database', () => {
  it('lists the judges of a match and of its tournament by name, and no other', async () => {
    const tokens = new SqliteTokenStore(new Database(':memory:'));
    const judge = (n: number, scope: Partial<TokenRecord>): TokenRecord => ({
      hash: String(n).repeat(64),
      kind: 'judge',
      subject: `judge-${n}`,
      name: `Судья ${n}`,
      createdAt: `2026-11-25T09:00:0${n}.000Z`,
      ...scope,
    });
    await tokens.insert([
      judge(1, { matchId: 'm1' }),
      judge(2, { tournamentId: 'cup', head: true }),
      judge(3, { matchId: 'm2' }),
      judge(4, { tournamentId: 'other-cup' }),
      { ...judge(5, { matchId: 'm1' }), kind: 'seat', seat: 'red' },
    ]);
    expect(await tokens.judgesOf({ matchId: 'm1', tournamentId: 'cup' })).toEqual([
      { id: 'judge-1', name: 'Судья 1' },
      // The head judge, who answers appeals, is marked so.
      { id: 'judge-2', name: 'Судья 2', head: true },
    ]);
    // A match outside any tournament: only its own judges.
    expect(await tokens.judgesOf({ matchId: 'm2' })).toEqual([{ id: 'judge-3', name: 'Судья 3' }]);
    expect(await tokens.judgesOf({ matchId: 'm9' })).toEqual([]);
  });

  it('revokes every token of a seat but the new one, and no other seat’s', async () => {
    const tokens = new SqliteTokenStore(new Database(':memory:'));
    const seat = (n: number, seatId: string, matchId = 'm1'): TokenRecord => ({
      hash: String(n).repeat(64),
      kind: 'seat',
      subject: `seat-${n}`,
      matchId,
      seat: seatId,
      createdAt: '2026-12-06T09:00:00.000Z',
    });
    await tokens.insert([seat(1, 'red'), seat(2, 'red'), seat(3, 'blue'), seat(4, 'red', 'm2')]);
    const revoked = await tokens.revokeSeat('m1', 'red', 'seat-2', '2026-12-06T10:00:00.000Z');
    expect(revoked).toEqual(['1'.repeat(64)]);
    expect(await tokens.findByHash('1'.repeat(64))).toBeUndefined();
    for (const kept of ['2', '3', '4'])
      expect(await tokens.findByHash(kept.repeat(64))).toBeDefined();
  });
  it('lists read tokens by issuer with their scope and limits, and revokes one by id', async () => {
    await expectReadTokensListedAndRevoked(new SqliteTokenStore(new Database(':memory:')));
  });
});
