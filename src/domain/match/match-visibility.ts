import type { RecordedEvent } from '../events/recorded-event';
import { MAX_SPECTATOR_DELAY, type MatchState } from './match-state';

/**
 * What decides who may see which events of a match (DESIGN §7): its lifecycle, who runs it,
 * whether spectators may watch it live and how far behind. A few fields of MatchState,
 * folded without the ruleset or the table, so a feed can follow every match of the log
 * event by event at the cost of a few comparisons.
 */
export type MatchVisibility = Pick<
  MatchState,
  | 'matchId'
  | 'status'
  | 'organizer'
  | 'tournamentId'
  | 'public'
  | 'spectatorDelay'
  | 'decisionSeqs'
  | 'lastSeq'
>;

/** The visibility fields of a folded match (a copy: the state may change in place). */
export function visibilityOf(state: MatchVisibility): MatchVisibility {
  const { matchId, status, organizer, tournamentId, spectatorDelay, decisionSeqs, lastSeq } = state;
  return {
    matchId,
    status,
    ...(organizer === undefined ? {} : { organizer }),
    ...(tournamentId === undefined ? {} : { tournamentId }),
    public: state.public,
    spectatorDelay,
    decisionSeqs: [...decisionSeqs],
    lastSeq,
  };
}

/**
 * The visibility after `event`, as evolveMatch folds these fields (a new object): MatchCreated
 * sets who runs the match and how spectators see it, each DecisionMade with a decision id
 * moves the spectator delay on, MatchFinished and MatchAbandoned end it for good.
 */
export function evolveVisibility(
  before: MatchVisibility,
  event: Pick<RecordedEvent, 'type' | 'seq' | 'data' | 'meta'>,
): MatchVisibility {
  const after: MatchVisibility = { ...before, lastSeq: event.seq };
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<
    string,
    unknown
  >;
  switch (event.type) {
    case 'MatchCreated':
      after.status = 'created';
      after.organizer = data.organizer as string | undefined;
      after.tournamentId = data.tournamentId as string | undefined;
      after.public = data.public === true;
      after.spectatorDelay = (data.spectatorDelay as number | undefined) ?? 0;
      break;
    case 'MatchStarted':
      after.status = 'started';
      break;
    case 'MatchFinished':
      after.status = 'finished';
      break;
    case 'MatchAbandoned':
      after.status = 'abandoned';
      break;
    case 'DecisionMade':
      if (event.meta.decisionId) {
        after.decisionSeqs = [...before.decisionSeqs, event.seq].slice(-MAX_SPECTATOR_DELAY);
      }
      break;
  }
  return after;
}
