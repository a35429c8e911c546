import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Principal } from './principal';

/**
 * Authorization rules (DESIGN section 10). Each throws UnauthorizedError (401) for an anonymous
 * caller and ForbiddenError (403) for a caller whose token does not grant the action.
 */

/** A read token only reads: the one answer to any write it attempts. */
export const READ_TOKEN_ONLY_READS = {
  en: 'A read token only reads: it cannot create, record or change anything',
  ru: 'Токен чтения только читает: создавать, записывать и менять что-либо с ним нельзя',
};

type PrincipalOf<K extends Principal['kind']> = Extract<Principal, { kind: K }>;

export function requireAdmin(principal: Principal): asserts principal is PrincipalOf<'admin'> {
  requireToken(principal);
  if (principal.kind !== 'admin')
    throw new ForbiddenError({
      en: 'Only an admin token may do this',
      ru: 'Это доступно только с токеном администратора',
    });
}

export function requireOrganizerOrAdmin(
  principal: Principal,
): asserts principal is PrincipalOf<'organizer' | 'admin'> {
  requireToken(principal);
  if (principal.kind !== 'organizer' && principal.kind !== 'admin') {
    throw new ForbiddenError({
      en: 'Only an organizer or an admin token may do this',
      ru: 'Это доступно только с токеном организатора или администратора',
    });
  }
}

/**
 * The seat of `matchId` the caller acts for: seat tokens act only for their own seat in
 * their own match; `seat`, when the caller names one, must be the token's own.
 */
export function requireSeat(principal: Principal, matchId: string, seat?: string): string {
  requireToken(principal);
  if (principal.kind !== 'seat') {
    throw new ForbiddenError({
      en: `This is done with a seat token of match ${matchId}`,
      ru: 'Это делают по ссылке игрока этого матча',
    });
  }
  if (principal.matchId !== matchId)
    throw new ForbiddenError({
      en: 'This seat token belongs to another match',
      ru: 'Эта ссылка игрока — от другого матча',
    });
  if (seat !== undefined && principal.seat !== seat) {
    throw new ForbiddenError({
      en: `This token acts for seat ${principal.seat}, not for seat ${seat}`,
      ru: 'Эта ссылка — для другого места: действовать за чужое место нельзя',
    });
  }
  return principal.seat;
}

function requireToken(principal: Principal): void {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
}
