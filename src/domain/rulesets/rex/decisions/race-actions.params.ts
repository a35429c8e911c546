import { IsId } from '../../../shared/safe-text';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { Field } from '../../kit/field-doc';

/** Params of the races' own actions (decisions/race-actions.ts). */

/** Xxcha turns all its troops in a location face down. */
export class RexFlipTroopsParams {
  @Field('The location where Xxcha turns all its troops face down', 'Локация')
  @IsId()
  location!: string;
}

/** Sol (or an ally) moves troops out of a location the Sol Offensive struck, to any location. */
export class RexSolOffensiveMoveParams {
  @Field('The location the Sol Offensive struck', 'Откуда')
  @IsId()
  from!: string;
  @Field('Any location the troops move to', 'Куда')
  @IsId()
  to!: string;
  @Field('How many troops', 'Сколько Войск')
  @IsInt()
  @Min(1)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
}
