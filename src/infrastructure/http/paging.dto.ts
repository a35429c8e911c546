import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Max, Min } from 'class-validator';
import { IsOptional } from '../../domain/shared/optional-member';
import { IsPlainText, QueryInteger } from './dto-patterns';

/** How many items a page holds at most, and by default. */
export const MAX_PAGE = 200;
export const DEFAULT_PAGE = 50;

/** The query of every paged list: where the page starts, and how many items it holds. */
export class PageQueryDto {
  @ApiPropertyOptional({ description: 'The `nextCursor` of the previous page' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  cursor?: string;

  @ApiPropertyOptional({ default: DEFAULT_PAGE, minimum: 1, maximum: MAX_PAGE })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(MAX_PAGE)
  limit?: number;
}

/**
 * The answer of every paged list: its items, and where the next page starts (absent on the
 * last). `class MatchListDto extends PageOf(MatchListItemDto) {}` names the schema.
 */
export function PageOf<T>(item: Type<T>) {
  abstract class Page {
    @ApiProperty({ type: [item] })
    items!: T[];

    @ApiPropertyOptional({ description: 'Pass as `cursor` for the next page; absent on the last' })
    nextCursor?: string;
  }
  return Page;
}
