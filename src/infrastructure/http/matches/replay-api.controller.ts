import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import {
  GetLayoutQuery,
  type MatchLayout,
} from '../../../application/matches/queries/get-layout.query';
import {
  GetPhrasesQuery,
  type EventPhrases,
} from '../../../application/matches/queries/get-phrases.query';
import {
  GetViewerContextQuery,
  type ViewerContext,
} from '../../../application/matches/queries/get-viewer-context.query';
import { MatchReadVersions } from '../../../application/matches/read-version';
import { ApiProblems } from '../api-problems.decorator';
import { answerConditionally, ApiNotModified, CONDITIONAL_READ_HEADERS } from '../conditional-read';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional } from '../openapi';
import {
  BoardPositionDto,
  HexCellDto,
  LayoutDto,
  PhrasesDto,
  PhrasesQueryDto,
  ViewerContextDto,
} from './replay-api.dto';

/** What the replay viewer needs besides the matches API: who is looking, the board layout, the log's sentences. */
@ApiTags('matches')
@ApiExtraModels(BoardPositionDto, HexCellDto)
@Controller('api/v1/matches')
export class ReplayApiController {
  constructor(
    private readonly queries: QueryBus,
    private readonly versions: MatchReadVersions,
  ) {}

  @Get(':id/viewer')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getViewerContext',
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
    operationId: 'getMatchLayout',
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
    operationId: 'getMatchPhrases',
    summary: 'The replay log’s sentences for the events, in English and Russian',
    description:
      "Each event of [from, to] the caller may see, as the replay page's log says it: a seat by its player's name (else its side, else its place), pieces, zones, fleets and tracks by their names, decisions as what their seat did, Russian words agreeing with the names' gender and number. The page and this read phrase with the same code (src/domain/naming). Names come from every event the caller may see, redacted for it as on every read: a hidden card a caller may not see is never named, and a spectator's delay applies. A judge's read of a live match is recorded in the audit stream. An answer holds at most 1,000 sentences and gives `nextFrom` while the range goes on.",
  })
  @ApiOkResponse({ type: PhrasesDto, headers: CONDITIONAL_READ_HEADERS })
  @ApiNotModified()
  @ApiProblems(400, 401, 403, 404)
  async phrases(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PhrasesQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventPhrases | undefined> {
    const version = await this.versions.of(principal, id);
    // Answered after the query, as the state read: a judge's read of a live match is audited
    // even when the judge already holds the answer. Never pinned: a later event may name a
    // piece or reveal a card that earlier sentences mention.
    const phrases = await this.queries.execute(
      new GetPhrasesQuery(principal, id, query.from ?? 0, query.to, query.limit),
    );
    const read = {
      representation: `phrases ${query.from ?? 0} ${query.to ?? ''} ${query.limit ?? ''}`,
      pinned: false,
    };
    return answerConditionally(request, reply, version, read) ? undefined : phrases;
  }
}
