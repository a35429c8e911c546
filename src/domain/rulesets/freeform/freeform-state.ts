import type { RecordedEvent } from '../../events/recorded-event';
import type { ResultAnsweredData, ResultDeclaredData } from './freeform-phrasing';

export interface PendingResult {
  seat: string;
  winners: string[];
  condition: string;
  /** The seats whose confirmation is still awaited. */
  awaiting: string[];
  seq: number;
}

export interface FreeformState {
  pendingResult?: PendingResult;
}

/** Freeform's slice: the declared result waiting for the other seats, if any. */
export function evolveResult(rs: FreeformState, event: RecordedEvent): FreeformState {
  switch (event.type) {
    case 'ResultDeclared': {
      const d = event.data as ResultDeclaredData;
      return {
        ...rs,
        pendingResult: {
          seat: d.seat,
          winners: [...d.winners],
          condition: d.condition,
          awaiting: [...d.awaiting],
          seq: event.seq,
        },
      };
    }
    case 'ResultConfirmed': {
      const pending = rs.pendingResult;
      if (!pending) return rs;
      const { seat } = event.data as ResultAnsweredData;
      return {
        ...rs,
        pendingResult: { ...pending, awaiting: pending.awaiting.filter((s) => s !== seat) },
      };
    }
    case 'ResultDisputed':
    case 'MatchFinished': {
      const { pendingResult: _answered, ...rest } = rs;
      return rest;
    }
    default:
      return rs;
  }
}
