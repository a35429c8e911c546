import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Player } from '../../domain/players/player-registry';
import { PlayerDirectory } from './player-directory';
import { requirePlayer } from './require-player';

export class GetPlayerQuery extends Query<Player> {
  constructor(readonly playerId: string) {
    super();
  }
}

/** Players are public: their names are shown beside their matches anyway. */
@QueryHandler(GetPlayerQuery)
export class GetPlayerHandler implements IQueryHandler<GetPlayerQuery, Player> {
  constructor(private readonly directory: PlayerDirectory) {}

  execute({ playerId }: GetPlayerQuery): Promise<Player> {
    return requirePlayer(this.directory, playerId);
  }
}
