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
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsNestedObject } from '../../shared/nested-dto';
import { IsId, IsPlainText } from '../../shared/safe-text';
import { FACTION_IDS, type FactionId } from './gl-factions';
import { MAX_LANE_LY, MAX_TERRITORIES, PLANET_COLOURS, type PlanetColour } from './gl-map';

/** Params of the league's setup and decisions (class-validator DTOs; unknown members are refused). */

export class GalaxyLeagueTextParams {
  @IsString() @Length(1, 200) @IsPlainText() en!: string;
  @IsString() @Length(1, 200) @IsPlainText() ru!: string;
}

export class GalaxyLeaguePositionParams {
  @IsNumber() @Min(0) @Max(100) x!: number;
  @IsNumber() @Min(0) @Max(100) y!: number;
}

export class GalaxyLeagueTerritoryParams {
  @IsId() id!: string;
  @IsNestedObject(() => GalaxyLeagueTextParams) name!: GalaxyLeagueTextParams;
  @IsIn(PLANET_COLOURS) colour!: PlanetColour;
  @IsOptional()
  @IsNestedObject(() => GalaxyLeaguePositionParams)
  position?: GalaxyLeaguePositionParams;
}

export class GalaxyLeagueLaneParams {
  @IsId() from!: string;
  @IsId() to!: string;
  /** Light years between them; 1 when absent. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_LANE_LY) ly?: number;
}

export class GalaxyLeagueWormholeParams {
  @IsId() from!: string;
  @IsId() to!: string;
}

export class GalaxyLeagueStartParams {
  @IsId() capital!: string;
  @IsArray() @ArrayMaxSize(16) @IsId({ each: true }) planets!: string[];
}

export class GalaxyLeagueMapParams {
  @IsId() id!: string;
  @IsNestedObject(() => GalaxyLeagueTextParams) title!: GalaxyLeagueTextParams;
  /** The organizer says whether the map is made up (the text has none). */
  @IsOptional() @IsBoolean() illustrative?: boolean;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TERRITORIES)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueTerritoryParams)
  territories!: GalaxyLeagueTerritoryParams[];
  @IsArray()
  @ArrayMaxSize(MAX_TERRITORIES * 6)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueLaneParams)
  lanes!: GalaxyLeagueLaneParams[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueWormholeParams)
  wormholes?: GalaxyLeagueWormholeParams[];
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(32)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueStartParams)
  starts!: GalaxyLeagueStartParams[];
}

/** A technology of the organizer's catalogue: the text names none (§2 of the digest). */
export class GalaxyLeagueTechnologyParams {
  @IsId() id!: string;
  @IsNestedObject(() => GalaxyLeagueTextParams) name!: GalaxyLeagueTextParams;
  @IsInt() @Min(0) @Max(100_000) cost!: number;
  /** Points in the standings' «Другое» column. */
  @IsOptional() @IsInt() @Min(0) @Max(100) points?: number;
  /** Extra income a round. */
  @IsOptional() @IsInt() @Min(0) @Max(10_000) income?: number;
  /** «технология Червоточин»: wormholes open, attacks beyond 3 LY allowed. */
  @IsOptional() @IsBoolean() wormholes?: boolean;
  /** It builds a structure, placed at once on one of the player's territories. */
  @IsOptional() @IsBoolean() structure?: boolean;
}

export class GalaxyLeagueHostilityParams {
  @IsIn(FACTION_IDS) a!: FactionId;
  @IsIn(FACTION_IDS) b!: FactionId;
}

export class GalaxyLeagueSetupParams {
  @IsOptional() @IsNestedObject(() => GalaxyLeagueMapParams) map?: GalaxyLeagueMapParams;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueTechnologyParams)
  technologies?: GalaxyLeagueTechnologyParams[];
  /** Pairs of hostile factions (the text mentions hostility and gives no table: none by default). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(28)
  @ValidateNested({ each: true })
  @Type(() => GalaxyLeagueHostilityParams)
  hostile?: GalaxyLeagueHostilityParams[];
  /** Seats kept for new players, who enter at the start of round 4 or 8 (none by default). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  entrants?: string[];
}
