import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Player } from '../../domain/players/player-registry';
import { BadRequestError } from '../errors';
import { PlayerDirectory } from './player-directory';

export const MAX_PLAYERS_PAGE = 200;

export interface PlayersPage {
  items: Player[];
  /** The cursor of the next page (the last player's id), when there is one. */
  nextCursor?: string;
}

export class FindPlayersQuery extends Query<PlayersPage> {
  constructor(
    readonly filter: { name?: string; prefix?: string; cursor?: string; limit?: number },
  ) {
    super();
  }
}

/**
 * With `name`: the players it names exactly (their id, or a name or alias up to case, ё/е,
 * look-alike letters and spaces), never those whose name merely contains it. With `prefix`:
 * the players a picker suggests as a name is typed (a word of a name or alias, or the id,
 * starting with it). Without either: every player. By id, a page at a time.
 */
@QueryHandler(FindPlayersQuery)
export class FindPlayersHandler implements IQueryHandler<FindPlayersQuery, PlayersPage> {
  constructor(private readonly directory: PlayerDirectory) {}

  async execute({ filter }: FindPlayersQuery): Promise<PlayersPage> {
    const limit = Math.min(Math.max(filter.limit ?? 50, 1), MAX_PLAYERS_PAGE);
    if (filter.name !== undefined && filter.prefix !== undefined)
      throw new BadRequestError(
        {
          en: 'Give name (an exact name, alias or id) or prefix (the start of one), not both',
          ru: 'Укажите что-то одно: name (имя, псевдоним или идентификатор целиком) или prefix (их начало)',
        },
        'invalid-query',
      );
    const found =
      filter.name !== undefined
        ? await this.directory.named(filter.name)
        : filter.prefix !== undefined
          ? await this.directory.startingWith(filter.prefix)
          : await this.directory.all();
    const after = filter.cursor;
    const rest = after === undefined ? found : found.filter((p) => p.playerId > after);
    const items = rest.slice(0, limit);
    return rest.length > limit
      ? { items, nextCursor: items[items.length - 1].playerId }
      : { items };
  }
}
