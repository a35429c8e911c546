import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../../application/errors';
import { TILE_WIDTH, parseTilePath } from '../../../domain/transparency';
import {
  TransparencyLog,
  type ConsistencyAnswer,
  type InclusionAnswer,
  type LeavesAnswer,
} from '../../../application/transparency/transparency-log';
import { ApiProblems } from '../api-problems.decorator';
import { NoToken } from '../openapi';
import {
  ConsistencyProofDto,
  ConsistencyQueryDto,
  InclusionProofDto,
  InclusionQueryDto,
  LeavesDto,
  LeavesQueryDto,
} from './log.dto';

/** The part of a tile path `parseTilePath` found out of form, as a Russian reader names it. */
const TILE_PATH_PART_RU: Record<string, string> = {
  level: 'уровень',
  index: 'номер',
  width: 'ширина',
};

@ApiTags('log')
@Controller('api/v1/log')
export class LogController {
  constructor(private readonly log: TransparencyLog) {}

  @Get('checkpoint')
  @NoToken()
  @ApiOperation({
    operationId: 'getLogCheckpoint',
    summary: 'The latest signed checkpoint of the transparency log',
    description:
      'No token needed. A C2SP tlog-checkpoint signed note: the origin (`matchlog/<id of the first signing key>`, also the key name), the tree size, the base64 RFC 9162 root hash, the extension line `time <ISO 8601>`, a blank line, and the Ed25519 signature line (`— <origin> <base64 key hash and signature>`), by the key GET /api/v1/keys lists. A new checkpoint is signed at most every second while leaves arrive. Keep the ones you see: `matchlog monitor` and `matchlog verify --checkpoint` prove later ones consistent with them.',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The checkpoint note',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async checkpoint(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { note } = await this.log.checkpoint();
    void reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache');
    return note;
  }

  @Get('proof/inclusion')
  @NoToken()
  @ApiOperation({
    operationId: 'getInclusionProof',
    summary: 'Proof that a match’s head is in the log',
    description:
      'No token needed. The latest leaf of the match (its head at its end, or at a later ruling), its index and the RFC 9162 inclusion proof against the tree of `size` leaves (default: the latest checkpoint, which the answer carries). 404 while the match has not entered the log (it does when it ends); 400 when `size` is beyond the tree or below the match’s first leaf.',
  })
  @ApiOkResponse({ type: InclusionProofDto })
  @ApiProblems(400, 404)
  inclusion(@Query() query: InclusionQueryDto): Promise<InclusionAnswer> {
    return this.log.inclusion(query.match, query.size);
  }

  @Get('proof/consistency')
  @NoToken()
  @ApiOperation({
    operationId: 'getConsistencyProof',
    summary: 'Proof that a newer tree extends an older one',
    description:
      'No token needed. The RFC 9162 consistency proof between the trees of `from` and `to` leaves (0 ≤ from ≤ to ≤ the tree’s size): with the two checkpoints’ roots it proves that nothing the older tree held was changed or removed. 400 when from > to or to is beyond the tree.',
  })
  @ApiOkResponse({ type: ConsistencyProofDto })
  @ApiProblems(400)
  consistency(@Query() query: ConsistencyQueryDto): Promise<ConsistencyAnswer> {
    return this.log.consistency(query.from, query.to);
  }

  @Get('tile/*')
  @NoToken()
  @ApiOperation({
    operationId: 'getLogTile',
    summary: 'A tile of the log (C2SP tlog-tiles)',
    description:
      'No token needed. The log as static tiles (https://c2sp.org/tlog-tiles), so a monitor can mirror it with plain reads and rebuild any checkpoint’s root: `tile/<L>/<N>[.p/<W>]` is the concatenation of up to 256 SHA-256 hashes of the tree’s level 8·L from the (N·256)-th (level 0: the leaf hashes); `tile/entries/<N>[.p/<W>]` the leaves’ bytes (the lines their hash is over), each after its length as a big-endian uint16. N is written in 3-digit groups, all but the last prefixed with `x` (1234067: `x001/x234/067`); `.p/<W>` asks for the first W (1–255) of a tile still filling: ask for the width your checkpoint’s size gives it. A full tile never changes and is cached for a year; a partial one for a minute. 400 for a path not of this form, 404 for a tile the tree does not fill that far.',
  })
  @ApiParam({
    name: 'path',
    type: String,
    description: 'The tile path below `tile/`: `<L>/<N>[.p/<W>]` or `entries/<N>[.p/<W>]`',
    example: '0/x001/234.p/7',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({
    description: 'The tile’s bytes',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiProblems(400, 404)
  async tile(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const path = (request.params as Record<string, string>)['*'] ?? '';
    const tile = parseTilePath(path);
    if ('problem' in tile)
      throw new BadRequestError(
        {
          en: `tile/${path} is not a tile path (its ${tile.problem} is not in the form): tile/<level 0–63>/<index>[.p/<width 1–255>] or tile/entries/<index>[.p/<width>], the index in 3-digit groups, all but the last prefixed with x (1234067: x001/x234/067).`,
          ru: `tile/${path} не путь тайла (${TILE_PATH_PART_RU[tile.problem]} не по форме): tile/<уровень 0–63>/<номер>[.p/<ширина 1–255>] или tile/entries/<номер>[.p/<ширина>], номер группами по 3 цифры, перед всеми, кроме последней, — x (1234067: x001/x234/067).`,
        },
        'log-tile-path',
      );
    const bytes = await this.log.tile(tile);
    void reply
      .header('content-type', 'application/octet-stream')
      .header(
        'cache-control',
        tile.width === TILE_WIDTH ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      );
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  @Get('leaves')
  @NoToken()
  @ApiOperation({
    operationId: 'listLogLeaves',
    summary: 'The leaves of the log, in order',
    description:
      'No token needed. Up to `limit` leaves from index `from`, for monitors: each leaf names a match, its seq and head hash; hash them (SHA-256 of 0x00 and the leaf’s lines) to rebuild the tree and check it against a checkpoint.',
  })
  @ApiOkResponse({ type: LeavesDto })
  @ApiProblems(400)
  leaves(@Query() query: LeavesQueryDto): Promise<LeavesAnswer> {
    return this.log.leavesFrom(query.from, query.limit);
  }
}
