import { IsFreeText, IsId, IsPlainText } from '../../shared/safe-text';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import { FACTION_IDS, type FactionId } from './rex-factions';
import { LOCATION_ID, LOCATION_ROLES, SECTOR_COUNT, type LocationRole } from './rex-map';
import { STRATEGY_EFFECTS, type StrategyEffect } from './rex-events';
import { Field } from '../kit/field-doc';
import {
  INFLUENCE_CARD_KIND_NAMES,
  LOCATION_ROLE_NAMES,
  STRATEGY_CATEGORY_NAMES,
  STRATEGY_EFFECT_NAMES,
} from './rex-choice-names';

/** Params of Rex's setup: class-validator DTOs (unknown members are refused). The decisions' params are in decisions/<phase>.params.ts. */

export class RexLocalizedTextParams {
  @Field('The text in English', 'По-английски')
  @IsString()
  @Length(1, 2000)
  @IsFreeText()
  en!: string;
  @Field('The text in Russian', 'По-русски')
  @IsString()
  @Length(1, 2000)
  @IsFreeText()
  ru!: string;
}

export class RexPositionParams {
  @Field('Across the board, 0 (left) to 100 (right)', 'По горизонтали')
  @IsNumber()
  @Min(0)
  @Max(100)
  x!: number;
  @Field('Down the board, 0 (top) to 100 (bottom)', 'По вертикали')
  @IsNumber()
  @Min(0)
  @Max(100)
  y!: number;
}

export class RexLocationParams {
  @Field('Id of the location (lowercase letters, digits and -)', 'Идентификатор локации')
  @Matches(LOCATION_ID, { message: 'id must be lowercase letters, digits and -' })
  id!: string;
  @Field("The location's name", 'Название')
  @IsNestedObject(() => RexLocalizedTextParams)
  name!: RexLocalizedTextParams;
  @Field('The sectors (1 to 18) the location lies in', 'Секторы')
  @IsArray()
  @ArrayMaxSize(SECTOR_COUNT)
  @IsInt({ each: true })
  sectors!: number[];
  @Field('Whether a Shield protects it from bombardment', 'Под Щитом')
  @IsBoolean()
  shielded!: boolean;
  @Field('Whether it is a Stronghold', 'Крепость')
  @IsBoolean()
  stronghold!: boolean;
  @Field('Ids of the locations next to it', 'Соседние локации')
  @IsArray()
  @ArrayMaxSize(32)
  @IsId({ each: true })
  adjacent!: string[];
  @Field(
    'What else the location does: movement-bonus, sol-victory, no-battle, ...',
    'Особые свойства',
    LOCATION_ROLE_NAMES,
  )
  @IsOptional()
  @IsArray()
  @IsIn(LOCATION_ROLES, { each: true })
  roles?: LocationRole[];
  @Field('Where the viewer draws it on the board', 'Место на поле')
  @IsOptional()
  @IsNestedObject(() => RexPositionParams)
  position?: RexPositionParams;
}

export class RexMapParams {
  @Field('Id of the map', 'Идентификатор карты')
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  id!: string;
  @Field("The map's title", 'Название')
  @IsNestedObject(() => RexLocalizedTextParams)
  title!: RexLocalizedTextParams;
  @Field('Whether the map is a reconstruction, not the printed board', 'Реконструкция')
  @IsBoolean()
  reconstruction!: boolean;
  @Field('A note on the map shown to the players', 'Примечание')
  @IsOptional()
  @IsNestedObject(() => RexLocalizedTextParams)
  note?: RexLocalizedTextParams;
  @Field('The locations of the board', 'Локации')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(64)
  @IsNestedObjects(() => RexLocationParams)
  locations!: RexLocationParams[];
}

export class RexLeaderParams {
  @Field("The leader's name", 'Имя Лидера')
  @IsNestedObject(() => RexLocalizedTextParams)
  name!: RexLocalizedTextParams;
  @Field("The leader's strength", 'Сила')
  @IsInt()
  @Min(0)
  @Max(20)
  strength!: number;
}

export class RexPlacementParams {
  @Field('The location the troops start in', 'Локация')
  @IsId()
  location!: string;
  @Field('How many troops', 'Войска')
  @IsInt()
  @Min(0)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
}

export class RexFactionSetupParams {
  @Field('The race', 'Раса')
  @IsIn(FACTION_IDS)
  faction!: FactionId;
  @Field('Troops in the Reserve at the start', 'Войска в Резерве')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(40)
  troops?: number;
  /** Lazax only. */
  @Field('Lazax: how many of the troops are Mechanized', 'Механизированные Войска')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
  @Field('Influence at the start', 'Влияние')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  influence?: number;
  @Field("The race's leaders", 'Лидеры')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsNestedObjects(() => RexLeaderParams)
  leaders?: RexLeaderParams[];
  @Field('Troops on the board at the start, by location', 'Войска на Игровом Поле')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(32)
  @IsNestedObjects(() => RexPlacementParams)
  placements?: RexPlacementParams[];
}

export class RexInfluencePlaceParams {
  @Field('The location the card puts Influence in', 'Локация')
  @IsId()
  location!: string;
  @Field('How much Influence', 'Сколько Влияния')
  @IsInt()
  @Min(1)
  @Max(100)
  amount!: number;
}

