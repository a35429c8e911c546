import { PageOf, PageQueryDto } from '../paging.dto';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { LINE_CHOICES, type LineChoice } from '../../../domain/match/line';
import {
  ID_PATTERN,
  ID_RULE,
  IsId,
  IsPlainText,
  IsRollPurpose,
  NOT_BLANK,
  QueryInteger,
  ROLL_PURPOSE_PATTERN,
} from '../dto-patterns';
import { IsNestedObjects } from '../../../domain/shared/nested-dto';

/** Request and response bodies of the matches API. Responses are documented to the member, so generated clients can trust them. */

export const MATCH_STATUSES = ['created', 'started', 'finished', 'abandoned'] as const;
const HEX_64 = /^[0-9a-f]{64}$/;
const KEY_ID = /^[0-9a-f]{16}$/;
/** 64 bytes in base64: 86 characters and the padding. */
const ED25519_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

export class SeatDto {
  @ApiProperty({
    example: 'red',
    pattern: ID_PATTERN.source,
    maxLength: 32,
    description: `Seat id, used in tokens, decisions and URLs: ${ID_RULE}, at most 32 here`,
  })
  @IsString()
  @Length(1, 32)
  @IsId()
  seat!: string;

  @ApiPropertyOptional({ example: 'Империя' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  side?: string;

  @ApiPropertyOptional({ example: 'Jol-Nar' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  faction?: string;
}

/** A seat of a new match: who may take it, and the registered player who takes it now. */
export class NewSeatDto extends SeatDto {
  @ApiPropertyOptional({
    example: 'ivanova-olga',
    description:
      'A registered player takes the seat at creation: their id, or a name or alias the registry resolves to one player (GET /api/v1/players?name=). 404 when none, 409 listing the candidates when several',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'player must not be blank' })
  @IsPlainText()
  player?: string;
}

export class CreateMatchDto {
  @ApiProperty({ example: 'freeform', description: 'A ruleset id from GET /api/v1/rulesets' })
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  ruleset!: string;

  @ApiPropertyOptional({ example: 'Кубок Москвы, тур 3, стол 2' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(NOT_BLANK, { message: 'title must not be blank' })
  @IsPlainText()
  title?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Ruleset options by id (see the ruleset); defaults fill the rest',
  })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Scenario / setup parameters, checked by the ruleset',
  })
  @IsOptional()
  @IsObject()
  setup?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "A starting position laid over the setup: pieces placed otherwise ({id, zone, status, attrs, owner, capturedBy; type for a new piece where the game allows}), decks laid out in a given order ({deck, order}: recorded as set by the organizer, not shuffled), tracks ({id, value}), the turn ({round, phase, active, priority}) and the ruleset's own `rules`; the table of GET /matches/:id/state is one. Every problem is named (400, errors[] by path); see docs/games/<ruleset>.md",
  })
  @IsOptional()
  @IsObject()
  position?: Record<string, unknown>;

