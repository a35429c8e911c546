import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsString, Length, Matches } from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { IsPlainText } from '../dto-patterns';
import { LocalizedTextDto, PLAYER_FILTER } from '../matches/matches.dto';

export class StatsQueryDto {
  @ApiPropertyOptional({
    example: '3f9a0c21d7e4b658',
    description: 'One option set of the ruleset: its `optionsHash` (listed in `optionSets`)',
  })
  @IsOptional()
  @Matches(/^[0-9a-f]{16}$/, { message: 'options must be an optionsHash: 16 hex digits' })
  options?: string;

  @ApiPropertyOptional({ example: 'ivanova-olga', description: PLAYER_FILTER })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  player?: string;

  @ApiPropertyOptional({ description: 'Matches of this tournament only' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  tournament?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after' })
  @IsOptional()
  @IsISO8601()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or before' })
  @IsOptional()
  @IsISO8601()
  to?: string;
}

export class PlayerStatsQueryDto extends StatsQueryDto {
  @ApiPropertyOptional({ example: 'freeform', description: 'Matches of this ruleset only' })
  @IsOptional()
  @IsString()
  @IsPlainText()
  ruleset?: string;
}

/** k of n with its Wilson 95% interval. */
export class WinRateDto {
  @ApiProperty({ description: 'Seats played (or matches, for the first player)' })
  played!: number;
  @ApiProperty()
  wins!: number;
  @ApiProperty({ description: 'Same as wins' })
  k!: number;
  @ApiProperty({ description: 'Same as played' })
  n!: number;
  @ApiProperty({ description: 'wins / played; 0 when nothing was played' })
  rate!: number;
  @ApiProperty({ description: 'Wilson score interval at 95%, lower bound' })
  low!: number;
  @ApiProperty({ description: 'Wilson score interval at 95%, upper bound' })
  high!: number;
}

export class FactionWinRateDto extends WinRateDto {
  @ApiProperty({ example: 'Империя' })
  faction!: string;
}

export class PositionWinRateDto extends WinRateDto {
  @ApiProperty({ description: '1-based place in the seat order', example: 1 })
  position!: number;
}

export class FirstPlayerDto extends WinRateDto {
  @ApiProperty({
    description: 'The rate chance alone gives: the mean of 1 / seats over these matches',
  })
  expectedRate!: number;
}

export class DistributionDto {
  @ApiProperty()
  count!: number;
  @ApiProperty()
  min!: number;
  @ApiProperty()
  max!: number;
  @ApiProperty()
  mean!: number;
  @ApiProperty({ description: 'Quantiles interpolate between order statistics (type 7)' })
  p10!: number;
  @ApiProperty()
  p25!: number;
  @ApiProperty()
  median!: number;
  @ApiProperty()
  p75!: number;
  @ApiProperty()
  p90!: number;
}

export class LengthsDto {
  @ApiPropertyOptional({ type: DistributionDto, description: 'Decisions on the effective line' })
  decisions?: DistributionDto;
  @ApiPropertyOptional({ type: DistributionDto, description: 'The round the table reached' })
  rounds?: DistributionDto;
  @ApiPropertyOptional({ type: DistributionDto, description: 'Minutes from the start to the end' })
  minutes?: DistributionDto;
}

export class OptionSetDto {
  @ApiProperty({
    description: 'First 16 hex digits of sha256 of the canonical JSON of the options',
  })
  optionsHash!: string;
  @ApiProperty({ type: 'object', additionalProperties: true })
  options!: Record<string, unknown>;
  @ApiProperty()
  matches!: number;
}

export class LossesDto {
  @ApiProperty({ example: 'Фрегат' })
  pieceType!: string;
  @ApiProperty({ description: 'Pieces of this type in the loss piles at the end' })
  count!: number;
  @ApiProperty({ description: 'Matches in which at least one was lost' })
  matches!: number;
  @ApiProperty({ description: 'count / matches covered' })
  perMatch!: number;
}

export class DieSizeLuckDto {
  @ApiProperty({ example: 6 })
  sides!: number;
  @ApiProperty()
  dice!: number;
  @ApiProperty({ type: [Number], description: 'counts[i]: how often face i + 1 came up' })
  counts!: number[];
  @ApiProperty({ description: "Pearson's chi-square against fair dice" })
  chiSquare!: number;
  @ApiProperty()
  degreesOfFreedom!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null for a one-sided die' })
  pValue!: number | null;
  @ApiProperty({ description: 'Every face expected at least 5 times: the p-value is trustworthy' })
  reliable!: boolean;
}

export class DeckOutcomeLuckDto {
  @ApiProperty({ example: 7, description: 'A value the deck gives: a card’s sum (or product)' })
  value!: number;
  @ApiProperty({ example: 12, description: 'Cards of the deck that give it' })
  weight!: number;
  @ApiProperty({ description: 'Rolls that gave it' })
  observed!: number;
  @ApiProperty({ description: 'rolls × weight / Σ weights' })
  expected!: number;
}

export class DeckLuckDto {
  @ApiProperty({
    type: LocalizedTextDto,
    description: 'The deck the cards were revealed from (Combat Commander: its nation)',
  })
  deck!: LocalizedTextDto;
  @ApiProperty({
    enum: ['sum', 'product'],
    description: 'How the card’s two dice were read: their sum, or their product (Targeting)',
  })
  combine!: 'sum' | 'product';
  @ApiProperty({ description: 'Rolls read off this deck so' })
  rolls!: number;
  @ApiProperty({ description: 'The value one roll gives on average: Σ value × weight / Σ weights' })
  mean!: number;
  @ApiProperty({
    type: [DeckOutcomeLuckDto],
    description: 'Every value the deck can give, ascending: the deck’s own mix',
  })
  outcomes!: DeckOutcomeLuckDto[];
  @ApiProperty({ description: "Pearson's chi-square against the deck's own mix" })
  chiSquare!: number;
  @ApiProperty({ description: 'The values the deck can give, less one' })
  degreesOfFreedom!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'null when the deck gives one value only',
  })
  pValue!: number | null;
  @ApiProperty({ description: 'Every value expected at least 5 times: the p-value is trustworthy' })
  reliable!: boolean;
}