export class RexInfluenceCardParams {
  @Field(
    'What the card is: standard, sol-offensive or ceasefire',
    'Вид карты',
    INFLUENCE_CARD_KIND_NAMES,
  )
  @IsIn(['standard', 'sol-offensive', 'ceasefire'])
  kind!: 'standard' | 'sol-offensive' | 'ceasefire';
  @Field("The card's name", 'Название')
  @IsOptional()
  @IsNestedObject(() => RexLocalizedTextParams)
  name?: RexLocalizedTextParams;
  @Field('Where the card puts Influence', 'Куда кладётся Влияние')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(4)
  @IsNestedObjects(() => RexInfluencePlaceParams)
  places?: RexInfluencePlaceParams[];
}

export class RexStrategyCardParams {
  @Field("The card's name", 'Название')
  @IsNestedObject(() => RexLocalizedTextParams)
  name!: RexLocalizedTextParams;
  @Field('What the card is: attack, defense or special', 'Тип карты', STRATEGY_CATEGORY_NAMES)
  @IsIn(['attack', 'defense', 'special'])
  category!: 'attack' | 'defense' | 'special';
  /** Attack cards: the weapon, which defenses may stop. */
  @Field('Attack cards: the weapon, which defenses may stop', 'Оружие')
  @IsOptional()
  @IsString()
  @Length(1, 32)
  @IsPlainText()
  weapon?: string;
  /** Defense cards: the weapons they stop. */
  @Field('Defense cards: the weapons they stop', 'Защищает от')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsString({ each: true })
  stops?: string[];
  /** Attack cards: the killer gains Influence equal to the killed leader's strength. */
  @Field(
    "Attack cards: the killer gains Influence equal to the killed leader's strength",
    'Влияние за убитого Лидера',
  )
  @IsOptional()
  @IsBoolean()
  payout?: boolean;
  /** Tactical Retreat (a defense card), or what a special card does when played (play-strategy). */
  @Field(
    'Tactical Retreat (a defense card), or what a special card does when played',
    'Действие карты',
    STRATEGY_EFFECT_NAMES,
  )
  @IsOptional()
  @IsIn(STRATEGY_EFFECTS)
  effect?: StrategyEffect;
  @Field('How many copies of the card the deck holds', 'Сколько копий')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  copies?: number;
}

export class RexBoardInfluenceParams {
  @Field('The location the Influence lies in', 'Локация')
  @IsId()
  location!: string;
  @Field('How much Influence', 'Сколько Влияния')
  @IsInt()
  @Min(0)
  @Max(1000)
  amount!: number;
}

export class RexSetupParams {
  @Field('The board: its locations and sectors (the reconstruction when absent)', 'Карта')
  @IsOptional()
  @IsNestedObject(() => RexMapParams)
  map?: RexMapParams;
  @Field('The seat that plays first (the first seat when absent)', 'Первый игрок')
  @IsOptional()
  @IsId()
  firstPlayer?: string;
  /** A game recorded from the middle: the round it starts in. */
  @Field('A game recorded from the middle: the round it starts in', 'Начальный раунд')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(8)
  startRound?: number;
  @Field('The sector the Dreadnought Fleet starts in (18 when absent)', 'Сектор Флота Дредноутов')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SECTOR_COUNT)
  fleetSector?: number;
  @Field("Each race's troops, Influence, leaders and placements at the start", 'Расы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @IsNestedObjects(() => RexFactionSetupParams)
  factions?: RexFactionSetupParams[];
  @Field('Influence lying on the board at the start, by location', 'Влияние на Игровом Поле')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsNestedObjects(() => RexBoardInfluenceParams)
  influenceOnBoard?: RexBoardInfluenceParams[];
  /** Alliances standing at the start (a game recorded from the middle): lists of seats. */
  @Field('Alliances standing at the start: lists of seats', 'Альянсы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsArray({ each: true })
  alliances?: string[][];
  @Field('The Influence cards, top first', 'Колода Карт Влияния')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsNestedObjects(() => RexInfluenceCardParams)
  influenceDeck?: RexInfluenceCardParams[];
  /** Influence cards already in the discard (a game recorded from the middle), oldest first. */
  @Field('Influence cards already in the discard, oldest first', 'Сброс Карт Влияния')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsNestedObjects(() => RexInfluenceCardParams)
  influenceDiscard?: RexInfluenceCardParams[];
  @Field('The Bombardment cards (sector numbers), top first', 'Колода Карт Бомбардировки')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(60)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(SECTOR_COUNT, { each: true })
  bombardmentDeck?: number[];
  @Field('The Strategy cards of the deck', 'Колода Карт Стратегии')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsNestedObjects(() => RexStrategyCardParams)
  strategyDeck?: RexStrategyCardParams[];
  /** The Traitor deck's order (leader ids, e.g. leader:sol:1); all leaders in seat order when absent. */
  @Field(
    "The Traitor deck's order (leader ids, e.g. leader:sol:1); all leaders in seat order when absent",
    'Колода Карт Предателей',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(60)
  @IsId({ each: true })
  traitorDeck?: string[];
  /** Starting Traitor and Strategy cards of every race but Letnev (4 and 2, fixed by the text). */
  @Field('Traitor cards each race but Letnev draws at the start', 'Карт Предателей на старте')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4)
  startingTraitors?: number;
  @Field('Strategy cards each race but Letnev draws at the start', 'Карт Стратегии на старте')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(4)
  startingStrategy?: number;
}
