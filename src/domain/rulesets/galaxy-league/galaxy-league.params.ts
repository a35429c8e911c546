import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import { IsId } from '../../shared/safe-text';
import { Field } from '../kit/field-doc';
import { LocalizedTextParams } from '../kit/table-decisions.params';
import { FACTION_IDS, type FactionId } from './gl-factions';
import {
  MAX_LANE_LY,
  MAX_TERRITORIES,
  PLANET_COLOUR_NAMES,
  PLANET_COLOURS,
  type PlanetColour,
} from './gl-map';

/** Params of the league's setup and decisions (class-validator DTOs; unknown members are refused). */

export class GalaxyLeaguePositionParams {
  @Field('Across the map, 0 (left) to 100 (right)', 'По горизонтали')
  @IsNumber()
  @Min(0)
  @Max(100)
  x!: number;
  @Field('Down the map, 0 (top) to 100 (bottom)', 'По вертикали')
  @IsNumber()
  @Min(0)
  @Max(100)
  y!: number;
}

export class GalaxyLeagueTerritoryParams {
  @Field('Id of the territory', 'Идентификатор территории')
  @IsId()
  id!: string;
  @Field("The territory's name", 'Название')
  @IsNestedObject(() => LocalizedTextParams)
  name!: LocalizedTextParams;
  @Field("The planet's colour: red, lilac or blue", 'Цвет планеты', PLANET_COLOUR_NAMES)
  @IsIn(PLANET_COLOURS)
  colour!: PlanetColour;
  @Field('Where the viewer draws it on the map', 'Место на карте')
  @IsOptional()
  @IsNestedObject(() => GalaxyLeaguePositionParams)
  position?: GalaxyLeaguePositionParams;
}

export class GalaxyLeagueLaneParams {
  @Field('The territory at one end', 'Откуда')
  @IsId()
  from!: string;
  @Field('The territory at the other end', 'Куда')
  @IsId()
  to!: string;
  /** Light years between them; 1 when absent. */
  @Field('Light years between them; 1 when absent', 'Световых лет')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_LANE_LY)
  ly?: number;
}

export class GalaxyLeagueWormholeParams {
  @Field('The territory at one end', 'Откуда')
  @IsId()
  from!: string;
  @Field('The territory at the other end', 'Куда')
  @IsId()
  to!: string;
}

export class GalaxyLeagueStartParams {
  @Field('The capital of a starting position', 'Столица')
  @IsId()
  capital!: string;
  @Field('The other planets of the starting position', 'Планеты')
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  planets!: string[];
}

export class GalaxyLeagueMapParams {
  @Field('Id of the map', 'Идентификатор карты')
  @IsId()
  id!: string;
  @Field("The map's title", 'Название')
  @IsNestedObject(() => LocalizedTextParams)
  title!: LocalizedTextParams;
  /** The organizer says whether the map is made up (the text has none). */
  @Field('Whether the map is made up (the text has none)', 'Иллюстративная карта')
  @IsOptional()
  @IsBoolean()
  illustrative?: boolean;
  @Field('The territories (planets) of the map', 'Территории')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TERRITORIES)
  @IsNestedObjects(() => GalaxyLeagueTerritoryParams)
  territories!: GalaxyLeagueTerritoryParams[];
  @Field('The lanes between territories, in light years', 'Пути')
  @IsArray()
  @ArrayMaxSize(MAX_TERRITORIES * 6)
  @IsNestedObjects(() => GalaxyLeagueLaneParams)
  lanes!: GalaxyLeagueLaneParams[];
  @Field('The wormholes between territories', 'Червоточины')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsNestedObjects(() => GalaxyLeagueWormholeParams)
  wormholes?: GalaxyLeagueWormholeParams[];
  @Field('The starting positions: a capital and its planets', 'Стартовые позиции')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(32)
  @IsNestedObjects(() => GalaxyLeagueStartParams)
  starts!: GalaxyLeagueStartParams[];
}

/** A technology of the organizer's catalogue: the text names none (§2 of the digest). */
export class GalaxyLeagueTechnologyParams {
  @Field('Id of the technology', 'Идентификатор технологии')
  @IsId()
  id!: string;
  @Field("The technology's name", 'Название')
  @IsNestedObject(() => LocalizedTextParams)
  name!: LocalizedTextParams;
  @Field('What it costs, in IC', 'Стоимость, ИК')
  @IsInt()
  @Min(0)
  @Max(100_000)
  cost!: number;
  /** Points in the standings' «Другое» column. */
  @Field("Points in the standings' «Другое» column", 'Очки («Другое»)')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  points?: number;
  /** Extra income a round. */
  @Field('Extra income a round, in IC', 'Доход за раунд, ИК')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  income?: number;
  /** «технология Червоточин»: wormholes open, attacks beyond 3 LY allowed. */
  @Field(
    '«технология Червоточин»: wormholes open, attacks beyond 3 LY allowed',
    'Технология Червоточин',
  )
  @IsOptional()
  @IsBoolean()
  wormholes?: boolean;
  /** It builds a structure, placed at once on one of the player's territories. */
  @Field(
    "It builds a structure, placed at once on one of the player's territories",
    'Строит сооружение',
  )
  @IsOptional()
  @IsBoolean()
  structure?: boolean;
}

export class GalaxyLeagueHostilityParams {
  @Field('One faction of the pair', 'Фракция')
  @IsIn(FACTION_IDS)
  a!: FactionId;
  @Field('The faction hostile to it', 'Враждебная ей фракция')
  @IsIn(FACTION_IDS)
  b!: FactionId;
}

export class GalaxyLeagueSetupParams {
  @Field('The map of the Galaxy (the illustrative one when absent)', 'Карта Галактики')
  @IsOptional()
  @IsNestedObject(() => GalaxyLeagueMapParams)
  map?: GalaxyLeagueMapParams;
  @Field("The organizer's catalogue of technologies", 'Технологии')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsNestedObjects(() => GalaxyLeagueTechnologyParams)
  technologies?: GalaxyLeagueTechnologyParams[];
  /** Pairs of hostile factions (the text mentions hostility and gives no table: none by default). */
  @Field('Pairs of hostile factions (none by default)', 'Враждебные фракции')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(28)
  @IsNestedObjects(() => GalaxyLeagueHostilityParams)
  hostile?: GalaxyLeagueHostilityParams[];
  /** Seats kept for new players, who enter at the start of round 4 or 8 (none by default). */
  @Field(
    'Seats kept for new players, who enter at the start of round 4 or 8 (none by default)',
    'Места для новых игроков',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  entrants?: string[];
}
