import type { ReadLimits, ReadScope } from '../ports/token-store.port';

/** Who is calling, resolved from the bearer token (DESIGN section 10). */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'admin'; id: string }
  | { kind: 'organizer'; id: string; name: string }
  | { kind: 'seat'; id: string; matchId: string; seat: string }
  | {
      kind: 'judge';
      id: string;
      name: string;
      tournamentId?: string;
      matchId?: string;
      /** The head judge of the tournament (or of the match, without one): answers appeals. */
      head?: true;
    }
  /**
   * A statistics site's read token: reads what the public reads, and the live matches of its
   * scope as they are recorded (never their hidden information); never writes.
   */
  | { kind: 'reader'; id: string; name: string; scope: ReadScope; limits: ReadLimits };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
