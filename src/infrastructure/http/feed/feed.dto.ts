import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, Matches, Max, Min } from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { IsId, QueryInteger } from '../dto-patterns';
import { FEED_POSITION } from '../../../application/feed/feed-position';
import { ANY_EVENT } from '../event-schemas';
// A type only: the class in decorator metadata would replace the `Event` reference.
import type { RecordedEventDto } from '../matches/matches.dto';

const EVENT_TYPE = /^[A-Z][A-Za-z0-9]{0,63}$/;

/** `a,b` or `x=a&x=b` (or both): one list. */
export function commaList({ value }: { value: unknown }): unknown {
  const values = Array.isArray(value) ? value : [value];
  return values.every((item) => typeof item === 'string')
    ? values.flatMap((item: string) => item.split(','))
    : value;
}

export class FeedQueryDto {
  @ApiPropertyOptional({
    type: String,
    pattern: FEED_POSITION.source,
    example: '1024',
    description:
      'Start after this feed position (the `position` of the last event you have: `1024`, or `1024-17`). Without it (and without `Last-Event-ID`) the feed starts at the head, live',
  })
  @IsOptional()
  @IsString()
  @Matches(FEED_POSITION, {
    message:
      'after must be a feed position this feed sent: decimal digits such as 1024, or two numbers joined by a hyphen such as 1024-17',
    context: {
      ru: 'должен быть позицией, которую прислала эта лента: число, например 1024, или два числа через дефис, например 1024-17',
    },
  })
  after?: string;

  @ApiPropertyOptional({ description: 'Only this match' })
  @IsOptional()
  @IsId()
  match?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['rex'],
    description: 'Only these rulesets (comma-separated or repeated)',
  })
  @IsOptional()
  @Transform(commaList)
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  ruleset?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['DecisionMade', 'DiceRolled'],
    description: 'Only these event types (comma-separated or repeated)',
  })
  @IsOptional()
  @Transform(commaList)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(EVENT_TYPE, { each: true, message: 'types must be event type names (PascalCase)' })
  types?: string[];

  @ApiPropertyOptional({
    enum: ['sse', 'ndjson'],
    default: 'sse',
    description:
      '`sse`: an endless event stream. `ndjson`: a long poll that answers with the events after `after` (up to `limit`), waiting up to `wait` seconds for the first',
  })
  @IsOptional()
  @IsIn(['sse', 'ndjson'])
  format?: 'sse' | 'ndjson';

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 10000,
    default: 1000,
    description: 'ndjson: at most this many events',
  })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(10000)
  limit?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 60,
    default: 25,
    description: 'ndjson: seconds to wait for a first event',
  })
  @IsOptional()
  @QueryInteger()
  @Max(60)
  wait?: number;
}

export class FeedLineDto {
  @ApiProperty({
    pattern: FEED_POSITION.source,
    example: '1024-17',
    description:
      'The feed position: the SSE id, and `after` to resume after this event. The log position of the event that made this one visible to you; `-<seq>` follows when that was a later event of its match (the decision that took the spectator delay past it, or the end of a private match)',
  })
  position!: string;
  @ApiProperty({
    allOf: [{ $ref: getSchemaPath(ANY_EVENT) }],
    description: 'The event as you may see it (redacted), typed by its type and ruleset',
  })
  event!: RecordedEventDto;
}

export class MatchStreamQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description:
      'Start after this seq (`Last-Event-ID` wins); without either, from the first event',
  })
  @IsOptional()
  @QueryInteger()
  after?: number;
}
