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
import type { PlayerRefs } from '../ports/match-index.port';
import { PlayerDirectory } from '../players/player-directory';
import { playerRefsOf } from '../players/player-refs';
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
  /** The registered players counted: the one named by id, or those with this name or alias. */
  playerIds: string[];
  matches: number;
  /** Wins, draws (nobody won) and losses (another seat won): a draw is never a loss. */
  record: WinRate & { draws: number; losses: number };
  factions: (WinRate & { faction: string })[];
  /** The player's own result in the matches they played with each opponent. */
  opponents: {
    name: string;
    key: string;
    playerId?: string;
    played: number;
    wins: number;
    draws: number;
    losses: number;
  }[];
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
    private readonly directory: PlayerDirectory,
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
    const who = await playerRefsOf(this.directory, name);
    const scope: StatsScope = {
      ...filter,
      player:
        filter.player === undefined ? undefined : await playerRefsOf(this.directory, filter.player),
      visibleTo: liveReadScope(principal),
    };
    return this.answers.get(JSON.stringify([who, name, scope]), this.stats.generation(), () =>
      this.compute(who, key, name, scope),
    );
  }

  private async compute(
    who: PlayerRefs,
    key: string,
    name: string,
    scope: StatsScope,
  ): Promise<PlayerStatsView> {
    const found = await this.stats.playerAggregates(who, scope);
    return {
      player: found.name ?? name,
      key,
      playerIds: who.ids,
      matches: found.matches,
      record: {
        ...winRate({ played: found.played, wins: found.wins }),
        draws: found.draws,
        losses: found.losses,
      },
      factions: found.factions.map(winRate),
      opponents: found.opponents.map((opponent) => ({ ...opponent })),
      dice: luckBySource(found.dice, found.cardRolls),
    };
  }
}
