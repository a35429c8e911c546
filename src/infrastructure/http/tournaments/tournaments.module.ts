import { Module } from '@nestjs/common';
import { CreateTournamentHandler } from '../../../application/tournaments/create-tournament.command';
import { GetTournamentHandler } from '../../../application/tournaments/get-tournament.query';
import { MatchCoreModule } from '../../match-core.module';
import { TournamentsController } from './tournaments.controller';

/** `api/v1/tournaments`. */
@Module({
  imports: [MatchCoreModule],
  controllers: [TournamentsController],
  providers: [CreateTournamentHandler, GetTournamentHandler],
})
export class TournamentsModule {}