  // The most a ruleset seats: a Star Wars mission seated by role, 3 legions x 7 roles.
  @ApiProperty({ type: [NewSeatDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(24)
  @IsNestedObjects(() => NewSeatDto)
  seats!: NewSeatDto[];

  @ApiPropertyOptional({
    example: 'moscow-open-2026',
    description:
      'A tournament the caller created (POST /api/v1/tournaments); its judges judge this match',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  tournamentId?: string;

  @ApiPropertyOptional({
    default: false,
    description: 'Spectators may watch it live (with the spectator delay)',
  })
  @IsOptional()
  @IsBoolean()
  public?: boolean;

  @ApiPropertyOptional({
    default: 3,
    minimum: 0,
    maximum: 100,
    description: 'How many decisions spectators lag behind',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  spectatorDelay?: number;

  @ApiPropertyOptional({
    default: 60,
    minimum: 0,
    maximum: 10080,
    description: 'Minutes after the end during which seats may still open disputes',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10080)
  disputeWindowMinutes?: number;
}

export class SeatTokenDto {
  @ApiProperty({ example: 'red' })
  seat!: string;

  @ApiProperty({
    example: 'ml_seat_…',
    description: 'Shown this once; hand it to the player of the seat',
  })
  token!: string;
}

export class CreatedMatchDto {
  @ApiProperty({ format: 'uuid' })
  matchId!: string;

  @ApiProperty({ description: 'hex(sha256(seed)) of the dice seed, revealed when the match ends' })
  commitment!: string;

  @ApiProperty({ description: 'The seq of the last event recorded' })
  seq!: number;

  @ApiProperty({ type: [SeatTokenDto] })
  seatTokens!: SeatTokenDto[];
}

export class ClaimSeatDto {
  @ApiPropertyOptional({
    example: 'Алексей Смирнов',
    description:
      'The player’s name as it should appear in match lists, when no registered player is named (`player`)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'name must not be blank' })
  @IsPlainText()
  name?: string;

  @ApiPropertyOptional({
    example: 'ivanova-olga',
    description:
      'A registered player claims the seat: their id, or a name or alias in either script the registry resolves to one player (case, ё/е and spaces aside). The seat then shows their Russian name and counts for their id. 404 when nobody is called so, 409 listing the candidates when several are. One of `name` and `player` is required',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(NOT_BLANK, { message: 'player must not be blank' })
  @IsPlainText()
  player?: string;

  @ApiPropertyOptional({
    example: 'my lucky words',
    description: 'Public entropy mixed into every server roll (no commas)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 128)
  @IsPlainText()
  entropy?: string;
}

export class DecisionDto {
  @ApiProperty({ example: 'move', description: 'A decision kind of the match’s ruleset' })
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  kind!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { pieces: ['p1'], to: 'north' },
    description: 'Checked against the kind’s schema (GET rulesets/:id)',
  })
  @IsOptional()
  @IsObject()
  params?: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'The seat acting; must be the token’s own seat when given. A judge of the match names the seat a Game Master decision (a kind made by a judge) is recorded for',
  })
  @IsOptional()
  @IsString()
  @IsPlainText()
  seat?: string;

  @ApiPropertyOptional({
    description: 'The seq the client decided on (like If-Match); 409 if the match moved on',
  })
  @IsOptional()
  @IsInt()
  @Min(-1)
  expectedSeq?: number;

  @ApiPropertyOptional({ description: 'The client’s clock when the player decided, ISO 8601' })
  @IsOptional()
  @IsISO8601()
  clientTime?: string;
}

/** A decision to try without recording it (POST decisions/dry-run). */
export class DryRunDecisionDto extends PickType(DecisionDto, [
  'kind',
  'params',
  'seat',
  'expectedSeq',
] as const) {}

export class PreviewEventDto {
  @ApiProperty({ example: 'PiecesMoved' })
  type!: string;
  @ApiProperty({
    example: 'public',
    description: '`public`, `seat:<seat>` or `judges`: who would see the event',
  })
  visibility!: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  data!: Record<string, unknown>;
}

export class DryRunResultDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The head of the match the decision was tried on' })
  seq!: number;
  @ApiProperty({ example: 'move' })
  kind!: string;
  @ApiProperty({
    enum: [true],
    description: 'The decision would be accepted (a refusal answers 4xx, as the decision would)',
  })
  accepted!: true;
  @ApiPropertyOptional({
    type: [PreviewEventDto],
    description:
      'The events the decision would record (DecisionMade first), unless the outcome is withheld',
  })
  events?: PreviewEventDto[];
  @ApiPropertyOptional({
    example: 'The decision rolls server dice: their faces are known only once it is recorded',
    description:
      'Why the events are not shown: the decision rolls server dice, draws or shuffles cards, or records events hidden from the seat, and trying it must not tell the seat the outcome before it commits',
  })
  withheld?: string;
}

export class RollDto {
  @ApiProperty({
    example: 'initiative',
    pattern: ROLL_PURPOSE_PATTERN.source,
    description:
      'What the roll is for, in any alphabet («атака ладьёй»); server rolls are counted per purpose',
  })
  @IsString()
  @IsRollPurpose()
  purpose!: string;

  @ApiProperty({ example: '2d6', description: 'NdS terms joined by +' })
  @IsString()
  @Length(2, 64)
  @IsPlainText()
  dice!: string;

  @ApiPropertyOptional({
    type: [Number],
    example: [3, 5],
    description: 'Faces of physical dice; absent for a server roll',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  faces?: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  @Min(-1)
  expectedSeq?: number;
}

/** Which ruleset, in which version, a match or an event was recorded with. */
export class RulesetRefDto {
  @ApiProperty({ example: 'freeform' })
  id!: string;
  @ApiProperty({ example: '1.0.0' })
  version!: string;
}

export class ActorDto {
  @ApiProperty({ enum: ['seat', 'judge', 'organizer', 'admin', 'system'] })
  kind!: string;
  @ApiProperty()
  id!: string;
  @ApiPropertyOptional()
  seat?: string;
}

export class EventMetaDto {
  @ApiProperty({ type: ActorDto })
  actor!: ActorDto;
  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;
  @ApiPropertyOptional()
  clientTime?: string;
  @ApiPropertyOptional()
  decisionId?: string;
  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;
  @ApiProperty({ example: 'public', description: "'public', 'seat:<seat>' or 'judges'" })
  visibility!: string;
  @ApiPropertyOptional({
    description:
      'For an event with a secret member (data.secret): hex(sha256(secretSalt + canonicalJson(data.secret))). The hash covers this commitment instead of the secret, so an event whose secret is hidden from the caller still verifies. Absent on events recorded before commitments existed, which hash their secret bare.',
    pattern: '^[0-9a-f]{64}$',
  })
  secretCommitment?: string;
  @ApiPropertyOptional({
    description:
      "The commitment's salt (32 hex digits, 128 random bits): shown only with data.secret, to those who may see it",
  })
  secretSalt?: string;
  @ApiProperty()
  prevHash!: string;
  @ApiProperty({
    description:
      'sha256(prevHash + canonicalJson(event without meta.hash; without data.secret and meta.secretSalt when meta.secretCommitment is present))',
  })
  hash!: string;
}

/** What caused a rewind: an accepted undo request, or a dispute's ruling. */
export class RewindCauseDto {
  @ApiProperty({ enum: ['undo', 'ruling'] })
  kind!: 'undo' | 'ruling';
  @ApiPropertyOptional({ description: 'The undo request (kind undo)' })
  requestId?: string;
  @ApiPropertyOptional({ description: 'The dispute ruled on (kind ruling)' })
  disputeId?: string;
}

/** The rewind that took an event (or a seq) back. */
export class VoidedMarkDto {
  @ApiProperty({ description: 'The seq of the TimelineRewound that voided it' })
  seq!: number;
  @ApiProperty({ type: RewindCauseDto })
  cause!: RewindCauseDto;
}

export class RecordedEventDto {
  @ApiProperty({ format: 'uuid' })
  eventId!: string;
  @ApiProperty()
  matchId!: string;
  @ApiProperty()
  seq!: number;
  @ApiProperty({ example: 'PiecesMoved' })
  type!: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  data!: Record<string, unknown>;
  @ApiProperty({ type: EventMetaDto })
  meta!: EventMetaDto;
  @ApiPropertyOptional({
    description: 'Secret members were removed for this viewer; the hash covers the full event',
  })
  redacted?: boolean;
  @ApiPropertyOptional({
    type: VoidedMarkDto,
    description:
      'Reads with line=all: this event was taken back by an undo or a ruling (it stays in the log, off the effective line)',
  })
  voidedBy?: VoidedMarkDto;
}

/**
 * The server's signed receipt of a write (src/domain/export/receipt.ts): answered with every
 * write, and taken back as evidence when a dispute attaches it.
 */
export class ReceiptDto {
  @ApiProperty({ description: 'The match id', pattern: ID_PATTERN.source, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  @IsId()
  match!: string;

  @ApiProperty({ minimum: 0, description: 'The seq of the last event the write appended' })
  @IsInt()
  @Min(0)
  seq!: number;

  @ApiProperty({
    pattern: HEX_64.source,
    description:
      'meta.hash of the event at seq: the head of the hash chain once the write was recorded',
  })
  @IsString()
  @Matches(HEX_64, { message: 'headHash must be 64 lowercase hex digits' })
  headHash!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'meta.recordedAt of the event at seq (server time)',
  })
  @IsISO8601({ strict: true })
  recordedAt!: string;

  @ApiPropertyOptional({
    pattern: KEY_ID.source,
    description: 'The signing key, as GET /api/v1/keys lists it',
  })
  @IsOptional()
  @IsString()
  @Matches(KEY_ID, { message: 'keyId must be 16 lowercase hex digits' })
  keyId?: string;

  @ApiProperty({
    pattern: ED25519_SIGNATURE.source,
    description:
      'base64 of the Ed25519 signature, with the key that signs exports, over the UTF-8 bytes of ' +
      '"matchlog-receipt/1\\n" followed by the RFC 8785 canonical JSON of this receipt without `signature`',
  })
  @IsString()
  @Matches(ED25519_SIGNATURE, { message: 'signature must be the base64 of 64 bytes' })
  signature!: string;
}

export class AbandonMatchDto {
  @ApiProperty({
    example: 'Игрок не смог продолжить: матч не будет доигран',
    maxLength: 500,
    description: 'Why the match will not be played out; recorded in MatchAbandoned',
  })
  @IsString()
  @Length(1, 500)
  @Matches(NOT_BLANK, { message: 'reason must not be blank' })
  @IsPlainText()
  reason!: string;
}

export class RecordedResultDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The seq the match is at after this write' })
  seq!: number;
  @ApiProperty({ type: [RecordedEventDto] })
  events!: RecordedEventDto[];
  @ApiPropertyOptional({
    description: 'An idempotent retry: the decision was already recorded, here are its events',
  })
  replayed?: boolean;
  @ApiPropertyOptional({
    type: ReceiptDto,
    description:
      'The server’s signed receipt of this write: keep it. `matchlog verify FILE --receipts R` proves with it ' +
      'that an export still holds this head at this seq (a log cut or rewritten after the write fails). ' +
      'For a retry, the receipt of the decision as first recorded; absent when nothing was recorded.',
  })
  receipt?: ReceiptDto;
}

export class MatchSeatDto extends SeatDto {
  @ApiPropertyOptional({ example: 'Алексей Смирнов' })
  player?: string;
  @ApiPropertyOptional({
    example: 'ivanova-olga',
    description: 'The registered player who claimed the seat (GET /api/v1/players/{playerId})',
  })
  playerId?: string;
  @ApiProperty()
  claimed!: boolean;
}

export class TurnDto {
  @ApiProperty()
  round!: number;
  @ApiPropertyOptional()
  phase?: string;
  @ApiProperty({ type: [String] })
  active!: string[];
  @ApiPropertyOptional()
  priority?: string;
}

export class ResultDto {
  @ApiProperty({ type: [String] })
  winners!: string[];
  @ApiProperty()
  condition!: string;
  @ApiPropertyOptional()
  ruleRef?: string;
}

export class MatchDto {
  @ApiProperty()
  matchId!: string;
  @ApiPropertyOptional()
  title?: string;
  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;
  @ApiProperty({ enum: MATCH_STATUSES })
  status!: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  options!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true })
  setup!: Record<string, unknown>;
  @ApiPropertyOptional({
    type: [String],
    description:
      'Decks the organizer laid out in a given order in the starting position: set, not shuffled',
  })
  laidOutDecks?: string[];
  @ApiProperty({ type: [MatchSeatDto] })
  seats!: MatchSeatDto[];
  @ApiPropertyOptional()
  organizer?: string;
  @ApiPropertyOptional()
  tournamentId?: string;
  @ApiProperty()
  public!: boolean;
  @ApiProperty()
  spectatorDelay!: number;
  @ApiProperty()
  commitment!: string;
  @ApiProperty({ description: 'The last seq (also the ETag W/"<seq>")' })
  seq!: number;
  @ApiProperty()
  headHash!: string;
  @ApiPropertyOptional({ format: 'date-time' })
  createdAt?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  startedAt?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  endedAt?: string;
  @ApiPropertyOptional({ type: ResultDto })
  result?: ResultDto;
  @ApiProperty({ type: TurnDto })
  turn!: TurnDto;
}

export class ReissuedSeatLinkDto extends RecordedResultDto {
  @ApiProperty({ example: 'red' })
  seat!: string;
  @ApiProperty({
    example: 'ml_seat_Zk3…',
    description: 'The seat’s new token: shown this once, stored only as a hash',
  })
  token!: string;
}

/** A seat as the match index lists it. */
export class MatchListSeatDto extends SeatDto {
  @ApiPropertyOptional({
    example: 'Алексей Смирнов',
    description: 'Absent until the seat is claimed',
  })
  player?: string;
  @ApiPropertyOptional({
    example: 'ivanova-olga',
    description: 'The registered player who claimed the seat (GET /api/v1/players/{playerId})',
  })
  playerId?: string;
}

export class MatchListItemDto {
  @ApiProperty()
  matchId!: string;
  @ApiPropertyOptional()
  title?: string;
  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;
  @ApiProperty({ enum: MATCH_STATUSES })
  status!: string;
  @ApiProperty()
  public!: boolean;
  @ApiPropertyOptional()
  tournamentId?: string;
  @ApiProperty()
  organizer!: string;
  @ApiProperty({ type: [MatchListSeatDto] })
  seats!: MatchListSeatDto[];
  @ApiPropertyOptional({ type: [String] })
  winners?: string[];
  @ApiPropertyOptional()
  condition?: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time' })
  startedAt?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  endedAt?: string;
  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'When its last event was recorded (left out for a spectator who sees the match delayed)',
  })
  updatedAt?: string;
  @ApiProperty()
  lastSeq!: number;
  @ApiPropertyOptional({
    type: String,
    example: '1024',
    description:
      'The global log position of its last event (monotonic across the store; the bulk export’s `since`/`until` compare it), left out with updatedAt for a spectator who sees the match delayed',
  })
  changePosition?: string;
}

export class MatchListDto extends PageOf(MatchListItemDto) {}

/** What `player=` means wherever it filters (the list, the bulk export, the statistics). */
export const PLAYER_FILTER =
  'A registered player’s id (their seats only), or a name: the registered players with that name or alias in either script, and seats claimed by that name only. Names match exactly up to case, ё/е, look-alike Latin and Cyrillic letters and spaces: never a part of a name';

export class ListMatchesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ example: 'freeform' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  ruleset?: string;

  @ApiPropertyOptional({ enum: MATCH_STATUSES })
  @IsOptional()
  @IsIn(MATCH_STATUSES)
  status?: (typeof MATCH_STATUSES)[number];

  @ApiPropertyOptional({ example: 'ivanova-olga', description: PLAYER_FILTER })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  player?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @IsPlainText()
  tournament?: string;

  @ApiPropertyOptional({
    description:
      'A campaign: this match (a league) and every finished match it links (its battles, cited with their head hash)',
  })
  @IsOptional()
  @IsId()
  campaign?: string;

  @ApiPropertyOptional({
    example: 'me',
    description:
      'The matches one organizer created: `me` for the organizer whose token is sent (its live private matches too; 401 without a token, 403 with another kind of token), or an organizer’s id',
  })
  @IsOptional()
  @IsId()
  organizer?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or before' })
  @IsOptional()
  @IsISO8601()
  to?: string;
}

export class EventsQueryDto {
  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  from?: number;

  @ApiPropertyOptional({ minimum: 0, description: 'Inclusive' })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  to?: number;

  @ApiPropertyOptional({
    default: 1000,
    minimum: 1,
    maximum: 1000,
    description:
      'At most this many events (JSON only; NDJSON streams the whole range). A page also ends early, with nextFrom, once its events take MATCHLOG_EVENTS_PAGE_BYTES (8 MiB by default)',
  })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({
    enum: LINE_CHOICES,
    default: 'effective',
    description:
      'effective: the line of play as it stands, without the events an undo or a ruling took back; all: every event in log order, the voided ones marked `voidedBy`. Seqs are log seqs either way.',
  })
  @IsOptional()
  @IsIn(LINE_CHOICES)
  line?: LineChoice;
}

export class StateQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description: 'The seq to show the table after; default: the latest the caller may see',
  })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  at?: number;

  @ApiPropertyOptional({
    enum: LINE_CHOICES,
    default: 'effective',
    description:
      'effective: at a seq an undo or a ruling took back, the table that rewind returned to (see effectiveSeq); all: the fold of the log up to `at`, the branch as it was played',
  })
  @IsOptional()
  @IsIn(LINE_CHOICES)
  line?: LineChoice;
}

export class EventsPageDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ enum: LINE_CHOICES, description: 'The line shown' })
  line!: string;
  @ApiProperty({ type: [RecordedEventDto] })
  events!: RecordedEventDto[];
  @ApiPropertyOptional({ description: 'Pass as `from` for the next page' })
  nextFrom?: number;
  @ApiProperty()
  lastSeq!: number;
}

