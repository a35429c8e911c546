import type { NewEvent, RecordedEvent } from '../../../domain/events/recorded-event';
import type { Receipt } from '../../../domain/export/receipt';
import type { MatchState } from '../../../domain/match/match-state';
import type { Rejection } from '../../../domain/rulesets/rule-violation';
import type { Ruleset } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { READ_TOKEN_ONLY_READS } from '../../auth/access';
import { ForbiddenError } from '../../errors';
import type { AppendRequest } from '../match-repository';

/** What every match command returns: the events it appended and the seq the match is at. */
export interface RecordedResult {
  matchId: string;
  seq: number;
  events: RecordedEvent[];
  /** True when an idempotent retry found the decision already recorded. */
  replayed?: boolean;
  /**
   * The server's signed receipt of the last event this write appended (of the decision
   * recorded the first time, for a retry); absent when nothing was appended.
   */
  receipt?: Receipt;
}

export type Decide = (state: MatchState, ruleset: Ruleset) => NewEvent[] | Rejection;

export function actorOf(principal: Principal, seat?: string): AppendRequest['actor'] {
  if (principal.kind === 'anonymous') return { kind: 'system', id: 'anonymous' };
  // Refused before the body is read (request-limits.ts); never an actor of the log.
  if (principal.kind === 'reader') throw new ForbiddenError(READ_TOKEN_ONLY_READS);
  return seat
    ? { kind: principal.kind, id: principal.id, seat }
    : { kind: principal.kind, id: principal.id };
}
