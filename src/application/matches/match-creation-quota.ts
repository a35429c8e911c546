import { Inject, Injectable } from '@nestjs/common';
import type { LocalizedText } from '../../domain/shared/localized-text';
import type { Principal } from '../auth/principal';
import { ApplicationError } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';

/** DI token: how many new matches one organizer may create in any hour. */
export const MATCHES_PER_ORGANIZER_HOUR = Symbol('MatchesPerOrganizerHour');

const HOUR_MS = 60 * 60 * 1000;
/** Organizers remembered before the ones with nothing left in their hour are forgotten. */
const SWEEP_ABOVE = 10_000;

/** Seconds as "s"/"с": the numbers need no plural forms. */
const TOO_MANY_MATCHES = (max: number, retrySeconds: number): LocalizedText => ({
  en: `Too many new matches: an organizer may create at most ${max} in an hour; retry in ${retrySeconds} s`,
  ru: `Слишком много новых матчей: организатор может создать не больше ${max} за час; повторите через ${retrySeconds} с`,
});

/** An organizer created its hour's worth of matches (429 with Retry-After). */
export class TooManyMatchesError extends ApplicationError {
  readonly kind = 'over-quota';
  readonly code = 'too-many-matches';
  constructor(max: number, retryAfterSeconds: number) {
    super(TOO_MANY_MATCHES(max, retryAfterSeconds));
    this.name = 'TooManyMatchesError';
    this.extensions.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * At most so many new matches per organizer in any hour (a sliding hour, by the Clock), so a
 * stolen organizer token cannot fill the store: at the per-token request limit alone it could
 * create about 36,000 an hour. The admin is not counted. Kept in memory: a restart, or another
 * replica, starts counting afresh.
 */
@Injectable()
export class MatchCreationQuota {
  /** Per organizer, when each of its matches of the last hour was created (ms, oldest first). */
  private readonly created = new Map<string, number[]>();

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MATCHES_PER_ORGANIZER_HOUR) private readonly maxPerHour: number,
  ) {}

  /** Counts one new match of the principal, or throws TooManyMatchesError when its hour is full. */
  take(principal: Principal): void {
    if (principal.kind !== 'organizer') return;
    const now = Date.parse(this.clock.nowIso());
    const times = this.recent(principal.id, now);
    if (times.length >= this.maxPerHour) {
      const retryAfterSeconds = Math.max(1, Math.ceil((times[0] + HOUR_MS - now) / 1000));
      throw new TooManyMatchesError(this.maxPerHour, retryAfterSeconds);
    }
    times.push(now);
    this.created.set(principal.id, times);
    if (this.created.size > SWEEP_ABOVE) this.sweep(now);
  }

  /** The organizer's creation times within the hour before `now`. */
  private recent(organizer: string, now: number): number[] {
    const times = this.created.get(organizer) ?? [];
    const first = times.findIndex((time) => time > now - HOUR_MS);
    return first === -1 ? [] : first === 0 ? times : times.slice(first);
  }

  private sweep(now: number): void {
    for (const organizer of [...this.created.keys()]) {
      const times = this.recent(organizer, now);
      if (times.length === 0) this.created.delete(organizer);
      else this.created.set(organizer, times);
    }
  }
}
