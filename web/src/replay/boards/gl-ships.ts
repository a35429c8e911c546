import { SHIP_TYPES } from '@domain/rulesets/galaxy-league/gl-factions';
import type { GalaxyLeagueState } from '@domain/rulesets/galaxy-league/gl-state';
import type { BoardCtx } from '../../board-kit/board-ctx';

/** An owner's starships at one place, by kind. */
export interface ShipsRow {
  owner: string;
  attacking: number;
  defensive: number;
}

/**
 * Each owner's starships standing at `zone` (undefined: off the map). A ship has no place of
 * its own in the league: the board shows an owner's ships at its capital, wherever that is now
 * (a captured capital's new one), and off the map while it has none.
 */
export function shipsAt(
  ctx: BoardCtx,
  rs: GalaxyLeagueState,
  zone: string | undefined,
): ShipsRow[] {
  const byOwner = new Map<string, ShipsRow>();
  for (const piece of Object.values(ctx.ct.table.pieces)) {
    if (piece.status === 'destroyed' || piece.owner === undefined) continue;
    if (piece.type !== SHIP_TYPES.attacking && piece.type !== SHIP_TYPES.defensive) continue;
    if (rs.players[piece.owner]?.capital !== zone) continue;
    const row = byOwner.get(piece.owner) ?? { owner: piece.owner, attacking: 0, defensive: 0 };
    if (piece.type === SHIP_TYPES.attacking) row.attacking += 1;
    else row.defensive += 1;
    byOwner.set(piece.owner, row);
  }
  return [...byOwner.values()];
}
