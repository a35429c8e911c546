import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import { AddAnnotationCommand } from '../../../application/matches/commands/add-annotation.command';
import {
  GetAnnotationsQuery,
  MAX_SIDE_STREAM_PAGE,
  type AnnotationsPage,
} from '../../../application/matches/queries/get-annotations.query';
import {
  GetAuditLogQuery,
  type AuditLogPage,
} from '../../../application/matches/queries/get-audit-log.query';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { AnnotationAddedData } from '../../../domain/match/side-streams';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional, TokenRequired } from '../openapi';
import {
  AddAnnotationDto,
  AnnotationEventDto,
  AnnotationsDto,
  AuditLogDto,
  SideStreamQueryDto,
} from './annotations.dto';

/** The streams beside a match: notes on its events, and the log of judges' views of its hidden parts. */
@ApiTags('matches')
@Controller('api/v1/matches')
export class AnnotationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post(':id/annotations')
  @TokenRequired()
  @ApiOperation({
    operationId: 'addAnnotation',
    summary: 'Annotate an event of the match',
    description:
      'A note on event `seq`: text, tags (!! ! !? ?! ? ?? blunder rules-question; a tag alone is a note) and optionally the dispute it belongs to. ' +
      'Notes are events of their own stream (notes-<matchId>), so the game line is untouched. ' +
      'Seats and judges of the match may annotate at any time; once it has ended, anyone with a token.',
  })
  @ApiCreatedResponse({ type: AnnotationEventDto, description: 'The recorded note' })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415)
  annotate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: AddAnnotationDto,
  ): Promise<RecordedEvent<AnnotationAddedData>> {
    return this.commands.execute(new AddAnnotationCommand(principal, id, body));
  }

  @Get(':id/annotations')
  @TokenOptional()
  @ApiOperation({
    operationId: 'listAnnotations',
    summary: 'The notes on a match’s events',
    description:
      'For whoever may read the match; spectators of a live match see only notes on seqs within their delay.',
  })
  @ApiOkResponse({ type: AnnotationsDto })
  @ApiProblems(400, 401, 403, 404)
  annotations(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: SideStreamQueryDto,
  ): Promise<AnnotationsPage> {
    return this.queries.execute(
      new GetAnnotationsQuery(principal, id, query.from ?? 0, query.limit ?? MAX_SIDE_STREAM_PAGE),
    );
  }

  @Get(':id/audit-log')
  @TokenRequired()
  @ApiOperation({
    operationId: 'getHiddenInformationAuditLog',
    summary: 'Who looked at the match’s hidden information',
    description:
      'Every read by a judge of a live match (state, events, timeline, export) is recorded as HiddenInformationViewed: ' +
      'the judge, when, which seqs and what scope. For the match’s judges, its organizer and admins.',
  })
  @ApiOkResponse({ type: AuditLogDto })
  @ApiProblems(400, 401, 403, 404)
  auditLog(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: SideStreamQueryDto,
  ): Promise<AuditLogPage> {
    return this.queries.execute(
      new GetAuditLogQuery(principal, id, query.from ?? 0, query.limit ?? MAX_SIDE_STREAM_PAGE),
    );
  }
}
