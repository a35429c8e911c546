import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import {
  GetTimelineQuery,
  type TimelineView,
} from '../../../application/matches/queries/get-timeline.query';
import { TaggedByBody } from '../weak-entity-tag';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional } from '../openapi';
import { TimelineDto, TimelineQueryDto } from './timeline.dto';

@ApiTags('matches')
@Controller('api/v1/matches')
export class TimelineController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/timeline')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMatchTimeline',
    summary: 'The line of the match at a glance',
    description:
      'Decisions, rolls, sealed choices, undo requests and answers, rewinds (with the seqs they took back), ' +
      'disputes, comments, pauses, rulings and lifecycle steps, each with its seq, as the caller may see them. ' +
      'Steps an undo or a ruling took back are marked `voidedBy`. ' +
      'A judge’s read of a live match is recorded in its audit log.',
  })
  @ApiOkResponse({ type: TimelineDto })
  @ApiProblems(400, 401, 403, 404)
  @TaggedByBody()
  timeline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: TimelineQueryDto,
  ): Promise<TimelineView> {
    return this.queries.execute(new GetTimelineQuery(principal, id, query.from ?? 0, query.to));
  }
}
