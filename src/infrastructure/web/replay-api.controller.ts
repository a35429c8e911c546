import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../application/auth/principal';
import {
  GetLayoutQuery,
  GetPhrasesQuery,
  GetViewerContextQuery,
  type EventPhrases,
  type MatchLayout,
  type ViewerContext,
} from '../../application/matches/queries/replay-view.queries';
import { ApiProblems } from '../http/api-problems.decorator';
import { CurrentPrincipal } from '../http/current-principal.decorator';
import { TokenOptional } from '../http/openapi';
import {
  BoardPositionDto,
  HexCellDto,
  LayoutDto,
  PhrasesDto,
  PhrasesQueryDto,
  ViewerContextDto,
} from './replay-api.dto';

/** What the replay viewer needs besides the matches API: who is looking, the board layout, the ruleset's phrasing. */
@ApiTags('matches')
@ApiExtraModels(BoardPositionDto, HexCellDto)
@Controller('api/v1/matches')
export class ReplayApiController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/viewer')
  @TokenOptional()
  @ApiOperation({
    summary: 'Who the caller reads this match as',
    description:
      'The viewer (public, a seat, a judge, an admin), whether the token sent applies to this match, whether hidden information is shown, and the last seq the caller may see (for a spectator of a live match, also the last seq they are told of).',
  })
  @ApiOkResponse({ type: ViewerContextDto })
  @ApiProblems(401, 403, 404)
  viewer(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ViewerContext> {
    return this.queries.execute(new GetViewerContextQuery(principal, id));
  }

  @Get(':id/layout')
  @TokenOptional()
  @ApiOperation({
    summary: 'How to draw the board of this match',
    description:
      "The ruleset's layout for the match's setup: coordinates for locations, a hex grid or a ring of sectors; `areas` when the ruleset has none.",
  })
  @ApiOkResponse({ type: LayoutDto })
  @ApiProblems(401, 403, 404)
  layout(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<MatchLayout> {
    return this.queries.execute(new GetLayoutQuery(principal, id));
  }

  @Get(':id/phrases')
  @TokenOptional()
  @ApiOperation({
    summary: "The ruleset's sentences for its own events, in English and Russian",
    description:
      "Each event the ruleset phrases itself, as it phrases it without the match's names: seats, pieces and zones appear by the ids the events carry. The replay page does not use it: it phrases every event in the browser (src/domain/match/event-phrases.ts and each ruleset's phrasing), with the players', sides' and pieces' names. Hidden members are redacted for the caller first.",
  })
  @ApiOkResponse({ type: PhrasesDto })
  @ApiProblems(400, 401, 403, 404)
  phrases(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PhrasesQueryDto,
  ): Promise<EventPhrases> {
    return this.queries.execute(new GetPhrasesQuery(principal, id, query.from ?? 0, query.to));
  }
}
