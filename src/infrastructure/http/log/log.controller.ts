import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
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
