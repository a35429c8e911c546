import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../../domain/shared/nested-dto';
import {
  EventMetaDto,
  PreviewEventDto,
  ReceiptDto,
  RecordedResultDto,
} from '../matches/matches.dto';
import { MAX_JUDGE_NOTE_LENGTH } from '../../../domain/match/side-streams';
import { IsFreeText, IsPlainText, NOT_BLANK, QueryInteger } from '../dto-patterns';

/** Bodies and responses of the judges-and-players endpoints: undo, disputes, rulings, pauses, sealed decisions. */

/** Receipts a dispute may attach: enough for a match's worth of one seat's key moments, cheap to check. */
const MAX_DISPUTE_RECEIPTS = 100;

export class UndoRequestDto {
  @ApiProperty({
    minimum: 0,
    description: 'The seq to go back to: the table after the undo equals the table at this seq',
  })
  @IsInt()
  @Min(0)
  toSeq!: number;

  @ApiProperty({ example: 'Не тот флот / wrong fleet', maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @Matches(NOT_BLANK, { message: 'reason must not be blank' })
  @IsFreeText()
  reason!: string;
}

export class UndoAnswerDto {
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @IsFreeText()
  reason?: string;
}

export class UndoRequestResultDto extends RecordedResultDto {
  @ApiProperty({
    format: 'uuid',
    description: 'Answer it at undo-requests/:requestId/accept or /reject',
  })
  requestId!: string;
}

export class UndoTargetDto {
  @ApiProperty({
    description: 'A seq the table may be taken back to (the table as it was after it)',
  })
  toSeq!: number;
  @ApiProperty({ description: 'The other seats must consent (else it is granted at once)' })
  needsConsent!: boolean;
}

export class UndoTargetsDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty()
  seat!: string;
  @ApiProperty({ description: 'The head the targets were checked at' })
  seq!: number;
  @ApiProperty({ type: [UndoTargetDto], description: 'Oldest first' })
  targets!: UndoTargetDto[];
}

export class OpenDisputeDto {
  @ApiProperty({ minimum: 0, description: 'The disputed event' })
  @IsInt()
  @Min(0)
  atSeq!: number;

  @ApiProperty({ example: 'Абордаж без броска D6 / boarding without a D6 roll', maxLength: 2000 })
  @IsString()
  @Length(1, 2000)
  @Matches(NOT_BLANK, { message: 'claim must not be blank' })
  @IsFreeText()
  claim!: string;

  @ApiPropertyOptional({ example: '§5.12 «Абордаж»', maxLength: 500 })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @IsPlainText()
  ruleRef?: string;

