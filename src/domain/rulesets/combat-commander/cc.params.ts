import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import { GENDERS, type Gender } from '../kit/phrasing';
import { IsId, IsPlainText } from '../../shared/safe-text';
import { Field } from '../kit/field-doc';
import { LocalizedTextParams } from '../kit/table-decisions.params';
import { NATION_NAME, NATIONALITIES, POSTURES, type Nationality, type Posture } from './cc-cards';
import { GENDER_NAMES, POSTURE_NAMES, UNIT_KIND_NAMES } from './cc-choice-names';

/**
 * Params of Combat Commander's setup (class-validator DTOs; unknown members are refused); the
 * decisions' params are in decisions/<phase>.params.ts.
 */

export class CcSideParams {
  @Field('The seat that plays the side', 'Место')
  @IsId()
  seat!: string;
  @Field(
    "The side's nationality (its Fate deck): germany, america or ussr",
    'Национальность',
    NATION_NAME,
  )
  @IsIn(NATIONALITIES)
  nationality!: Nationality;
  @Field("The side's posture: attack, recon or defense", 'Позиция', POSTURE_NAMES)
  @IsIn(POSTURES)
  posture!: Posture;
  /** The side's order capability [5.1]: the scenario gives it. */
  @Field(
    "The side's order capability [5.1], as the scenario gives it",
    'Способность отдавать Приказы',
  )
  @IsInt()
  @Min(1)
  @Max(10)
  orderCapability!: number;
}

export class CcGridParams {
  @Field('How many hex columns the map has', 'Столбцов гексов')
  @IsInt()
  @Min(1)
  @Max(26)
  columns!: number;
  @Field('How many hex rows the map has', 'Рядов гексов')
  @IsInt()
  @Min(1)
  @Max(30)
  rows!: number;
}

export class CcTerrainParams {
  @Field('The hex (a letter and a number, e.g. C4)', 'Гекс')
  @IsString()
  @Length(2, 3)
  @IsPlainText()
  hex!: string;
  /** Every Cover value in the hex: only the best counts [T78.3]. */
  @Field('Every Cover value in the hex: only the best counts [T78.3]', 'Укрытие')
  @IsArray()
  @ArrayMaxSize(6)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(9, { each: true })
  cover!: number[];
  /** An obstacle: blocks a line of sight through the hex, not into or out of it [10.2]. */
  @Field(
    'An obstacle: blocks a line of sight through the hex, not into or out of it [10.2]',
    'Препятствие',
  )
  @IsOptional()
  @IsBoolean()
  obstacle?: boolean;
  /** A Hindrance: affects attacks through the hex, not into or out of it [10.3]. */
  @Field('A Hindrance: affects attacks through the hex, not into or out of it [10.3]', 'Помеха')
  @IsOptional()
  @IsBoolean()
  hindrance?: boolean;
}

export class CcUnitParams {
  @Field('Id of the unit, unique in the match', 'Идентификатор подразделения')
  @IsId()
  id!: string;
  @Field("The unit's name as printed", 'Название')
  @IsPlainText()
  @Length(1, 60)
  name!: string;
  /** The name in both languages; the viewer shows `name` in both without it. */
  @Field(
    'The name in both languages; the viewer shows name in both without it',
    'Название на двух языках',
  )
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  /** The grammatical gender of the Russian title (m, f, n, pl), for the log's words that agree with it; default: its kind's noun's (a Leader m, a Team f, a Squad n). */
  @Field(
    "The grammatical gender of the Russian title (m, f, n, pl); default: its kind's noun's",
    'Род русского названия',
    GENDER_NAMES,
  )
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;
  @Field('The seat that commands it', 'Владелец')
  @IsId()
  owner!: string;
  @Field('What the unit is: leader, team or squad', 'Вид подразделения', UNIT_KIND_NAMES)
  @IsIn(['leader', 'team', 'squad'])
  kind!: 'leader' | 'team' | 'squad';
  @Field('The hex it starts in', 'Гекс')
  @IsString()
  @Length(2, 3)
  @IsPlainText()
  hex!: string;
  @Field('Firepower', 'Огневая мощь')
  @IsInt()
  @Min(0)
  @Max(20)
  fp!: number;
  @Field('Range', 'Дальность')
  @IsInt()
  @Min(0)
  @Max(20)
  range!: number;
  @Field('Movement', 'Движение')
  @IsInt()
  @Min(0)
  @Max(20)
  movement!: number;
  @Field('Morale', 'Мораль')
  @IsInt()
  @Min(0)
  @Max(20)
  morale!: number;
  /** The Morale printed on the broken side (white). */
  @Field('The Morale printed on the broken side (white)', 'Мораль сломленного')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  brokenMorale?: number;
  @Field('Command (Leaders only)', 'Командование')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(9)
  command?: number;
  @Field('Whether its Firepower is boxed', 'Огневая мощь в рамке')
  @IsOptional()
  @IsBoolean()
  boxedFp?: boolean;
  @Field('Whether its Range is boxed', 'Дальность в рамке')
  @IsOptional()
  @IsBoolean()
  boxedRange?: boolean;
  @Field('Whether its Movement is boxed', 'Движение в рамке')
  @IsOptional()
  @IsBoolean()
  boxedMovement?: boolean;
}

