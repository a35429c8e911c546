import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsNestedObjects } from '../../../shared/nested-dto';
import { IsId, IsPlainText } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params of the specialists' tasks (S6.1) and of what comes down from orbit (S3.10, G3.4). */

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
