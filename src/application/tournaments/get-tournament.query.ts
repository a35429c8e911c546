import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../errors';
import {
  TOURNAMENT_REGISTRY,
  type Tournament,
  type TournamentRegistry,
} from '../ports/tournament-registry.port';

export class GetTournamentQuery extends Query<Tournament> {
  constructor(readonly tournamentId: string) {
    super();
  }
}

/** Tournaments are public: their name and owner are shown beside their matches. */
@QueryHandler(GetTournamentQuery)
export class GetTournamentHandler implements IQueryHandler<GetTournamentQuery, Tournament> {
  constructor(@Inject(TOURNAMENT_REGISTRY) private readonly registry: TournamentRegistry) {}

  async execute({ tournamentId }: GetTournamentQuery): Promise<Tournament> {
    const tournament = await this.registry.get(tournamentId);
    if (!tournament)
      throw new NotFoundError({
        en: `There is no tournament ${tournamentId}`,
        ru: `Турнира «${tournamentId}» нет`,
      });
    return tournament;
  }
}
