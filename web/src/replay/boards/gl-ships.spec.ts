import type { GalaxyLeagueState } from '@domain/rulesets/galaxy-league/gl-state';
import { SHIP_TYPES } from '@domain/rulesets/galaxy-league/gl-factions';
import type { BoardCtx } from '../../board-kit/board-ctx';
import { shipsAt } from './gl-ships';

describe('galaxy-league board: where starships stand', () => {
  const ship = (id: string, owner: string, type: string, status?: string) => ({
    id,
    owner,
    type,
    zone: owner === 'anna' ? 'aurora' : 'dorado',
    ...(status ? { status } : {}),
  });
  const ctx = {
    ct: {
      table: {
        zones: {},
        pieces: {
          a1: ship('a1', 'anna', SHIP_TYPES.attacking),
          a2: ship('a2', 'anna', SHIP_TYPES.defensive),
          a3: ship('a3', 'anna', SHIP_TYPES.defensive, 'destroyed'),
          b1: ship('b1', 'boris', SHIP_TYPES.attacking),
        },
      },
    },
  } as unknown as BoardCtx;

  it('stands an owner’s ships at its capital now, not where they were set up', () => {
    // Anna's Aurora was taken and she named Cinder her new capital.
    const rs = {
      players: { anna: { capital: 'cinder' }, boris: { capital: 'dorado' } },
    } as unknown as GalaxyLeagueState;
    expect(shipsAt(ctx, rs, 'cinder')).toEqual([{ owner: 'anna', attacking: 1, defensive: 1 }]);
    expect(shipsAt(ctx, rs, 'aurora')).toEqual([]);
    expect(shipsAt(ctx, rs, 'dorado')).toEqual([{ owner: 'boris', attacking: 1, defensive: 0 }]);
  });

  it('puts the ships of an owner without a capital off the map', () => {
    const rs = {
      players: { anna: {}, boris: { capital: 'dorado' } },
    } as unknown as GalaxyLeagueState;
    expect(shipsAt(ctx, rs, 'aurora')).toEqual([]);
    expect(shipsAt(ctx, rs, undefined)).toEqual([{ owner: 'anna', attacking: 1, defensive: 1 }]);
  });
});
