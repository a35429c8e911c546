import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Max, Min } from 'class-validator';
import { MAX_LEAVES_PAGE } from '../../../application/transparency/transparency-log';
import { IsOptional } from '../../../domain/shared/optional-member';
import { IsId, QueryInteger } from '../dto-patterns';

/** Queries and answers of `api/v1/log`: the transparency log of match heads. */

export class InclusionQueryDto {
  @ApiProperty({ description: 'The match whose latest leaf to prove', example: 'b3c1…' })
  @IsString()
  @IsId()
  match!: string;

  @ApiPropertyOptional({
    minimum: 1,
    description:
      'The tree size to prove against (a checkpoint you hold); default: the latest signed checkpoint. The proof is of the match’s latest leaf below it.',
  })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  size?: number;
}

export class ConsistencyQueryDto {
  @ApiProperty({ minimum: 0, description: 'The older tree size (a checkpoint you hold)' })
  @QueryInteger()
  @Min(0)
  from!: number;

  @ApiProperty({ minimum: 0, description: 'The newer tree size, at most the tree’s' })
  @QueryInteger()
  @Min(0)
  to!: number;
}

export class LeavesQueryDto {
  @ApiProperty({ minimum: 0, description: 'The first leaf index' })
  @QueryInteger()
  @Min(0)
  from!: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LEAVES_PAGE, default: MAX_LEAVES_PAGE })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(MAX_LEAVES_PAGE)
  limit?: number;
}

export class LogLeafDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The seq of the head event' })
  seq!: number;
  @ApiProperty({ description: 'meta.hash of the head event (64 hex digits)' })
  headHash!: string;
  @ApiProperty({ description: 'meta.recordedAt of the head event' })
  time!: string;
}

export class IndexedLogLeafDto extends LogLeafDto {
  @ApiProperty({ description: 'The leaf’s index in the tree' })
  index!: number;
}

export class InclusionProofDto {
  @ApiProperty({
    type: LogLeafDto,
    description:
      'The leaf: its bytes are the lines `matchlog-leaf/1`, matchId, seq, headHash, time, each ending in LF; its hash SHA-256(0x00 || bytes)',
  })
  leaf!: LogLeafDto;
  @ApiProperty({ description: 'The leaf’s index in the tree (its position in the log)' })
  index!: number;
  @ApiProperty({ description: 'The size of the tree the proof is against' })
  treeSize!: number;
  @ApiProperty({
    type: [String],
    description: 'RFC 9162 §2.1.3 inclusion proof: base64 hashes from the leaf up',
  })
  inclusionProof!: string[];
  @ApiPropertyOptional({
    description:
      'The signed checkpoint (C2SP tlog-checkpoint note) of treeSize, when one was signed',
  })
  checkpoint?: string;
}

export class ConsistencyProofDto {
  @ApiProperty()
  from!: number;
  @ApiProperty()
  to!: number;
  @ApiProperty({
    type: [String],
    description:
      'RFC 9162 §2.1.4 consistency proof: base64 hashes (empty when from is 0 or from = to)',
  })
  consistencyProof!: string[];
}

export class LeavesDto {
  @ApiProperty()
  from!: number;
  @ApiProperty({ type: [IndexedLogLeafDto] })
  leaves!: IndexedLogLeafDto[];
}
