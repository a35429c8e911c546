import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LocalizedTextDto } from '../matches/matches.dto';

export class SeatRangeDto {
  @ApiProperty()
  min!: number;
  @ApiProperty()
  max!: number;
}

export class RulesetSummaryDto {
  @ApiProperty({ example: 'freeform' })
  id!: string;
  @ApiProperty({ example: '1.0.0' })
  version!: string;
  @ApiProperty({ type: LocalizedTextDto })
  title!: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto })
  summary!: LocalizedTextDto;
  @ApiProperty({ type: SeatRangeDto })
  seats!: SeatRangeDto;
}

export class DecisionKindDto {
  @ApiProperty({ example: 'move' })
  kind!: string;
  @ApiProperty({ type: LocalizedTextDto })
  summary!: LocalizedTextDto;
  @ApiProperty({
    enum: ['active', 'any'],
    description: 'active: only seats the turn names; any: any seat',
  })
  turn!: string;
  @ApiPropertyOptional({ type: [String] })
  phases?: string[];
  @ApiPropertyOptional({
    enum: ['required', 'optional'],
    description:
      'A simultaneous hidden choice: `required` is accepted only sealed (POST decisions/sealed, then its reveal), `optional` either way; absent, never sealed',
  })
  sealing?: 'required' | 'optional';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema of the params, generated from the validating DTO',
  })
  params!: Record<string, unknown>;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Params of this kind as a player would send them (valid against `params`; the ids it names exist only in some matches)',
  })
  example?: Record<string, unknown>;
}

export class RulesetDetailDto extends RulesetSummaryDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Named interpretations of unclear rules text, with defaults and rule references',
  })
  options!: Record<string, unknown>[];
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  catalog!: Record<string, unknown>[];
  @ApiProperty({
    type: [String],
    description:
      "Prefixes of the ids of seats' tracks that are things a seat holds or spends (credits, resources, tokens), not its score: a score chart leaves them out. Empty: every track a seat owns is a score.",
    example: ['credits:'],
  })
  resourceTracks!: string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  setup?: Record<string, unknown>;
  @ApiProperty({ type: [DecisionKindDto] })
  decisions!: DecisionKindDto[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Schemas referred to as #/schemas/<name>',
  })
  schemas!: Record<string, unknown>;
}
