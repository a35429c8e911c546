import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requireOrganizerOrAdmin } from '../auth/access';
import type { Principal } from '../auth/principal';
import { assertScoped, TokenService, type IssuedToken } from '../auth/token.service';
import { ForbiddenError } from '../errors';
import { managesMatch } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { TOURNAMENT_REGISTRY, type TournamentRegistry } from '../ports/tournament-registry.port';
import { requireManagedTournament } from '../tournaments/tournament-access';

export interface JudgeAppointment {
  name: string;
  tournamentId?: string;
  matchId?: string;
  /** The head judge of the tournament (or of the match, without one): answers appeals. */
  head?: boolean;
}

export class AppointJudgeCommand extends Command<IssuedToken> {
  constructor(
    readonly principal: Principal,
    readonly input: JudgeAppointment,
  ) {
    super();
  }
}

/**
 * A judge token sees every hidden card of its matches and rules on them, so only the organizer
 * of that match or tournament (or an admin) appoints one, and only for one that exists.
 */
@CommandHandler(AppointJudgeCommand)
export class AppointJudgeHandler implements ICommandHandler<AppointJudgeCommand, IssuedToken> {
  constructor(
    private readonly tokens: TokenService,
    private readonly matches: MatchRepository,
    @Inject(TOURNAMENT_REGISTRY) private readonly tournaments: TournamentRegistry,
  ) {}

  async execute({ principal, input }: AppointJudgeCommand): Promise<IssuedToken> {
    requireOrganizerOrAdmin(principal);
    const { name, tournamentId, matchId, head } = input;
    const claims = {
      kind: 'judge' as const,
      name,
      tournamentId,
      matchId,
      ...(head ? { head: true as const } : {}),
    };
    assertScoped(claims);
    if (matchId !== undefined) {
      const match = await this.matches.current(matchId); // 404 for a match that does not exist
      if (!managesMatch(principal, match)) {
        throw new ForbiddenError({
          en: `Match ${matchId} belongs to another organizer: only they (or an admin) may appoint its judges`,
          ru: 'Матч принадлежит другому организатору: судей ему назначает только он (или администратор)',
        });
      }
    } else if (tournamentId !== undefined) {
      await requireManagedTournament(this.tournaments, principal, tournamentId);
    }
    return this.tokens.issue(claims);
  }
}
