import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import { BulkExport, MAX_EXPORT_IDS } from '../../../application/matches/bulk-export';
import type { MatchListOrder } from '../../../application/ports/match-index.port';
import {
  CATCH_UP_WAIT_MS,
  READ_MODEL_PROGRESS,
  type ReadModelProgress,
} from '../../../application/ports/read-model-progress.port';
import { ApiProblems } from '../api-problems.decorator';
import { ApiNotModified } from '../conditional-read';
import type { CompressedWriteRouteConfig } from '../compression';
import { CurrentPrincipal } from '../current-principal.decorator';
import { ReadByPost, StreamedRead, TokenOptional } from '../openapi';
import { RouteFlags } from '../route-flags';
import { slicedStream } from '../sliced-stream';
import { answerWeaklyConditionally, weakEntityTag } from '../weak-entity-tag';
import { ExportIdsDto, ExportLineDto, ExportMatchesQueryDto } from './bulk-export.dto';

const NDJSON = 'application/x-ndjson';
/** Bytes of text the stream holds before it waits for the client to read. */
const STREAM_BUFFER_BYTES = 64 * 1024;

/** The log position the answer is complete up to: the next incremental sync's `since`. */
const COMPLETE_TO = 'X-Matchlog-Complete-To';

const LINES = {
  description: 'One ExportLineDto a line, streamed as the matches are read',
  content: { [NDJSON]: { schema: { $ref: getSchemaPath(ExportLineDto) } } },
  headers: {
    [COMPLETE_TO]: {
      description:
        'The log position this answer is complete up to: every match (matching the filters) changed after `since` and at or before it is in the answer, or changed again later; pass it as the next `since`',
      schema: { type: 'string', pattern: '^\\d+$', example: '2048' },
    },
  },
};
const DESCRIPTION =
  'NDJSON, one line per match you may read, in `sort` order: `{ matchId, seq, headHash, changePosition?, updatedAt?, summary?, events?, state? }`, ' +
  'each part exactly as the match’s own reads show it to you (`GET matches/:id`, its events on the effective line redacted for you, its table at `seq`). ' +
  '`seq` and `headHash` are those of the last event you may see, so each line can be checked against the hash chain. ' +
  'Live private matches only for their seats, judges and organizer; spectators see live public ones with their delay. ' +
  'The answer starts before the last match is read and follows the speed of your reading. ' +
  'Each line carries the match’s `changePosition` and `updatedAt`; `since`/`until` with the `X-Matchlog-Complete-To` header give incremental sync that loses no update.';

@ApiTags('export')
@Controller('api/v1/export/matches')
@ApiExtraModels(ExportLineDto)
export class BulkExportController {
  constructor(
    private readonly exports: BulkExport,
    @Inject(READ_MODEL_PROGRESS) private readonly progress: ReadModelProgress,
  ) {}

  @Get()
  @TokenOptional()
  @StreamedRead()
  @ApiOperation({
    operationId: 'exportMatches',
    summary: 'Export many matches as NDJSON',
    description: `${DESCRIPTION} Filters as the match list, plus faction, winner, finishedSince, updatedSince, since, until and ids.`,
  })
  @ApiOkResponse(LINES)
  @ApiProblems(400, 401)
  @ApiNotModified()
  async exportMatching(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ExportMatchesQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable | undefined> {
    // The answer is a function of the log, the read models, the request and the caller: while
    // the log's head and the read models' checkpoint stand still, so does the answer, and a
    // revalidation costs no export (the tag is weak: identity, gzip and br bodies share it).
    // Read-your-writes: the index first takes in what was recorded before the request.
    await this.progress.catchUp(CATCH_UP_WAIT_MS);
    const tag = weakEntityTag(
      'export',
      await this.progress.stamp(),
      request.url,
      JSON.stringify(principal),
    );
    if (answerWeaklyConditionally(request, reply, tag)) return undefined;
    return this.stream(principal, query, query.ids, reply);
  }

  @Post()
  @HttpCode(200)
  @RouteFlags({ compressedAnswer: true } satisfies CompressedWriteRouteConfig)
  @TokenOptional()
  @StreamedRead()
  @ReadByPost()
  @ApiOperation({
    operationId: 'exportNamedMatches',
    summary: `Export up to ${MAX_EXPORT_IDS} matches named in the body, as NDJSON`,
    description: `${DESCRIPTION} The query takes the same filters as GET; \`ids\` goes in the body.`,
  })
  @ApiOkResponse(LINES)
  @ApiProblems(400, 401, 413, 415)
  exportNamed(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ExportMatchesQueryDto,
    @Body() body: ExportIdsDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    return this.stream(principal, query, body.ids, reply);
  }

  private async stream(
    principal: Principal,
    query: ExportMatchesQueryDto,
    ids: string[] | undefined,
    reply: FastifyReply,
  ): Promise<Readable> {
    const {
      from,
      to,
      with: parts,
      max,
      sort,
      line,
      since,
      until,
      ids: _queryIds,
      ...filter
    } = query;
    const window = await this.exports.syncWindow(
      since === undefined ? undefined : BigInt(since),
      until === undefined ? undefined : BigInt(until),
    );
    const lines = this.exports.ndjson(
      principal,
      {
        filter: { ...filter, createdFrom: from, createdTo: to, ids, order: orderOf(sort) },
        parts: new Set(parts ?? ['summary']),
        ...(line ? { line } : {}),
        max,
      },
      window,
    );
    void reply.header(COMPLETE_TO, String(window.completeTo));
    void reply.header('content-type', `${NDJSON}; charset=utf-8`);
    return slicedStream(lines, { highWaterMark: STREAM_BUFFER_BYTES });
  }
}

function orderOf(sort: ExportMatchesQueryDto['sort']): MatchListOrder {
  const value = sort ?? '-created';
  return {
    by: value.endsWith('updated') ? 'updated' : 'created',
    direction: value.startsWith('-') ? 'desc' : 'asc',
  };
}
