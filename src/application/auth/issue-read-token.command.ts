import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BadRequestError, ForbiddenError } from '../errors';
import { managesMatch } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import type { ReadLimits, ReadScope } from '../ports/token-store.port';
import { TOURNAMENT_REGISTRY, type TournamentRegistry } from '../ports/tournament-registry.port';
import { requireManagedTournament } from '../tournaments/tournament-access';
import { requireOrganizerOrAdmin } from './access';
import type { Principal } from './principal';
import { TokenService, type IssuedToken } from './token.service';

export interface ReadTokenRequest {
  name: string;
  scope: ReadScope;
  limits: ReadLimits;
}

export class IssueReadTokenCommand extends Command<IssuedToken> {
  constructor(
    readonly principal: Principal,
    readonly request: ReadTokenRequest,
  ) {
    super();
  }
}

/** Who issued a token, as its list records it: the organizer's id, or `admin`. */
export function issuerOf(principal: Extract<Principal, { kind: 'organizer' | 'admin' }>): string {
  return principal.kind === 'admin' ? 'admin' : principal.id;
}

/**
 * A statistics site's read token: an organizer scopes it to their own matches, tournaments or
 * to themselves (an admin to any); each match and tournament named must exist (404) and be
 * the caller's (403). It reads, and never writes (request-limits.ts refuses its writes).
 */
@CommandHandler(IssueReadTokenCommand)
export class IssueReadTokenHandler implements ICommandHandler<IssueReadTokenCommand, IssuedToken> {
  constructor(
    private readonly tokens: TokenService,
    private readonly matches: MatchRepository,
    @Inject(TOURNAMENT_REGISTRY) private readonly tournaments: TournamentRegistry,
  ) {}

  async execute({ principal, request }: IssueReadTokenCommand): Promise<IssuedToken> {
    requireOrganizerOrAdmin(principal);
    const { matchIds = [], tournamentIds = [], organizer } = request.scope;
    if (matchIds.length === 0 && tournamentIds.length === 0 && organizer === undefined) {
      throw new BadRequestError(
        {
          en: 'A read token needs a scope: give scope.matchIds, scope.tournamentIds or scope.organizer',
          ru: 'Токену чтения нужна область: укажите scope.matchIds, scope.tournamentIds или scope.organizer',
        },
        'invalid-scope',
      );
    }
    if (organizer !== undefined && principal.kind === 'organizer' && organizer !== principal.id) {
      throw new ForbiddenError({
        en: 'scope.organizer must be your own organizer id: an organizer issues read tokens for their own matches only',
        ru: 'В scope.organizer должен быть ваш собственный идентификатор организатора: токены чтения выдают только на свои матчи',
      });
    }
    for (const tournamentId of tournamentIds)
      await requireManagedTournament(this.tournaments, principal, tournamentId);
    for (const matchId of matchIds) {
      const match = await this.matches.current(matchId); // 404 for a match that does not exist
      if (!managesMatch(principal, match)) {
        throw new ForbiddenError({
          en: `Match ${matchId} belongs to another organizer: only they (or an admin) may issue a read token for it`,
          ru: 'Матч принадлежит другому организатору: токен чтения на него выдаёт только он (или администратор)',
        });
      }
    }
    const scope: ReadScope = {
      ...(matchIds.length > 0 ? { matchIds: [...new Set(matchIds)] } : {}),
      ...(tournamentIds.length > 0 ? { tournamentIds: [...new Set(tournamentIds)] } : {}),
      ...(organizer !== undefined ? { organizer } : {}),
    };
    return this.tokens.issue({
      kind: 'reader',
      name: request.name,
      scope,
      limits: request.limits,
      issuedBy: issuerOf(principal),
    });
  }
}