export class StateDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'The table is the state right after this seq' })
  seq!: number;
  @ApiProperty({ enum: LINE_CHOICES, description: 'The line shown' })
  line!: string;
  @ApiPropertyOptional({
    description:
      'line=effective and `seq` was taken back by a rewind: the table shown is the one after this seq, where the rewind returned to',
  })
  effectiveSeq?: number;
  @ApiPropertyOptional({
    type: VoidedMarkDto,
    description: '`seq` lies in a range an undo or a ruling took back: the rewind that did',
  })
  voidedBy?: VoidedMarkDto;
  @ApiProperty()
  lastSeq!: number;
  @ApiProperty({ enum: MATCH_STATUSES })
  status!: string;
  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'zones, pieces, fleets, losses, tracks, decks (counts; order only for judges), turn, lastRoll; hidden zones carry hiddenCount',
  })
  table!: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The ruleset’s derived view: scores, control, victory, losses…',
  })
  derived!: Record<string, unknown>;
}

export class ScorePointDto {
  @ApiProperty({ description: 'The seq from which these scores stand (until the next point)' })
  seq!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description:
      'Every seat’s score from `seq` on (seat id → points), as `derived.scores` of the state read there',
  })
  scores!: Record<string, number>;
}

export class ScoresDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ type: [String], description: 'The match’s seats, in seat order' })
  seats!: string[];
  @ApiProperty({
    description: 'The last seq the series covers: the last the caller may see',
  })
  lastSeq!: number;
  @ApiProperty({
    type: [ScorePointDto],
    description:
      'The seqs where any seat’s score changes, in order; empty when the ruleset derives no scores',
  })
  points!: ScorePointDto[];
}

