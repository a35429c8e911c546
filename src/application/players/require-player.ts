import type { Player } from '../../domain/players/player-registry';
import { ConflictError, NotFoundError } from '../errors';
import type { PlayerDirectory } from './player-directory';

/** The registered player with this id (404 otherwise). */
export async function requirePlayer(directory: PlayerDirectory, playerId: string): Promise<Player> {
  const player = await directory.get(playerId);
  if (!player)
    throw new NotFoundError({
      en: `There is no player ${playerId}: register them first (POST /api/v1/players)`,
      ru: `Игрока «${playerId}» нет: сначала зарегистрируйте его`,
    });
  return player;
}

/** How a seat names its registered player: the id and the name match lists show. */
export interface SeatPlayer {
  name: string;
  playerId: string;
}

/**
 * The one registered player a text names (an id, or a name or alias in either script: see
 * playersNamed): 404 when none does, 409 listing every candidate when several do.
 */
export async function resolveSeatPlayer(
  directory: PlayerDirectory,
  text: string,
): Promise<SeatPlayer> {
  const found = await directory.named(text);
  if (found.length === 1) return { name: found[0].names.ru, playerId: found[0].playerId };
  if (found.length === 0)
    throw new NotFoundError({
      en: `No registered player is called "${text}" (by id, name or alias): register them (POST /api/v1/players), add the alias, or claim the seat by name only`,
      ru: `Зарегистрированного игрока «${text}» нет (ни по идентификатору, ни по имени, ни по псевдониму): зарегистрируйте его, добавьте псевдоним или займите место просто по имени`,
    });
  const list = found.map((p) => `${p.names.ru} (${p.names.latin}, ${p.playerId})`).join('; ');
  const error = new ConflictError(
    {
      en: `"${text}" could be any of ${found.length} registered players: ${list}. Name the player by id`,
      ru: `«${text}» — так зовут нескольких зарегистрированных игроков: ${list}. Укажите игрока по идентификатору`,
    },
    'ambiguous-player',
  );
  error.extensions.candidates = found.map((p) => ({ playerId: p.playerId, names: p.names }));
  throw error;
}
