import {
  ReissueSeatLinkCommand,
  type ReissuedSeatLink,
} from '../../../application/matches/commands/reissue-seat-link.command';
import { Readable } from 'node:stream';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import { BadRequestError } from '../../../application/errors';
import { ClaimSeatCommand } from '../../../application/matches/commands/claim-seat.command';
import { ConfirmRollCommand } from '../../../application/matches/commands/confirm-roll.command';
import {
  CreateMatchCommand,
  type CreatedMatch,
} from '../../../application/matches/commands/create-match.command';
import { MakeDecisionCommand } from '../../../application/matches/commands/make-decision.command';
import { RecordRollCommand } from '../../../application/matches/commands/record-roll.command';
import type { RecordedResult } from '../../../application/matches/commands/record-match-events';
import { StartMatchCommand } from '../../../application/matches/commands/start-match.command';
import { AbandonMatchCommand } from '../../../application/matches/commands/abandon-match.command';
import {
  GetAuditQuery,
  type AuditView,
} from '../../../application/matches/queries/get-audit.query';
import {
  GetEventsQuery,
  MAX_EVENTS_PAGE,
  type EventsPage,
} from '../../../application/matches/queries/get-events.query';
import { StreamEventsQuery } from '../../../application/matches/queries/stream-events.query';
import {
  GetLegalDecisionsQuery,
  type LegalDecisionsView,
} from '../../../application/matches/queries/get-legal-decisions.query';
import {
  GetDecisionChoicesQuery,
  type DecisionChoicesView,
} from '../../../application/matches/queries/get-decision-choices.query';
import {
  DryRunDecisionQuery,
  type DryRunView,
} from '../../../application/matches/queries/dry-run-decision.query';
import { GetMatchQuery } from '../../../application/matches/queries/get-match.query';
import { GetRngQuery, type RngView } from '../../../application/matches/queries/get-rng.query';
import {
  GetScoresQuery,
  type ScoresView,
} from '../../../application/matches/queries/get-scores.query';
import {
  GetStateQuery,
  type StateView,
} from '../../../application/matches/queries/get-state.query';
import { ListMatchesQuery } from '../../../application/matches/queries/list-matches.query';
import type { MatchSummaryView } from '../../../application/matches/queries/match-summary';
import { MatchReadVersions } from '../../../application/matches/read-version';
import { TaggedByBody } from '../weak-entity-tag';
import { answerConditionally, ApiNotModified, CONDITIONAL_READ_HEADERS } from '../conditional-read';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional, TokenRequired } from '../openapi';
import { slicedStream } from '../sliced-stream';
import {
  AbandonMatchDto,
  AuditDto,
  ClaimSeatDto,
  CreatedMatchDto,
  CreateMatchDto,
  DecisionChoicesDto,
  DecisionChoicesRequestDto,
  DecisionDto,
  EventsPageDto,
  EventsQueryDto,
  LegalDecisionsDto,
  LegalDecisionsQueryDto,
  ListMatchesQueryDto,
  MatchDto,
  MatchListDto,
  RecordedEventDto,
  RecordedResultDto,
  ReissuedSeatLinkDto,
  RngDto,
  RollDto,
  ScoresDto,
  StateDto,
  StateQueryDto,
  DryRunDecisionDto,
  DryRunResultDto,
} from './matches.dto';

const NDJSON = 'application/x-ndjson';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

