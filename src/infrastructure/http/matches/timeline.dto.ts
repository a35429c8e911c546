import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Min } from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { TIMELINE_KINDS } from '../../../domain/match/timeline';
import { QueryInteger } from '../dto-patterns';
import { ActorDto, RewindCauseDto, VoidedMarkDto } from './matches.dto';

export class TimelineQueryDto {
  @ApiPropertyOptional({ default: 0, minimum: 0, description: 'The first seq to summarise' })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  from?: number;

  @ApiPropertyOptional({
    minimum: 0,
    description: 'The last seq to summarise (inclusive); default: the latest the caller may see',
  })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  to?: number;
}

export class SeqRangeDto {
  @ApiProperty()
  from!: number;
  @ApiProperty({ description: 'Inclusive' })
  to!: number;
}

export class TimelineRemedyDto {
  @ApiProperty({ enum: ['none', 'rewind', 'corrective'] })
  kind!: string;
  @ApiPropertyOptional({ description: 'rewind: the seq the match went back to' })
  toSeq?: number;
  @ApiPropertyOptional({ description: 'corrective: how many decisions the judge recorded' })
  decisions?: number;
}

/** One step of the line. Which members are present depends on `kind`. */
export class TimelineEntryDto {
  @ApiProperty()
  seq!: number;
  @ApiProperty({ enum: [...TIMELINE_KINDS] })
  kind!: string;
  @ApiProperty({ example: 'DecisionMade', description: 'The event type summarised' })
  type!: string;
  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;
  @ApiProperty({ type: ActorDto })
  actor!: ActorDto;
  @ApiPropertyOptional({
    description:
      'The seat deciding, rolling (reported dice), sealing, asking, answering, disputing, or claimed',
  })
  seat?: string;
  @ApiPropertyOptional({ example: 'move', description: 'decision, seal: the decision kind' })
  decisionKind?: string;
  @ApiPropertyOptional({ description: 'decision' })
  decisionId?: string;
  @ApiPropertyOptional({ description: 'decision: recorded by a judge on the seat’s behalf' })
  judgeRecorded?: boolean;
  @ApiPropertyOptional({ description: 'seal, and a decision revealing a seal' })
  sealId?: string;
  @ApiPropertyOptional({ description: 'seal: false when committed, true when revealed' })
  revealed?: boolean;
  @ApiPropertyOptional({ example: 'combat', description: 'roll' })
  purpose?: string;
  @ApiPropertyOptional({ example: '2d6', description: 'roll: the dice asked for' })
  dice?: string;
  @ApiPropertyOptional({ type: [Number], example: [3, 5], description: 'roll' })
  faces?: number[];
  @ApiPropertyOptional({ enum: ['server', 'reported'], description: 'roll' })
  source?: string;
  @ApiPropertyOptional({ description: 'undo-request, undo-answer' })
  requestId?: string;
  @ApiPropertyOptional({ description: 'undo-request, rewind: the seq the table goes back to' })
  toSeq?: number;
  @ApiPropertyOptional({ description: 'undo-request, undo-answer, pause, lifecycle (abandoned)' })
  reason?: string;
  @ApiPropertyOptional({ enum: ['accepted', 'rejected', 'expired'], description: 'undo-answer' })
  answer?: string;
  @ApiPropertyOptional({ type: SeqRangeDto, description: 'rewind: the seqs it took back' })
  voided?: SeqRangeDto;
  @ApiPropertyOptional({
    type: RewindCauseDto,
    description: 'rewind: the undo or ruling that caused it',
  })
  cause?: RewindCauseDto;
  @ApiPropertyOptional({ description: 'dispute, comment, pause, ruling' })
  disputeId?: string;
  @ApiPropertyOptional({ description: 'dispute: the seq disputed' })
  atSeq?: number;
  @ApiPropertyOptional({ description: 'dispute' })
  claim?: string;
  @ApiPropertyOptional({ description: 'dispute, ruling: where the rule is' })
  ruleRef?: string;
  @ApiPropertyOptional({ description: 'comment' })
  text?: string;
  @ApiPropertyOptional({ enum: ['upheld', 'rejected', 'amended'], description: 'ruling' })
  ruling?: string;
  @ApiPropertyOptional({ description: 'ruling' })
  rationale?: string;
  @ApiPropertyOptional({ type: TimelineRemedyDto, description: 'ruling' })
  remedy?: TimelineRemedyDto;
  @ApiPropertyOptional({ type: [String], description: 'lifecycle (MatchFinished)' })
  winners?: string[];
  @ApiPropertyOptional({ description: 'lifecycle (MatchFinished)' })
  condition?: string;
  @ApiPropertyOptional({ description: 'The event’s secret part is not shown to this caller' })
  redacted?: boolean;
  @ApiPropertyOptional({
    type: VoidedMarkDto,
    description: 'A step taken back by an undo or a ruling: the rewind that voided it',
  })
  voidedBy?: VoidedMarkDto;
}

export class TimelineDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The last seq summarised: the end of what the caller may see' })
  toSeq!: number;
  @ApiProperty()
  lastSeq!: number;
  @ApiProperty({ type: [TimelineEntryDto] })
  entries!: TimelineEntryDto[];
}
