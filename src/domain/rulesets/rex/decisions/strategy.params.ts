import { IsId } from '../../../shared/safe-text';
import { ArrayMaxSize, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { CANCELLABLE_ABILITIES, type CancellableAbility } from '../rex-events';
import { Field } from '../../kit/field-doc';
import { choiceNames } from '../../../shared/localized-text';
import { ABILITY_NAMES } from '../rex-phrasing';

/** Params of a Strategy card played outside battle (decisions/strategy.ts). */

/**
 * A Strategy card played outside battle, with the targets its effect needs: a location
 * (Graviton Inverter; the deployment of Informant–Deployment; the move of Accelerated
 * Mobilization, with from), a seat (the bidder Diplomatic Intervention bars, the race
 * Informant–Cancellation strikes) and the ability cancelled.
 */
export class RexPlayStrategyParams {
  @Field('The Strategy card from hand', 'Карта стратегии')
  @IsId()
  card!: string;
  @Field(
    'The location its effect needs (Graviton Inverter, Informant – Deployment, Accelerated Mobilization)',
    'Локация',
  )
  @IsOptional()
  @IsId()
  location?: string;
  @Field('Accelerated Mobilization: the location the troops leave', 'Откуда')
  @IsOptional()
  @IsId()
  from?: string;
  @Field('How many troops deploy or move', 'Сколько Войск')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(40)
  troops?: number;
  @Field('Lazax: how many of them are Mechanized', 'Из них механизированных')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized?: number;
  @Field('Accelerated Mobilization: the route; the shortest legal one when absent', 'Маршрут')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsId({ each: true })
  path?: string[];
  @Field(
    'The bidder Diplomatic Intervention bars, or the race Informant – Cancellation strikes',
    'Игрок',
  )
  @IsOptional()
  @IsId()
  seat?: string;
  @Field(
    'Informant – Cancellation: the ability cancelled',
    'Способность',
    choiceNames(ABILITY_NAMES),
  )
  @IsOptional()
  @IsIn(CANCELLABLE_ABILITIES)
  ability?: CancellableAbility;
}
