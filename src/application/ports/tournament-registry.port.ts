/** A tournament: a named group of matches, owned by the organizer who created it. */
export interface Tournament {
  /** The slug that matches and judge tokens name it by. */
  tournamentId: string;
  /** Human-readable, for people (Russian or English). */
  name: string;
  /** The organizer id that owns it: only they (or an admin) add matches and appoint its judges. */
  organizer: string;
  createdAt: string;
}

/**
 * Who owns which tournament: the one place ownership of tournaments is kept (the owner of a
 * match is in its own stream, `MatchCreated.organizer`).
 */
export interface TournamentRegistry {
  /** Records a new tournament; false (and nothing changed) when its id is taken. */
  create(tournament: Tournament): Promise<boolean>;
  get(tournamentId: string): Promise<Tournament | undefined>;
}
export const TOURNAMENT_REGISTRY = Symbol('TournamentRegistry');
