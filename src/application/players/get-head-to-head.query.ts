import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Player } from '../../domain/players/player-registry';
import {
  outcomeOf,
  tallyOutcomes,
  type Outcome,
  type OutcomeTally,
} from '../../domain/stats/outcome';
import type { Principal } from '../auth/principal';
import { BadRequestError } from '../errors';
import { PlayerDirectory } from './player-directory';
import { PlayerMatches } from './player-matches';
import { requirePlayer } from './require-player';

export interface HeadToHeadSide extends OutcomeTally {
  playerId: string;
  names: Player['names'];
}

export interface HeadToHeadView {
  /** Finished matches both played (on different seats) that the caller may read. */
  matches: number;
  a: HeadToHeadSide;
  b: HeadToHeadSide;
}

export class GetHeadToHeadQuery extends Query<HeadToHeadView> {
  constructor(
    readonly principal: Principal,
    readonly a: string,
    readonly b: string,
    readonly filter: { ruleset?: string; tournament?: string },
  ) {
    super();
  }
}

/**
 * Two registered players' record against each other (Lichess's crosstable): each one's wins,
 * draws and losses in the finished matches both played, counted from the same lines as their
 * histories (`GET players/:a/matches?vs=:b&status=finished`), so the two always agree.
 */
@QueryHandler(GetHeadToHeadQuery)
export class GetHeadToHeadHandler implements IQueryHandler<GetHeadToHeadQuery, HeadToHeadView> {
  constructor(
    private readonly directory: PlayerDirectory,
    private readonly matches: PlayerMatches,
  ) {}

  async execute({ principal, a, b, filter }: GetHeadToHeadQuery): Promise<HeadToHeadView> {
    if (a === b)
      throw new BadRequestError(
        {
          en: `Head-to-head compares two different players, not ${a} with themselves`,
          ru: `Личные встречи сравнивают двух разных игроков, а не «${a}» с самим собой`,
        },
        'invalid-path',
      );
    const [first, second] = [
      await requirePlayer(this.directory, a),
      await requirePlayer(this.directory, b),
    ];
    const outcomes: { a: Outcome; b: Outcome }[] = [];
    for await (const line of this.matches.of(principal, a, {
      ...filter,
      status: 'finished',
      vs: { ids: [b] },
    })) {
      const theirs = line.players.filter((seat) => seat.playerId === b).map((seat) => seat.seat);
      if (!line.outcome) continue;
      outcomes.push({
        a: line.outcome,
        b: outcomeOf(theirs, line.winners ?? []),
      });
    }
    return {
      matches: outcomes.length,
      a: { playerId: a, names: first.names, ...tallyOutcomes(outcomes.map((o) => o.a)) },
      b: { playerId: b, names: second.names, ...tallyOutcomes(outcomes.map((o) => o.b)) },
    };
  }
}
