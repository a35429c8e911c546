import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Max, Min } from 'class-validator';
import { IsOptional } from '../../../domain/shared/optional-member';
import { MAX_PHRASES_PAGE } from '../../../application/matches/queries/get-phrases.query';
import { QueryInteger } from '../dto-patterns';
import { RulesetRefDto } from './matches.dto';

/** Responses of the small API the replay viewer reads besides the matches API. */

export class ViewerIdentityDto {
  @ApiProperty({ enum: ['public', 'seat', 'judge', 'admin'] })
  kind!: 'public' | 'seat' | 'judge' | 'admin';

  @ApiPropertyOptional({ example: 'red', description: 'For seat viewers: their seat' })
  seat?: string;
}

export class AppointedJudgeDto {
  @ApiProperty({ description: 'The judge’s actor id, as events record it (meta.actor.id)' })
  id!: string;

  @ApiProperty({ example: 'Ирина Волкова' })
  name!: string;

  @ApiPropertyOptional({
    enum: [true],
    description:
      'The head judge of the tournament (or of a match outside any tournament): the one who answers appeals',
  })
  head?: true;
}

export class ViewerContextDto {
  @ApiProperty()
  matchId!: string;

  @ApiProperty({ type: ViewerIdentityDto, description: 'Who the caller reads this match as' })
  viewer!: ViewerIdentityDto;

  @ApiProperty({
    enum: ['none', 'applies', 'other-match'],
    description:
      "'none': no token was sent; 'applies': the token gives its holder a view of this match " +
      "(its seat, judge, organizer or admin); 'other-match': the token is valid but for another " +
      'match or tournament, so the caller reads this match as the public',
  })
  token!: 'none' | 'applies' | 'other-match';

  @ApiProperty({
    description:
      'Sees every hidden member (judges, admins, and everyone once the match has ended): events are not redacted and deck orders are shown',
  })
  seesEverything!: boolean;

  @ApiProperty({
    description: 'The last seq the caller may see (spectators of a live match lag behind)',
  })
  horizon!: number;

  @ApiProperty({
    description:
      'A spectator of a live match: the view lags up to `spectatorDelay` decisions behind the head, and how far the head is is not told',
  })
  delayed!: boolean;

  @ApiProperty({
    description:
      'The last seq of the match as far as the caller is told: the horizon for a delayed spectator',
  })
  lastSeq!: number;

  @ApiPropertyOptional({
    description:
      "The caller's own name as its token was issued (a judge, an organizer), to sign its notes",
  })
  name?: string;

  @ApiPropertyOptional({
    description: "The caller's actor id, as events and notes record it (meta.actor.id)",
  })
  actorId?: string;

  @ApiPropertyOptional({
    type: [AppointedJudgeDto],
    description:
      'For the match’s seats, judges, organizer and admins (not spectators): every judge appointed to the match or its tournament, by the actor id events record and the name given at appointment, so a ruling is signed by its judge',
  })
  judges?: AppointedJudgeDto[];

  @ApiPropertyOptional({
    description:
      'For judges and admins: whether the caller answers this match’s appeals (the head judge of its tournament, or of the match outside any tournament; an admin)',
  })
  headJudge?: boolean;
}

export class BoardPositionDto {
  @ApiProperty()
  x!: number;
  @ApiProperty()
  y!: number;
}

export class HexCellDto {
  @ApiProperty({ description: 'Axial column' })
  q!: number;
  @ApiProperty({ description: 'Axial row' })
  r!: number;
}

/** The ruleset's BoardLayout (src/domain/rulesets/ruleset.ts), one shape per kind. */
export class BoardLayoutDto {
  @ApiProperty({
    enum: ['areas', 'positions', 'hex', 'ring'],
    description:
      "'areas': zones as labelled areas (the default); 'positions': zone centres in a width x height box; " +
      "'hex': zones as hex cells in axial coordinates; 'ring': zones around a circle, optionally one in the centre",
  })
  kind!: 'areas' | 'positions' | 'hex' | 'ring';

  @ApiPropertyOptional({ description: "kind 'positions': the box width" })
  width?: number;

  @ApiPropertyOptional({ description: "kind 'positions': the box height" })
  height?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/BoardPositionDto' },
    description: "kind 'positions': zone id → centre",
  })
  positions?: Record<string, BoardPositionDto>;

  @ApiPropertyOptional({ enum: ['pointy', 'flat'], description: "kind 'hex'" })
  orientation?: 'pointy' | 'flat';

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/HexCellDto' },
    description: "kind 'hex': zone id → cell",
  })
  cells?: Record<string, HexCellDto>;

  @ApiPropertyOptional({ type: [String], description: "kind 'ring': zone ids in ring order" })
  zones?: string[];

  @ApiPropertyOptional({ description: "kind 'ring': the zone in the centre" })
  center?: string;
}

export class LayoutDto {
  @ApiProperty()
  matchId!: string;

  @ApiProperty({ type: RulesetRefDto })
  ruleset!: RulesetRefDto;

  @ApiProperty({
    type: BoardLayoutDto,
    description:
      "How to draw the board, from the ruleset's layout for this match's setup; zones it does not place are drawn beside the map",
  })
  layout!: BoardLayoutDto;
}

export class EventPhraseDto {
  @ApiProperty()
  seq!: number;
  @ApiProperty({ example: 'Ганс plays Germany' })
  en!: string;
  @ApiProperty({ example: 'Ганс занимает место: Германия' })
  ru!: string;
}

export class PhrasesDto {
  @ApiProperty()
  matchId!: string;

  @ApiProperty({
    type: [EventPhraseDto],
    description:
      'Every event of the range the caller may see, in order, as the replay log says it, in English and Russian: seats by their players or sides, pieces and zones by their names',
  })
  phrases!: EventPhraseDto[];

  @ApiPropertyOptional({
    description: `Present while events of the range are left (an answer holds at most ${MAX_PHRASES_PAGE}): pass as \`from\` for the next page`,
  })
  nextFrom?: number;
}

export class PhrasesQueryDto {
  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  from?: number;

  @ApiPropertyOptional({
    minimum: 0,
    description: 'Inclusive; default: the last seq the caller may see',
  })
  @IsOptional()
  @QueryInteger()
  @Min(0)
  to?: number;

  @ApiPropertyOptional({
    default: MAX_PHRASES_PAGE,
    minimum: 1,
    maximum: MAX_PHRASES_PAGE,
    description: 'At most this many sentences; the answer gives `nextFrom` when the range goes on',
  })
  @IsOptional()
  @QueryInteger()
  @Min(1)
  @Max(MAX_PHRASES_PAGE)
  limit?: number;
}
