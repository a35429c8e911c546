import { IsId } from '../../../shared/safe-text';
import { IsInt } from 'class-validator';
import { Field } from '../../kit/field-doc';

/** Params of Xxcha's prediction (decisions/victory.ts). */

/** Xxcha's prediction; only accepted sealed. Checked at the reveal (an invalid one names nobody). */
export class RexPredictParams {
  @Field('The seat Xxcha predicts will win', 'Кто победит')
  @IsId()
  seat!: string;
  @Field('The round in which it wins', 'В каком раунде')
  @IsInt()
  round!: number;
}
