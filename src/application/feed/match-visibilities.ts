import type { RecordedEvent } from '../../domain/events/recorded-event';
import {
  evolveVisibility,
  visibilityOf,
  type MatchVisibility,
} from '../../domain/match/match-visibility';
import { NotFoundError } from '../errors';
import type { MatchRepository } from '../matches/match-repository';

/** Who could see what of a match right before one of its events, and right after it. */
export interface VisibilityAround {
  /** Undefined before the match's first event. */
  before?: MatchVisibility;
  after: MatchVisibility;
}

/** Matches followed at once; one past it is folded again from the log when it comes back. */
const FOLLOWED = 10_000;

/**
 * Follows the visibility of every match whose events it is shown, in log order: the state
 * before an event is the state after the match's previous one, folded from the log (the
 * repository's snapshots) only the first time a match is seen or after a gap.
 */
export class MatchVisibilities {
  private readonly followed = new Map<string, MatchVisibility>();

  constructor(private readonly matches: MatchRepository) {}

  /** Undefined for an event of a match the repository does not know (nothing to show). */
  async around(event: RecordedEvent): Promise<VisibilityAround | undefined> {
    let before: MatchVisibility | undefined = this.followed.get(event.matchId);
    if (before?.lastSeq !== event.seq - 1) before = undefined;
    if (!before && event.type !== 'MatchCreated') {
      try {
        before = visibilityOf(await this.matches.stateAt(event.matchId, event.seq - 1));
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    }
    const after = evolveVisibility(before ?? firstVisibility(event.matchId), event);
    this.followed.delete(event.matchId);
    this.followed.set(event.matchId, after);
    if (this.followed.size > FOLLOWED) {
      const oldest = this.followed.keys().next().value;
      if (oldest !== undefined) this.followed.delete(oldest);
    }
    return { ...(before ? { before } : {}), after };
  }
}

function firstVisibility(matchId: string): MatchVisibility {
  return {
    matchId,
    status: 'none',
    public: false,
    spectatorDelay: 0,
    decisionSeqs: [],
    lastSeq: -1,
  };
}
