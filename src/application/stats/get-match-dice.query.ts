import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { ConflictError, NotFoundError } from '../errors';
import { resolveMatchView } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { MATCH_INDEX, type MatchIndex } from '../ports/match-index.port';
import { STATS_READ_MODEL, type StatsReadModel } from '../ports/stats-read-model.port';
import { luckBySource, type DiceLuckBySource } from './stats-figures';

export interface MatchDiceView {
  matchId: string;
  matches: 1;
  seats: ({
    seat: string;
    position: number;
    faction?: string;
    player?: string;
    won: boolean;
  } & DiceLuckBySource)[];
}

export class GetMatchDiceQuery extends Query<MatchDiceView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * A finished match's dice luck per seat. Reads of finished matches need no token; a live
 * match has no statistics yet (its rolls are read, with the viewer's delay, from its log).
 * Who may not read a live match is told so as by every other read of it, before being told
 * it is live: a 409 to anyone would say that a private match exists and is under way.
 */
@QueryHandler(GetMatchDiceQuery)
export class GetMatchDiceHandler implements IQueryHandler<GetMatchDiceQuery, MatchDiceView> {
  constructor(
    @Inject(STATS_READ_MODEL) private readonly stats: StatsReadModel,
    @Inject(MATCH_INDEX) private readonly index: MatchIndex,
    private readonly matches: MatchRepository,
  ) {}

  async execute({ principal, matchId }: GetMatchDiceQuery): Promise<MatchDiceView> {
    const summary = await this.index.get(matchId);
    if (!summary)
      throw new NotFoundError({ en: `There is no match ${matchId}`, ru: 'Такого матча нет' });
    if (summary.status !== 'finished')
      resolveMatchView(principal, await this.matches.current(matchId));
    const found = summary.status === 'finished' ? await this.stats.matchDice(matchId) : undefined;
    if (!found)
      throw new ConflictError(
        summary.status === 'finished'
          ? {
              en: `The statistics of match ${matchId} are being computed: ask again in a moment`,
              ru: 'Статистика матча ещё считается: повторите запрос чуть позже',
            }
          : {
              en: `Match ${matchId} is ${summary.status}: statistics count finished matches only`,
              ru: 'Матч ещё не завершён: статистика учитывает только завершённые матчи',
            },
        'match-not-finished',
      );
    return {
      matchId,
      matches: 1,
      seats: found.seats.map((seat) => ({
        ...seat,
        ...luckBySource(found.dice.filter((row) => row.seat === seat.seat)),
      })),
    };
  }
}
