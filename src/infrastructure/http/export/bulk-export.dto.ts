import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsString,
  Length,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import {
  EXPORT_PARTS,
  MAX_EXPORT_IDS,
  type ExportPart,
} from '../../../application/matches/bulk-export';
import { ID_PATTERN, IsId, IsPlainText, QueryInteger } from '../dto-patterns';
import { ListMatchesQueryDto, MatchDto, RecordedEventDto, StateDto } from '../matches/matches.dto';

export const EXPORT_SORTS = ['-created', 'created', '-updated', 'updated'] as const;

/** `a,b` or `x=a&x=b` (or both): one list. */
function commaList({ value }: { value: unknown }): unknown {
  const values = Array.isArray(value) ? value : [value];
  return values.every((item) => typeof item === 'string')
    ? values.flatMap((item: string) => item.split(','))
    : value;
}

export class ExportMatchesQueryDto extends OmitType(ListMatchesQueryDto, [
  'cursor',
  'limit',
  'organizer',
]) {
  @ApiPropertyOptional({
    example: 'emperor',
    description: 'A seat plays this faction (up to case)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  faction?: string;

  @ApiPropertyOptional({
    example: 'red',
    description:
      'A winning seat has this seat id, side or faction (up to case), or is taken by the player this names (as `player`)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  winner?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Ended at or after' })
  @IsOptional()
  @IsISO8601()
  finishedSince?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Last event recorded at or after' })
  @IsOptional()
  @IsISO8601()
  updatedSince?: string;

  @ApiPropertyOptional({
    type: [String],
    description: `Only these matches: comma-separated or repeated, up to ${MAX_EXPORT_IDS}`,
  })
  @IsOptional()
  @Transform(commaList)
  @IsArray()
  @ArrayMaxSize(MAX_EXPORT_IDS)
  @IsId({ each: true })
  ids?: string[];

  @ApiPropertyOptional({
    type: [String],
    enum: EXPORT_PARTS,
    default: ['summary'],
    description:
      'What each line holds besides matchId, seq and headHash (comma-separated or repeated): the summary, ' +
      'the events of the effective line redacted for you, the table at seq',
  })
  @IsOptional()
  @Transform(commaList)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(EXPORT_PARTS, { each: true })
  with?: ExportPart[];

  @ApiPropertyOptional({ minimum: 1, description: 'At most this many matches' })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  max?: number;

  @ApiPropertyOptional({
    enum: EXPORT_SORTS,
    default: '-created',
    description: 'By creation or last update; `-` for newest first',
  })
  @IsOptional()
  @IsIn(EXPORT_SORTS)
  sort?: (typeof EXPORT_SORTS)[number];
}

export class ExportIdsDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_EXPORT_IDS,
    items: { type: 'string', pattern: ID_PATTERN.source },
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EXPORT_IDS)
  @IsId({ each: true })
  ids!: string[];
}

export class ExportLineDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The last seq you may see (the export holds nothing past it)' })
  seq!: number;
  @ApiProperty({ description: 'meta.hash of the event at seq: the chain up to it' })
  headHash!: string;
  @ApiPropertyOptional({ type: MatchDto })
  summary?: MatchDto;
  @ApiPropertyOptional({
    type: [RecordedEventDto],
    description: 'The effective line up to seq, redacted for you',
  })
  events?: RecordedEventDto[];
  @ApiPropertyOptional({ type: StateDto, description: 'The table at seq' })
  state?: StateDto;
}
