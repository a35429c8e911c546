import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { judgesMatch, seatOf } from '../matches/match-access';

/** Judges of this match (by tournament or match scope) and admins rule, pause and resume. */
export function requireJudgeOf(principal: Principal, state: MatchState): void {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  if (principal.kind !== 'admin' && !judgesMatch(principal, state)) {
    throw new ForbiddenError(
      principal.kind === 'judge'
        ? `This judge token is not scoped to match ${state.matchId} or its tournament`
        : 'Only a judge of this match (or an admin) may do this',
    );
  }
}

/** The seat of this match the caller acts for (seat tokens only). */
export function requireSeatOf(principal: Principal, state: Pick<MatchState, 'matchId'>): string {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  const seat = seatOf(principal, state);
  if (!seat) throw new ForbiddenError(`Only a seat token of match ${state.matchId} may do this`);
  return seat;
}
