import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsString,
  Length,
  Matches,
  Min,
} from 'class-validator';
import { IsNestedObject } from '../../../domain/shared/nested-dto';
import { IsOptional } from '../../../domain/shared/optional-member';
import { MAX_ALIASES, MAX_PLAYER_NAME, PLAYER_ID } from '../../../domain/players/player-registry';
import { IsPlainText, NOT_BLANK, QueryInteger } from '../dto-patterns';
import { MATCH_STATUSES, MatchListSeatDto } from '../matches/matches.dto';
import { PageOf, PageQueryDto } from '../paging.dto';

export class PlayerNamesDto {
  @ApiProperty({ example: 'Ольга Иванова', maxLength: MAX_PLAYER_NAME })
  @IsString()
  @Length(1, MAX_PLAYER_NAME)
  @Matches(NOT_BLANK, { message: 'names.ru must not be blank' })
  @IsPlainText()
  ru!: string;

  @ApiProperty({
    example: 'Olga Ivanova',
    maxLength: MAX_PLAYER_NAME,
    description: 'The name in Latin letters (no Cyrillic ones)',
  })
  @IsString()
  @Length(1, MAX_PLAYER_NAME)
  @Matches(NOT_BLANK, { message: 'names.latin must not be blank' })
  @IsPlainText()
  latin!: string;
}

const ALIASES_DESCRIPTION = `Other spellings the player is found by (a nickname, a maiden name, another transliteration), at most ${MAX_ALIASES}; spellings with the same key are kept once`;

export class RegisterPlayerDto {
  @ApiProperty({
    example: 'ivanova-olga',
    pattern: PLAYER_ID.source,
    description:
      'The stable id seats, filters and URLs name the player by: lowercase Latin letters, digits and inner hyphens, 1-64 characters. Taken once, by whoever comes first (409 after)',
  })
  @IsString()
  @Matches(PLAYER_ID, {
    message:
      'playerId must be 1-64 lowercase letters, digits and hyphens, starting and ending with a letter or digit',
  })
  playerId!: string;

  @ApiProperty({ type: PlayerNamesDto })
  @IsNestedObject(() => PlayerNamesDto)
  names!: PlayerNamesDto;

  @ApiPropertyOptional({
    type: [String],
    example: ['Оля Иванова', 'Olya'],
    description: ALIASES_DESCRIPTION,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ALIASES)
  @IsString({ each: true })
  @Length(1, MAX_PLAYER_NAME, { each: true })
  @Matches(NOT_BLANK, { each: true, message: 'aliases must not be blank' })
  @IsPlainText({ each: true })
  aliases?: string[];
}

export class SetAliasesDto {
  @ApiProperty({
    type: [String],
    example: ['Оля Иванова', 'Olya'],
    description: ALIASES_DESCRIPTION,
  })
  @IsArray()
  @ArrayMaxSize(MAX_ALIASES)
  @IsString({ each: true })
  @Length(1, MAX_PLAYER_NAME, { each: true })
  @Matches(NOT_BLANK, { each: true, message: 'aliases must not be blank' })
  @IsPlainText({ each: true })
  aliases!: string[];
}

export class PlayerDto {
  @ApiProperty({ example: 'ivanova-olga' })
  playerId!: string;
  @ApiProperty({ type: PlayerNamesDto })
  names!: PlayerNamesDto;
  @ApiProperty({ type: [String], example: ['Оля Иванова'] })
  aliases!: string[];
  @ApiProperty({ format: 'uuid', description: 'The organizer who registered the player' })
  registeredBy!: string;
  @ApiProperty({ format: 'date-time' })
  registeredAt!: string;
  @ApiProperty({ format: 'date-time', description: 'When the aliases last changed' })
  updatedAt!: string;
}

export class PlayersPageDto extends PageOf(PlayerDto) {}

export class FindPlayersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'Olga Ivanova',
    description:
      'A player id, or a name or alias in either script, matched exactly up to case, ё/е, look-alike letters and spaces (never a part of a name). Without it, every player by id',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_PLAYER_NAME)
  @IsPlainText()
  name?: string;

  @ApiPropertyOptional({
    example: 'Ольга Ив',
    description:
      'For a picker, as a name is typed: the players whose id starts with it, or one of whose names or aliases has a word starting with it (up to case, ё/е, look-alike letters and spaces), by id. It suggests: filters and seat claims match names exactly. Not with `name`',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_PLAYER_NAME)
  @Matches(NOT_BLANK, {
    message: 'prefix must not be blank: the start of a name, an alias or an id',
    context: { ru: 'не может быть пустым: нужно начало имени, псевдонима или идентификатора' },
  })
  @IsPlainText()
  prefix?: string;
}

