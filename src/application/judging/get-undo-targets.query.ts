import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { voidedBy } from '../../domain/match/rewind';
import { undoVerdict } from '../../domain/match/undo-decider';
import { isRejection } from '../../domain/rulesets/rule-violation';
import { MatchRepository } from '../matches/match-repository';
import type { Principal } from '../auth/principal';
import { requireSeat } from '../auth/access';

/** How far back the seat may ask to take the table: the events checked, newest first. */
export const UNDO_TARGETS_CHECKED = 60;

export interface UndoTargetsView {
  matchId: string;
  seat: string;
  seq: number;
  /** The seqs an undo request of the seat would be accepted to now, oldest first. */
  targets: { toSeq: number; needsConsent: boolean }[];
}

export class GetUndoTargetsQuery extends Query<UndoTargetsView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * The events the calling seat may ask to go back to, each checked as the request would be
 * (the engine's barriers and the ruleset's own rule), so a page offers none that would be
 * refused. The last UNDO_TARGETS_CHECKED events are checked.
 */
@QueryHandler(GetUndoTargetsQuery)
export class GetUndoTargetsHandler implements IQueryHandler<GetUndoTargetsQuery, UndoTargetsView> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetUndoTargetsQuery): Promise<UndoTargetsView> {
    const state = await this.matches.current(matchId);
    const seat = requireSeat(principal, matchId);
    const head = state.lastSeq;
    const base = { matchId, seat, seq: head };
    if (state.startedSeq === undefined || state.status !== 'started')
      return { ...base, targets: [] };
    const from = Math.max(state.startedSeq, head - UNDO_TARGETS_CHECKED);
    const effective = (await this.matches.eventList(matchId, from + 1, head)).filter(
      (e) => !voidedBy(state, e),
    );
    const ruleset = this.matches.rulesetOf(state);
    const targets: UndoTargetsView['targets'] = [];
    for (let toSeq = from; toSeq < head; toSeq += 1) {
      const since = effective.filter((e) => e.seq > toSeq);
      const verdict = undoVerdict(ruleset, state, seat, toSeq, since);
      if (!isRejection(verdict)) targets.push({ toSeq, needsConsent: verdict.needsConsent });
    }
    return { ...base, targets };
  }
}
