import Database from 'better-sqlite3';
import type { TokenRecord } from '../../application/ports/token-store.port';
import { SqliteTokenStore } from './sqlite-token-store';

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
      judge(2, { tournamentId: 'cup' }),
      judge(3, { matchId: 'm2' }),
      judge(4, { tournamentId: 'other-cup' }),
      { ...judge(5, { matchId: 'm1' }), kind: 'seat', seat: 'red' },
    ]);
    expect(await tokens.judgesOf({ matchId: 'm1', tournamentId: 'cup' })).toEqual([
      { id: 'judge-1', name: 'Судья 1' },
      { id: 'judge-2', name: 'Судья 2' },
    ]);
    // A match outside any tournament: only its own judges.
    expect(await tokens.judgesOf({ matchId: 'm2' })).toEqual([{ id: 'judge-3', name: 'Судья 3' }]);
    expect(await tokens.judgesOf({ matchId: 'm9' })).toEqual([]);
  });
});