export class AuditDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'Every hash recomputed and every link checked' })
  verified!: boolean;
  @ApiProperty()
  eventCount!: number;
  @ApiProperty()
  headHash!: string;
  @ApiPropertyOptional({ description: 'The first seq whose hash or link is wrong' })
  brokenSeq?: number;
  @ApiPropertyOptional({
    enum: ['seq_out_of_order', 'prev_hash_mismatch', 'hash_mismatch', 'match_id_mismatch'],
  })
  reason?: string;
  @ApiPropertyOptional()
  message?: string;
}

export class RngVerificationDto {
  @ApiProperty()
  ok!: boolean;
  @ApiPropertyOptional({ description: 'Server rolls and shuffles re-computed' })
  checked?: number;
  @ApiPropertyOptional()
  firstBadSeq?: number;
  @ApiPropertyOptional()
  message?: string;
}

export class RngDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty()
  commitment!: string;
  @ApiProperty()
  revealed!: boolean;
  @ApiPropertyOptional({ description: 'The hex seed, once the match ended' })
  seed?: string;
  @ApiProperty({ type: RngVerificationDto })
  verification!: RngVerificationDto;
}

export class LocalizedTextDto {
  @ApiProperty({ example: 'Move pieces or a fleet' })
  en!: string;
  @ApiProperty({ example: 'Переместить фигуры или флот' })
  ru!: string;
}

