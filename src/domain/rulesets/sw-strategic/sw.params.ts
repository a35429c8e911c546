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
import { SHIP_CLASSES } from './sw-catalog';

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

// A position's own part (sw-position.ts): the turn orders as rolled.

export class SwTurnOrdersParams {
  @Field('The space order as rolled (round 1), first to play first', 'Порядок ходов в космосе')
  @IsArray()
  @ArrayMaxSize(3)
  @IsId({ each: true })
  space!: string[];
  @Field('The ground order as rolled (round 1); it rotates each round', 'Порядок ходов на земле')
  @IsArray()
  @ArrayMaxSize(3)
  @IsId({ each: true })
  ground!: string[];
}

export class SwPositionRulesParams {
  @Field('Each map’s turn order as rolled (with a turn only)', 'Порядок ходов')
  @IsOptional()
  @IsNestedObject(() => SwTurnOrdersParams)
  order?: SwTurnOrdersParams;
}
