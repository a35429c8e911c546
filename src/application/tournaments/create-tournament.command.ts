import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requireOrganizerOrAdmin } from '../auth/access';
import type { Principal } from '../auth/principal';
import { ConflictError } from '../errors';
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