export class LegalDecisionDto {
  @ApiProperty({ example: 'move' })
  kind!: string;
  @ApiProperty({ type: LocalizedTextDto })
  summary!: LocalizedTextDto;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      'Params with which this decision would be accepted now (at most 3, tried by the decider on the head of the match); a sealed kind’s are the params a reveal would be accepted with',
    example: [{ pieces: ['cruiser'], to: 'south' }],
  })
  examples!: Record<string, unknown>[];
  @ApiPropertyOptional({
    description: 'Made as a seal first (POST decisions/sealed), revealed later',
    enum: [true],
  })
  sealed?: boolean;
  @ApiPropertyOptional({
    description:
      'The ruleset gives the values each field may take now (POST legal-decisions/choices): a form offers only those',
    enum: [true],
  })
  choices?: boolean;
  @ApiPropertyOptional({
    description:
      'A correction of the table outside the game’s own moves (a card text no catalogue knows): a page lists it apart from the game’s decisions',
    enum: [true],
  })
  adjustment?: boolean;
}

/** `for=corrective`: a judge asks for a ruling's corrective decision of the seat. */
const ASKED_FOR = ['corrective'] as const;
const ASKED_FOR_DESCRIPTION =
  'corrective: asked with a judge token of the match and `seat`, the seat’s own decisions as a ruling’s corrective remedy would record them on its behalf (recorded by the judge: offered while the match is paused, hidden zones the judge may correct); refused (403) with any other token';