  @ApiPropertyOptional({
    type: [ReceiptDto],
    maxItems: MAX_DISPUTE_RECEIPTS,
    description:
      'Receipts the seat kept from the answers to its writes (at most 100), as evidence that the log lost or changed an ' +
      'acknowledged write. Each is checked when the dispute is opened and recorded in `DisputeOpened.receipts` with its ' +
      '`finding`: `in_log` (signed by this server, and the log holds that head at that seq), `not_in_log` (signed, but the ' +
      'log does not), `bad_signature` (not signed by this server), `unknown_key`, or `other_match`.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DISPUTE_RECEIPTS)
  @IsNestedObjects(() => ReceiptDto)
  receipts?: ReceiptDto[];
}

export class DisputeResultDto extends RecordedResultDto {
  @ApiProperty({ format: 'uuid' })
  disputeId!: string;
}

export class CommentDto {
  @ApiProperty({ maxLength: 2000 })
  @IsString()
  @Length(1, 2000)
  @Matches(NOT_BLANK, { message: 'text must not be blank' })
  @IsFreeText()
  text!: string;
}

export class PauseDto {
  @ApiProperty({ example: 'Hearing the boarding dispute', maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @Matches(NOT_BLANK, { message: 'reason must not be blank' })
  @IsFreeText()
  reason!: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  disputeId?: string;
}

export class CorrectiveDecisionDto {
  @ApiProperty({ example: 'blue' })
  @IsString()
  @IsPlainText()
  seat!: string;

  @ApiProperty({ example: 'change-piece' })
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  kind!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  params!: Record<string, unknown>;
}

/** One body for all three remedies: class-validator checks the members the kind needs. */
export class RemedyDto {
  @ApiProperty({ enum: ['none', 'rewind', 'corrective'] })
  @IsIn(['none', 'rewind', 'corrective'])
  kind!: 'none' | 'rewind' | 'corrective';

  @ApiPropertyOptional({ minimum: 0, description: 'For rewind: the seq the table returns to' })
  @IsOptional()
  @IsInt()
  @Min(0)
  toSeq?: number;

  @ApiPropertyOptional({
    type: [CorrectiveDecisionDto],
    description: 'For corrective: decisions recorded by the judge on the seats’ behalf',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsNestedObjects(() => CorrectiveDecisionDto)
  decisions?: CorrectiveDecisionDto[];

  @ApiPropertyOptional({
    enum: ['reshuffle', 'keep'],
    default: 'reshuffle',
    description:
      'For rewind: what happens to the cards the voided branch revealed. reshuffle (the default): they go back to their decks and each of those decks is shuffled again, provably, in the ruling’s write; keep: the decks keep their order (keepOrderReason required)',
  })
  @IsOptional()
  @IsIn(['reshuffle', 'keep'])
  cardOrder?: 'reshuffle' | 'keep';

  @ApiPropertyOptional({
    maxLength: 1000,
    description:
      'For rewind with cardOrder keep: why the revealed cards keep their order (recorded)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1000)
  @IsFreeText()
  keepOrderReason?: string;
}

export class RulingDto {
  @ApiProperty({ enum: ['upheld', 'rejected', 'amended'] })
  @IsIn(['upheld', 'rejected', 'amended'])
  decision!: 'upheld' | 'rejected' | 'amended';

  @ApiProperty({ maxLength: 4000 })
  @IsString()
  @Length(1, 4000)
  @Matches(NOT_BLANK, { message: 'rationale must not be blank' })
  @IsFreeText()
  rationale!: string;

  @ApiProperty({ example: '§5.12', maxLength: 500 })
  @IsString()
  @Length(1, 500)
  @IsPlainText()
  ruleRef!: string;

  @ApiProperty({ type: RemedyDto })
  @IsNestedObject(() => RemedyDto)
  remedy!: RemedyDto;
}

export class AppealDto {
  @ApiProperty({ example: 'The judge did not read §5.12', maxLength: 2000 })
  @IsString()
  @Length(1, 2000)
  @Matches(NOT_BLANK, { message: 'reason must not be blank' })
  @IsFreeText()
  reason!: string;
}

export class AppealDecisionDto {
  @ApiProperty({
    enum: ['upheld', 'overturned'],
    description: 'upheld keeps the ruling; overturned replaces it with `ruling`',
  })
  @IsIn(['upheld', 'overturned'])
  outcome!: 'upheld' | 'overturned';

  @ApiProperty({ maxLength: 4000 })
  @IsString()
  @Length(1, 4000)
  @Matches(NOT_BLANK, { message: 'rationale must not be blank' })
  @IsFreeText()
  rationale!: string;

  @ApiPropertyOptional({
    type: RulingDto,
    description: 'The new ruling, with its own remedy: required to overturn, refused to uphold',
  })
  @IsOptional()
  @IsNestedObject(() => RulingDto)
  ruling?: RulingDto;
}

export class JudgeNoteDto {
  @ApiProperty({ example: 'Спросить Бориса, видел ли он бросок', maxLength: MAX_JUDGE_NOTE_LENGTH })
  @IsString()
  @Length(1, MAX_JUDGE_NOTE_LENGTH)
  @Matches(NOT_BLANK, { message: 'text must not be blank' })
  @IsFreeText()
  text!: string;

  @ApiPropertyOptional({ description: 'The dispute of the match the note is about' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  disputeId?: string;
}

export class JudgeNoteDataDto {
  @ApiProperty({ format: 'uuid' })
  noteId!: string;
  @ApiProperty()
  text!: string;
  @ApiPropertyOptional()
  disputeId?: string;
}

export class JudgeNoteEventDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'Position in judge-notes-<matchId> (not a seq of the match)' })
  seq!: number;
  @ApiProperty({ enum: ['JudgeNoteAdded'] })
  type!: string;
  @ApiProperty({ type: JudgeNoteDataDto })
  data!: JudgeNoteDataDto;
  @ApiProperty({ type: EventMetaDto })
  meta!: EventMetaDto;
}

export class JudgeNotesDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ type: [JudgeNoteEventDto] })
  notes!: JudgeNoteEventDto[];
  @ApiPropertyOptional({ description: 'Pass as `from` for the next page' })
  nextFrom?: number;
}

export class SealDto {
  @ApiProperty({ example: 'declare', description: 'A decision kind the ruleset allows sealed' })
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  kind!: string;

  @ApiProperty({
    example: 'a3f1…',
    description:
      'hex(sha256(salt + canonicalJson(params))), RFC 8785 canonical JSON; the salt is 32 to 128 lowercase hex digits drawn at random (at least 128 bits: the commitment is public, and a shorter salt would let anyone try every choice against it). A reveal with a shorter salt is refused.',
  })
  @IsString()
  @IsPlainText()
  commitment!: string;
}

export class SealResultDto extends RecordedResultDto {
  @ApiProperty({ format: 'uuid', description: 'Reveal it at decisions/sealed/:sealId/reveal' })
  sealId!: string;
}

export class RevealDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The params that were sealed, exactly',
  })
  @IsObject()
  params!: Record<string, unknown>;

  @ApiProperty({
    description:
      'The salt that was prepended before hashing: 32 to 128 lowercase hex digits (at least 128 bits); a shorter one is refused with 400',
    example: '5a1f0c2b9e4d7a3816c0e5f2b7d94a61',
  })
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  salt!: string;

  @ApiPropertyOptional({
    description:
      'When the rules refuse the revealed choice (it breaks a rule: 422, or its params are not valid for its kind: 400), record it void instead: the seal is closed, the choice is public and has no effect beyond what the ruleset says a void choice stands for (a league declaration: the empty one), and the refusal is recorded with it. A sealed choice cannot be changed, so without this its step stays open until a judge rules. Refused (422 not_voidable) where the ruleset gives a refused choice no meaning.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  voidIfRefused?: boolean;
}

export class RulingJudgeDto {
  @ApiProperty()
  id!: string;
  @ApiPropertyOptional()
  name?: string;
}

export class DisputeSummaryDto {
  @ApiProperty({ format: 'uuid' })
  disputeId!: string;
  @ApiProperty()
  matchId!: string;
  @ApiPropertyOptional()
  tournamentId?: string;
  @ApiProperty()
  seat!: string;
  @ApiProperty()
  atSeq!: number;
  @ApiProperty()
  claim!: string;
  @ApiPropertyOptional()
  ruleRef?: string;
  @ApiProperty({ enum: ['open', 'ruled'] })
  status!: string;
  @ApiProperty()
  openedSeq!: number;
  @ApiProperty({ format: 'date-time' })
  openedAt!: string;
  @ApiPropertyOptional({ enum: ['upheld', 'rejected', 'amended'] })
  decision?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  ruledAt?: string;
  @ApiPropertyOptional({ description: 'The ruling’s rationale, once ruled' })
  rationale?: string;
  @ApiPropertyOptional({ description: 'The rule the ruling rests on, once ruled' })
  rulingRuleRef?: string;
  @ApiPropertyOptional({
    type: RulingJudgeDto,
    description:
      'Who ruled: the actor id events record, and the name the judge was appointed under',
  })
  judge?: RulingJudgeDto;
  @ApiPropertyOptional({ description: 'The reason of the pause in force on the match, if paused' })
  pausedReason?: string;
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When the pause in force began, if the match is paused',
  })
  pausedAt?: string;
}

export class DisputeListDto {
  @ApiProperty({ type: [DisputeSummaryDto] })
  items!: DisputeSummaryDto[];
}

export class ListDisputesQueryDto {
  @ApiPropertyOptional({ enum: ['open', 'ruled'] })
  @IsOptional()
  @IsIn(['open', 'ruled'])
  status?: 'open' | 'ruled';

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 500 })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  limit?: number;
}

