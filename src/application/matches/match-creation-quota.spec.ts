import type { Principal } from '../auth/principal';
import { MatchCreationQuota, TooManyMatchesError } from './match-creation-quota';

describe('MatchCreationQuota', () => {
  let now = Date.parse('2026-12-06T20:00:00Z');
  const clock = { nowIso: () => new Date(now).toISOString() };
  const organizer: Principal = { kind: 'organizer', id: 'org-1', name: 'Клуб' };

  it('frees a place an hour after the oldest match of the hour, by the clock', () => {
    const quota = new MatchCreationQuota(clock, 2);
    quota.take(organizer);
    now += 10 * 60_000;
    quota.take(organizer);
    now += 5 * 60_000;
    let refused: unknown;
    try {
      quota.take(organizer);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TooManyMatchesError);
    // The first match was 15 minutes ago: its place frees in 45 minutes.
    expect((refused as TooManyMatchesError).extensions.retryAfterSeconds).toBe(45 * 60);
    now += 45 * 60_000 + 1;
    expect(() => quota.take(organizer)).not.toThrow();
    expect(() => quota.take(organizer)).toThrow(TooManyMatchesError);
  });

  it('does not count the admin', () => {
    const quota = new MatchCreationQuota(clock, 1);
    const admin = { kind: 'admin', id: 'admin' } as Principal;
    for (let i = 0; i < 5; i += 1) expect(() => quota.take(admin)).not.toThrow();
  });
});
