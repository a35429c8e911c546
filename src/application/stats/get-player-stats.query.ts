import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { playerKey } from '../../domain/stats/player-key';
import type { Principal } from '../auth/principal';
import { BadRequestError } from '../errors';
import { liveReadScope } from '../matches/match-access';
import {
  STATS_READ_MODEL,
  type StatsReadModel,
  type StatsScope,
} from '../ports/stats-read-model.port';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../ports/read-model-progress.port';
import { StatsAnswerCache } from './stats-answer-cache';
import {
  MAX_NAME_LENGTH,
  type StatsFilter,
  type WinRate,
  type DiceLuckBySource,
  winRate,
  luckBySource,
} from './stats-figures';

export interface PlayerStatsView {
  /** The name as the player last used it (or as asked, when no match counts). */
  player: string;
  /** The key names are matched by: NFKC, lower case, Cyrillic look-alikes folded to Latin. */
  key: string;
  matches: number;
  record: WinRate & { losses: number };
  factions: (WinRate & { faction: string })[];
  opponents: { name: string; key: string; played: number; wins: number; losses: number }[];
  dice: DiceLuckBySource;
}

export class GetPlayerStatsQuery extends Query<PlayerStatsView> {
  constructor(
    readonly principal: Principal,
    readonly name: string,
    readonly filter: StatsFilter,
  ) {
    super();
  }
}

@QueryHandler(GetPlayerStatsQuery)
export class GetPlayerStatsHandler implements IQueryHandler<GetPlayerStatsQuery, PlayerStatsView> {
  private readonly answers = new StatsAnswerCache<PlayerStatsView>();

  constructor(
    @Inject(STATS_READ_MODEL) private readonly stats: StatsReadModel,
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
  ) {}

  async execute({ principal, name, filter }: GetPlayerStatsQuery): Promise<PlayerStatsView> {
    const key = playerKey(name);
    if (key === '' || name.length > MAX_NAME_LENGTH)
      throw new BadRequestError(
        {
          en: `name: a player name has 1 to ${MAX_NAME_LENGTH} characters, not only spaces`,
          ru: `Имя игрока — от 1 до ${MAX_NAME_LENGTH} символов, не одни пробелы`,
        },
        'invalid-path',
      );
    // Read-your-writes: what was recorded before the question counts (or, past the wait, as far
    // as the read model got: an aggregate is always as of some position).
    await this.progress.catchUp(CATCH_UP_WAIT_MS);
    const scope: StatsScope = { ...filter, visibleTo: liveReadScope(principal) };
    return this.answers.get(JSON.stringify([key, name, scope]), this.stats.generation(), () =>
      this.compute(key, name, scope),
    );
  }

  private async compute(key: string, name: string, scope: StatsScope): Promise<PlayerStatsView> {
    const found = await this.stats.playerAggregates(key, scope);
    return {
      player: found.name ?? name,
      key,
      matches: found.matches,
      record: {
        ...winRate({ played: found.played, wins: found.wins }),
        losses: found.played - found.wins,
      },
      factions: found.factions.map(winRate),
      opponents: found.opponents.map(
        ({ name: opponent, key: opponentKey, played, wins, losses }) => ({
          name: opponent,
          key: opponentKey,
          played,
          wins,
          losses,
        }),
      ),
      dice: luckBySource(found.dice),
    };
  }
}
