import type { Principal } from '../auth/principal';
import { ForbiddenError, NotFoundError } from '../errors';
import type { Tournament, TournamentRegistry } from '../ports/tournament-registry.port';

/** The organizer who created the tournament, or an admin: adds its matches, appoints its judges. */
export function managesTournament(
  principal: Principal,
  tournament: Pick<Tournament, 'organizer'>,
): boolean {
  return (
    principal.kind === 'admin' ||
    (principal.kind === 'organizer' && principal.id === tournament.organizer)
  );
}

/** The tournament, when it exists (404) and the caller manages it (403). */
export async function requireManagedTournament(
  registry: TournamentRegistry,
  principal: Principal,
  tournamentId: string,
): Promise<Tournament> {
  const tournament = await registry.get(tournamentId);
  if (!tournament) {
    throw new NotFoundError({
      en: `There is no tournament ${tournamentId}: create it first (POST /api/v1/tournaments)`,
      ru: `Турнира «${tournamentId}» нет: сначала создайте его`,
    });
  }
  if (!managesTournament(principal, tournament)) {
    throw new ForbiddenError({
      en: `Tournament ${tournamentId} belongs to another organizer: only they (or an admin) may add matches or appoint judges`,
      ru: `Турнир «${tournamentId}» принадлежит другому организатору: добавлять матчи и назначать судей может только он (или администратор)`,
    });
  }
  return tournament;
}
