import { IsId } from '../../../shared/safe-text';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { Field } from '../../kit/field-doc';

/** Params of the auction and the recruitment (decisions/bidding.ts). */

export class RexBidParams {
  @Field('The bid in Influence (above the highest so far)', 'Ставка')
  @IsInt()
  @Min(1)
  @Max(100_000)
  amount!: number;
}

export class RexRecruitParams {
  @Field('How many troops come back from the Loss Bank (0 to recruit none)', 'Сколько Войск')
  @IsInt()
  @Min(0)
  @Max(40)
  troops!: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
  @Field('A dead leader brought back', 'Лидер')
  @IsOptional()
  @IsId()
  leader?: string;
}
