import { IsId } from '../../shared/safe-text';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { CARD_KINDS, type CardKind } from './cp-cards';

/**
 * Card definitions as a deck brings them (class-validator DTOs). Shapes are checked here;
 * the printed formats (durability, shield, crew, weapons) and per-kind requirements are
 * checked by the deck check, which cites the rule each comes from.
 */

export class CpYieldParams {
  @IsOptional() @IsInt() @Min(0) @Max(99) resources?: number;
  @IsOptional() @IsInt() @Min(0) @Max(99) actionTokens?: number;
}

export class CpModifiersParams {
  @IsOptional() @IsInt() @Min(-20) @Max(20) armor?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) speed?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) shieldPower?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) durability?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) critical?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) boarding?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) landing?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) crew?: number;
  @IsOptional() @IsInt() @Min(-20) @Max(20) strength?: number;
}

export class CpAbilityVariantParams {
  @IsString() @Length(1, 500) text!: string;
  @IsOptional() @IsInt() @Min(-10) @Max(10) initiative?: number;
  @IsOptional() @IsIn(['pirate', 'trader', 'procurator']) archetype?: string;
}

export class CpCardParams {
  /** Unique within the deck; defaults to the name. */
  @IsOptional() @IsString() @Length(1, 64) key?: string;
  @IsIn(CARD_KINDS) kind!: CardKind;
  @IsString() @Length(1, 100) name!: string;
  @IsOptional() @IsString() @Length(1, 100) nameEn?: string;
  @IsOptional() @IsString() @Length(1, 2000) text?: string;
  @IsOptional() @IsInt() @Min(0) @Max(99) cost?: number;
  @IsOptional() @IsInt() @Min(0) @Max(20) actionCost?: number;
  @IsOptional() @IsInt() @Min(1) @Max(6) rollCost?: number;
  /** light | medium | heavy (or ЛК | СК | ТК). */
  @IsOptional() @IsString() @Length(1, 10) size?: string;
  /** fighter, cruiser, battleship, ... */
  @IsOptional() @IsString() @Length(1, 64) shipClass?: string;
  /** `8(5)`: durability (critical damage). */
  @IsOptional() @IsString() @Length(1, 16) durability?: string;
  @IsOptional() @IsInt() @Min(0) @Max(99) speed?: number;
  /** `C3`: type and power. */
  @IsOptional() @IsString() @Length(1, 8) shield?: string;
  @IsOptional() @IsInt() @Min(0) @Max(99) armor?: number;
  /** `В5`, `Э3`, `Н2` or `0`. */
  @IsOptional() @IsString() @Length(1, 8) crew?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(12)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  weapons?: string[];
  @IsOptional() @IsInt() @Min(0) @Max(99) boarding?: number;
  @IsOptional() @IsInt() @Min(0) @Max(99) landing?: number;
  @IsOptional() @ValidateNested() @Type(() => CpYieldParams) commercialRun?: CpYieldParams;
  @IsOptional() @IsBoolean() escort?: boolean;
  @IsOptional() @IsBoolean() smuggling?: boolean;
  @IsOptional() @IsBoolean() evasive?: boolean;
  @IsOptional() @IsString() @Length(1, 32) objectType?: string;
  @IsOptional() @ValidateNested() @Type(() => CpYieldParams) income?: CpYieldParams;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => CpCardParams)
  builtIn?: CpCardParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Length(1, 32, { each: true })
  placeOn?: string[];
  @IsOptional() @IsInt() @Min(0) @Max(99) strength?: number;
  @IsOptional() @IsIn(CARD_KINDS) upgradeFor?: CardKind;
  @IsOptional() @ValidateNested() @Type(() => CpModifiersParams) modifiers?: CpModifiersParams;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CpAbilityVariantParams)
  variants?: CpAbilityVariantParams[];
  @IsOptional() @IsBoolean() special?: boolean;
  @IsOptional() @IsInt() @Min(0) @Max(99) initiative?: number;
  @IsOptional() @IsIn(['pirate', 'trader', 'procurator']) archetype?: string;
  @IsOptional() @IsBoolean() test?: boolean;
}

export class CpDeckEntryParams {
  /** A card of the sample catalog, by id (give this or `card`). */
  @IsOptional() @IsString() @Length(1, 64) catalog?: string;
  @IsOptional() @ValidateNested() @Type(() => CpCardParams) card?: CpCardParams;
  @IsInt() @Min(1) @Max(100) copies!: number;
}

export class CpCommanderParams {
  @IsOptional() @IsString() @Length(1, 64) catalog?: string;
  @IsOptional() @ValidateNested() @Type(() => CpCardParams) card?: CpCardParams;
}

export class CpPreselectedAbilityParams {
  /** The key of an ability card of the deck. */
  @IsId() card!: string;
  @IsInt() @Min(0) @Max(1) variant!: number;
}

export class CpRegisterDeckParams {
  @ValidateNested() @Type(() => CpCommanderParams) commander!: CpCommanderParams;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CpDeckEntryParams)
  cards!: CpDeckEntryParams[];
  /** Ability cards taken out of the deck before the game and played on the Commander. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => CpPreselectedAbilityParams)
  abilities?: CpPreselectedAbilityParams[];
}