export class PlayerMatchesQueryDto {
  @ApiPropertyOptional({ example: 'freeform' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  ruleset?: string;

  @ApiPropertyOptional({ enum: MATCH_STATUSES })
  @IsOptional()
  @IsIn(MATCH_STATUSES)
  status?: (typeof MATCH_STATUSES)[number];

  @ApiPropertyOptional({ example: 'moscow-open-2026' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  tournament?: string;

  @ApiPropertyOptional({
    example: 'petrov-ivan',
    description:
      'Only matches against this player (another seat): an id, or a name or alias as `player=` takes it',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_PLAYER_NAME)
  @IsPlainText()
  vs?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or before' })
  @IsOptional()
  @IsISO8601()
  to?: string;

  @ApiPropertyOptional({ minimum: 1, description: 'At most this many matches' })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  max?: number;
}

export class HeadToHeadQueryDto {
  @ApiPropertyOptional({ example: 'freeform' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  ruleset?: string;

  @ApiPropertyOptional({ example: 'moscow-open-2026' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  tournament?: string;
}

/** One line of a player's history. */
export class PlayerMatchLineDto {
  @ApiProperty({ format: 'uuid' })
  matchId!: string;
  @ApiPropertyOptional()
  title?: string;
  @ApiProperty({ example: { id: 'freeform', version: '1.0.0' } })
  ruleset!: { id: string; version: string };
  @ApiProperty({ enum: MATCH_STATUSES })
  status!: string;
  @ApiProperty()
  public!: boolean;
  @ApiPropertyOptional()
  tournamentId?: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time' })
  startedAt?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  endedAt?: string;
  @ApiProperty({ type: [String], description: 'The seats the player held' })
  seats!: string[];
  @ApiPropertyOptional({
    enum: ['win', 'draw', 'loss'],
    description:
      'Once finished: win (one of their seats won), draw (nobody won), loss (another seat won)',
  })
  outcome?: 'win' | 'draw' | 'loss';
  @ApiPropertyOptional({ type: [String], description: 'The winning seats, once finished' })
  winners?: string[];
  @ApiProperty({ type: [MatchListSeatDto], description: 'Every seat and who took it' })
  players!: MatchListSeatDto[];
}

export class HeadToHeadSideDto {
  @ApiProperty({ example: 'ivanova-olga' })
  playerId!: string;
  @ApiProperty({ type: PlayerNamesDto })
  names!: PlayerNamesDto;
  @ApiProperty()
  wins!: number;
  @ApiProperty({ description: 'Matches nobody won: never losses' })
  draws!: number;
  @ApiProperty({ description: 'Matches another seat won' })
  losses!: number;
  @ApiProperty({ description: '1 a win, ½ a draw, 0 a loss', example: 2.5 })
  score!: number;
}

export class HeadToHeadDto {
  @ApiProperty({
    description: 'Finished matches both played, on different seats, that you may read',
  })
  matches!: number;
  @ApiProperty({ type: HeadToHeadSideDto })
  a!: HeadToHeadSideDto;
  @ApiProperty({ type: HeadToHeadSideDto })
  b!: HeadToHeadSideDto;
}
