import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository, type StateReadOptions } from '../match-repository';
import { summarize, type MatchSummaryView } from './match-summary';

export class GetMatchQuery extends Query<MatchSummaryView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly read: StateReadOptions = {},
  ) {
    super();
  }
}

@QueryHandler(GetMatchQuery)
export class GetMatchHandler implements IQueryHandler<GetMatchQuery, MatchSummaryView> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId, read }: GetMatchQuery): Promise<MatchSummaryView> {
    const current = await this.matches.current(matchId, read);
    const view = resolveMatchView(principal, current);
    const state =
      view.horizon < current.lastSeq
        ? await this.matches.stateAt(matchId, view.horizon, read)
        : current;
    return summarize(state);
  }
}
