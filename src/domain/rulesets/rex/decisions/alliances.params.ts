import { IsId } from '../../../shared/safe-text';
import { IsInt, Max, Min } from 'class-validator';
import { Field } from '../../kit/field-doc';

/** Params of the Ceasefire's alliances and deals (decisions/alliances.ts). */

export class RexTransferParams {
  @Field('The seat given the Influence', 'Кому')
  @IsId()
  to!: string;
  @Field('How much Influence', 'Сколько Влияния')
  @IsInt()
  @Min(1)
  @Max(100_000)
  amount!: number;
}

export class RexOfferAllianceParams {
  @Field('The seat given your Alliance Benefit card', 'Кому')
  @IsId()
  to!: string;
}
