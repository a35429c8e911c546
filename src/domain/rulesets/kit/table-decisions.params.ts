import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsId, IsPlainText } from '../../shared/safe-text';
import { PIECE_STATUSES, type PieceStatus, type ZoneVisibility } from '../../table/table';

/** Params of the freeform decisions: class-validator DTOs (the engine refuses unknown members). */

const MAX_ITEMS = 500;

export class LocalizedTextParams {
  @IsString() @Length(1, 200) @IsPlainText() en!: string;
  @IsString() @Length(1, 200) @IsPlainText() ru!: string;
}

export class ZoneParams {
  @IsId() id!: string;
  @IsString() @Length(1, 32) kind!: string;
  @IsOptional() @IsId() owner?: string;
  @IsOptional() @ValidateNested() @Type(() => LocalizedTextParams) name?: LocalizedTextParams;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsId({ each: true })
  adjacency?: string[];
  @IsOptional() @IsIn(['public', 'owner', 'nobody']) visibility?: ZoneVisibility;
  @IsOptional() @IsObject() attrs?: Record<string, unknown>;
}

export class CreateZonesParams {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ZoneParams)
  zones!: ZoneParams[];
}

export class NewPieceParams {
  @IsOptional() @IsId() id?: string;
  @IsString() @Length(1, 64) @IsPlainText() type!: string;
  @IsOptional() @IsId() owner?: string;
  @IsId() zone!: string;
  @IsOptional() @IsIn(PIECE_STATUSES) status?: PieceStatus;
  @IsOptional() @IsObject() attrs?: Record<string, unknown>;
}

export class CreatePiecesParams {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => NewPieceParams)
  pieces!: NewPieceParams[];
}

/** Several decisions name pieces: a non-empty list of ids. */
export class PiecesParams {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_ITEMS) @IsId({ each: true }) pieces!: string[];
}

export class MoveParams {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsId({ each: true })
  pieces?: string[];
  @IsOptional() @IsId() fleet?: string;
  @IsId() to!: string;
}

export class ChangePieceParams {
  @IsId() piece!: string;
  @IsOptional() @IsIn(PIECE_STATUSES) status?: PieceStatus;
  @IsOptional() @IsObject() attrs?: Record<string, unknown>;
  @IsOptional() @IsString() @Length(1, 64) @IsPlainText() type?: string;
  @IsOptional() @IsId() owner?: string;
}

export class DestroyParams extends PiecesParams {
  @IsString() @Length(1, 200) cause!: string;
}

export class RestoreParams extends PiecesParams {
  @IsId() to!: string;
}

export class CaptureParams extends PiecesParams {
  @IsOptional() @IsId() by?: string;
  @IsOptional() @IsId() to?: string;
  @IsOptional() @IsString() @Length(1, 200) cause?: string;
}

export class FormFleetParams extends PiecesParams {
  @IsOptional() @IsId() fleet?: string;
  @IsOptional() @IsString() @Length(1, 100) @IsPlainText() name?: string;
}

export class ChangeFleetParams {
  @IsId() fleet!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_ITEMS) @IsId({ each: true }) add?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_ITEMS) @IsId({ each: true }) remove?: string[];
  @IsOptional() @IsString() @Length(1, 100) @IsPlainText() name?: string;
}

export class FleetParams {
  @IsId() fleet!: string;
}

export class ChangeTrackParams {
  @IsId() track!: string;
  @IsOptional() @IsInt() @Min(-1_000_000_000) @Max(1_000_000_000) value?: number;
  @IsOptional() @IsInt() @Min(-1_000_000) @Max(1_000_000) delta?: number;
  @IsOptional() @IsId() owner?: string;
  @IsOptional() @ValidateNested() @Type(() => LocalizedTextParams) name?: LocalizedTextParams;
}

export class RollParams {
  /** NdS terms joined by +, e.g. "2d6" or "1d6+1d8". */
  @IsString() @Length(2, 64) dice!: string;
  @IsOptional()
  @Matches(/^[A-Za-z0-9:_.-]{1,64}$/, {
    message: 'purpose must be 1-64 letters, digits or : _ . -',
  })
  purpose?: string;
  /** Faces of physical dice; absent for a server roll. */
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsInt({ each: true }) faces?: number[];
}

export class DrawParams {
  @IsId() deck!: string;
  @IsInt() @Min(1) @Max(100) count!: number;
  /** Defaults to the drawing seat's hand, hand:<seat>. */
  @IsOptional() @IsId() to?: string;
}

export class CardsToParams extends PiecesParams {
  @IsId() to!: string;
}

export class DeckParams {
  @IsId() deck!: string;
}

export class StartPhaseParams {
  @IsString() @Length(1, 64) phase!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(16) @IsId({ each: true }) active?: string[];
  @IsOptional() @IsId() priority?: string;
}

export class StartRoundParams {
  @IsOptional() @IsInt() @Min(1) @Max(100_000) round?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(16) @IsId({ each: true }) active?: string[];
  @IsOptional() @IsId() priority?: string;
}

export class NoParams {}

/** A simultaneous hidden choice: every seat seals one, then all reveal. */
export class DeclareParams {
  @IsString() @Length(1, 64) topic!: string;
  @IsString() @Length(1, 200) choice!: string;
}

export class DeclareResultParams {
  @IsArray() @ArrayMaxSize(16) @IsId({ each: true }) winners!: string[];
  @IsString() @Length(1, 200) condition!: string;
}

/** Setup of a freeform match: zones and pieces laid out before the start. */
export class FreeformSetupParams {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ZoneParams)
  zones?: ZoneParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => NewPieceParams)
  pieces?: NewPieceParams[];
}
