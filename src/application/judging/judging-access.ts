import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { judgesMatch } from '../matches/match-access';

/** Judges of this match (by tournament or match scope) and admins rule, pause and resume. */
export function requireJudgeOf(principal: Principal, state: MatchState): void {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  if (principal.kind !== 'admin' && !judgesMatch(principal, state)) {
    throw new ForbiddenError(
      principal.kind === 'judge'
        ? {
            en: `This judge token is not scoped to match ${state.matchId} or its tournament`,
            ru: 'Этот токен судьи выдан не для этого матча и не для его турнира',
          }
        : {
            en: 'Only a judge of this match (or an admin) may do this',
            ru: 'Это может сделать только судья этого матча (или администратор)',
          },
    );
  }
}
