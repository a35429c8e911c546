import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import { IsId, IsPlainText } from '../../shared/safe-text';
import { Field } from '../kit/field-doc';
import {
  GROUND_CELL_NAMES,
  ROLE_NAMES,
  SPACE_CELL_NAMES,
  SPECIALTY_NAMES,
} from './sw-choice-names';
import { LocalizedTextParams } from '../kit/table-decisions.params';
import { PRODUCTION_ITEMS, SHIP_CLASSES } from './sw-catalog';

/** Params classes are named after the game: the server refuses two classes of one name. */
export class SwNoParams {}

export const MAPS = ['space', 'ground'] as const;
export const STEPS = [
  'forward',
  'forward-left',
  'forward-right',
  'back',
  'back-left',
  'back-right',
  'turn-left',
  'turn-right',
] as const;
export type Step = (typeof STEPS)[number];

export class SwMapParams {
  @Field('Which map: space or ground', 'Карта')
  @IsIn(MAPS)
  map!: 'space' | 'ground';
}

export class SwTurnsLeftParams {
  @Field('Which map: space or ground', 'Карта')
  @IsIn(MAPS)
  map!: 'space' | 'ground';

  @Field('How many turns are left, as the Game Master announces', 'Осталось ходов')
  @IsInt()
  @Min(0)
  @Max(99)
  turns!: number;
}

export class SwBuyShipsParams {
  @Field(
    'The ships bought: one class, or up to three fighters and bombers for a squadron',
    'Покупаемые корабли',
  )
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsIn([...SHIP_CLASSES, 'transport'], { each: true })
  classes!: string[];
}

export class SwBuyCargoParams {
  @Field('The transport loaded, at or next to your tunnel', 'Транспорт')
  @IsId()
  transport!: string;

  @Field('reinforcements or station', 'Груз')
  @IsIn(['reinforcements', 'station'])
  cargo!: 'reinforcements' | 'station';
}

export class SwEnterParams {
  @Field('The ship entering play (built, or a transport back at the tunnel)', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The cell of its bow deck, "s:q:r"', 'Клетка носа')
  @IsId()
  bow!: string;

  @Field('Its heading, 0-5 counter-clockwise from east', 'Курс')
  @IsInt()
  @Min(0)
  @Max(5)
  heading!: number;

  @Field(
    'A cruiser with a working Dock it appears beside, instead of the tunnel',
    'Крейсер с доком',
  )
  @IsOptional()
  @IsId()
  dock?: string;
}

export class SwMoveParams {
  @Field('The ship moved', 'Корабль')
  @IsId()
  ship!: string;

  @Field(
    'The steps: forward, forward-left, forward-right (back… for single-deck ships), turn-left, turn-right',
    'Шаги',
  )
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(12)
  @IsIn(STEPS, { each: true })
  steps!: Step[];

  @Field('The deck (1 = bow) a pivot turns about', 'Палуба-ось')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4)
  pivotDeck?: number;
}

export class SwFireParams {
  @Field('The firing ship', 'Корабль')
  @IsId()
  ship!: string;

  // The target before the decks: a form asks what is fired at, then which decks reach it.
  @Field('The target: a ship, a station or a mine', 'Цель')
  @IsId()
  target!: string;

  @Field('The firing decks (1 = bow), each once a turn', 'Палубы залпа')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(4, { each: true })
  decks!: number[];

  @Field('The target deck of a multi-deck ship, chosen before the roll', 'Палуба цели')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4)
  targetDeck?: number;
}

export class SwCellParams {
  @Field('The ship acting', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The cell, "s:q:r" on the space map or "g:q:r" on the ground map', 'Клетка')
  @IsId()
  cell!: string;
}

export class SwShipParams {
  @Field('The ship acting', 'Корабль')
  @IsId()
  ship!: string;
}

export class SwLineOfFireParams {
  @Field('The firing ship', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The target it fires at', 'Цель')
  @IsId()
  target!: string;

  @Field('Whether the Game Master finds the line of fire clear', 'Линия открыта')
  @IsBoolean()
  clear!: boolean;
}

export class SwPieceHitParams {
  @Field('A unit, a support means or a generator in the bombarded hexes', 'Цель')
  @IsId()
  piece!: string;

