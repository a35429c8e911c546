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
import {
  CANCELLABLE_ABILITIES,
  SLOTS,
  STRATEGY_EFFECTS,
  type CancellableAbility,
  type Slot,
  type StrategyEffect,
} from './rex-events';
import { Field } from '../kit/field-doc';
import { choiceNames } from '../../shared/localized-text';
import {
  INFLUENCE_CARD_KIND_NAMES,
  LOCATION_ROLE_NAMES,
  STRATEGY_CATEGORY_NAMES,
  STRATEGY_EFFECT_NAMES,
} from './rex-choice-names';
import { ABILITY_NAMES } from './rex-phrasing';

/** Params of Rex's setup and decisions: class-validator DTOs (unknown members are refused). */

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

// ---- Decisions ---------------------------------------------------------------------------

export class RexNoParams {}

/** Xxcha's prediction; only accepted sealed. Checked at the reveal (an invalid one names nobody). */
export class RexPredictParams {
  @Field('The seat Xxcha predicts will win', 'Кто победит')
  @IsId()
  seat!: string;
  @Field('The round in which it wins', 'В каком раунде')
  @IsInt()
  round!: number;
}

export class RexTransferParams {
  @Field('The seat given the Influence', 'Кому')
  @IsId()
  to!: string;
  @Field('How much Influence', 'Сколько Влияния')
  @IsInt()
  @Min(1)
  @Max(100_000)
  amount!: number;
}

export class RexOfferAllianceParams {
  @Field('The seat given your Alliance Benefit card', 'Кому')
  @IsId()
  to!: string;
}

export class RexBidParams {
  @Field('The bid in Influence (above the highest so far)', 'Ставка')
  @IsInt()
  @Min(1)
  @Max(100_000)
  amount!: number;
}

export class RexRecruitParams {
  @Field('How many troops come back from the Loss Bank (0 to recruit none)', 'Сколько Войск')
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
  @Field('A dead leader brought back', 'Лидер')
  @IsOptional()
  @IsId()
  leader?: string;
}

export class RexDeployParams {
  @Field('The location troops are deployed to from the Reserve', 'Куда')
  @IsId()
  location!: string;
  @Field(
    'Option troopSectors = one-sector: the sector of a location with several that the troops stand in',
    'Сектор',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SECTOR_COUNT)
  sector?: number;
  @Field('How many troops', 'Сколько Войск')
  @IsInt()
  @Min(1)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
}

export class RexMoveParams {
  @Field('The location the troops leave', 'Откуда')
  @IsId()
  from!: string;
  @Field('The location they move to', 'Куда')
  @IsId()
  to!: string;
  @Field(
    'Option troopSectors = one-sector: the sector of the destination the group stands in',
    'Сектор',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SECTOR_COUNT)
  sector?: number;
  @Field('How many troops', 'Сколько Войск')
  @IsInt()
  @Min(1)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
  @Field('The route from from to to; the shortest legal one when absent', 'Маршрут')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsId({ each: true })
  path?: string[];
}

export class RexStartBattleParams {
  @Field('The location the battle is fought in', 'Где')
  @IsId()
  location!: string;
  @Field('The seat fought', 'С кем')
  @IsId()
  opponent!: string;
}

/** The battle wheel: sealed by both sides, revealed together. */
export class RexBattlePlanParams {
  @Field('The number dialled on the battle wheel (troops committed)', 'Число на колесе')
  @IsInt()
  @Min(0)
  @Max(40)
  dial!: number;
  @Field('The leader put on the wheel', 'Лидер')
  @IsOptional()
  @IsId()
  leader?: string;
  @Field('Which card slots the wheel opens: none, attack, defense or attack-defense', 'Слоты карт')
  @IsIn(SLOTS)
  slot!: Slot;
}

/** The battle cards matching the wheel's slot: sealed, revealed together. */
export class RexBattleCardsParams {
  @Field('The attack card played (its slot open on the wheel)', 'Карта атаки')
  @IsOptional()
  @IsId()
  attack?: string;
  @Field('The defense card played (its slot open on the wheel)', 'Карта защиты')
  @IsOptional()
  @IsId()
  defense?: string;
}

/** A Traitor card against the opponent's leader on the wheel, or none: sealed, revealed together. */
export class RexCallTraitorParams {
  @Field(
    "A Traitor card naming the opponent's leader on the wheel; left out to call none",
    'Предатель',
  )
  @IsOptional()
  @IsId()
  traitor?: string;
}

export class RexTakeLossesParams {
  @Field('How many troops the winner loses (the number dialled)', 'Потерять Войск')
  @IsInt()
  @Min(0)
  @Max(40)
  troops!: number;
  @Field('How many of them are Mechanized', 'Из них механизированных')
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized!: number;
}

export class RexKeepCardsParams {
  @Field('Cards played in the battle that go to the discard (the rest are kept)', 'Сбросить')
  @IsArray()
  @ArrayMaxSize(2)
  @IsId({ each: true })
  discard!: string[];
}

/**
 * A Strategy card played outside battle, with the targets its effect needs: a location
 * (Graviton Inverter; the deployment of Informant–Deployment; the move of Accelerated
 * Mobilization, with from), a seat (the bidder Diplomatic Intervention bars, the race
 * Informant–Cancellation strikes) and the ability cancelled.
 */
export class RexPlayStrategyParams {
  @Field('The Strategy card from hand', 'Карта стратегии')
  @IsId()
  card!: string;
  @Field(
    'The location its effect needs (Graviton Inverter, Informant – Deployment, Accelerated Mobilization)',
    'Локация',
  )
  @IsOptional()
  @IsId()
  location?: string;
  @Field('Accelerated Mobilization: the location the troops leave', 'Откуда')
  @IsOptional()
  @IsId()
  from?: string;
  @Field('How many troops deploy or move', 'Сколько Войск')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(40)
  troops?: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
  @Field('Accelerated Mobilization: the route; the shortest legal one when absent', 'Маршрут')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsId({ each: true })
  path?: string[];
  @Field(
    'The bidder Diplomatic Intervention bars, or the race Informant – Cancellation strikes',
    'Игрок',
  )
  @IsOptional()
  @IsId()
  seat?: string;
  @Field(
    'Informant – Cancellation: the ability cancelled',
    'Способность',
    choiceNames(ABILITY_NAMES),
  )
  @IsOptional()
  @IsIn(CANCELLABLE_ABILITIES)
  ability?: CancellableAbility;
}

/** Xxcha turns all its troops in a location face down. */
export class RexFlipTroopsParams {
  @Field('The location where Xxcha turns all its troops face down', 'Локация')
  @IsId()
  location!: string;
}

/** Sol (or an ally) moves troops out of a location the Sol Offensive struck, to any location. */
export class RexSolOffensiveMoveParams {
  @Field('The location the Sol Offensive struck', 'Откуда')
  @IsId()
  from!: string;
  @Field('Any location the troops move to', 'Куда')
  @IsId()
  to!: string;
  @Field('How many troops', 'Сколько Войск')
  @IsInt()
  @Min(1)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
}
