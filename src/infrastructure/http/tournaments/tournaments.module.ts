import { Module } from '@nestjs/common';
import {
  CreateTournamentHandler,
  GetTournamentHandler,
} from '../../../application/tournaments/tournament.commands';
import { MatchCoreModule } from '../../match-core.module';
import { TournamentsController } from './tournaments.controller';

/** `api/v1/tournaments`. */
@Module({
  imports: [MatchCoreModule],
  controllers: [TournamentsController],
  providers: [CreateTournamentHandler, GetTournamentHandler],
})
export class TournamentsModule {}
