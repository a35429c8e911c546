import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { distributionOf, type Distribution } from '../../domain/stats/proportions';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { liveReadScope } from '../matches/match-access';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import {
  STATS_READ_MODEL,
  type StatsReadModel,
  type StatsScope,
} from '../ports/stats-read-model.port';
import { PlayerDirectory } from '../players/player-directory';
import { playerRefsOf } from '../players/player-refs';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../ports/read-model-progress.port';
import { StatsAnswerCache } from './stats-answer-cache';
import {
  type DiceLuckBySource,
  type StatsFilter,
  type WinRate,
  luckBySource,
  winRate,
} from './stats-figures';

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
  /** Every seat's dice and card rolls, pooled: how the ruleset's dice and decks fell. */
  dice: DiceLuckBySource;
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
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({ principal, ruleset, filter }: GetRulesetStatsQuery): Promise<RulesetStatsView> {
    if (!this.registry.get(ruleset))
      throw new NotFoundError({
        en: `There is no ruleset ${ruleset}`,
        ru: `Набора правил «${ruleset}» нет`,
      });
    // Read-your-writes: what was recorded before the question counts (or, past the wait, as far
    // as the read model got: an aggregate is always as of some position).
    await this.progress.catchUp(CATCH_UP_WAIT_MS);
    const scope: StatsScope = {
      ...filter,
      player:
        filter.player === undefined ? undefined : await playerRefsOf(this.directory, filter.player),
      ruleset,
      visibleTo: liveReadScope(principal),
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
      dice: luckBySource(found.dice, found.cardRolls),
    };
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