/** What a ruling would record and leave, without recording it (POST …/ruling/dry-run). */
export class RulingPreviewDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ format: 'uuid' })
  disputeId!: string;
  @ApiProperty({ description: 'The head of the match the ruling was tried on' })
  seq!: number;
  @ApiProperty({
    enum: [true],
    description: 'The ruling would be accepted (a refusal answers 4xx, as issuing it would)',
  })
  accepted!: true;
  @ApiProperty({
    description:
      'The seq the table is after: the head plus the events the ruling would record (a rewind among them)',
  })
  resultSeq!: number;
  @ApiPropertyOptional({
    type: [PreviewEventDto],
    description: 'The events the ruling would record (RulingIssued first), unless withheld',
  })
  events?: PreviewEventDto[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'The table the ruling would leave, as GET state shows a judge a table (zones, pieces, fleets, losses, tracks, decks, turn), unless withheld',
  })
  table?: Record<string, unknown>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'The ruleset’s derived view of that table: scores, control, victory…',
  })
  derived?: Record<string, unknown>;
  @ApiPropertyOptional({
    example: 'The decision rolls server dice: their faces are known only once it is recorded',
    description:
      'Why events and table are not shown: a corrective decision rolls server dice, draws or shuffles cards, and a judge must not choose a ruling by its chance outcome',
  })
  withheld?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'For a rewind: what the branch it voids revealed (decks: cards, card rolls, seenBy; serverRolls, rolled afresh since server dice never reuse a counter), the judge’s choice for those cards (cards: reshuffle or keep), the decks the ruling would shuffle again (reshuffled; their new order is not shown), and summary: the same in English and Russian',
  })
  voidedBranch?: Record<string, unknown>;
}
