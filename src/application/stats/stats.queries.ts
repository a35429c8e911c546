import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DiceTally, type DiceLuck } from '../../domain/stats/dice-luck';
import { playerKey } from '../../domain/stats/player-key';
import {
  distributionOf,
  wilsonInterval,
  type Distribution,
  type Proportion,
} from '../../domain/stats/proportions';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import type { Principal } from '../auth/principal';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { resolveMatchView } from '../matches/match-access';
import { MatchRepository } from '../matches/match-repository';
import { visibleTo } from '../matches/queries/list-matches.query';
import { MATCH_INDEX, type MatchIndex, type PlayerRefs } from '../ports/match-index.port';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import {
  STATS_READ_MODEL,
  type FaceCountRow,
  type StatsReadModel,
  type StatsScope,
  type WinTally,
} from '../ports/stats-read-model.port';
import { PlayerDirectory } from '../players/player-directory';
import { playerRefsOf } from '../players/player-refs';
import { StatsAnswerCache } from './stats-answer-cache';

/** As long as a name a seat may be claimed with. */
const MAX_NAME_LENGTH = 100;

/** The filters of the statistics endpoints: the match list's, and an option set. */
export type StatsFilter = Omit<StatsScope, 'visibleTo' | 'ruleset' | 'player'> & {
  ruleset?: string;
  /** A registered player's id, or an exact normalised name or alias (playerRefsOf). */
  player?: string;
};

export type WinRate = WinTally & Proportion;

export interface RulesetStatsView {
  ruleset: string;
  /** Finished matches the figures cover. */
  matches: number;
  optionSets: { optionsHash: string; options: Record<string, unknown>; matches: number }[];
  factions: (WinRate & { faction: string })[];
  positions: (WinRate & { position: number })[];
  /** How often the seat that made the first decision won, against 1/seats that chance gives. */
  firstPlayer: WinRate & { expectedRate: number };
  lengths: { decisions?: Distribution; rounds?: Distribution; minutes?: Distribution };
  losses: { pieceType: string; count: number; matches: number; perMatch: number }[];
}

export interface DiceLuckBySource {
  server: DiceLuck;
  reported: DiceLuck;
}

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

const winRate = <T extends WinTally>(tally: T): T & Proportion => ({
  ...tally,
  ...wilsonInterval(tally.wins, tally.played),
});

function luckBySource(rows: readonly FaceCountRow[]): DiceLuckBySource {
  const tallies = { server: new DiceTally(), reported: new DiceTally() };
  for (const row of rows) tallies[row.source].add(row.sides, row.face, row.count);
  return { server: tallies.server.luck(), reported: tallies.reported.luck() };
}

export class GetRulesetStatsQuery extends Query<RulesetStatsView> {
  constructor(
    readonly principal: Principal,
    readonly ruleset: string,
    readonly filter: StatsFilter,
  ) {
    super();
  }
}

@QueryHandler(GetRulesetStatsQuery)
export class GetRulesetStatsHandler implements IQueryHandler<
  GetRulesetStatsQuery,
  RulesetStatsView
> {
  private readonly answers = new StatsAnswerCache<RulesetStatsView>();

  constructor(
    @Inject(STATS_READ_MODEL) private readonly stats: StatsReadModel,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({ principal, ruleset, filter }: GetRulesetStatsQuery): Promise<RulesetStatsView> {
    if (!this.registry.get(ruleset))
      throw new NotFoundError({
        en: `There is no ruleset ${ruleset}`,
        ru: `Набора правил «${ruleset}» нет`,
      });
    const scope: StatsScope = {
      ...filter,
      player:
        filter.player === undefined ? undefined : await playerRefsOf(this.directory, filter.player),
      ruleset,
      visibleTo: visibleTo(principal),
    };
    return this.answers.get(JSON.stringify(scope), this.stats.generation(), () =>
      this.compute(ruleset, scope),
    );
  }

  private async compute(ruleset: string, scope: StatsScope): Promise<RulesetStatsView> {
    const found = await this.stats.rulesetAggregates(scope);
    const first = found.firstPlayer;
    return {
      ruleset,
      matches: found.matches,
      optionSets: found.optionSets,
      factions: found.factions.map(winRate),
      positions: found.positions.map(winRate),
      firstPlayer: {
        ...winRate({ played: first.matches, wins: first.wins }),
        expectedRate: first.matches > 0 ? first.expectedWins / first.matches : 0,
      },
      lengths: {
        ...optional('decisions', distributionOf(found.lengths.decisions)),
        ...optional('rounds', distributionOf(found.lengths.rounds)),
        ...optional('minutes', distributionOf(found.lengths.minutes)),
      },
      losses: found.losses.map((loss) => ({
        ...loss,
        perMatch: found.matches > 0 ? loss.count / found.matches : 0,
      })),
    };
  }
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
    const who = await playerRefsOf(this.directory, name);
    const scope: StatsScope = {
      ...filter,
      player:
        filter.player === undefined ? undefined : await playerRefsOf(this.directory, filter.player),
      visibleTo: visibleTo(principal),
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
      dice: luckBySource(found.dice),
    };
  }
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

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
