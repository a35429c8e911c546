import { IsFreeText, IsPlainText } from '../../shared/safe-text';
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
import { ARCHETYPE_NAMES, CARD_KIND_NAMES, CARD_KINDS, type CardKind } from './cp-cards';
import { Field } from '../kit/field-doc';

/**
 * Card definitions as a deck brings them (class-validator DTOs). Shapes are checked here;
 * the printed formats (durability, shield, crew, weapons) and per-kind requirements are
 * checked by the deck check, which cites the rule each comes from.
 */

export class CpYieldParams {
  @Field('Resources it gives', 'Ресурсы')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  resources?: number;
  @Field('Action tokens it gives', 'Фишки действия')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  actionTokens?: number;
}

export class CpModifiersParams {
  @Field('Change to armor', 'Броня')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  armor?: number;
  @Field('Change to speed', 'Скорость')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  speed?: number;
  @Field('Change to shield power', 'Мощность щита')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  shieldPower?: number;
  @Field('Change to durability', 'Прочность')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  durability?: number;
  @Field('Change to critical damage', 'Критические повреждения')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  critical?: number;
  @Field('Change to boarding strength', 'Абордаж')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  boarding?: number;
  @Field('Change to landing strength', 'Десант')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  landing?: number;
  @Field('Change to crew strength', 'Экипаж')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  crew?: number;
  @Field("Change to a ground unit's strength", 'Сила')
  @IsOptional()
  @IsInt()
  @Min(-20)
  @Max(20)
  strength?: number;
}

export class CpAbilityVariantParams {
  @Field("The variant's text as printed", 'Текст')
  @IsString()
  @Length(1, 500)
  @IsFreeText()
  text!: string;
  @Field("Change to the Commander's initiative", 'Инициатива')
  @IsOptional()
  @IsInt()
  @Min(-10)
  @Max(10)
  initiative?: number;
  @Field('The archetype it grants (its extra victory condition)', 'Архетип', ARCHETYPE_NAMES)
  @IsOptional()
  @IsIn(['pirate', 'trader', 'procurator'])
  archetype?: string;
}

export class CpCardParams {
  @Field('Unique within the deck; defaults to the name', 'Ключ')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  key?: string;
  @Field('The kind of card', 'Вид карты', CARD_KIND_NAMES)
  @IsIn(CARD_KINDS)
  kind!: CardKind;
  @Field('Its name as printed (Russian)', 'Название')
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  name!: string;
  @Field('Its English name', 'Название по-английски')
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  nameEn?: string;
  @Field('Its text as printed', 'Текст')
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  @IsFreeText()
  text?: string;
  @Field('Production cost in resources', 'Стоимость')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  cost?: number;
  @Field('Cost in action tokens', 'Фишки действия')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  actionCost?: number;
  @Field('The D6 needed to play it (N+)', 'Кубик')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(6)
  rollCost?: number;
  @Field('Ship size: light, medium, heavy (or ЛК, СК, ТК)', 'Размер')
  @IsOptional()
  @IsString()
  @Length(1, 10)
  @IsPlainText()
  size?: string;
  @Field('Ship class: fighter, cruiser, battleship, ...', 'Класс')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  shipClass?: string;
  @Field('Durability and critical damage as printed, e.g. 8(5)', 'Прочность')
  @IsOptional()
  @IsString()
  @Length(1, 16)
  @IsPlainText()
  durability?: string;
  @Field('Speed', 'Скорость')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  speed?: number;
  @Field('Shield type and power as printed, e.g. C3', 'Щит')
  @IsOptional()
  @IsString()
  @Length(1, 8)
  @IsPlainText()
  shield?: string;
  @Field('Armor', 'Броня')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  armor?: number;
  @Field('Crew as printed: В5, Э3, Н2 or 0', 'Экипаж')
  @IsOptional()
  @IsString()
  @Length(1, 8)
  @IsPlainText()
  crew?: string;
  @Field('Weapons as printed, e.g. лазеры 2/1', 'Вооружение')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(12)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  weapons?: string[];
  @Field('Boarding strength', 'Абордаж')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  boarding?: number;
  @Field('Landing strength', 'Десант')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  landing?: number;
  @Field('What a commercial run to it gives', 'Коммерческий рейс')
  @IsOptional()
  @IsNestedObject(() => CpYieldParams)
  commercialRun?: CpYieldParams;
  @Field('Has the Escort property', 'Эскорт')
  @IsOptional()
  @IsBoolean()
  escort?: boolean;
  @Field('Can make smuggling runs', 'Контрабанда')
  @IsOptional()
  @IsBoolean()
  smuggling?: boolean;
  @Field('Has the evasive manoeuvre', 'Манёвр уклонения')
  @IsOptional()
  @IsBoolean()
  evasive?: boolean;
  @Field('Object type: planet, asteroid, station, ...', 'Тип объекта')
  @IsOptional()
  @IsString()
  @Length(1, 32)
  @IsPlainText()
  objectType?: string;
  @Field('What the object gives each turn', 'Доход')
  @IsOptional()
  @IsNestedObject(() => CpYieldParams)
  income?: CpYieldParams;
  @Field('Cards built into it (its buildings or upgrades as printed)', 'Встроенные карты')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @IsNestedObjects(() => CpCardParams)
  builtIn?: CpCardParams[];
  @Field('Object types it may be placed on', 'Где размещается')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Length(1, 32, { each: true })
  placeOn?: string[];
  @Field("A ground unit's strength", 'Сила')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  strength?: number;
  @Field('The kind of card an upgrade is put on', 'Улучшение для', CARD_KIND_NAMES)
  @IsOptional()
  @IsIn(CARD_KINDS)
  upgradeFor?: CardKind;
  @Field('What an upgrade or ability changes', 'Модификаторы')
  @IsOptional()
  @IsNestedObject(() => CpModifiersParams)
  modifiers?: CpModifiersParams;
  @Field("An ability card's two variants", 'Варианты')
  @IsOptional()
  @IsArray()
  @IsNestedObjects(() => CpAbilityVariantParams)
  variants?: CpAbilityVariantParams[];
  @Field('A special card whose effect is applied with manual adjustments', 'Особая')
  @IsOptional()
  @IsBoolean()
  special?: boolean;
  @Field("A Commander's initiative", 'Инициатива')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(99)
  initiative?: number;
  @Field("A Commander's archetype", 'Архетип', ARCHETYPE_NAMES)
  @IsOptional()
  @IsIn(['pirate', 'trader', 'procurator'])
  archetype?: string;
  @Field('A card made for tests, not printed', 'Тестовая')
  @IsOptional()
  @IsBoolean()
  test?: boolean;
}