export class DecisionChoicesRequestDto extends PickType(DecisionDto, [
  'kind',
  'params',
  'seat',
  'expectedSeq',
] as const) {
  @ApiPropertyOptional({ enum: ASKED_FOR, description: ASKED_FOR_DESCRIPTION })
  @IsOptional()
  @IsIn(ASKED_FOR)
  for?: 'corrective';
}

export class ChoiceValueDto {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
    example: 'red-c18',
    description: 'What is sent in the params',
  })
  value!: string | number | boolean;
  @ApiProperty({ type: LocalizedTextDto, description: 'The name the board gives it' })
  name!: LocalizedTextDto;
  @ApiPropertyOptional({
    type: LocalizedTextDto,
    description: 'What a player needs to choose it (a hull and cost, a distance, a strength)',
  })
  hint?: LocalizedTextDto;
  @ApiPropertyOptional({
    type: LocalizedTextDto,
    description: 'Shown but not choosable now, and why (the rules refuse it with these words)',
  })
  refused?: LocalizedTextDto;
  @ApiPropertyOptional({ description: 'counts: the fewest the entry may count' })
  min?: number;
  @ApiPropertyOptional({ description: 'counts: the most the entry may count' })
  max?: number;
}

export class ChoicesTotalDto {
  @ApiPropertyOptional()
  min?: number;
  @ApiPropertyOptional()
  max?: number;
  @ApiProperty({ type: LocalizedTextDto, example: { en: 'resources', ru: 'ресурсов' } })
  unit!: LocalizedTextDto;
}

