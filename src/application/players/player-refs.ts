import { playerKey } from '../../domain/stats/player-key';
import type { PlayerRefs } from '../ports/match-index.port';
import type { PlayerDirectory } from './player-directory';

/**
 * Whom a `player=` text names: a registered player's id names only them; any other text
 * names every registered player with that exact normalised name or alias, and seats claimed
 * by that name without a registered player.
 */
export async function playerRefsOf(directory: PlayerDirectory, text: string): Promise<PlayerRefs> {
  if (await directory.get(text)) return { ids: [text] };
  const named = await directory.named(text);
  return { ids: named.map((player) => player.playerId), nameKey: playerKey(text) };
}

/**
 * A filter with its `player` text (and `winner`, which may name a player) resolved to the
 * players they name, as the match index and the statistics read them.
 */
export async function withPlayerRefs<F extends { player?: string; winner?: string }>(
  directory: PlayerDirectory,
  filter: F,
): Promise<Omit<F, 'player'> & { player?: PlayerRefs; winnerPlayers?: PlayerRefs }> {
  const { player, ...rest } = filter;
  return {
    ...rest,
    ...(player !== undefined ? { player: await playerRefsOf(directory, player) } : {}),
    ...(filter.winner !== undefined
      ? { winnerPlayers: await playerRefsOf(directory, filter.winner) }
      : {}),
  };
}
