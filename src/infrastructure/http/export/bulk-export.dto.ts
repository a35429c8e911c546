import { ApiProperty, ApiPropertyOptional, OmitType, getSchemaPath } from '@nestjs/swagger';
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
  Matches,
  Min,
} from 'class-validator';
import { LINE_CHOICES, type LineChoice } from '../../../domain/match/line';
import { IsOptional } from '../../../domain/shared/optional-member';
import {
  EXPORT_PARTS,
  MAX_EXPORT_IDS,
  type ExportPart,
} from '../../../application/matches/bulk-export';
import { ID_PATTERN, IsId, IsPlainText, QueryInteger } from '../dto-patterns';
import { ANY_EVENT } from '../event-schemas';
import {
  ListMatchesQueryDto,
  MatchDto,
  StateDto,
  type RecordedEventDto,
} from '../matches/matches.dto';

/** A global log position as the API writes it: decimal digits that fit a signed 64-bit integer. */
export const LOG_POSITION = /^(?:0|[1-9]\d{0,17})$/;

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

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'Last event recorded at or after. Lossy as a sync cursor: an event recorded before your previous read can reach the index after it, so use `since` for incremental sync',
  })
  @IsOptional()
  @IsISO8601()
  updatedSince?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: LOG_POSITION.source,
    example: '1024',
    description:
      'Only matches changed after this log position (their `changePosition` is greater): the `X-Matchlog-Complete-To` header of your previous export. Nothing is lost under concurrent writes (docs/statistics.md, Incremental sync)',
  })
  @IsOptional()
  @IsString()
  @Matches(LOG_POSITION, {
    message: `since must be a log position: decimal digits such as 1024 (the X-Matchlog-Complete-To header of your previous export)`,
    context: {
      ru: 'должен быть позицией журнала: число, например 1024 (заголовок X-Matchlog-Complete-To предыдущей выгрузки)',
    },
  })
  since?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: LOG_POSITION.source,
    example: '2048',
    description:
      'Only matches whose `changePosition` is at or below this log position (not below `since`)',
  })
  @IsOptional()
  @IsString()
  @Matches(LOG_POSITION, {
    message: `until must be a log position: decimal digits such as 2048, not below since`,
    context: {
      ru: 'должен быть позицией журнала: число, например 2048, не меньше since',
    },
  })
  until?: string;

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

  @ApiPropertyOptional({
    enum: LINE_CHOICES,
    default: 'effective',
    description:
      'effective: each match’s line of play as it stands, without the events an undo or a ruling took back; all: every event in log order, the voided ones marked `voidedBy` (as `GET matches/:id/events?line=all`), so the events chain hash to hash and figures that count rewound rolls can be reproduced; `state` is then the fold of the log up to seq',
  })
  @IsOptional()
  @IsIn(LINE_CHOICES)
  line?: LineChoice;

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
  @ApiPropertyOptional({
    type: String,
    pattern: LOG_POSITION.source,
    example: '1024',
    description:
      'The global log position of the match’s last event as the index holds it: monotonic across the store, compared by `since`/`until` (left out, with updatedAt, for a spectator who sees the match delayed)',
  })
  changePosition?: string;
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When the event at changePosition was recorded',
  })
  updatedAt?: string;
  @ApiPropertyOptional({ type: MatchDto })
  summary?: MatchDto;
  @ApiPropertyOptional({
    type: 'array',
    items: { $ref: getSchemaPath(ANY_EVENT) },
    description:
      'The effective line up to seq, redacted for you, each typed by its type and ruleset',
  })
  events?: RecordedEventDto[];
  @ApiPropertyOptional({ type: StateDto, description: 'The table at seq' })
  state?: StateDto;
}