export class DiceLuckDto {
  @ApiProperty({ description: 'Fair dice rolled' })
  dice!: number;
  @ApiProperty({
    description:
      'Rolls read off cards (Combat Commander’s Fate cards: one roll per card, its two dice summed or multiplied)',
  })
  cardRolls!: number;
  @ApiProperty({ description: 'Σ faces of the dice and Σ values of the card rolls' })
  observedSum!: number;
  @ApiProperty({ description: 'Σ (sides + 1) / 2 over the dice, plus each card roll’s deck mean' })
  expectedSum!: number;
  @ApiProperty({
    description: '√(Σ (sides² − 1) / 12 + Σ each card roll’s deck variance)',
  })
  standardDeviation!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: '(observed − expected) / standard deviation; null without dice',
  })
  z!: number | null;
  @ApiProperty({ type: [DieSizeLuckDto], description: 'Fair dice: a test per die size' })
  bySize!: DieSizeLuckDto[];
  @ApiProperty({
    type: [DeckLuckDto],
    description: 'Card rolls: a test per deck and reading, against the deck’s own mix of values',
  })
  byDeck!: DeckLuckDto[];
}

export class DiceLuckBySourceDto {
  @ApiProperty({ type: DiceLuckDto, description: 'Provable server dice' })
  server!: DiceLuckDto;
  @ApiProperty({ type: DiceLuckDto, description: 'Physical dice the seats reported' })
  reported!: DiceLuckDto;
}

export class RulesetStatsDto {
  @ApiProperty({ example: 'freeform' })
  ruleset!: string;
  @ApiProperty({ description: 'Finished matches these figures cover' })
  matches!: number;
  @ApiProperty({ type: [OptionSetDto] })
  optionSets!: OptionSetDto[];
  @ApiProperty({ type: [FactionWinRateDto] })
  factions!: FactionWinRateDto[];
  @ApiProperty({ type: [PositionWinRateDto] })
  positions!: PositionWinRateDto[];
  @ApiProperty({
    type: FirstPlayerDto,
    description: 'The seat that made the first decision of each match: how often it won',
  })
  firstPlayer!: FirstPlayerDto;
  @ApiProperty({ type: LengthsDto })
  lengths!: LengthsDto;
  @ApiProperty({ type: [LossesDto] })
  losses!: LossesDto[];
  @ApiProperty({
    type: DiceLuckBySourceDto,
    description: 'Every seat’s dice and card rolls, pooled: how the ruleset’s dice and decks fell',
  })
  dice!: DiceLuckBySourceDto;
}

export class PlayerRecordDto extends WinRateDto {
  @ApiProperty({ description: 'Matches nobody won: never counted as losses' })
  draws!: number;
  @ApiProperty({ description: 'Matches another seat won: played − wins − draws' })
  losses!: number;
}

