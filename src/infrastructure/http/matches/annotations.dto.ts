import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { ANNOTATION_TAGS, MAX_ANNOTATION_LENGTH } from '../../../domain/match/side-streams';
import { EventMetaDto } from './matches.dto';
import { IsFreeText, IsPlainText, NOT_BLANK, QueryInteger } from '../dto-patterns';

/** Notes on events (`notes-<matchId>`) and the judges' audit log (`audit-<matchId>`). */

const VIEW_SCOPES = ['state', 'events', 'export', 'timeline'] as const;

export class AddAnnotationDto {
  @ApiProperty({
    minimum: 0,
    example: 12,
    description: 'The seq of the match event the note is about',
  })
  @IsInt()
  @Min(0)
  seq!: number;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_ANNOTATION_LENGTH,
    example: 'Флот ушёл из обороны столицы: после этого хода её уже не удержать',
    description: 'What is said of the move; may be left out when a tag is given (one click on ?!)',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_ANNOTATION_LENGTH)
  @Matches(NOT_BLANK, { message: 'text must not be blank' })
  @IsFreeText()
  text?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...ANNOTATION_TAGS] },
    example: ['?', 'rules-question'],
    description: 'How the move is judged: !! ! !? ?! ? ?? blunder rules-question',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(ANNOTATION_TAGS.length)
  @ArrayUnique()
  @IsIn(ANNOTATION_TAGS, {
    each: true,
    message: `each tag must be one of ${ANNOTATION_TAGS.join(' ')}`,
  })
  tags?: string[];

  @ApiPropertyOptional({ description: 'A dispute of this match the note belongs to' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  disputeId?: string;
}

export class AnnotationDataDto {
  @ApiProperty({ format: 'uuid' })
  annotationId!: string;
  @ApiProperty({ description: 'The seq of the match event the note is about' })
  seq!: number;
  @ApiProperty()
  text!: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...ANNOTATION_TAGS] } })
  tags!: string[];
  @ApiPropertyOptional({ description: 'The dispute of the match the note belongs to' })
  disputeId?: string;
}

/** An AnnotationAdded event of the notes stream: the match's envelope and hash chain, its own seqs. */
export class AnnotationEventDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'Position in notes-<matchId> (not a seq of the match)' })
  seq!: number;
  @ApiProperty({ enum: ['AnnotationAdded'] })
  type!: string;
  @ApiProperty({ type: AnnotationDataDto })
  data!: AnnotationDataDto;
  @ApiProperty({ type: EventMetaDto, description: 'meta.actor is who wrote the note' })
  meta!: EventMetaDto;
}

export class AnnotationsDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ type: [AnnotationEventDto] })
  annotations!: AnnotationEventDto[];
  @ApiPropertyOptional({ description: 'Pass as `from` for the next page' })
  nextFrom?: number;
}

export class SideStreamQueryDto {
  @ApiPropertyOptional({ default: 0, minimum: 0, description: 'A seq of the side stream' })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  from?: number;

  @ApiPropertyOptional({ default: 1000, minimum: 1, maximum: 1000 })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class JudgeRefDto {
  @ApiProperty()
  id!: string;
  @ApiProperty({ example: 'Ирина Волкова' })
  name!: string;
}

export class AdminRefDto {
  @ApiProperty({ example: 'admin' })
  id!: string;
}

/** The data of an audit entry: HiddenInformationViewed (judge or admin, scope, seqs) or SealRevealRefused (sealId, seat, commitment). */
export class AuditEntryDataDto {
  @ApiPropertyOptional({
    type: JudgeRefDto,
    description: 'HiddenInformationViewed: the judge who looked',
  })
  judge?: JudgeRefDto;
  @ApiPropertyOptional({
    type: AdminRefDto,
    description: 'HiddenInformationViewed: the admin who looked',
  })
  admin?: AdminRefDto;
  @ApiPropertyOptional({
    enum: VIEW_SCOPES,
    description: 'HiddenInformationViewed: which read showed hidden information',
  })
  scope?: string;
  @ApiPropertyOptional({ description: 'scope state: the seq whose table was shown' })
  atSeq?: number;
  @ApiPropertyOptional({ description: 'scopes events, export, timeline: the first seq shown' })
  fromSeq?: number;
  @ApiPropertyOptional({ description: 'scopes events, export, timeline: the last seq shown' })
  toSeq?: number;
  @ApiPropertyOptional({ description: 'SealRevealRefused: the sealed decision' })
  sealId?: string;
  @ApiPropertyOptional({ description: 'SealRevealRefused: the seat that tried to reveal' })
  seat?: string;
  @ApiPropertyOptional({
    description: 'SealRevealRefused: the commitment the reveal did not match',
  })
  commitment?: string;
}

/** An audit stream event: a judge's read of hidden information, or a refused reveal; meta.recordedAt is when. */
export class AuditEventDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'Position in audit-<matchId> (not a seq of the match)' })
  seq!: number;
  @ApiProperty({ enum: ['HiddenInformationViewed', 'SealRevealRefused'] })
  type!: string;
  @ApiProperty({ type: AuditEntryDataDto })
  data!: AuditEntryDataDto;
  @ApiProperty({ type: EventMetaDto })
  meta!: EventMetaDto;
}

export class AuditLogDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ type: [AuditEventDto] })
  events!: AuditEventDto[];
  @ApiPropertyOptional({ description: 'Pass as `from` for the next page' })
  nextFrom?: number;
}
