import { IsFreeText, IsId } from '../../../shared/safe-text';
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

/** Params of a turn's resources, production and movement (decisions/turn.ts). */

export class CpCommercialRunParams {
  @Field('The ship making the run', 'Корабль')
  @IsId()
  ship!: string;
  @Field('The object whose orbit the ship flies to', 'Куда')
  @IsId()
  to!: string;
  @Field('Ships of its fleet escorting it', 'Эскорт')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsId({ each: true })
  escorts?: string[];
}

export class CpSmugglingRunParams {
  @Field('The smuggling ship', 'Корабль')
  @IsId()
  ship!: string;
  @Field('The object controlled or blockaded by the opponent', 'Цель')
  @IsId()
  target!: string;
  @Field('The D6 (4+ succeeds), when reported', 'Кубик')
  @IsOptional()
  @IsInt()
  face?: number;
}

export class CpPlayAbilityParams {
  @Field('The ability card from hand', 'Карта способности')
  @IsId()
  card!: string;
  @Field('Which of its two variants: 0 or 1', 'Вариант')
  @IsInt()
  @Min(0)
  @Max(1)
  variant!: number;
  @Field('With three abilities in play: the one that goes to Losses', 'Заменить')
  @IsOptional()
  @IsId()
  replace?: string;
}

export class CpProduceParams {
  @Field('The card produced', 'Карта')
  @IsId()
  card!: string;
  @Field('Resources spent on it now (its production tokens)', 'Оплата')
  @IsInt()
  @Min(1)
  @Max(99)
  pay!: number;
  @Field(
    "Where it goes when this completes it: a ship's location, or the object a ground card stands on",
    'Куда',
  )
  @IsOptional()
  @IsId()
  to?: string;
}

export class CpUpgradeParams {
  @Field('The upgrade card', 'Улучшение')
  @IsId()
  card!: string;
  @Field('The ship or object upgraded', 'Цель')
  @IsId()
  target!: string;
}

export class CpMoveUpgradeParams {
  @Field('The upgrade in play', 'Улучшение')
  @IsId()
  upgrade!: string;
  @Field('The ship or object it moves to', 'Куда')
  @IsId()
  to!: string;
}

export class CpCardFaceParams {
  @Field('The card played', 'Карта')
  @IsId()
  card!: string;
  @Field('The D6 of a roll cost, when reported', 'Кубик')
  @IsOptional()
  @IsInt()
  face?: number;
  @Field(
    'What the card does, as the player applies it (its effect is made with manual adjustments)',
    'Пояснение',
  )
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @IsFreeText()
  note?: string;
}

export class CpCardRefParams {
  @Field('The card', 'Карта')
  @IsId()
  card!: string;
}

export class CpMoveCommanderParams {
  @Field('The ship or object the Commander moves to', 'Куда')
  @IsId()
  to!: string;
}

export class CpBuyTokensParams {
  @Field('How many action tokens are bought', 'Сколько фишек')
  @IsInt()
  @Min(1)
  @Max(99)
  count!: number;
}

export class CpEndProductionParams {
  @Field('An ability card from hand put into Losses for 1 action token', 'Сбросить способность')
  @IsOptional()
  @IsId()
  discardAbility?: string;
}

export class CpMoveShipsParams {
  @Field('The ships that move (one fleet)', 'Корабли')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsId({ each: true })
  ships!: string[];
  @Field('Where: new, sector:<n> or orbit:<object>', 'Куда')
  @IsId()
  to!: string;
}

export class CpMoveGroundParams {
  @Field('The ground unit', 'Наземный отряд')
  @IsId()
  card!: string;
  @Field('The object it moves to', 'Куда')
  @IsId()
  to!: string;
}
