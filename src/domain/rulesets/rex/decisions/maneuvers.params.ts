import { IsId } from '../../../shared/safe-text';
import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { SECTOR_COUNT } from '../rex-map';
import { Field } from '../../kit/field-doc';

/** Params of the Maneuvers (decisions/maneuvers.ts). */

export class RexDeployParams {
  @Field('The location troops are deployed to from the Reserve', 'Куда')
  @IsId()
  location!: string;
  @Field(
    'Option troopSectors = one-sector: the sector of a location with several that the troops stand in',
    'Сектор',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SECTOR_COUNT)
  sector?: number;
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

export class RexMoveParams {
  @Field('The location the troops leave', 'Откуда')
  @IsId()
  from!: string;
  @Field('The location they move to', 'Куда')
  @IsId()
  to!: string;
  @Field(
    'Option troopSectors = one-sector: the sector of the destination the group stands in',
    'Сектор',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(SECTOR_COUNT)
  sector?: number;
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
  @Field('The route from from to to; the shortest legal one when absent', 'Маршрут')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsId({ each: true })
  path?: string[];
}
