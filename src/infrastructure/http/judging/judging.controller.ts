import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../application/auth/principal';
import { BadRequestError } from '../../../application/errors';
import { AppealRulingCommand } from '../../../application/judging/appeal-ruling.command';
import {
  DecideAppealCommand,
  type AppealDecisionInput,
} from '../../../application/judging/decide-appeal.command';
import {
  AddJudgeNoteCommand,
  GetJudgeNotesQuery,
  type JudgeNotesPage,
} from '../../../application/judging/judge-notes';
import { MAX_SIDE_STREAM_PAGE } from '../../../application/matches/queries/get-annotations.query';
import { SideStreamQueryDto } from '../matches/annotations.dto';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { JudgeNoteAddedData } from '../../../domain/match/side-streams';
import { CommentDisputeCommand } from '../../../application/judging/comment-dispute.command';
import { IssueRulingCommand } from '../../../application/judging/issue-ruling.command';
import { OpenDisputeCommand } from '../../../application/judging/open-dispute.command';
import { PauseMatchCommand } from '../../../application/judging/pause-match.command';
import { ListDisputesQuery } from '../../../application/judging/list-disputes.query';
import {
  PreviewRulingQuery,
  type RulingPreview,
} from '../../../application/judging/preview-ruling.query';
import { RevealDecisionCommand } from '../../../application/judging/reveal-decision.command';
import { SealDecisionCommand } from '../../../application/judging/seal-decision.command';
import { AnswerUndoCommand } from '../../../application/judging/answer-undo.command';
import {
  GetUndoTargetsQuery,
  type UndoTargetsView,
} from '../../../application/judging/get-undo-targets.query';
import { RequestUndoCommand } from '../../../application/judging/request-undo.command';
import type { RecordedResult } from '../../../application/matches/commands/record-match-events';
import type { DisputeSummary } from '../../../application/ports/dispute-queue.port';
import type { Remedy } from '../../../domain/match/match-events';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenRequired } from '../openapi';
import {
  AppealDecisionDto,
  AppealDto,
  CommentDto,
  DisputeListDto,
  DisputeResultDto,
  JudgeNoteDto,
  JudgeNoteEventDto,
  JudgeNotesDto,
  ListDisputesQueryDto,
  OpenDisputeDto,
  PauseDto,
  RemedyDto,
  RevealDto,
  RulingDto,
  RulingPreviewDto,
  SealDto,
  SealResultDto,
  UndoAnswerDto,
  UndoRequestDto,
  UndoRequestResultDto,
  UndoTargetsDto,
} from './judging.dto';
import { RecordedResultDto } from '../matches/matches.dto';

