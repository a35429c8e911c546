import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { ConflictError, NotReadyError } from '../errors';
import { resolveMatchView } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../ports/read-model-progress.port';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import { STATS_READ_MODEL, type StatsReadModel } from '../ports/stats-read-model.port';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import type { LocalizedText } from '../../domain/shared/localized-text';
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
  /**
   * Why the ruleset's own rolls are not in these figures, when they are not (a ruleset whose
   * rolls are neither fair dice nor cards read against their deck: none today).
   */
  notCountedBecause?: LocalizedText;
}

export class GetMatchDiceQuery extends Query<MatchDiceView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/** What a client is told to wait when they have not caught up by then. */
export const CATCH_UP_RETRY_SECONDS = 1;

/**
 * A finished match's dice luck per seat. Reads of finished matches need no token; a live
 * match has no statistics yet (its rolls are read, with the viewer's delay, from its log).
 * Who may not read a live match is told so as by every other read of it, before being told
 * it is live: a 409 to anyone would say that a private match exists and is under way.
 *
 * Read-your-writes: whether the match exists and has ended is read from its log, never from
 * the index that follows it, so a match that just ended is never "no match" or "started".
 * Its record then comes from the statistics read model, waited for up to CATCH_UP_WAIT_MS;
 * if it is still behind, a 503 `being-indexed` with Retry-After says when to ask again.
 */
@QueryHandler(GetMatchDiceQuery)
export class GetMatchDiceHandler implements IQueryHandler<GetMatchDiceQuery, MatchDiceView> {
  constructor(
    @Inject(STATS_READ_MODEL) private readonly stats: StatsReadModel,
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
    private readonly matches: MatchRepository,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
  ) {}

  async execute({ principal, matchId }: GetMatchDiceQuery): Promise<MatchDiceView> {
    const state = await this.matches.current(matchId);
    if (state.status !== 'finished') {
      resolveMatchView(principal, state);
      throw new ConflictError(
        {
          en: `Match ${matchId} is ${state.status}: statistics count finished matches only`,
          ru: 'Матч ещё не завершён: статистика учитывает только завершённые матчи',
        },
        'match-not-finished',
      );
    }
    let found = await this.stats.matchDice(matchId);
    if (!found) {
      const caughtUp = await this.progress.catchUp(CATCH_UP_WAIT_MS);
      found = await this.stats.matchDice(matchId);
      if (!found && !caughtUp)
        throw new NotReadyError(
          {
            en: `Match ${matchId} has ended and its statistics are being indexed: retry after ${CATCH_UP_RETRY_SECONDS} s`,
            ru: `Матч завершён, его статистика ещё обрабатывается: повторите запрос через ${CATCH_UP_RETRY_SECONDS} с`,
          },
          'being-indexed',
          CATCH_UP_RETRY_SECONDS,
        );
      if (!found)
        throw new ConflictError(
          {
            en: `Match ${matchId} has no statistics: its log could not be counted (see the service log)`,
            ru: 'У матча нет статистики: его журнал не удалось обработать (подробности в журнале сервиса)',
          },
          'no-statistics',
        );
    }
    const ruleset = this.registry.get(state.ruleset.id);
    return {
      matchId,
      matches: 1,
      ...(ruleset?.rollsNotCountedBecause
        ? { notCountedBecause: ruleset.rollsNotCountedBecause }
        : {}),
      seats: found.seats.map((seat) => ({
        ...seat,
        ...luckBySource(
          found.dice.filter((row) => row.seat === seat.seat),
          found.cardRolls.filter((row) => row.seat === seat.seat),
        ),
      })),
    };
  }
}