  @Field('Hits it takes', 'Попаданий')
  @IsInt()
  @Min(0)
  @Max(5)
  hits!: number;
}

export class SwBombardmentDamageParams {
  @Field('What each piece takes, as the Game Master rules', 'Урон')
  @IsArray()
  @ArrayMaxSize(40)
  @IsNestedObjects(() => SwPieceHitParams)
  hits!: SwPieceHitParams[];
}

export class SwRepairParams {
  @Field('The ship repaired', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The Mechanic: its captain, or the captain of a ship next to it', 'Механик')
  @IsPlainText()
  mechanic!: string;

  @Field(
    'The lost deck repaired (1 = bow), chosen by the player; left out only when no deck is lost (the shields alone)',
    'Палуба',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4)
  deck?: number;
}

export class SwFighterToGroundParams {
  @Field('The fighter leaving for the ground map', 'Истребитель')
  @IsId()
  ship!: string;

  @Field('The two ground hexes it lands on, in your territory', 'Гексы посадки')
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsId({ each: true })
  hexes!: string[];

  @Field('The ground legionnaire whose squad it joins (a Pilot, if any)', 'Отряд')
  @IsPlainText()
  squad!: string;
}

export class SwQueueParams {
  @Field('What is produced: infantry, walker, turret, shield-field, comm-centre', 'Производство')
  @IsIn(PRODUCTION_ITEMS)
  item!: string;

  @Field('Where it appears, "g:q:r" (a support means must have one)', 'Гекса')
  @IsOptional()
  @IsId()
  hex?: string;

  @Field('The legionnaire whose squad a unit joins', 'Отряд')
  @IsOptional()
  @IsPlainText()
  squad?: string;
}

export class SwUnitMoveParams {
  @Field('The unit moved', 'Юнит')
  @IsId()
  unit!: string;

  @Field('Its steps, each a direction 0-5 (1 action point a hex)', 'Шаги')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(30)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(5, { each: true })
  steps!: number[];
}

export class SwAttackParams {
  @Field('The unit or turret shooting', 'Стреляет')
  @IsId()
  unit!: string;

  @Field('The target: an enemy unit, support means or generator', 'Цель')
  @IsId()
  target!: string;

  @Field('Your units next to it that join the attack (1 action point each)', 'Присоединяются')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsId({ each: true })
  join?: string[];
}

export class SwTrenchParams {
  @Field('The infantry digging', 'Пехота')
  @IsId()
  unit!: string;

  @Field('The two sides of its hex covered, directions 0-5', 'Стороны')
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(5, { each: true })
  sides!: number[];
}

export class SwShootTrenchParams {
  @Field('The walker, fighter or turret shooting', 'Стреляет')
  @IsId()
  unit!: string;

