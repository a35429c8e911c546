import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { rewindsWithin } from '../../../domain/match/line';
import { deriveMatch, ScoreTrail, type ScorePoint } from '../../../domain/match/score-series';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface ScoresView {
  matchId: string;
  /** The match's seats, in seat order. */
  seats: string[];
  /** The last seq the series covers: the last the caller may see. */
  lastSeq: number;
  points: ScorePoint[];
}

export class GetScoresQuery extends Query<ScoresView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * Each seat's score over the match, as its ruleset derives it (the state read's
 * `derived.scores` at every seq, on the effective line), up to the caller's horizon: one
 * fold of the log, a step series of the seqs where a score changes. Scores are what every
 * caller reads in `derived`, so no hidden information is shown and no judge's read is audited.
 */
@QueryHandler(GetScoresQuery)
export class GetScoresHandler implements IQueryHandler<GetScoresQuery, ScoresView> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetScoresQuery): Promise<ScoresView> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const trail = new ScoreTrail();
    await this.matches.foldEach(matchId, view.horizon, (state, ruleset) =>
      trail.add(state.lastSeq, deriveMatch(ruleset, state).scores),
    );
    return {
      matchId,
      seats: current.seats.map((seat) => seat.seat),
      lastSeq: view.horizon,
      points: trail.series(rewindsWithin(current, view.horizon), 'effective', view.horizon),
    };
  }
}
