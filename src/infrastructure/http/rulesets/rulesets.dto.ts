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
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "How a match starts from a given position (POST /matches `position`): `params`, the position's schema; `rules`, its ruleset part's; `example`. Absent: the ruleset takes no position.",
  })
  position?: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Schemas referred to as #/schemas/<name>',
  })
  schemas!: Record<string, unknown>;
}

export class RuleReferenceDto {
  @ApiProperty({ example: 'roll', description: 'The key of the reference in the rules text' })
  key!: string;
  @ApiProperty({
    description: 'The whole reference, «section»: «quote», as a ruling records it in `ruleRef`',
  })
  ref!: string;
  @ApiProperty({
    example: 'Броски кубиков',
    description: 'The section as headed in the rules text',
  })
  section!: string;
  @ApiProperty({ description: 'The sentence quoted verbatim from the authoritative Russian text' })
  quote!: string;
}

export class RulesetRulesDto {
  @ApiProperty({ example: 'combat-commander' })
  rulesetId!: string;
  @ApiProperty({ type: [RuleReferenceDto] })
  rules!: RuleReferenceDto[];
}
