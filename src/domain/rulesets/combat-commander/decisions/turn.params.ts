import { ArrayMaxSize, IsArray } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params of a Turn's decisions: the Orders, Actions and discards of Fate cards. */

export class CcNoParams {}

export class CcOrderParams {
  @Field('The Fate card played from the hand for its Order', 'Карта')
  @IsId()
  card!: string;
  @Field('The units the Order activates (each once a Turn)', 'Подразделения')
  @IsArray()
  @ArrayMaxSize(20)
  @IsId({ each: true })
  units!: string[];
  @Field('The Leader whose Command activates the other units (activated too)', 'Командир')
  @IsOptional()
  @IsId()
  leader?: string;
}

export class CcActionParams {
  @Field('The Fate card played from the hand for its Action', 'Карта')
  @IsId()
  card!: string;
  @Field('The units, Weapons or Radios the Action uses', 'Фишки')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsId({ each: true })
  pieces?: string[];
  @Field('For Op Fire: the Leader whose Command activates more units', 'Командир')
  @IsOptional()
  @IsId()
  leader?: string;
}

export class CcDiscardParams {
  @Field('The Fate cards discarded from the hand (zero or more)', 'Сбрасываемые карты')
  @IsArray()
  @ArrayMaxSize(6)
  @IsId({ each: true })
  cards!: string[];
}
