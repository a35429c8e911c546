import { IsId, IsPlainText } from '../../../shared/safe-text';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { Field } from '../../kit/field-doc';
import { IsNestedObjects, IsNestedObject } from '../../../shared/nested-dto';
import { FACES } from './shared.params';
import { CpCardParams } from '../cp-cards.params';

/** Params of the setup (decisions/setup.ts): the deck list, the builds, the initiative, the deployment. */

export class CpBuildParams {
  @Field('The card in hand built', 'Карта')
  @IsId()
  card!: string;
  @Field('Resources paid for it now', 'Оплата')
  @IsInt()
  @Min(1)
  @Max(99)
  pay!: number;
}

export class CpSetupSpendParams {
  @Field('The cards built with the setup resources', 'Постройки')
  @IsArray()
  @ArrayMaxSize(25)
  @IsNestedObjects(() => CpBuildParams)
  builds!: CpBuildParams[];
}

export class CpInitiativeRollParams {
  @Field(
    'Physical dice: one face per seat, in seat order; left out for server dice',
    'Выпавшие значения',
  )
  @IsOptional()
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsInt(FACES)
  faces?: number[];
}

export class CpPlacementParams {
  @Field('The ship card placed', 'Корабль')
  @IsId()
  card!: string;
  @Field(
    'Where: new (a new sector; new:<label> for several), sector:<n>, or orbit:<object>',
    'Куда',
  )
  @IsId()
  to!: string;
}

export class CpDeployParams {
  @Field('The ships placed and where', 'Корабли')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsNestedObjects(() => CpPlacementParams)
  ships?: CpPlacementParams[];
  @Field('The ship or object the Commander is placed on', 'Носитель Командора')
  @IsId()
  commander!: string;
  @Field('With more than 7 cards in hand: the 7 kept', 'Оставить в руке')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsId({ each: true })
  keep?: string[];
}

export class CpDeckEntryParams {
  @Field('A card of the sample catalog, by id (give this or card)', 'Из каталога')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  catalog?: string;
  @Field("The card's definition (give this or catalog)", 'Определение карты')
  @IsOptional()
  @IsNestedObject(() => CpCardParams)
  card?: CpCardParams;
  @Field('How many copies are in the deck', 'Копий')
  @IsInt()
  @Min(1)
  @Max(100)
  copies!: number;
}

export class CpCommanderParams {
  @Field('A Commander of the sample catalog, by id (give this or card)', 'Из каталога')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  catalog?: string;
  @Field("The Commander card's definition (give this or catalog)", 'Определение карты')
  @IsOptional()
  @IsNestedObject(() => CpCardParams)
  card?: CpCardParams;
}

export class CpPreselectedAbilityParams {
  @Field('The key of an ability card of the deck', 'Карта способности')
  @IsId()
  card!: string;
  @Field('Which of its two variants: 0 or 1', 'Вариант')
  @IsInt()
  @Min(0)
  @Max(1)
  variant!: number;
}

export class CpRegisterDeckParams {
  @Field('The Commander card', 'Командор')
  @IsNestedObject(() => CpCommanderParams)
  commander!: CpCommanderParams;
  @Field('The deck: cards and their copies', 'Карты колоды')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsNestedObjects(() => CpDeckEntryParams)
  cards!: CpDeckEntryParams[];
  @Field(
    'Ability cards taken out of the deck before the game and played on the Commander',
    'Способности',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsNestedObjects(() => CpPreselectedAbilityParams)
  abilities?: CpPreselectedAbilityParams[];
}
