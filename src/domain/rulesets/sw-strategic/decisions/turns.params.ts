import { IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params of the turns' decisions: a map's turn ended, the Game Master's calls. */

export class SwNoParams {}

export const MAPS = ['space', 'ground'] as const;

export class SwMapParams {
  @Field('Which map: space or ground', 'Карта')
  @IsIn(MAPS)
  map!: 'space' | 'ground';
}

export class SwTurnsLeftParams {
  @Field('Which map: space or ground', 'Карта')
  @IsIn(MAPS)
  map!: 'space' | 'ground';

  @Field('How many turns are left, as the Game Master announces', 'Осталось ходов')
  @IsInt()
  @Min(0)
  @Max(99)
  turns!: number;
}

export class SwLineOfFireParams {
  @Field('The firing ship', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The target it fires at', 'Цель')
  @IsId()
  target!: string;

  @Field('Whether the Game Master finds the line of fire clear', 'Линия открыта')
  @IsBoolean()
  clear!: boolean;
}