export class OpponentDto {
  @ApiProperty()
  name!: string;
  @ApiProperty()
  key!: string;
  @ApiPropertyOptional({ description: 'The opponent’s registered player id, when they have one' })
  playerId?: string;
  @ApiProperty({ description: 'Matches against this opponent' })
  played!: number;
  @ApiProperty({ description: 'Of them, the player won (one of their seats won)' })
  wins!: number;
  @ApiProperty({ description: 'Of them, nobody won' })
  draws!: number;
  @ApiProperty({ description: 'Of them, another seat won (the opponent’s or a third one)' })
  losses!: number;
}

export class PlayerStatsDto {
  @ApiProperty({ description: 'The name as the player last used it' })
  player!: string;
  @ApiProperty({
    description:
      'The key names are matched by: NFKC, lower case, Cyrillic look-alikes folded to Latin, spaces collapsed',
  })
  key!: string;
  @ApiProperty({
    type: [String],
    description:
      'The registered players counted: the one the path names by id, or every one with that name or alias (their seats, and seats claimed by that name only)',
  })
  playerIds!: string[];
  @ApiProperty({ description: 'Finished matches these figures cover' })
  matches!: number;
  @ApiProperty({ type: PlayerRecordDto })
  record!: PlayerRecordDto;
  @ApiProperty({ type: [FactionWinRateDto] })
  factions!: FactionWinRateDto[];
  @ApiProperty({ type: [OpponentDto] })
  opponents!: OpponentDto[];
  @ApiProperty({ type: DiceLuckBySourceDto })
  dice!: DiceLuckBySourceDto;
}

export class SeatDiceLuckDto extends DiceLuckBySourceDto {
  @ApiProperty()
  seat!: string;
  @ApiProperty()
  position!: number;
  @ApiPropertyOptional()
  faction?: string;
  @ApiPropertyOptional()
  player?: string;
  @ApiProperty()
  won!: boolean;
}

export class MatchDiceDto {
  @ApiProperty()
  matchId!: string;
  @ApiProperty({ description: 'Always 1: the figures cover this match', enum: [1] })
  matches!: number;
  @ApiProperty({ type: [SeatDiceLuckDto] })
  seats!: SeatDiceLuckDto[];
  @ApiPropertyOptional({
    description:
      'In the reader’s language (Accept-Language, ru or en): why this ruleset’s own rolls are not in these figures, for a ruleset whose rolls are neither fair dice nor cards read against their deck (none today); absent when every roll counts',
  })
  notCountedBecause?: string;
}

export class OpeningStatsQueryDto extends StatsQueryDto {
  @ApiProperty({ example: 'combat-commander', description: 'The ruleset whose openings to count' })
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  ruleset!: string;
}

/** Games in which a seat opened so, and how that seat did: a draw is never a loss. */
export class OpeningResultsDto {
  @ApiProperty()
  games!: number;
  @ApiProperty()
  wins!: number;
  @ApiProperty({ description: 'Matches nobody won' })
  draws!: number;
  @ApiProperty({ description: 'Matches another seat won' })
  losses!: number;
  @ApiProperty({
    description: '(wins + draws / 2) / games, as an opening explorer scores; 0 with no game',
  })
  score!: number;
}

export class OpeningChoiceDto extends OpeningResultsDto {
  @ApiProperty({
    type: LocalizedTextDto,
    description:
      'What the seat chose, as the match log says it after the seat’s name, named as the board names things',
  })
  choice!: LocalizedTextDto;
}

export class OpeningKindDto extends OpeningResultsDto {
  @ApiProperty({ example: 'give-order', description: 'The decision kind' })
  kind!: string;
  @ApiProperty({ type: LocalizedTextDto, description: 'The decision kind’s name' })
  title!: LocalizedTextDto;
  @ApiProperty({ type: [OpeningChoiceDto], description: 'Most played first' })
  choices!: OpeningChoiceDto[];
}

export class SeatOpeningsDto {
  @ApiProperty({ example: 'axis' })
  seat!: string;
  @ApiProperty({ description: 'The seat’s 1-based place in the seat order' })
  position!: number;
  @ApiProperty({ description: 'Matches in which this seat made a decision' })
  games!: number;
  @ApiProperty({
    type: [OpeningKindDto],
    description: 'Its first decision’s kinds, most played first',
  })
  openings!: OpeningKindDto[];
}

export class OpeningStatsDto {
  @ApiProperty({ example: 'combat-commander' })
  ruleset!: string;
  @ApiProperty({ description: 'Finished matches these figures cover' })
  matches!: number;
  @ApiProperty({ type: [SeatOpeningsDto], description: 'In seat order' })
  seats!: SeatOpeningsDto[];
}