export class CcWeaponParams {
  @Field('Id of the Weapon, unique in the match', 'Идентификатор Вооружения')
  @IsId()
  id!: string;
  @Field("The Weapon's name as printed", 'Название')
  @IsPlainText()
  @Length(1, 60)
  name!: string;
  @Field(
    'The name in both languages; the viewer shows name in both without it',
    'Название на двух языках',
  )
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  /** The grammatical gender of the Russian title (m, f, n, pl), for the log's words that agree with it; default: m (a gun: «Пулемёт»). */
  @Field(
    'The grammatical gender of the Russian title (m, f, n, pl); default: m',
    'Род русского названия',
    GENDER_NAMES,
  )
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;
  @Field('The seat that commands it', 'Владелец')
  @IsId()
  owner!: string;
  /** The unit that holds it. */
  @Field('The unit that holds it', 'У подразделения')
  @IsId()
  unit!: string;
  @Field('Firepower', 'Огневая мощь')
  @IsInt()
  @Min(0)
  @Max(20)
  fp!: number;
  @Field('Range', 'Дальность')
  @IsInt()
  @Min(0)
  @Max(30)
  range!: number;
  @Field('Whether it is Ordnance', 'Тяжелое Вооружение')
  @IsOptional()
  @IsBoolean()
  ordnance?: boolean;
}

export class CcRadioParams {
  @Field('Id of the Radio, unique in the match', 'Идентификатор Радио')
  @IsId()
  id!: string;
  @Field("The Radio's name as printed", 'Название')
  @IsPlainText()
  @Length(1, 60)
  name!: string;
  @Field(
    'The name in both languages; the viewer shows name in both without it',
    'Название на двух языках',
  )
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  /** The grammatical gender of the Russian title (m, f, n, pl), for the log's words that agree with it; default: f («Рация»). */
  @Field(
    'The grammatical gender of the Russian title (m, f, n, pl); default: f',
    'Род русского названия',
    GENDER_NAMES,
  )
  @IsOptional()
  @IsIn(GENDERS)
  gender?: Gender;
  @Field('The seat that commands it', 'Владелец')
  @IsId()
  owner!: string;
}

export class CcObjectiveParams {
  @Field('The Objective number (1 to 5)', 'Номер Цели')
  @IsInt()
  @Min(1)
  @Max(5)
  number!: number;
  @Field('The hex of the Objective', 'Гекс')
  @IsString()
  @Length(2, 3)
  @IsPlainText()
  hex!: string;
  @Field('Victory Points it is worth', 'Победные очки')
  @IsInt()
  @Min(0)
  @Max(20)
  vp!: number;
}

export class CcTimeParams {
  @Field('The Time space the Time marker starts on', 'Начальное Время')
  @IsInt()
  @Min(0)
  @Max(20)
  start!: number;
  /** The Time space of the Sudden Death marker. */
  @Field('The Time space of the Sudden Death marker', 'Маркер Внезапной Смерти')
  @IsInt()
  @Min(1)
  @Max(20)
  suddenDeath!: number;
}

