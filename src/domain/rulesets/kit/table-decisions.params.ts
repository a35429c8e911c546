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
import { PIECE_STATUSES, type PieceStatus, type ZoneVisibility } from '../../table/table';

/** Params of the freeform decisions: class-validator DTOs (the engine refuses unknown members). */

const ID = /^[\p{L}\p{N}_:.-]{1,64}$/u;
const ID_MESSAGE = 'must be 1-64 letters, digits or _ : . -';
const MAX_ITEMS = 500;

export class LocalizedTextParams {
  @IsString() @Length(1, 200) en!: string;
  @IsString() @Length(1, 200) ru!: string;
}

export class ZoneParams {
  @Matches(ID, { message: `id ${ID_MESSAGE}` }) id!: string;
  @IsString() @Length(1, 32) kind!: string;
  @IsOptional() @IsString() @Length(1, 32) owner?: string;
  @IsOptional() @ValidateNested() @Type(() => LocalizedTextParams) name?: LocalizedTextParams;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @Matches(ID, { each: true, message: `adjacency ${ID_MESSAGE}` })
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
  @IsOptional() @Matches(ID, { message: `id ${ID_MESSAGE}` }) id?: string;
  @IsString() @Length(1, 64) type!: string;
  @IsOptional() @IsString() @Length(1, 32) owner?: string;
  @Matches(ID, { message: `zone ${ID_MESSAGE}` }) zone!: string;
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
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MAX_ITEMS) @IsString({ each: true }) pieces!: string[];
}

export class MoveParams {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsString({ each: true })
  pieces?: string[];
  @IsOptional() @IsString() fleet?: string;
  @IsString() to!: string;
}

export class ChangePieceParams {
  @IsString() piece!: string;
  @IsOptional() @IsIn(PIECE_STATUSES) status?: PieceStatus;
  @IsOptional() @IsObject() attrs?: Record<string, unknown>;
  @IsOptional() @IsString() @Length(1, 64) type?: string;
  @IsOptional() @IsString() @Length(1, 32) owner?: string;
}

export class DestroyParams extends PiecesParams {
  @IsString() @Length(1, 200) cause!: string;
}

export class RestoreParams extends PiecesParams {
  @IsString() to!: string;
}

export class CaptureParams extends PiecesParams {
  @IsOptional() @IsString() @Length(1, 32) by?: string;
  @IsOptional() @IsString() to?: string;
  @IsOptional() @IsString() @Length(1, 200) cause?: string;
}

export class FormFleetParams extends PiecesParams {
  @IsOptional() @Matches(ID, { message: `fleet ${ID_MESSAGE}` }) fleet?: string;
  @IsOptional() @IsString() @Length(1, 100) name?: string;
}

export class ChangeFleetParams {
  @IsString() fleet!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_ITEMS) @IsString({ each: true }) add?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_ITEMS) @IsString({ each: true }) remove?: string[];
  @IsOptional() @IsString() @Length(1, 100) name?: string;
}

export class FleetParams {
  @IsString() fleet!: string;
}

export class ChangeTrackParams {
  @Matches(ID, { message: `track ${ID_MESSAGE}` }) track!: string;
  @IsOptional() @IsInt() @Min(-1_000_000_000) @Max(1_000_000_000) value?: number;
  @IsOptional() @IsInt() @Min(-1_000_000) @Max(1_000_000) delta?: number;
  @IsOptional() @IsString() @Length(1, 32) owner?: string;
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
  @IsString() deck!: string;
  @IsInt() @Min(1) @Max(100) count!: number;
  /** Defaults to the drawing seat's hand, hand:<seat>. */
  @IsOptional() @IsString() to?: string;
}

export class CardsToParams extends PiecesParams {
  @IsString() to!: string;
}

export class DeckParams {
  @IsString() deck!: string;
}

export class StartPhaseParams {
  @IsString() @Length(1, 64) phase!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(16) @IsString({ each: true }) active?: string[];
  @IsOptional() @IsString() priority?: string;
}

export class StartRoundParams {
  @IsOptional() @IsInt() @Min(1) @Max(100_000) round?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(16) @IsString({ each: true }) active?: string[];
  @IsOptional() @IsString() priority?: string;
}

export class NoParams {}

/** A simultaneous hidden choice: every seat seals one, then all reveal. */
export class DeclareParams {
  @IsString() @Length(1, 64) topic!: string;
  @IsString() @Length(1, 200) choice!: string;
}

export class DeclareResultParams {
  @IsArray() @ArrayMaxSize(16) @IsString({ each: true }) winners!: string[];
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
