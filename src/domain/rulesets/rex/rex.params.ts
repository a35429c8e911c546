import { IsId } from '../../shared/safe-text';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { FACTION_IDS, type FactionId } from './rex-factions';
import { LOCATION_ID, LOCATION_ROLES, SECTOR_COUNT, type LocationRole } from './rex-map';
import {
  CANCELLABLE_ABILITIES,
  SLOTS,
  STRATEGY_EFFECTS,
  type CancellableAbility,
  type Slot,
  type StrategyEffect,
} from './rex-events';

/** Params of Rex's setup and decisions: class-validator DTOs (unknown members are refused). */

export class RexLocalizedTextParams {
  @IsString() @Length(1, 2000) en!: string;
  @IsString() @Length(1, 2000) ru!: string;
}

export class RexPositionParams {
  @IsNumber() @Min(0) @Max(100) x!: number;
  @IsNumber() @Min(0) @Max(100) y!: number;
}

export class RexLocationParams {
  @Matches(LOCATION_ID, { message: 'id must be lowercase letters, digits and -' }) id!: string;
  @ValidateNested() @Type(() => RexLocalizedTextParams) name!: RexLocalizedTextParams;
  @IsArray() @ArrayMaxSize(SECTOR_COUNT) @IsInt({ each: true }) sectors!: number[];
  @IsBoolean() shielded!: boolean;
  @IsBoolean() stronghold!: boolean;
  @IsArray() @ArrayMaxSize(32) @IsId({ each: true }) adjacent!: string[];
  @IsOptional() @IsArray() @IsIn(LOCATION_ROLES, { each: true }) roles?: LocationRole[];
  @IsOptional() @ValidateNested() @Type(() => RexPositionParams) position?: RexPositionParams;
}

export class RexMapParams {
  @IsString() @Length(1, 64) id!: string;
  @ValidateNested() @Type(() => RexLocalizedTextParams) title!: RexLocalizedTextParams;
  @IsBoolean() reconstruction!: boolean;
  @IsOptional() @ValidateNested() @Type(() => RexLocalizedTextParams) note?: RexLocalizedTextParams;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => RexLocationParams)
  locations!: RexLocationParams[];
}

export class RexLeaderParams {
  @ValidateNested() @Type(() => RexLocalizedTextParams) name!: RexLocalizedTextParams;
  @IsInt() @Min(0) @Max(20) strength!: number;
}

export class RexPlacementParams {
  @IsId() location!: string;
  @IsInt() @Min(0) @Max(40) troops!: number;
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
}

export class RexFactionSetupParams {
  @IsIn(FACTION_IDS) faction!: FactionId;
  @IsOptional() @IsInt() @Min(0) @Max(40) troops?: number;
  /** Lazax only. */
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
  @IsOptional() @IsInt() @Min(0) @Max(1000) influence?: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => RexLeaderParams)
  leaders?: RexLeaderParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(32)
  @ValidateNested({ each: true })
  @Type(() => RexPlacementParams)
  placements?: RexPlacementParams[];
}

export class RexInfluencePlaceParams {
  @IsId() location!: string;
  @IsInt() @Min(1) @Max(100) amount!: number;
}

export class RexInfluenceCardParams {
  @IsIn(['standard', 'sol-offensive', 'ceasefire']) kind!:
    'standard' | 'sol-offensive' | 'ceasefire';
  @IsOptional() @ValidateNested() @Type(() => RexLocalizedTextParams) name?: RexLocalizedTextParams;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => RexInfluencePlaceParams)
  places?: RexInfluencePlaceParams[];
}

export class RexStrategyCardParams {
  @ValidateNested() @Type(() => RexLocalizedTextParams) name!: RexLocalizedTextParams;
  @IsIn(['attack', 'defense', 'special']) category!: 'attack' | 'defense' | 'special';
  /** Attack cards: the weapon, which defenses may stop. */
  @IsOptional() @IsString() @Length(1, 32) weapon?: string;
  /** Defense cards: the weapons they stop. */
  @IsOptional() @IsArray() @ArrayMaxSize(8) @IsString({ each: true }) stops?: string[];
  /** Attack cards: the killer gains Influence equal to the killed leader's strength. */
  @IsOptional() @IsBoolean() payout?: boolean;
  /** Tactical Retreat (a defense card), or what a special card does when played (play-strategy). */
  @IsOptional() @IsIn(STRATEGY_EFFECTS) effect?: StrategyEffect;
  @IsOptional() @IsInt() @Min(1) @Max(20) copies?: number;
}

export class RexBoardInfluenceParams {
  @IsId() location!: string;
  @IsInt() @Min(0) @Max(1000) amount!: number;
}

