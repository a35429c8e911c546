import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import {
  GetMatchDiceQuery,
  type MatchDiceView,
} from '../../../application/stats/get-match-dice.query';
import {
  GetOpeningStatsQuery,
  type OpeningStatsView,
} from '../../../application/stats/get-opening-stats.query';
import {
  GetPlayerStatsQuery,
  type PlayerStatsView,
} from '../../../application/stats/get-player-stats.query';
import {
  GetRulesetStatsQuery,
  type RulesetStatsView,
} from '../../../application/stats/get-ruleset-stats.query';
import { type StatsFilter } from '../../../application/stats/stats-figures';
import type { FastifyReply } from 'fastify';
import { negotiateLanguage } from '../accept-language';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional } from '../openapi';
import { TaggedByBody } from '../weak-entity-tag';
import {
  MatchDiceDto,
  OpeningStatsDto,
  OpeningStatsQueryDto,
  PlayerStatsDto,
  PlayerStatsQueryDto,
  RulesetStatsDto,
  StatsQueryDto,
} from './stats.dto';

const COVERAGE =
  'Finished matches count, the ones the match list, the bulk export and the feed give you by the same rule ' +
  '(every ended match is readable by everyone, a private one included). Figures come from the statistics ' +
  'read model, fed by the same checkpointed subscription as the match list; each answer first waits (up to ' +
  '1 s) for it to take in every event recorded before the request. ';

const DICE_LUCK =
  'server and reported rolls apart, observed against expected sum with a z-score; fair dice get a ' +
  'chi-square goodness-of-fit per die size (`bySize`), rolls read off cards (Combat Commander’s Fate ' +
  'cards: the sum of the two printed dice, their product for Targeting) one per deck and reading ' +
  '(`byDeck`) against the deck’s own mix of values, each card of the deck equally likely, each roll an ' +
  'independent draw';

function filterOf({
  options,
  from,
  to,
  ...rest
}: StatsQueryDto & { ruleset?: string }): StatsFilter {
  return { ...rest, optionsHash: options, createdFrom: from, createdTo: to };
}

@ApiTags('stats')
@Controller('api/v1/stats')
export class StatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('rulesets/:ruleset')
  @TokenOptional()
  @TaggedByBody()
  @ApiOperation({
    operationId: 'getRulesetStats',
    summary: 'Aggregates of one ruleset',
    description:
      COVERAGE +
      'Win rates per faction and per seat position with Wilson 95% intervals, the first player’s advantage, ' +
      'lengths (decisions, rounds, minutes), losses per piece type from the loss piles, the option sets ' +
      'played (filter one with `options`), and dice luck pooled over every seat (' +
      DICE_LUCK +
      '). `matches` says how many matches the figures cover.',
  })
  @ApiParam({ name: 'ruleset', example: 'freeform' })
  @ApiOkResponse({ type: RulesetStatsDto })
  @ApiProblems(400, 401, 404)
  ruleset(
    @CurrentPrincipal() principal: Principal,
    @Param('ruleset') ruleset: string,
    @Query() query: StatsQueryDto,
  ): Promise<RulesetStatsView> {
    return this.queries.execute(new GetRulesetStatsQuery(principal, ruleset, filterOf(query)));
  }

  @Get('openings')
  @TokenOptional()
  @TaggedByBody()
  @ApiOperation({
    operationId: 'getOpeningStats',
    summary: 'Which first decisions win, per seat of a ruleset',
    description:
      COVERAGE +
      'As an opening explorer shows first moves: for each seat, its first decision of each match (once the ' +
      'match started; a judge’s recorded for it aside), by decision kind and by choice, the choice said as the ' +
      'match log says it after the seat’s name, named as the board names things (`choice.en`, `choice.ru`). ' +
      'Games, wins, draws (nobody won: never a loss), losses and the score (wins + draws / 2) / games. ' +
      'Filters as the ruleset aggregates.',
  })
  @ApiOkResponse({ type: OpeningStatsDto })
  @ApiProblems(400, 401, 404)
  openings(
    @CurrentPrincipal() principal: Principal,
    @Query() query: OpeningStatsQueryDto,
  ): Promise<OpeningStatsView> {
    const { ruleset, ...filter } = query;
    return this.queries.execute(new GetOpeningStatsQuery(principal, ruleset, filterOf(filter)));
  }

  @Get('players/:name')
  @TokenOptional()
  @TaggedByBody()
  @ApiOperation({
    operationId: 'getPlayerStats',
    summary: 'A player’s record, factions, opponents and dice luck',
    description:
      COVERAGE +
      'A registered player’s id counts their own seats only (`GET /api/v1/players`). Any other name counts the ' +
      'registered players with that name or alias (`playerIds`) and seats claimed by that name only, matched ' +
      'exactly up to case and script: NFKC, lower case, Cyrillic letters that look like Latin ones (а, в, е, ё, ' +
      'к, м, н, о, р, с, т, у, х, …) folded to them, spaces collapsed; `key` is the result. The record counts ' +
      'wins, draws (nobody won) and losses (another seat won): a draw is never a loss, here, in head-to-head ' +
      'and in the player’s history alike. ' +
      'Dice luck pools every die and card roll the player made: ' +
      DICE_LUCK +
      '.',
  })
  @ApiParam({ name: 'name', example: 'Ольга' })
  @ApiOkResponse({ type: PlayerStatsDto })
  @ApiProblems(400, 401)
  player(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Query() query: PlayerStatsQueryDto,
  ): Promise<PlayerStatsView> {
    return this.queries.execute(new GetPlayerStatsQuery(principal, name, filterOf(query)));
  }

  @Get('matches/:id/dice')
  @TokenOptional()
  @TaggedByBody()
  @ApiOperation({
    operationId: 'getMatchDice',
    summary: 'Dice luck per seat of a finished match',
    description:
      'For each seat: ' +
      DICE_LUCK +
      '. 409 while the match is live (read its rolls ' +
      'from its events) or when it was abandoned; a live private match answers who may not read it as its ' +
      'other reads do (403). Whether the match exists and has ended is read from its log, so a match that ' +
      'just ended is never 404 or 409: its figures come at once, or after up to 1 s of waiting for the read ' +
      'model, or a 503 `being-indexed` with `Retry-After` (seconds) says when to ask again. ' +
      'A ruleset whose rolls are neither would say why they are left out, in the reader’s language ' +
      '(`notCountedBecause`; no ruleset today).',
  })
  @ApiOkResponse({ type: MatchDiceDto })
  @ApiProblems(401, 403, 404, 409, 503)
  async matchDice(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MatchDiceDto> {
    const view: MatchDiceView = await this.queries.execute(new GetMatchDiceQuery(principal, id));
    const { notCountedBecause, ...figures } = view;
    if (!notCountedBecause) return figures;
    // The reason is said in the reader's language: caches keep one answer per language.
    void reply.header('vary', 'Accept-Language');
    return { ...figures, notCountedBecause: notCountedBecause[negotiateLanguage(acceptLanguage)] };
  }
}
