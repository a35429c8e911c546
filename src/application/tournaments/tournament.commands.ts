import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import { requireOrganizerOrAdmin } from '../auth/access';
import type { Principal } from '../auth/principal';
import { ConflictError, NotFoundError } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import {
  TOURNAMENT_REGISTRY,
  type Tournament,
  type TournamentRegistry,
} from '../ports/tournament-registry.port';

export class CreateTournamentCommand extends Command<Tournament> {
  constructor(
    readonly principal: Principal,
    readonly input: { tournamentId: string; name: string },
  ) {
    super();
  }
}

/** The organizer who creates a tournament owns it; an id is taken once, by whoever came first. */
@CommandHandler(CreateTournamentCommand)
export class CreateTournamentHandler implements ICommandHandler<
  CreateTournamentCommand,
  Tournament
> {
  constructor(
    @Inject(TOURNAMENT_REGISTRY) private readonly registry: TournamentRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ principal, input }: CreateTournamentCommand): Promise<Tournament> {
    requireOrganizerOrAdmin(principal);
    const tournament: Tournament = {
      tournamentId: input.tournamentId,
      name: input.name,
      organizer: principal.id,
      createdAt: this.clock.nowIso(),
    };
    if (!(await this.registry.create(tournament))) {
      throw new ConflictError(
        {
          en: `Tournament id ${input.tournamentId} is taken: choose another`,
          ru: `Идентификатор турнира «${input.tournamentId}» занят: выберите другой`,
        },
        'tournament-exists',
      );
    }
    return tournament;
  }
}

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
