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

/**
 * The head judge of the match answers appeals: a head judge token of its tournament, or for a
 * match outside any tournament one appointed to the match itself; or an admin.
 */
export function isHeadJudgeOf(
  principal: Principal,
  state: Pick<MatchState, 'matchId' | 'tournamentId'>,
): boolean {
  if (principal.kind === 'admin') return true;
  if (principal.kind !== 'judge' || !principal.head) return false;
  return state.tournamentId !== undefined
    ? principal.tournamentId === state.tournamentId
    : principal.matchId === state.matchId;
}

export function requireHeadJudgeOf(principal: Principal, state: MatchState): void {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  if (!isHeadJudgeOf(principal, state))
    throw new ForbiddenError(
      state.tournamentId !== undefined
        ? {
            en: 'Appeals are answered by the head judge of the tournament (or an admin)',
            ru: 'На апелляции отвечает главный судья турнира (или администратор)',
          }
        : {
            en: 'Appeals are answered by the head judge appointed to this match (or an admin)',
            ru: 'На апелляции отвечает главный судья, назначенный на этот матч (или администратор)',
          },
    );
}
