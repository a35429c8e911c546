import { ArrayMaxSize, IsArray } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params of a new player's entry into the league. */
export class GalaxyLeagueEnterParams {
  @Field('A neutral planet, your capital (none when no neutral planet is left)', 'Столица')
  @IsOptional()
  @IsId()
  capital?: string;
  @Field('The neutral planets next to it that you take (3 when there are)', 'Соседние планеты')
  @IsArray()
  @ArrayMaxSize(3)
  @IsId({ each: true })
  planets!: string[];
  @Field('Your free technologies from the league’s catalogue', 'Бесплатные технологии')
  @IsArray()
  @ArrayMaxSize(4)
  @IsId({ each: true })
  technologies!: string[];
}
