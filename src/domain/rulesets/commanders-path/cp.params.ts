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

/**
 * Params of the Commanders Path decisions. Dice faces are optional everywhere: they are
 * the faces of physical dice (option diceSource), left out for server dice.
 */

const FACES = { each: true } as const;

export class CpNoParams {}

export class CpBuildParams {
  @IsId() card!: string;
  @IsInt() @Min(1) @Max(99) pay!: number;
}

export class CpSetupSpendParams {
  @IsArray()
  @ArrayMaxSize(25)
  @ValidateNested({ each: true })
  @Type(() => CpBuildParams)
  builds!: CpBuildParams[];
}

export class CpInitiativeRollParams {
  /** One face per seat, in seat order. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt(FACES)
  faces?: number[];
}

export class CpPlacementParams {
  @IsId() card!: string;
  /** `new` (a new sector; `new:<label>` for several), `sector:<n>`, or `orbit:<object>`. */
  @IsId() to!: string;
}

export class CpDeployParams {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CpPlacementParams)
  ships?: CpPlacementParams[];
  /** The ship or object the Commander is placed on. */
  @IsId() commander!: string;
  /** With more than 7 cards in hand: the 7 to keep. */
  @IsOptional() @IsArray() @ArrayMaxSize(7) @IsId({ each: true }) keep?: string[];
}

export class CpCommercialRunParams {
  @IsId() ship!: string;
  /** The object whose orbit the ship flies to. */
  @IsId() to!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsId({ each: true }) escorts?: string[];
}

export class CpSmugglingRunParams {
  @IsId() ship!: string;
  @IsId() target!: string;
  @IsOptional() @IsInt() face?: number;
}

export class CpPlayAbilityParams {
  @IsId() card!: string;
  @IsInt() @Min(0) @Max(1) variant!: number;
  /** With three abilities in play: the one that goes to Losses. */
  @IsOptional() @IsId() replace?: string;
}

export class CpProduceParams {
  @IsId() card!: string;
  /** Resources spent on it now (its production tokens). */
  @IsInt() @Min(1) @Max(99) pay!: number;
  /** Where it goes when this completes it: a ship's location, or the object a ground card stands on. */
  @IsOptional() @IsId() to?: string;
}

export class CpUpgradeParams {
  @IsId() card!: string;
  @IsId() target!: string;
}

export class CpMoveUpgradeParams {
  @IsId() upgrade!: string;
  @IsId() to!: string;
}

export class CpCardFaceParams {
  @IsId() card!: string;
  /** The D6 of a roll cost, when reported. */
  @IsOptional() @IsInt() face?: number;
  /** What the card does, as the player applies it (its effect is made with manual adjustments). */
  @IsOptional() @IsString() @Length(1, 500) note?: string;
}

export class CpCardRefParams {
  @IsId() card!: string;
}

export class CpMoveCommanderParams {
  @IsId() to!: string;
}

export class CpBuyTokensParams {
  @IsInt() @Min(1) @Max(99) count!: number;
}

export class CpEndProductionParams {
  /** An ability card from hand to put into Losses for 1 action token. */
  @IsOptional() @IsId() discardAbility?: string;
}

export class CpMoveShipsParams {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsId({ each: true })
  ships!: string[];
  /** `new`, `sector:<n>` or `orbit:<object>`. */
  @IsId() to!: string;
}

export class CpMoveGroundParams {
  @IsId() card!: string;
  /** The object it moves to. */
  @IsId() to!: string;
}

export class CpStartBattleParams {
  @IsId() location!: string;
}

export class CpEchelonParams {
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsId({ each: true }) second?: string[];
  /** Do not ask this seat about withdrawals and distance manoeuvres in this battle. */
  @IsOptional() @IsBoolean() autoPass?: boolean;
}

export class CpWithdrawParams {
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsId({ each: true }) ships?: string[];
  /** `new` (default) or a `sector:<n>` with no enemy ships. */
  @IsOptional() @IsId() to?: string;
}

export class CpAllowWithdrawalParams {
  @IsBoolean() allow!: boolean;
}

export const WEAPON_KINDS = [
  'plasma',
  'turbolaser',
  'maser',
  'lasers',
  'missiles',
  'torpedoes',
  'nova',
  'bombs',
] as const;

export class CpAttackParams {
  @IsId() ship!: string;
  @IsIn(WEAPON_KINDS) weapon!: string;
  /** One target; lasers N/P up to N different ones; a Nova may list up to 3 in order of choice. */
  @IsArray() @ArrayMaxSize(10) @IsId({ each: true }) targets!: string[];
  /** Missile or torpedo hit dice, one per missile/torpedo. */
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsInt(FACES) hitFaces?: number[];
  /** Point-defence dice, one per hit the target’s lasers may shoot down. */
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsInt(FACES) defenceFaces?: number[];
  /** Light-ship manoeuvre: attacker’s die then defender’s die, per light target. */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsInt(FACES) manoeuvreFaces?: number[];
  /** Nova: the activation die, then the target-count die. */
  @IsOptional() @IsArray() @ArrayMaxSize(2) @IsInt(FACES) novaFaces?: number[];
}

export class CpRamParams {
  @IsId() ship!: string;
  @IsId() target!: string;
  /** The target’s evasion die (when its speed is at least the rammer’s). */
  @IsOptional() @IsInt() evadeFace?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(2) @IsInt(FACES) manoeuvreFaces?: number[];
}

export class CpBoardParams {
  @IsId() ship!: string;
  @IsId() target!: string;
  /** Boarder’s die, then defender’s die (and further pairs for rerolled ties). */
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsInt(FACES) faces?: number[];
}

export class CpBombParams {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsId({ each: true })
  ships!: string[];
  @IsId() target!: string;
}

export class CpEvadeParams {
  @IsBoolean() evade!: boolean;
}

export class CpNovaTargetsParams {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(3) @IsId({ each: true }) targets!: string[];
}

export class CpNovaShieldsParams {
  /** Hit ships whose shield power is subtracted (they lose shield and maser for the battle phase). */
  @IsArray() @ArrayMaxSize(3) @IsId({ each: true }) sacrifice!: string[];
}

export class CpCounterFireParams {
  /** A Short-range weapon of the attacked ship; left out to decline. */
  @IsOptional() @IsIn(WEAPON_KINDS) weapon?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsInt(FACES) hitFaces?: number[];
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsInt(FACES) defenceFaces?: number[];
}

export class CpEndRoundParams {
  /** stop closing, resume closing, increase distance, or bring in the second echelon (orbit). */
  @IsOptional() @IsIn(['stop', 'resume', 'increase', 'echelon']) manoeuvre?: string;
  @IsOptional() @IsIn(['long', 'medium', 'short']) distance?: string;
}

export class CpGroundAssaultParams {
  @IsBoolean() continue!: boolean;
}

export class CpLandParams {
  /** Ships using their landing; empty to decline. */
  @IsArray() @ArrayMaxSize(50) @IsId({ each: true }) ships!: string[];
}

export class CpCivilParams {
  @IsId() object!: string;
  @IsIn(['destroy', 'capture']) choice!: string;
}

export class CpManualIdParams {
  @IsId() id!: string;
}

export class CpAutoPassParams {
  @IsBoolean() on!: boolean;
}