export class FieldChoicesDto {
  @ApiProperty({ example: 'builds', description: 'The param’s path: `ship`, `commander.catalog`' })
  path!: string;
  @ApiProperty({
    enum: ['one', 'many', 'counts', 'places', 'sequence'],
    description:
      'one: one of `values`; many: `min` to `max` distinct values; counts: a list of `{ [item]: value, [count]: n }`, each value at most once with n in its range, the sum within `total`; places: a list of `{ [item]: value, [place]: one of places }` naming every value (any of them when `optional`; `[item]` a list of the values at one place when `grouped`); sequence: a list built in order, `values` being what the rules accept next after the items in `params`, at most `max` items',
  })
  pick!: 'one' | 'many' | 'counts' | 'places' | 'sequence';
  @ApiProperty({ type: [ChoiceValueDto], description: 'Sorted as a person reads them' })
  values!: ChoiceValueDto[];
  @ApiPropertyOptional()
  min?: number;
  @ApiPropertyOptional()
  max?: number;
  @ApiPropertyOptional({ example: 'card' })
  item?: string;
  @ApiPropertyOptional({ example: 'pay' })
  count?: string;
  @ApiPropertyOptional({ example: 'to' })
  place?: string;
  @ApiPropertyOptional({ type: [ChoiceValueDto] })
  places?: ChoiceValueDto[];
  @ApiPropertyOptional({
    description: 'places: any values may stay unplaced (the list may be empty)',
  })
  optional?: boolean;
  @ApiPropertyOptional({
    description: 'places: the values at one place make one entry, `[item]` their list',
  })
  grouped?: boolean;
  @ApiPropertyOptional({ type: ChoicesTotalDto })
  total?: ChoicesTotalDto;
  @ApiPropertyOptional({
    description:
      'one: the rules require a value now, though the schema makes the param optional (a leader that can fight goes on the wheel)',
  })
  required?: boolean;
}