  @Field('The trench hex, "g:q:r"', 'Окоп')
  @IsId()
  hex!: string;
}

export class SwCannonParams {
  @Field('The orbit cell of the space map hit, "s:q:r"', 'Клетка орбиты')
  @IsId()
  cell!: string;
}

export class SwReactionParams {
  @Field('The legionnaire with the specialty', 'Легионер')
  @IsPlainText()
  specialist!: string;
}

// Setup: an organizer's own mission, in the shape of the illustrative one (sw-mission.ts).

export class SwHexParams {
  @Field('The hex column (axial q)', 'Столбец гекса (q)')
  @IsInt()
  @Min(-99)
  @Max(99)
  q!: number;
  @Field('The hex row (axial r)', 'Ряд гекса (r)')
  @IsInt()
  @Min(-99)
  @Max(99)
  r!: number;
}

export class SwSpaceCellParams extends SwHexParams {
  @Field(
    'What the hex is: planet, orbit, orbit-light, asteroid, space or tunnel',
    'Вид клетки',
    SPACE_CELL_NAMES,
  )
  @IsIn(['planet', 'orbit', 'orbit-light', 'asteroid', 'space', 'tunnel'])
  kind!: string;
  @Field('The legion (1 to 3) whose hyperspace tunnel it is', 'Легион')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3)
  legion?: number;
}

export class SwGroundCellParams extends SwHexParams {
  @Field('What the hex is: surface, control or territory', 'Вид клетки', GROUND_CELL_NAMES)
  @IsIn(['surface', 'control', 'territory'])
  kind!: string;
  @Field('The legion (1 to 3) whose territory it is', 'Легион')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3)
  legion?: number;
  @Field("A control point's value in primary control points", 'Контрольные баллы')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  value?: number;
}

export class SwGeneratorParams {
  @Field('The legion (1 to 3) the generator belongs to', 'Легион')
  @IsInt()
  @Min(1)
  @Max(3)
  legion!: number;
  @Field('Whether it is the Central generator', 'Центральный генератор')
  @IsBoolean()
  central!: boolean;
  @Field('The hexes it fills', 'Гексы')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  @IsNestedObjects(() => SwHexParams)
  hexes!: SwHexParams[];
}

export class SwStartingShipParams {
  @Field('The ship class (or transport)', 'Класс корабля')
  @IsIn([...SHIP_CLASSES, 'transport'])
  class!: string;
  @Field("The bow deck's hex; the other decks follow behind it", 'Клетка носовой палубы')
  @IsNestedObject(() => SwHexParams)
  bow!: SwHexParams;
  @Field('Which way the bow faces (0 to 5)', 'Направление')
  @IsInt()
  @Min(0)
  @Max(5)
  heading!: number;
}

export class SwStartingUnitParams {
  @Field('What the unit is: infantry or walker', 'Вид юнита')
  @IsIn(['infantry', 'walker'])
  kind!: string;
  @Field('The hexes it starts in', 'Гексы')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsNestedObjects(() => SwHexParams)
  hexes!: SwHexParams[];
  @Field('The legionnaire whose squad it joins', 'Отряд легионера')
  @IsPlainText()
  squad!: string;
}

export class SwLegionnaireParams {
  @Field('The name decisions and the log use for the legionnaire', 'Имя')
  @IsPlainText()
  name!: string;
  @Field('The name a person reads, in both languages', 'Имя на двух языках')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  @Field('The map the legionnaire plays on: space or ground', 'Карта')
  @IsIn(['space', 'ground'])
  map!: string;
  @Field('The role: commander, supply, squadron or captain', 'Роль', ROLE_NAMES)
  @IsOptional()
  @IsIn(['commander', 'supply', 'squadron', 'captain'])
  role?: string;
  @Field("A captain's ship class", 'Класс кораблей')
  @IsOptional()
  @IsIn(SHIP_CLASSES)
  class?: string;
  @Field(
    'The specialty: pilot, medic, mechanic, commando or sword-master',
    'Специальность',
    SPECIALTY_NAMES,
  )
  @IsOptional()
  @IsIn(['pilot', 'medic', 'mechanic', 'commando', 'sword-master'])
  specialty?: string;
  @Field('The level (1 to 3)', 'Уровень')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3)
  level?: number;
}

export class SwLegionParams {
  @Field('The name decisions and the log use for the legion', 'Имя')
  @IsPlainText()
  name!: string;
  @Field("The legion's name in both languages", 'Название на двух языках')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  @Field('Credits at the start', 'Кредиты')
  @IsInt()
  @Min(0)
  @Max(1000)
  credits!: number;
  @Field('The ships at the start', 'Корабли')
  @IsArray()
  @ArrayMaxSize(30)
  @IsNestedObjects(() => SwStartingShipParams)
  ships!: SwStartingShipParams[];
  @Field('The ground units at the start', 'Юниты')
  @IsArray()
  @ArrayMaxSize(30)
  @IsNestedObjects(() => SwStartingUnitParams)
  units!: SwStartingUnitParams[];
  @Field("The legion's legionnaires and their roles", 'Легионеры')
  @IsArray()
  @ArrayMaxSize(30)
  @IsNestedObjects(() => SwLegionnaireParams)
  roster!: SwLegionnaireParams[];
}

