import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { Field } from './kit/field-doc';
import { IsNestedObject, IsNestedObjects } from '../shared/nested-dto';
import { IsOptional } from '../shared/optional-member';
import { HoldsSafeTexts, IsId, IsPlainText } from '../shared/safe-text';
import { PIECE_STATUSES, type PieceStatus } from '../table/table';

/**
 * A match's starting position (POST /matches `position`, issue 45): the table at a moment, in
 * the shape `GET /matches/:id/state` returns it, laid over what the ruleset's setup lays out.
 * Pieces it does not name stay where the setup put them; `rules` is the ruleset's own part
 * (its round and phase machine, alliances, technologies), checked by the ruleset.
 */

const MAX_POSITION_PIECES = 2_000;

export class PositionPieceParams {
  @Field('Id of a piece the setup lays out (or of a new piece, where the game allows)', 'Фигура')
  @IsId()
  id!: string;
  @Field('Type of a new piece; leave out for a piece the setup lays out', 'Тип')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  type?: string;
  @Field('The seat that owns it (left out: as the setup has it)', 'Владелец')
  @IsOptional()
  @IsId()
  owner?: string;
  @Field("The zone it lies in (a destroyed piece: its owner's losses, losses:<seat>)", 'Зона')
  @IsId()
  zone!: string;
  @Field('Its status (active by default)', 'Состояние')
  @IsOptional()
  @IsIn(PIECE_STATUSES)
  status?: PieceStatus;
  @Field('The seat that captured it (a captured piece)', 'Захвачена')
  @IsOptional()
  @IsId()
  capturedBy?: string;
  @Field('Its attributes (damage, shields, ...), laid over those the setup gives it', 'Свойства')
  @IsOptional()
  @IsObject()
  @HoldsSafeTexts()
  attrs?: Record<string, unknown>;
}

export class PositionDeckParams {
  @Field('The deck zone', 'Колода')
  @IsId()
  deck!: string;
  @Field('Every card in the deck, top first: laid out by the organizer, not shuffled', 'Порядок')
  @IsArray()
  @ArrayMaxSize(MAX_POSITION_PIECES)
  @IsId({ each: true })
  order!: string[];
}

export class PositionTrackParams {
  @Field('The track (credits, wins, influence, time, ...)', 'Трек')
  @IsId()
  id!: string;
  @Field('The seat it belongs to (a new track only)', 'Владелец')
  @IsOptional()
  @IsId()
  owner?: string;
  @Field('Its value', 'Значение')
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  value!: number;
}

export class PositionTurnParams {
  @Field('The round', 'Раунд')
  @IsInt()
  @Min(0)
  @Max(100_000)
  round!: number;
  @Field("The phase, as the ruleset names it (GET state's turn.phase)", 'Фаза')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  phase?: string;
  @Field('The seats that act now', 'Ходят')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  active?: string[];
  @Field('The seat with priority (first player)', 'Первый игрок')
  @IsOptional()
  @IsId()
  priority?: string;
}

export class PositionParams {
  @Field('Pieces placed otherwise than the setup places them', 'Фигуры')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_POSITION_PIECES)
  @IsNestedObjects(() => PositionPieceParams)
  pieces?: PositionPieceParams[];
  @Field('Decks laid out in a given order by the organizer', 'Колоды')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsNestedObjects(() => PositionDeckParams)
  decks?: PositionDeckParams[];
  @Field('Track values', 'Треки')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsNestedObjects(() => PositionTrackParams)
  tracks?: PositionTrackParams[];
  @Field('The round, phase and whose turn it is', 'Ход')
  @IsOptional()
  @IsNestedObject(() => PositionTurnParams)
  turn?: PositionTurnParams;
  @Field("The ruleset's own part (see the game's page)", 'Правила игры')
  @IsOptional()
  @IsObject()
  @HoldsSafeTexts()
  rules?: Record<string, unknown>;
}
