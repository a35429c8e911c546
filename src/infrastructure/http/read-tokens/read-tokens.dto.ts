import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsString, Length, Matches, Max, Min } from 'class-validator';
import { IsNestedObject } from '../../../domain/shared/nested-dto';
import { IsOptional } from '../../../domain/shared/optional-member';
import { IsPlainText, NOT_BLANK } from '../dto-patterns';

/** How many matches or tournaments one read token may name. */
export const MAX_SCOPED = 100;
/** A read token's default and largest number of streams open at once. */
export const DEFAULT_OPEN_STREAMS = 2;
export const MAX_OPEN_STREAMS = 8;
/** A read token's default requests a minute (the service's per-token limit caps it too). */
export const DEFAULT_READER_REQUESTS_PER_MINUTE = 600;

export class ReadScopeDto {
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SCOPED,
    description: 'These matches (the caller’s own: an organizer’s, any for the admin)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SCOPED)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  @IsPlainText({ each: true })
  matchIds?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SCOPED,
    example: ['moscow-open-2026'],
    description: 'Every match of these tournaments (the caller’s own)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SCOPED)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  @IsPlainText({ each: true })
  tournamentIds?: string[];

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Every match of this organizer (an organizer gives their own id, `GET /api/v1/organizers/me`)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  organizer?: string;
}

export class IssueReadTokenDto {
  @ApiProperty({
    example: 'Статистика клуба «Звезда»',
    minLength: 1,
    maxLength: 100,
    description: 'Who holds the token (a statistics site), as the list of read tokens shows it',
  })
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @IsPlainText()
  name!: string;

  @ApiProperty({
    type: ReadScopeDto,
    description:
      'The live matches the token reads beyond public ones (at least one member). Ended and public matches it reads as anyone does.',
  })
  @IsNestedObject(() => ReadScopeDto)
  scope!: ReadScopeDto;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 1_000_000,
    default: DEFAULT_READER_REQUESTS_PER_MINUTE,
    description:
      'The token’s throttle: requests a minute, beyond which it gets 429 with Retry-After. The service’s per-token limit (MATCHLOG_RATE_LIMIT_PER_TOKEN) caps it.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  requestsPerMinute?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_OPEN_STREAMS,
    default: DEFAULT_OPEN_STREAMS,
    description:
      'Streams (bulk exports, the feed, match streams) the token may have open at once; one more gets 429 with Retry-After',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_OPEN_STREAMS)
  openStreams?: number;
}

export class ReadLimitsDto {
  @ApiProperty({ example: 600 })
  requestsPerMinute!: number;

  @ApiProperty({ example: 2 })
  openStreams!: number;
}

export class IssuedReadTokenDto {
  @ApiProperty({ format: 'uuid', description: 'The token’s id: it is listed and revoked by it' })
  id!: string;

  @ApiProperty({
    example: 'ml_read_Zk3…',
    description: 'The bearer token: shown this once, stored only as a hash',
  })
  token!: string;
}

export class ReadTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Статистика клуба «Звезда»' })
  name!: string;

  @ApiProperty({ type: ReadScopeDto })
  scope!: ReadScopeDto;

  @ApiProperty({ type: ReadLimitsDto })
  limits!: ReadLimitsDto;

  @ApiProperty({ description: 'The organizer id that issued it, or `admin`' })
  issuedBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}
