import { Readable } from 'node:stream';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import { QueryBus } from '@nestjs/cqrs';
import { ExportMatchQuery } from '../../../application/matches/queries/export-match.query';
import { MatchReadVersions } from '../../../application/matches/read-version';
import { answerConditionally, ApiNotModified, CONDITIONAL_READ_HEADERS } from '../conditional-read';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { TokenOptional } from '../openapi';
import { slicedStream } from '../sliced-stream';
import { ExportEventLineDto, ExportHeaderDto, ExportTrailerDto } from './export.dto';

const NDJSON = 'application/x-ndjson';

@ApiTags('matches')
@Controller('api/v1/matches')
export class ExportController {
  constructor(
    private readonly queries: QueryBus,
    private readonly versions: MatchReadVersions,
  ) {}

  @Get(':id/export')
  @TokenOptional()
  @ApiOperation({
    operationId: 'exportMatch',
    summary: 'A signed export of the whole match, for offline verification',
    description:
      'NDJSON, one JSON value a line: a header (match, ruleset and version, options, setup, seats, ' +
      'commitment), every event in seq order with its hash, never redacted, and a trailer with the ' +
      'event count, the head hash, the revealed seed once the match has ended, and the server’s ' +
      'Ed25519 signature over the UTF-8 bytes of the head hash (the key is at GET /api/v1/keys). ' +
      'Check a file with `npx matchlog verify <file>`: no server or network needed. ' +
      'An export holds every secret, so while a match is live only its judges and admins may ' +
      'export it (403 for its seats, its organizer and spectators); once it has ended, anyone may. ' +
      'A match whose hash chain does not verify is never signed: 409 chain-broken, naming the seq.',
  })
  @ApiProduces(NDJSON)
  @ApiExtraModels(ExportHeaderDto, ExportEventLineDto, ExportTrailerDto)
  @ApiOkResponse({
    description: 'The export: the header line, one line per event, the trailer line',
    headers: {
      ...CONDITIONAL_READ_HEADERS,
      'Content-Disposition': {
        description: 'attachment; filename="match-<id>.ndjson"',
        schema: { type: 'string' },
      },
    },
    content: {
      [NDJSON]: {
        schema: {
          oneOf: [
            { $ref: getSchemaPath(ExportHeaderDto) },
            { $ref: getSchemaPath(ExportEventLineDto) },
            { $ref: getSchemaPath(ExportTrailerDto) },
          ],
        },
      },
    },
  })
  @ApiNotModified()
  @ApiProblems(401, 403, 404, 409)
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable | undefined> {
    const version = await this.versions.of(principal, id);
    // Access is decided here, before the first byte: a refusal is a whole problem response.
    const { lines } = await this.queries.execute(new ExportMatchQuery(principal, id));
    // Only callers who see everything get here: anyone once the match has ended (public data,
    // cacheable as other reads), a live match's judges and admins (with a token: no-store).
    if (answerConditionally(request, reply, version, { representation: 'export', pinned: false }))
      return undefined;
    void reply
      .header('content-type', `${NDJSON}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="match-${fileSafe(id)}.ndjson"`);
    return slicedStream(ndjson(lines));
  }
}

function fileSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '_');
}

async function* ndjson(lines: AsyncIterable<unknown>): AsyncIterable<string> {
  for await (const line of lines) yield `${JSON.stringify(line)}\n`;
}