export class RexSetupParams {
  @IsOptional() @ValidateNested() @Type(() => RexMapParams) map?: RexMapParams;
  @IsOptional() @IsId() firstPlayer?: string;
  /** A game recorded from the middle: the round it starts in. */
  @IsOptional() @IsInt() @Min(1) @Max(8) startRound?: number;
  @IsOptional() @IsInt() @Min(1) @Max(SECTOR_COUNT) fleetSector?: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @ValidateNested({ each: true })
  @Type(() => RexFactionSetupParams)
  factions?: RexFactionSetupParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => RexBoardInfluenceParams)
  influenceOnBoard?: RexBoardInfluenceParams[];
  /** Alliances standing at the start (a game recorded from the middle): lists of seats. */
  @IsOptional() @IsArray() @ArrayMaxSize(3) @IsArray({ each: true }) alliances?: string[][];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => RexInfluenceCardParams)
  influenceDeck?: RexInfluenceCardParams[];
  /** Influence cards already in the discard (a game recorded from the middle), oldest first. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RexInfluenceCardParams)
  influenceDiscard?: RexInfluenceCardParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(60)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(SECTOR_COUNT, { each: true })
  bombardmentDeck?: number[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => RexStrategyCardParams)
  strategyDeck?: RexStrategyCardParams[];
  /** The Traitor deck's order (leader ids, e.g. leader:sol:1); all leaders in seat order when absent. */
  @IsOptional() @IsArray() @ArrayMaxSize(60) @IsId({ each: true }) traitorDeck?: string[];
  /** Starting Traitor and Strategy cards of every race but Letnev (4 and 2, fixed by the text). */
  @IsOptional() @IsInt() @Min(0) @Max(4) startingTraitors?: number;
  @IsOptional() @IsInt() @Min(0) @Max(4) startingStrategy?: number;
}

// ---- Decisions ---------------------------------------------------------------------------

export class RexNoParams {}

/** Xxcha's prediction; only accepted sealed. Checked at the reveal (an invalid one names nobody). */
export class RexPredictParams {
  @IsId() seat!: string;
  @IsInt() round!: number;
}

export class RexTransferParams {
  @IsId() to!: string;
  @IsInt() @Min(1) @Max(100_000) amount!: number;
}

export class RexOfferAllianceParams {
  @IsId() to!: string;
}

export class RexBidParams {
  @IsInt() @Min(1) @Max(100_000) amount!: number;
}

export class RexRecruitParams {
  @IsInt() @Min(0) @Max(40) troops!: number;
  /** Lazax: how many of them are Mechanized. */
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
  @IsOptional() @IsId() leader?: string;
}

export class RexDeployParams {
  @IsId() location!: string;
  /** Option troopSectors = one-sector: the sector of a location with several that the troops stand in. */
  @IsOptional() @IsInt() @Min(1) @Max(SECTOR_COUNT) sector?: number;
  @IsInt() @Min(1) @Max(40) troops!: number;
  /** Lazax: how many of them are Mechanized. */
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
}

export class RexMoveParams {
  @IsId() from!: string;
  @IsId() to!: string;
  /** Option troopSectors = one-sector: the sector of `to` the group stands in. */
  @IsOptional() @IsInt() @Min(1) @Max(SECTOR_COUNT) sector?: number;
  @IsInt() @Min(1) @Max(40) troops!: number;
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
  /** The route, from `from` to `to`; the shortest legal one when absent. */
  @IsOptional() @IsArray() @ArrayMaxSize(8) @IsId({ each: true }) path?: string[];
}

export class RexStartBattleParams {
  @IsId() location!: string;
  @IsId() opponent!: string;
}

/** The battle wheel: sealed by both sides, revealed together. */
export class RexBattlePlanParams {
  @IsInt() @Min(0) @Max(40) dial!: number;
  @IsOptional() @IsId() leader?: string;
  @IsIn(SLOTS) slot!: Slot;
}

/** The battle cards matching the wheel's slot: sealed, revealed together. */
export class RexBattleCardsParams {
  @IsOptional() @IsId() attack?: string;
  @IsOptional() @IsId() defense?: string;
}

/** A Traitor card against the opponent's leader on the wheel, or none: sealed, revealed together. */
export class RexCallTraitorParams {
  @IsOptional() @IsId() traitor?: string;
}

export class RexTakeLossesParams {
  @IsInt() @Min(0) @Max(40) troops!: number;
  @IsInt() @Min(0) @Max(20) mechanized!: number;
}

export class RexKeepCardsParams {
  @IsArray() @ArrayMaxSize(2) @IsId({ each: true }) discard!: string[];
}

/**
 * A Strategy card played outside battle, with the targets its effect needs: a location
 * (Graviton Inverter; the deployment of Informant–Deployment; the move of Accelerated
 * Mobilization, with from), a seat (the bidder Diplomatic Intervention bars, the race
 * Informant–Cancellation strikes) and the ability cancelled.
 */
export class RexPlayStrategyParams {
  @IsId() card!: string;
  @IsOptional() @IsId() location?: string;
  @IsOptional() @IsId() from?: string;
  @IsOptional() @IsInt() @Min(1) @Max(40) troops?: number;
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(8) @IsId({ each: true }) path?: string[];
  @IsOptional() @IsId() seat?: string;
  @IsOptional() @IsIn(CANCELLABLE_ABILITIES) ability?: CancellableAbility;
}

/** Xxcha turns all its troops in a location face down. */
export class RexFlipTroopsParams {
  @IsId() location!: string;
}

/** Sol (or an ally) moves troops out of a location the Sol Offensive struck, to any location. */
export class RexSolOffensiveMoveParams {
  @IsId() from!: string;
  @IsId() to!: string;
  @IsInt() @Min(1) @Max(40) troops!: number;
  @IsOptional() @IsInt() @Min(0) @Max(20) mechanized?: number;
}