export class DecisionChoicesDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty()
  seat!: string;
  @ApiProperty({ enum: ['seat', 'judge', 'corrective'] })
  by!: 'seat' | 'judge' | 'corrective';
  @ApiProperty({ description: 'The head of the match the choices are for' })
  seq!: number;
  @ApiProperty({ example: 'setup-spend' })
  kind!: string;
  @ApiProperty({
    description:
      'The kind is offered now and its ruleset gives its fields’ choices; false: build the form from the schema',
  })
  offered!: boolean;
  @ApiProperty({ type: [FieldChoicesDto] })
  fields!: FieldChoicesDto[];
}

export class LegalDecisionsQueryDto {
  @ApiPropertyOptional({
    example: 'red',
    pattern: ID_PATTERN.source,
    maxLength: 32,
    description:
      'Asked with a judge token of the match: the seat the judge would record for (required then). With a seat token: its own seat, or left out',
  })
  @IsOptional()
  @IsString()
  @Length(1, 32)
  @IsId()
  seat?: string;

  @ApiPropertyOptional({ enum: ASKED_FOR, description: ASKED_FOR_DESCRIPTION })
  @IsOptional()
  @IsIn(ASKED_FOR)
  for?: 'corrective';
}

export class LegalDecisionsDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty()
  seat!: string;
  @ApiProperty({
    enum: ['seat', 'judge', 'corrective'],
    description:
      'seat: what the seat may decide itself; judge: what a judge of the match may record on its behalf (the Game Master’s decisions); corrective: the seat’s own decisions a judge may record for it in a ruling’s corrective remedy',
  })
  by!: 'seat' | 'judge' | 'corrective';
  @ApiProperty()
  seq!: number;
  @ApiProperty({ type: [LegalDecisionDto] })
  kinds!: LegalDecisionDto[];
  @ApiPropertyOptional()
  reason?: string;
}