export class CcFateCardParams {
  @Field("The card's Order", 'Приказ')
  @IsString()
  @Length(1, 60)
  @IsPlainText()
  order!: string;
  @Field("The card's Action", 'Действие')
  @IsString()
  @Length(1, 60)
  @IsPlainText()
  action!: string;
  @Field("The card's Event", 'Событие')
  @IsString()
  @Length(1, 60)
  @IsPlainText()
  event!: string;
  @Field("The card's Random Hex", 'Случайный Гекс')
  @IsString()
  @Length(1, 8)
  @IsPlainText()
  hex!: string;
  @Field("The card's dice", 'Кубики')
  @IsArray()
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  dice!: number[];
  @Field("The card's trigger, if any", 'Триггер')
  @IsOptional()
  @IsString()
  @Length(1, 16)
  @IsPlainText()
  trigger?: string;
  /** The Order's, the Action's and the Event's names in both languages (optional). */
  @Field("The Order's name in both languages", 'Название Приказа')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  orderTitle?: LocalizedTextParams;
  @Field("The Action's name in both languages", 'Название Действия')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  actionTitle?: LocalizedTextParams;
  @Field("The Event's name in both languages", 'Название События')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  eventTitle?: LocalizedTextParams;
}

export class CcDeckParams {
  @Field('The nationality whose Fate deck this is', 'Национальность', NATION_NAME)
  @IsIn(NATIONALITIES)
  nationality!: Nationality;
  @Field('The Fate cards of the deck', 'Карты Судьбы')
  @IsArray()
  @ArrayMaxSize(200)
  @IsNestedObjects(() => CcFateCardParams)
  cards!: CcFateCardParams[];
}

export class CcSetupParams {
  /** The scenario's name in both languages, as a person reads it. */
  @Field("The scenario's name in both languages", 'Название сценария')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  title?: LocalizedTextParams;
  @Field('The two sides: seat, nationality, posture and order capability', 'Стороны')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsNestedObjects(() => CcSideParams)
  sides?: CcSideParams[];
  /** The seat whose Turn is first (the scenario says). */
  @Field('The seat whose Turn is first (the scenario says)', 'Кто ходит первым')
  @IsOptional()
  @IsId()
  first?: string;
  /** The seat holding the Initiative card at the start (the scenario says; default: the side not first). */
  @Field(
    'The seat holding the Initiative card at the start (default: the side not first)',
    'У кого Карта Инициативы',
  )
  @IsOptional()
  @IsId()
  initiative?: string;
  @Field('The size of the map in hexes', 'Карта')
  @IsOptional()
  @IsNestedObject(() => CcGridParams)
  map?: CcGridParams;
  @Field('The Cover of the hexes', 'Местность')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(800)
  @IsNestedObjects(() => CcTerrainParams)
  terrain?: CcTerrainParams[];
  @Field('The units on the map at the start', 'Подразделения')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsNestedObjects(() => CcUnitParams)
  units?: CcUnitParams[];
  @Field('The Weapons and the units that hold them', 'Вооружение')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsNestedObjects(() => CcWeaponParams)
  weapons?: CcWeaponParams[];
  @Field('The Radios', 'Радио')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsNestedObjects(() => CcRadioParams)
  radios?: CcRadioParams[];
  @Field('The Objectives: number, hex and Victory Points', 'Цели')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsNestedObjects(() => CcObjectiveParams)
  objectives?: CcObjectiveParams[];
  @Field('Where the Time and Sudden Death markers start', 'Время')
  @IsOptional()
  @IsNestedObject(() => CcTimeParams)
  time?: CcTimeParams;
  /** The real deck lists, per nationality; a nationality without one plays the illustrative deck. */
  @Field(
    'The real deck lists, per nationality; a nationality without one plays the illustrative deck',
    'Колоды Судьбы',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsNestedObjects(() => CcDeckParams)
  decks?: CcDeckParams[];
}
