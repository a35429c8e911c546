import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import type { LocalizedText } from '../../domain/shared/localized-text';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { liveReadScope } from '../matches/match-access';
import { playerRefsOf } from '../players/player-refs';
import { PlayerDirectory } from '../players/player-directory';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../ports/read-model-progress.port';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import {
  STATS_READ_MODEL,
  type OpeningRow,
  type StatsReadModel,
  type StatsScope,
} from '../ports/stats-read-model.port';
import { StatsAnswerCache } from './stats-answer-cache';
import type { StatsFilter } from './stats-figures';

/** Games, and how the seat that opened so did in them: a draw is never a loss. */
export interface OpeningResults {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** (wins + draws / 2) / games, as a chess opening explorer scores: 0 with no game. */
  score: number;
}

export interface OpeningChoiceView extends OpeningResults {
  /** The choice as the log says it after the seat's name, named as the board names things. */
  choice: LocalizedText;
}

export interface OpeningKindView extends OpeningResults {
  kind: string;
  /** The decision kind's name. */
  title: LocalizedText;
  choices: OpeningChoiceView[];
}

export interface OpeningStatsView {
  ruleset: string;
  /** Finished matches the figures cover. */
  matches: number;
  /** Per seat (in seat order), its first decision's kinds, most played first. */
  seats: { seat: string; position: number; games: number; openings: OpeningKindView[] }[];
}

export class GetOpeningStatsQuery extends Query<OpeningStatsView> {
  constructor(
    readonly principal: Principal,
    readonly ruleset: string,
    readonly filter: StatsFilter,
  ) {
    super();
  }
}

/**
 * Which first decisions win, as an opening explorer shows first moves: each seat's first
 * decision of every finished match the caller's figures cover (the one visibility rule),
 * by kind and by choice.
 */
@QueryHandler(GetOpeningStatsQuery)
export class GetOpeningStatsHandler implements IQueryHandler<
  GetOpeningStatsQuery,
  OpeningStatsView
> {
  private readonly answers = new StatsAnswerCache<OpeningStatsView>();

  constructor(
    @Inject(STATS_READ_MODEL) private readonly stats: StatsReadModel,
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({ principal, ruleset, filter }: GetOpeningStatsQuery): Promise<OpeningStatsView> {
    const found = this.registry.get(ruleset);
    if (!found)
      throw new NotFoundError({
        en: `There is no ruleset ${ruleset}: GET /api/v1/rulesets lists them`,
        ru: `Набора правил «${ruleset}» нет: список — GET /api/v1/rulesets`,
      });
    await this.progress.catchUp(CATCH_UP_WAIT_MS);
    const scope: StatsScope = {
      ...filter,
      player:
        filter.player === undefined ? undefined : await playerRefsOf(this.directory, filter.player),
      ruleset,
      visibleTo: liveReadScope(principal),
    };
    return this.answers.get(JSON.stringify(scope), this.stats.generation(), async () => {
      const { matches, rows } = await this.stats.openingAggregates(scope);
      const title = (kind: string): LocalizedText => {
        const summary = Object.hasOwn(found.decisions, kind)
          ? found.decisions[kind].summary
          : undefined;
        return summary ?? { en: kind, ru: kind };
      };
      return { ruleset, matches, seats: seatsOf(rows, title) };
    });
  }
}

function results(rows: readonly OpeningRow[]): OpeningResults {
  const sum = (pick: (row: OpeningRow) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const games = sum((row) => row.games);
  const wins = sum((row) => row.wins);
  const draws = sum((row) => row.draws);
  const losses = sum((row) => row.losses);
  return { games, wins, draws, losses, score: games > 0 ? (wins + draws / 2) / games : 0 };
}

/** Groups the rows by seat, then kind, then choice, most played first. */
function seatsOf(
  rows: readonly OpeningRow[],
  title: (kind: string) => LocalizedText,
): OpeningStatsView['seats'] {
  const bySeat = groupBy(rows, (row) => row.seat);
  return [...bySeat.values()]
    .map((seatRows) => {
      const kinds = [...groupBy(seatRows, (row) => row.kind).entries()].map(
        ([kind, kindRows]): OpeningKindView => ({
          kind,
          title: title(kind),
          ...results(kindRows),
          choices: kindRows.map((row) => ({ choice: row.choice, ...results([row]) })).sort(byGames),
        }),
      );
      return {
        seat: seatRows[0].seat,
        position: seatRows[0].position,
        games: results(seatRows).games,
        openings: kinds.sort(byGames),
      };
    })
    .sort((a, b) => a.position - b.position);
}

const byGames = (a: { games: number }, b: { games: number }) => b.games - a.games;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
