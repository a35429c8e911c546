import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { viewTable, type TableView } from '../../../domain/match/match-view';
import type { Derived } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { BadRequestError, ForbiddenError } from '../../errors';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface StateView {
  matchId: string;
  /** The seq this table is the state after. */
  seq: number;
  lastSeq: number;
  status: string;
  ruleset: { id: string; version: string };
  table: TableView;
  derived: Derived;
}

export class GetStateQuery extends Query<StateView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly at?: number,
  ) {
    super();
  }
}

@QueryHandler(GetStateQuery)
export class GetStateHandler implements IQueryHandler<GetStateQuery, StateView> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId, at }: GetStateQuery): Promise<StateView> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    if (at !== undefined && at > current.lastSeq) {
      throw new BadRequestError(
        `at=${at} is beyond the last seq of match ${matchId} (${current.lastSeq})`,
        'seq-out-of-range',
      );
    }
    if (at !== undefined && at > view.horizon) {
      throw new ForbiddenError(
        `Spectators see this live match up to seq ${view.horizon} (a delay of ${current.spectatorDelay} decisions)`,
      );
    }
    const state = await this.matches.stateAt(matchId, at ?? view.horizon);
    const ruleset = this.matches.rulesetOf(state);
    return {
      matchId,
      seq: state.lastSeq,
      lastSeq: current.lastSeq,
      status: state.status,
      ruleset: state.ruleset,
      table: viewTable(state.table, view.viewer, view.everything),
      derived: ruleset.derive(state.table, state.rs as never),
    };
  }
}
