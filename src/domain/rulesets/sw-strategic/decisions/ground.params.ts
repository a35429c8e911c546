import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId, IsPlainText } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { PRODUCTION_ITEMS } from '../sw-catalog';

/** Params of the ground map's decisions: production, units moved and attacking, trenches, reactions. */

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