/** Undo requests, disputes, rulings, pauses and sealed decisions: every step an event with its actor. */
@ApiTags('judging')
@Controller('api/v1')
export class JudgingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('matches/:id/undo-requests')
  @TokenRequired()
  @ApiOperation({
    operationId: 'requestUndo',
    summary: 'Ask to undo back to a seq (seat)',
    description:
      'Refused (422, with the blocking seq) across a roll, a draw, a shuffle, a reveal or what the ruleset forbids. ' +
      'Granted at once when the ruleset needs no consent; otherwise the other seats accept or reject. Pending requests expire when the match moves on.',
  })
  @ApiCreatedResponse({ type: UndoRequestResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  requestUndo(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UndoRequestDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new RequestUndoCommand(principal, id, body));
  }

  @Get('matches/:id/undo-targets')
  @TokenRequired()
  @ApiOperation({
    operationId: 'listUndoTargets',
    summary: 'Where the calling seat may ask to take the table back to',
    description:
      'Each of the last 60 events checked as an undo request to it would be (a roll, a draw, a shuffle, a reveal, ' +
      'what the ruleset forbids), so a page offers only events an undo can reach; with whether the others must consent.',
  })
  @ApiOkResponse({ type: UndoTargetsDto })
  @ApiProblems(401, 403, 404)
  undoTargets(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<UndoTargetsView> {
    return this.queries.execute(new GetUndoTargetsQuery(principal, id));
  }

  @Post('matches/:id/undo-requests/:requestId/accept')
  @TokenRequired()
  @ApiOperation({
    operationId: 'acceptUndo',
    summary: 'Consent to an undo (another seat)',
    description: 'When every asked seat consented, the table rewinds: TimelineRewound.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  acceptUndo(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('requestId') requestId: string,
    @Body() body: UndoAnswerDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(
      new AnswerUndoCommand(principal, id, requestId, { accept: true, ...body }),
    );
  }

  @Post('matches/:id/undo-requests/:requestId/reject')
  @TokenRequired()
  @ApiOperation({
    operationId: 'rejectUndo',
    summary: 'Refuse an undo (another seat)',
    description:
      'Any other seat may refuse a pending undo request; the request is closed and nothing is rewound.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  rejectUndo(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('requestId') requestId: string,
    @Body() body: UndoAnswerDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(
      new AnswerUndoCommand(principal, id, requestId, { accept: false, ...body }),
    );
  }

  @Post('matches/:id/disputes')
  @TokenRequired()
  @ApiOperation({
    operationId: 'openDispute',
    summary: 'Dispute an event (seat)',
    description:
      'During play, or within the dispute window after the end. `receipts` attaches the signed receipts the seat ' +
      'kept (at most 100): each is checked against the log and recorded in `DisputeOpened.receipts` with its finding.',
  })
  @ApiCreatedResponse({ type: DisputeResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  openDispute(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: OpenDisputeDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new OpenDisputeCommand(principal, id, body));
  }

  @Post('matches/:id/disputes/:disputeId/comments')
  @TokenRequired()
  @ApiOperation({
    operationId: 'commentOnDispute',
    summary: 'Comment on a dispute (judge of the match, or a seat)',
    description:
      'Appends a comment to the dispute; comments are events of the match and never change the table.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  comment(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: CommentDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new CommentDisputeCommand(principal, id, disputeId, body.text));
  }

  @Post('matches/:id/disputes/:disputeId/ruling')
  @TokenRequired()
  @ApiOperation({
    operationId: 'issueRuling',
    summary: 'Rule on a dispute (judge of the match)',
    description:
      'upheld, rejected or amended, with a remedy: none, a rewind to a seq, or corrective decisions recorded on the seats’ behalf (each marked judge-recorded).',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  rule(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: RulingDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(
      new IssueRulingCommand(principal, id, disputeId, { ...body, remedy: remedyOf(body.remedy) }),
    );
  }

  @Post('matches/:id/disputes/:disputeId/appeal')
  @TokenRequired()
  @ApiOperation({
    operationId: 'appealRuling',
    summary: 'Appeal a ruling to the head judge (a seat of the match, or its organizer)',
    description:
      'Records RulingAppealed. Once per dispute, only after its ruling: an appeal of an unruled dispute, a second appeal, ' +
      'or one after the head judge answered is refused with 409 in the reader’s language.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  appeal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: AppealDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new AppealRulingCommand(principal, id, disputeId, body.reason));
  }

  @Post('matches/:id/disputes/:disputeId/appeal/decision')
  @TokenRequired()
  @ApiOperation({
    operationId: 'decideAppeal',
    summary: 'Answer an appeal (the head judge)',
    description:
      'The head judge of the match’s tournament (for a match outside any tournament, a head judge appointed to the match), or an admin. ' +
      '`upheld` records AppealDecided; `overturned` records AppealDecided and a new ruling with its own remedy (a rewind, corrective decisions), ' +
      'decided as any ruling. Either closes the dispute: later appeals and rulings get 409.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  decideAppeal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: AppealDecisionDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(
      new DecideAppealCommand(principal, id, disputeId, appealInputOf(body)),
    );
  }

  @Post('matches/:id/judge-notes')
  @TokenRequired()
  @ApiOperation({
    operationId: 'addJudgeNote',
    summary: 'Write a private judge note (judge of the match)',
    description:
      'Recorded in its own stream (judge-notes-<matchId>), hash-chained like the match: never in the match’s events, state, ' +
      'export, timeline or feed, and readable only by the match’s judges and admins, also after the end.',
  })
  @ApiCreatedResponse({ type: JudgeNoteEventDto })
  @ApiProblems(400, 401, 403, 404)
  addJudgeNote(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: JudgeNoteDto,
  ): Promise<RecordedEvent<JudgeNoteAddedData>> {
    const { text, disputeId } = body;
    return this.commands.execute(
      new AddJudgeNoteCommand(principal, id, { text, ...(disputeId ? { disputeId } : {}) }),
    );
  }

  @Get('matches/:id/judge-notes')
  @TokenRequired()
  @ApiOperation({
    operationId: 'listJudgeNotes',
    summary: 'The private judge notes of a match (judge of the match)',
    description:
      'For the match’s judges and admins only: seats, the organizer and spectators get 403 or 401.',
  })
  @ApiOkResponse({ type: JudgeNotesDto })
  @ApiProblems(400, 401, 403, 404)
  judgeNotes(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: SideStreamQueryDto,
  ): Promise<JudgeNotesPage> {
    return this.queries.execute(
      new GetJudgeNotesQuery(principal, id, query.from ?? 0, query.limit ?? MAX_SIDE_STREAM_PAGE),
    );
  }

  @Post('matches/:id/disputes/:disputeId/ruling/dry-run')
  @TokenRequired()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'previewRuling',
    summary: 'Preview a ruling without issuing it (judge of the match)',
    description:
      'The same checks and the same decision as issuing the ruling (the judge, the dispute still open, the remedy: a rewind target, corrective decisions decided as recorded), ' +
      'the events applied to a copy of the match; nothing is recorded. Answers the events the ruling would record and the table it would leave, ' +
      'unless a corrective decision rolls server dice, draws or shuffles: then only that it would be accepted, and why the outcome is withheld. ' +
      'A refused ruling answers the same problem as issuing it would. A judge’s preview of a live match is audited as a read of its state.',
  })
  @ApiOkResponse({ type: RulingPreviewDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  previewRuling(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: RulingDto,
  ): Promise<RulingPreview> {
    return this.queries.execute(
      new PreviewRulingQuery(principal, id, disputeId, {
        ruling: { ...body, remedy: remedyOf(body.remedy) },
      }),
    );
  }

  @Post('matches/:id/disputes/:disputeId/appeal/decision/dry-run')
  @TokenRequired()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'previewAppealDecision',
    summary: 'Preview the answer to an appeal without recording it (the head judge)',
    description:
      'The same checks and the same decision as answering the appeal (the head judge, an appeal still unanswered, the new ruling and its remedy: a rewind, corrective decisions), ' +
      'the events applied to a copy of the match; nothing is recorded. Answers as the ruling preview does: the events (AppealDecided, then the new ruling’s) and the table they would leave, ' +
      'the outcome withheld when a corrective decision rolls server dice, draws or shuffles. A refused answer gets the same problem as recording it would.',
  })
  @ApiOkResponse({ type: RulingPreviewDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  previewAppealDecision(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('disputeId') disputeId: string,
    @Body() body: AppealDecisionDto,
  ): Promise<RulingPreview> {
    return this.queries.execute(
      new PreviewRulingQuery(principal, id, disputeId, { appeal: appealInputOf(body) }),
    );
  }

  @Post('matches/:id/pause')
  @TokenRequired()
  @ApiOperation({
    operationId: 'pauseMatch',
    summary: 'Pause the match (judge of the match)',
    description: 'Ordinary decisions, rolls and undo requests are refused (409) until it resumes.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  pause(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: PauseDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new PauseMatchCommand(principal, id, body));
  }

  @Post('matches/:id/resume')
  @TokenRequired()
  @ApiOperation({
    operationId: 'resumeMatch',
    summary: 'Resume a paused match (judge of the match)',
    description: 'Ends a pause: ordinary decisions are accepted again.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(401, 403, 404, 409, 422)
  resume(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<RecordedResult> {
    return this.commands.execute(new PauseMatchCommand(principal, id));
  }

  @Get('disputes')
  @TokenRequired()
  @ApiOperation({
    operationId: 'listDisputes',
    summary: 'The disputes queue',
    description: 'Oldest first, across the matches the caller judges (or organizes).',
  })
  @ApiOkResponse({ type: DisputeListDto })
  @ApiProblems(400, 401, 403)
  disputes(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListDisputesQueryDto,
  ): Promise<{ items: DisputeSummary[] }> {
    return this.queries.execute(
      new ListDisputesQuery(principal, query.status, Math.min(query.limit ?? 100, 500)),
    );
  }

  @Post('matches/:id/decisions/sealed')
  @TokenRequired()
  @ApiOperation({
    operationId: 'sealDecision',
    summary: 'Seal a simultaneous hidden choice (seat)',
    description:
      'Records only the commitment hex(sha256(salt + canonicalJson(params))); the server never sees the choice before the reveal.',
  })
  @ApiCreatedResponse({ type: SealResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  seal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: SealDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new SealDecisionCommand(principal, id, body));
  }

  @Post('matches/:id/decisions/sealed/:sealId/reveal')
  @TokenRequired()
  @ApiOperation({
    operationId: 'revealSealedDecision',
    summary: 'Reveal a sealed choice (the seat that sealed it)',
    description:
      'The hash is checked (422 seal-mismatch, nothing applied, and the attempt is audited); some steps wait until every seat has sealed (422 reveal-too-early). A choice the rules refuse is refused (400 or 422, as an open decision) and stays sealed, unless voidIfRefused asks to record it void: a step ends when every seal of it is revealed or void, and a seat seals one choice of a kind per step.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  reveal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('sealId') sealId: string,
    @Body() body: RevealDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new RevealDecisionCommand(principal, id, sealId, body));
  }
}

function appealInputOf({ outcome, rationale, ruling }: AppealDecisionDto): AppealDecisionInput {
  return {
    outcome,
    rationale,
    ...(ruling ? { ruling: { ...ruling, remedy: remedyOf(ruling.remedy) } } : {}),
  };
}

function remedyOf(body: RemedyDto): Remedy {
  switch (body.kind) {
    case 'none':
      return { kind: 'none' };
    case 'rewind':
      if (body.toSeq === undefined)
        throw new BadRequestError('A rewind remedy needs toSeq', 'invalid-body', [
          { path: 'remedy.toSeq', messages: ['toSeq is required for a rewind'] },
        ]);
      return {
        kind: 'rewind',
        toSeq: body.toSeq,
        cards: {
          order: body.cardOrder ?? 'reshuffle',
          ...(body.keepOrderReason !== undefined ? { reason: body.keepOrderReason } : {}),
        },
      };
    case 'corrective':
      if (!body.decisions)
        throw new BadRequestError('A corrective remedy needs decisions', 'invalid-body', [
          {
            path: 'remedy.decisions',
            messages: ['decisions are required for a corrective remedy'],
          },
        ]);
      return { kind: 'corrective', decisions: body.decisions };
  }
}
