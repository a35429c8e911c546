import { Module } from '@nestjs/common';
import { FindPlayersHandler } from '../../../application/players/find-players.query';
import { GetHeadToHeadHandler } from '../../../application/players/get-head-to-head.query';
import { GetPlayerHandler } from '../../../application/players/get-player.query';
import { ListPlayerMatchesHandler } from '../../../application/players/list-player-matches.query';
import { PlayerMatches } from '../../../application/players/player-matches';
import { RegisterPlayerHandler } from '../../../application/players/register-player.command';
import { SetPlayerAliasesHandler } from '../../../application/players/set-player-aliases.command';
import { MatchCoreModule } from '../../match-core.module';
import { PlayersController } from './players.controller';

/** `api/v1/players`: the player registry, each player's history and head-to-head. */
@Module({
  imports: [MatchCoreModule],
  controllers: [PlayersController],
  providers: [
    PlayerMatches,
    RegisterPlayerHandler,
    SetPlayerAliasesHandler,
    GetPlayerHandler,
    FindPlayersHandler,
    ListPlayerMatchesHandler,
    GetHeadToHeadHandler,
  ],
})
export class PlayersModule {}