export class SwSpaceMapParams {
  @Field('The hexes of the space map', 'Клетки')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(800)
  @IsNestedObjects(() => SwSpaceCellParams)
  cells!: SwSpaceCellParams[];
  @Field('Neutral mining stations at the start', 'Нейтральные добывающие станции')
  @IsArray()
  @ArrayMaxSize(40)
  @IsNestedObjects(() => SwHexParams)
  neutralStations!: SwHexParams[];
}

export class SwGroundMapParams {
  @Field('The hexes of the ground map', 'Клетки')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(800)
  @IsNestedObjects(() => SwGroundCellParams)
  cells!: SwGroundCellParams[];
  @Field("The legions' generators", 'Генераторы')
  @IsArray()
  @ArrayMaxSize(9)
  @IsNestedObjects(() => SwGeneratorParams)
  generators!: SwGeneratorParams[];
}

export class SwPassportsParams {
  @Field("A destroyer's compartments, deck by deck (1 = bow)", 'Паспорт эсминца')
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsArray({ each: true })
  destroyer!: string[][];
  @Field("A frigate's compartments, deck by deck (1 = bow)", 'Паспорт фрегата')
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(3)
  @IsArray({ each: true })
  frigate!: string[][];
  @Field("A cruiser's compartments, deck by deck (1 = bow)", 'Паспорт крейсера')
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @IsArray({ each: true })
  cruiser!: string[][];
}

export class SwMissionParams {
  @Field('Id of the mission', 'Идентификатор миссии')
  @IsId()
  id!: string;
  @Field("The mission's name", 'Название')
  @IsPlainText()
  name!: string;
  @Field("The mission's name in both languages", 'Название на двух языках')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  @Field('How long a turn lasts, in seconds', 'Длительность хода, секунд')
  @IsInt()
  @Min(30)
  @Max(7200)
  turnSeconds!: number;
  @Field('How many turns the mission is planned for', 'Запланировано ходов')
  @IsInt()
  @Min(1)
  @Max(50)
  plannedTurns!: number;
  @Field('The space map («Космическое сражение»)', 'Космическое сражение')
  @IsNestedObject(() => SwSpaceMapParams)
  space!: SwSpaceMapParams;
  @Field('The ground map («Наземное сражение»)', 'Наземное сражение')
  @IsNestedObject(() => SwGroundMapParams)
  ground!: SwGroundMapParams;
  @Field('The three legions', 'Легионы')
  @IsArray()
  @ArrayMinSize(3)
  @ArrayMaxSize(3)
  @IsNestedObjects(() => SwLegionParams)
  legions!: SwLegionParams[];
  @Field(
    "Which deck holds which compartment, per ship class (the ship's passport)",
    'Паспорта кораблей',
  )
  @IsOptional()
  @IsNestedObject(() => SwPassportsParams)
  passports?: SwPassportsParams;
}

export class SwSetupParams {
  /** An organizer's own mission; absent, the illustrative one. */
  @Field("An organizer's own mission; absent, the illustrative one", 'Миссия')
  @IsOptional()
  @IsNestedObject(() => SwMissionParams)
  mission?: SwMissionParams;
}

export class SwPersuadeParams {
  @Field('Your Sword Master', 'Мастер меча')
  @IsPlainText()
  specialist!: string;

  @Field("The opponent's legion (its seat)", 'Легион противника')
  @IsId()
  legion!: string;

  @Field("The opponent's legionnaire blocked for a full turn", 'Легионер')
  @IsPlainText()
  target!: string;
}
