import { ArrayMaxSize, IsArray, IsIn, IsString, Length } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId, IsPlainText } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { RANDOM_HEX_PURPOSE_NAMES } from '../cc-choice-names';

/** Params of the rolls read off the Fate deck: a roll, a Sniper!, a Random Hex. */

export const ROLL_PURPOSES = [
  'fire',
  'targeting',
  'defence',
  'melee',
  'recover',
  'rout',
  'other',
] as const;
export type RollPurpose = (typeof ROLL_PURPOSES)[number] | 'sudden-death';

export class CcRollParams {
  @Field(
    'What the roll is for: fire, targeting (dice multiplied), defence, melee, recover, rout or other',
    'Бросок',
  )
  @IsIn(ROLL_PURPOSES)
  purpose!: RollPurpose;
  @Field(
    'The unit the roll is made for (its Morale with the best Cover is recorded)',
    'Подразделение',
  )
  @IsOptional()
  @IsId()
  unit?: string;
  @Field(
    'Fire and Targeting: the firing group, the seat’s units the card activated that fire (each with the target in its Range and line of fire)',
    'Огневая группа',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsId({ each: true })
  group?: string[];
  @Field('Fire and Targeting: the enemy unit fired at (its hex is the target hex)', 'Цель')
  @IsOptional()
  @IsId()
  target?: string;
  @Field(
    'The Weapons that fire with a Fire roll (Jammed! breaks them all); for Targeting, the one Ordnance',
    'Стреляющее Вооружение',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsId({ each: true })
  weapons?: string[];
  @Field(
    'The hex of a melee roll: the roller’s FP there (+1 per boxed FP) is recorded',
    'Гекс рукопашной',
  )
  @IsOptional()
  @IsString()
  @Length(2, 3)
  @IsPlainText()
  hex?: string;
}

export class CcSniperParams {
  @Field(
    'The unit broken by the Sniper, in the hex or adjacent; absent to decline',
    'Подразделение',
  )
  @IsOptional()
  @IsId()
  unit?: string;
}

export class CcRandomHexParams {
  @Field(
    'What the Random Hex is for: an Event, or repairing a broken Weapon',
    'Назначение',
    RANDOM_HEX_PURPOSE_NAMES,
  )
  @IsIn(['event', 'repair'])
  purpose!: 'event' | 'repair';
  @Field('The broken Weapon to repair', 'Вооружение')
  @IsOptional()
  @IsId()
  weapon?: string;
}
