import { ForbiddenError, UnauthorizedError } from '../errors';
import { requireAdmin, requireOrganizerOrAdmin, requireSeat } from './access';
import { ANONYMOUS, type Principal } from './principal';

const admin: Principal = { kind: 'admin', id: 'admin' };
const organizer: Principal = { kind: 'organizer', id: 'o-1', name: 'Org' };
const judge: Principal = { kind: 'judge', id: 'j-1', name: 'J', matchId: 'm-1' };
const redSeat: Principal = { kind: 'seat', id: 's-1', matchId: 'm-1', seat: 'red' };

describe('access rules', () => {
  it('requireAdmin lets only an admin through', () => {
    expect(() => requireAdmin(admin)).not.toThrow();
    expect(() => requireAdmin(ANONYMOUS)).toThrow(UnauthorizedError);
    for (const principal of [organizer, judge, redSeat]) {
      expect(() => requireAdmin(principal)).toThrow(ForbiddenError);
    }
  });

  it('requireOrganizerOrAdmin lets organizers and admins through', () => {
    expect(() => requireOrganizerOrAdmin(admin)).not.toThrow();
    expect(() => requireOrganizerOrAdmin(organizer)).not.toThrow();
    expect(() => requireOrganizerOrAdmin(ANONYMOUS)).toThrow(UnauthorizedError);
    expect(() => requireOrganizerOrAdmin(judge)).toThrow(ForbiddenError);
    expect(() => requireOrganizerOrAdmin(redSeat)).toThrow(ForbiddenError);
  });

  it('requireSeat lets a seat token act only for its own seat in its own match, and names it', () => {
    expect(requireSeat(redSeat, 'm-1', 'red')).toBe('red');
    expect(requireSeat(redSeat, 'm-1')).toBe('red');
    expect(() => requireSeat(ANONYMOUS, 'm-1', 'red')).toThrow(UnauthorizedError);
    expect(() => requireSeat(redSeat, 'm-1', 'blue')).toThrow(
      new ForbiddenError('This token acts for seat red, not for seat blue'),
    );
    expect(() => requireSeat(redSeat, 'm-2')).toThrow(
      new ForbiddenError('This seat token belongs to another match'),
    );
    expect(() => requireSeat(organizer, 'm-1')).toThrow(
      new ForbiddenError('This is done with a seat token of match m-1'),
    );
  });
});