@ApiTags('matches')
@Controller('api/v1/matches')
export class MatchesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly versions: MatchReadVersions,
  ) {}

  @Post()
  @TokenRequired()
  @ApiOperation({
    operationId: 'createMatch',
    summary: 'Create a match',
    description:
      'Organizer or admin. Returns the match id, the dice commitment and one token per seat (shown once). ' +
      'A `tournamentId` names a tournament the caller created (`POST /api/v1/tournaments`): 404 when there is none, 403 when it is another organizer’s. ' +
      'A seat’s `player` names a registered player who takes it at once (`GET /api/v1/players`): 404 when nobody is called so, 409 `ambiguous-player` with the `candidates` when several are.',
  })
  @ApiCreatedResponse({ type: CreatedMatchDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateMatchDto,
  ): Promise<CreatedMatch> {
    return this.commands.execute(new CreateMatchCommand(principal, body));
  }

  @Get()
  @TokenOptional()
  @ApiOperation({
    operationId: 'listMatches',
    summary: 'List matches, newest first',
    description:
      'Ended and public matches are listed for everyone; live private ones only for their seats, judges and organizer.',
  })
  @ApiOkResponse({ type: MatchListDto })
  @ApiProblems(400, 401, 403)
  @TaggedByBody()
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListMatchesQueryDto,
  ): Promise<MatchListDto> {
    const { cursor, limit, from, to, ...filter } = query;
    return this.queries.execute(
      new ListMatchesQuery(
        principal,
        { ...filter, createdFrom: from, createdTo: to },
        limit ?? 50,
        cursor,
      ),
    ) as Promise<MatchListDto>;
  }

  @Get(':id')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMatch',
    summary: 'A match summary',
    description:
      'Carries a strong `ETag` of what this caller sees (`"<seq>.<digest>"`): send it back as `If-None-Match` to get 304 while nothing changed for you, ' +
      'or as `If-Match` when deciding (its seq is the match’s last seq).',
  })
  @ApiOkResponse({ type: MatchDto, headers: CONDITIONAL_READ_HEADERS })
  @ApiNotModified()
  @ApiProblems(401, 403, 404)
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MatchSummaryView | undefined> {
    const version = await this.versions.of(principal, id);
    const summary = await this.queries.execute(new GetMatchQuery(principal, id));
    if (answerConditionally(request, reply, version, { representation: 'summary', pinned: false }))
      return undefined;
    return summary;
  }

  @Post(':id/seats/:seat/claim')
  @TokenRequired()
  @ApiOperation({
    operationId: 'claimSeat',
    summary: 'Claim a seat',
    description:
      'With the seat’s token (or the organizer’s), before the start; a seat the ruleset lets a player take later (a galaxy-league entrant) also after it. The optional entropy, given before the start, enters every server roll. ' +
      'By a name (`name`, shown as given) or by a registered player (`player`: their id, or a name or alias the registry resolves): 404 when nobody is called so, 409 `ambiguous-player` with the `candidates` when several are.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  claim(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('seat') seat: string,
    @Body() body: ClaimSeatDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new ClaimSeatCommand(principal, id, seat, body));
  }

  @Post(':id/seats/:seat/link')
  @TokenRequired()
  @ApiOperation({
    operationId: 'reissueSeatLink',
    summary: 'Issue a seat a new link',
    description:
      'By the match’s organizer (or an admin) while the match is live, when a player lost the link: records ' +
      'SeatLinkReissued (answered with its receipt) and returns the seat’s new token, shown this once. Every ' +
      'earlier token of the seat is revoked: it is answered 401 from then on. An ended match is refused (409).',
  })
  @ApiCreatedResponse({ type: ReissuedSeatLinkDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  reissueLink(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('seat') seat: string,
  ): Promise<ReissuedSeatLink> {
    return this.commands.execute(new ReissueSeatLinkCommand(principal, id, seat));
  }

  @Post(':id/start')
  @TokenRequired()
  @ApiOperation({
    operationId: 'startMatch',
    summary: 'Start the match',
    description:
      'By its organizer or a seat, once every seat is claimed (but those the ruleset lets a player take later). Fixes the dice entropy.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  start(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<RecordedResult> {
    return this.commands.execute(new StartMatchCommand(principal, id));
  }

  @Post(':id/abandon')
  @TokenRequired()
  @ApiOperation({
    operationId: 'abandonMatch',
    summary: 'Abandon the match',
    description:
      'By its organizer, one of its judges or an admin, with the reason, when a match will not be played out ' +
      '(a player left, the table closed). Records MatchAbandoned and, as for a finished match, reveals the dice seed ' +
      'in the same append. Decisions and rolls are refused from then on (409); disputes stay open for the dispute window. ' +
      'A match that already ended is refused (409 `already-ended`).',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  abandon(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: AbandonMatchDto,
  ): Promise<RecordedResult> {
    return this.commands.execute(new AbandonMatchCommand(principal, id, body.reason));
  }

  @Post(':id/decisions')
  @TokenRequired()
  @ApiOperation({
    operationId: 'recordDecision',
    summary: 'Record a decision of the caller’s seat',
    description:
      'The ruleset checks it and returns the events it causes. `If-Match` with the match’s ETag (or `W/"<seq>"`, or `expectedSeq`) makes it conditional (409 when stale); ' +
      '`Idempotency-Key` makes a retry safe: the same key returns the events already recorded (200); ' +
      'the same key with another kind or params is refused (422 `idempotency-key-reused`).',
  })
  @ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The ETag of GET matches/:id (`"<seq>.<digest>"`), or `W/"<seq>"`',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 128 letters, digits or _ . : -. Chosen by the client, one per decision: a retry with the same key ' +
      'and the same `kind` and `params` records nothing and answers 200 with the events recorded the first time; ' +
      'the same key with another `kind` or `params` is refused with 422 problem+json (`idempotency-key-reused`) ' +
      'and records nothing. A key belongs to the token that sent it (another token’s key of the same name is a new ' +
      'decision). Keys are remembered for 24 hours of the match’s event time (`MATCHLOG_IDEMPOTENCY_KEY_HOURS`, ' +
      'fixed for each match when it is created), however many decisions come in between; after that a key is new ' +
      'again. The key is recorded as the decision id (`meta.decisionId`), visible to readers of the log.',
  })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiOkResponse({
    type: RecordedResultDto,
    description: 'A retry with a known Idempotency-Key: nothing new was recorded',
  })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  async decide(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: DecisionDto,
    @Headers('if-match') ifMatch: string | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RecordedResult> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new BadRequestError(
        'Idempotency-Key must be 1-128 letters, digits or _ . : -',
        'invalid-header',
      );
    }
    const expectedSeq = expectedSeqOf(ifMatch, body.expectedSeq);
    const result = await this.commands.execute(
      new MakeDecisionCommand(principal, id, { ...body, expectedSeq, decisionId: idempotencyKey }),
    );
    void reply.status(result.replayed ? 200 : 201).header('ETag', `W/"${result.seq}"`);
    return result;
  }

  @Post(':id/decisions/dry-run')
  @TokenRequired()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'dryRunDecision',
    summary: 'Try a decision of the caller’s seat without recording it',
    description:
      'The same checks as recording it (params, turn and phase, the rules, and that the match can apply its events) on the head of the match; nothing is recorded. ' +
      'An accepted decision answers 200 with the events it would record, unless they would tell the seat something before it commits ' +
      '(server dice, a draw or a shuffle, events hidden from the seat): then only that it would be accepted, and why the events are withheld. ' +
      'A refused decision answers the same problem as recording it would (422 rule-violation with the rule, 400 for bad params). For forms that check as the player types.',
  })
  @ApiOkResponse({ type: DryRunResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  dryRun(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: DryRunDecisionDto,
  ): Promise<DryRunView> {
    return this.queries.execute(new DryRunDecisionQuery(principal, id, body));
  }

  @Post(':id/rolls')
  @TokenRequired()
  @ApiOperation({
    operationId: 'recordRoll',
    summary: 'Roll dice outside a decision',
    description:
      'A provable server roll for a purpose (no `faces`), or physical dice reported by the caller’s seat (`faces`).',
  })
  @ApiHeader({ name: 'If-Match', required: false })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 413, 415, 422)
  roll(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: RollDto,
    @Headers('if-match') ifMatch: string | undefined,
  ): Promise<RecordedResult> {
    return this.commands.execute(
      new RecordRollCommand(principal, id, {
        ...body,
        expectedSeq: expectedSeqOf(ifMatch, body.expectedSeq),
      }),
    );
  }

  @Post(':id/rolls/:seq/confirm')
  @TokenRequired()
  @ApiOperation({
    operationId: 'confirmRoll',
    summary: 'Confirm a roll another seat reported from physical dice',
    description:
      'The caller’s seat saw the dice and confirms the faces of the reported roll recorded at `seq` (a `ReportedRollConfirmed` event). ' +
      'One confirmation by any seat other than the reporter settles the roll; `matchlog verify` and the audit list each reported roll with who confirmed it. ' +
      'A seat that disagrees opens a dispute on that seq instead. When the match’s option `reportedRollConfirmation` is `before-next-decision`, ' +
      'no decision or roll is accepted until the last reported roll is confirmed (409 `roll_unconfirmed`). ' +
      '409 when there is no unconfirmed reported roll at that seq on the match’s line; 422 when the reporter tries to confirm its own roll.',
  })
  @ApiParam({ name: 'seq', description: 'The seq of the reported DiceRolled event', example: '12' })
  @ApiCreatedResponse({ type: RecordedResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 422)
  confirmRoll(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('seq') seq: string,
  ): Promise<RecordedResult> {
    if (!/^\d{1,15}$/.test(seq))
      throw new BadRequestError(
        `seq must be a whole number, got ${JSON.stringify(seq.slice(0, 40))}`,
        'invalid-path',
      );
    return this.commands.execute(new ConfirmRollCommand(principal, id, Number(seq)));
  }

  @Get(':id/events')
  @TokenOptional()
  @ApiOperation({
    operationId: 'listMatchEvents',
    summary: 'The events of a match, as the caller may see them',
    description:
      `JSON pages by default; with \`Accept: ${NDJSON}\` the whole range streams as one event a line. Secret members are removed for viewers who may not see them. ` +
      '`line=effective` (the default) leaves out the events an undo or a ruling took back; `line=all` includes them, marked `voidedBy`. ' +
      'A judge’s read of a live match is recorded in its audit log (GET matches/:id/audit-log).',
  })
  @ApiExtraModels(EventsPageDto, RecordedEventDto)
  @ApiOkResponse({
    description: `A page of events (JSON), or with \`Accept: ${NDJSON}\` one RecordedEventDto a line`,
    headers: CONDITIONAL_READ_HEADERS,
    content: {
      'application/json': { schema: { $ref: getSchemaPath(EventsPageDto) } },
      [NDJSON]: { schema: { $ref: getSchemaPath(RecordedEventDto) } },
    },
  })
  @ApiNotModified()
  @ApiProblems(400, 401, 403, 404)
  async events(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: EventsQueryDto,
    @Headers('accept') accept: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventsPage | Readable | undefined> {
    const version = await this.versions.of(principal, id);
    const streamed = accept?.includes(NDJSON) === true;
    const from = query.from ?? 0;
    const read = {
      representation: `events ${streamed ? 'ndjson' : `json ${query.limit ?? MAX_EVENTS_PAGE}`} ${from} ${query.to ?? ''} ${query.line ?? ''}`,
      pinned: query.to !== undefined && query.to <= version.seq,
    };
    if (streamed) {
      const lines = await this.queries.execute(
        new StreamEventsQuery(principal, id, from, query.to, query.line),
      );
      if (answerConditionally(request, reply, version, read)) return undefined;
      void reply.header('content-type', `${NDJSON}; charset=utf-8`);
      return slicedStream(ndjson(lines));
    }
    const page = await this.queries.execute(
      new GetEventsQuery(principal, id, from, query.to, query.limit ?? MAX_EVENTS_PAGE, query.line),
    );
    return answerConditionally(request, reply, version, read) ? undefined : page;
  }

  @Get(':id/state')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMatchState',
    summary: 'The table at a seq',
    description:
      'Zones, pieces, fleets, loss piles, tracks, decks (as counts) and turn, plus the ruleset’s derived view; hidden information is redacted for the caller. ' +
      'At a seq an undo or a ruling took back, `line=effective` (the default) shows the table the rewind returned to (`effectiveSeq`), `line=all` the branch as it was played. ' +
      'A judge’s read of a live match is recorded in its audit log (GET matches/:id/audit-log).',
  })
  @ApiOkResponse({ type: StateDto, headers: CONDITIONAL_READ_HEADERS })
  @ApiNotModified()
  @ApiProblems(400, 401, 403, 404)
  async state(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: StateQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StateView | undefined> {
    const version = await this.versions.of(principal, id);
    const state = await this.queries.execute(
      new GetStateQuery(principal, id, query.at, query.line),
    );
    const read = {
      representation: `state ${query.at ?? ''} ${query.line ?? ''}`,
      pinned: query.at !== undefined,
    };
    return answerConditionally(request, reply, version, read) ? undefined : state;
  }

  @Get(':id/scores')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMatchScores',
    summary: 'Each seat’s score over the match, as its ruleset derives it',
    description:
      'A step series: the seqs where any seat’s score changes, each with every seat’s score from there on; at every seq the scores equal `derived.scores` of GET matches/:id/state at that seq (the effective line). It ends at the last seq the caller may see (a spectator of a live match lags behind the head). Empty when the ruleset derives no scores.',
  })
  @ApiOkResponse({ type: ScoresDto, headers: CONDITIONAL_READ_HEADERS })
  @ApiNotModified()
  @ApiProblems(401, 403, 404)
  async scores(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ScoresView | undefined> {
    // The version alone decides a 304 (scores are no judge's audited read), so a caller who
    // holds the series is answered without the fold of the whole match.
    const version = await this.versions.of(principal, id);
    const read = { representation: 'scores', pinned: false };
    if (answerConditionally(request, reply, version, read)) return undefined;
    return this.queries.execute(new GetScoresQuery(principal, id));
  }

  @Get(':id/legal-decisions')
  @TokenOptional()
  @ApiOperation({
    operationId: 'listLegalDecisions',
    summary: 'What the calling seat may decide now, with params it would be accepted with',
    description:
      'The decision kinds the calling seat may make at the head of the match: a kind is offered when the turn, the phase and the ruleset allow it, and not offered when the decision would be refused whatever its params. Each lists up to 3 `examples`: params the decider accepts now (built by the ruleset from the table, or its published example), ready to send or to offer as choices. A kind only accepted sealed (`sealed`) is offered as a seal; its examples are params its reveal would be accepted with now. Asked with a seat token of the match, or with a judge token of it and `seat`: then the kinds a judge records on that seat’s behalf (the Game Master’s decisions), offered when they can be made; with `for=corrective` as well, the seat’s own kinds a ruling’s corrective remedy would record for it (what the dispute page’s corrective decision forms offer).',
  })
  @ApiOkResponse({ type: LegalDecisionsDto })
  @ApiProblems(400, 401, 403, 404)
  legal(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: LegalDecisionsQueryDto,
  ): Promise<LegalDecisionsView> {
    return this.queries.execute(
      new GetLegalDecisionsQuery(principal, id, query.seat, query.for === 'corrective'),
    );
  }

  @Post(':id/legal-decisions/choices')
  @TokenOptional()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'getDecisionChoices',
    summary: 'The values each field of a decision may take now, given the fields chosen so far',
    description:
      'For a kind the calling seat may make now whose ruleset computes its choices (`choices` in legal-decisions): field by field, the values the rules allow now (pick the ship, then see where it may go), each named as the board names it, with a hint, sorted as a person reads them. `params` are the fields chosen so far. `offered` is false when the kind is not offered now or has no such choices. With `expectedSeq` behind the head: 409, and the page refreshes. Nothing is recorded.',
  })
  @ApiOkResponse({ type: DecisionChoicesDto })
  @ApiProblems(400, 401, 403, 404, 409)
  choices(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: DecisionChoicesRequestDto,
  ): Promise<DecisionChoicesView> {
    return this.queries.execute(new GetDecisionChoicesQuery(principal, id, body));
  }

  @Get(':id/audit')
  @TokenOptional()
  @ApiOperation({
    operationId: 'auditMatch',
    summary: 'Re-verify the hash chain',
    description: 'Chain verified, or the first broken seq; the head hash and the event count.',
  })
  @ApiOkResponse({ type: AuditDto })
  @ApiProblems(401, 403, 404)
  audit(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<AuditView> {
    return this.queries.execute(new GetAuditQuery(principal, id));
  }

  @Get(':id/rng')
  @TokenOptional()
  @ApiOperation({
    operationId: 'getMatchRng',
    summary:
      'The dice commitment, the seed once revealed, and the server’s re-check of every roll and shuffle',
    description:
      'Until the match ends only the commitment sha256(seed) is public; then the seed is revealed and every server roll and shuffle can be recomputed (README, Verifying dice).',
  })
  @ApiOkResponse({ type: RngDto })
  @ApiProblems(401, 403, 404)
  rng(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<RngView> {
    return this.queries.execute(new GetRngQuery(principal, id));
  }
}

/**
 * `If-Match: W/"12"` (or `"12"`, or a read's tag `"12.<digest>"`) and `expectedSeq` name the
 * same thing; they must agree.
 */
function expectedSeqOf(
  ifMatch: string | undefined,
  bodySeq: number | undefined,
): number | undefined {
  if (ifMatch === undefined) return bodySeq;
  const match = /^(?:W\/)?"(-?\d+)(?:\.[A-Za-z0-9_-]+)?"$/.exec(ifMatch.trim());
  if (!match)
    throw new BadRequestError('If-Match must be an ETag of this API, W/"<seq>"', 'invalid-header');
  const seq = Number(match[1]);
  if (bodySeq !== undefined && bodySeq !== seq)
    throw new BadRequestError(
      `If-Match names seq ${seq} but expectedSeq is ${bodySeq}`,
      'invalid-header',
    );
  return seq;
}

async function* ndjson(events: AsyncIterable<unknown>): AsyncIterable<string> {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}
