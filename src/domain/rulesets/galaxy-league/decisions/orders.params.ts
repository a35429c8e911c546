import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { IsNestedObjects } from '../../../shared/nested-dto';

/** Params of the Attack, Return, Joining and Defence stages. */

export class GalaxyLeagueAttackParams {
  @Field('Your attacking ship', 'Атакующий звездолёт')
  @IsId()
  ship!: string;
  @Field('The enemy planet attacked', 'Планета врага')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueColonisationParams {
  @Field('Your ships sent (1, or 2 at 3 LY)', 'Звездолёты')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @IsId({ each: true })
  ships!: string[];
  @Field('The neutral planet colonised', 'Ничейная планета')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueDeclareAttacksParams {
  @Field('Attacks on enemy planets (none when absent)', 'Атаки')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueAttackParams)
  attacks?: GalaxyLeagueAttackParams[];
  @Field('Colonisations of neutral planets (none when absent)', 'Колонизации')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueColonisationParams)
  colonisations?: GalaxyLeagueColonisationParams[];
  @Field(
    'An eliminated player’s return: its attacks are on territories next to one another',
    'Возврат в игру',
  )
  @IsOptional()
  @IsBoolean()
  returning?: boolean;
}

export class GalaxyLeagueShipParams {
  @Field('Your ship', 'Звездолёт')
  @IsId()
  ship!: string;
}

export class GalaxyLeagueJoinParams {
  @Field('Your attacking ship', 'Атакующий звездолёт')
  @IsId()
  ship!: string;
  @Field('The planet whose battle or colonisation it joins', 'Планета')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueDeclareJoinsParams {
  @Field('Battles and colonisations joined', 'Присоединения')
  @IsArray()
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueJoinParams)
  joins!: GalaxyLeagueJoinParams[];
}

export class GalaxyLeagueDefendParams {
  @Field('Your ship, attacking or defensive, not sent elsewhere', 'Звездолёт')
  @IsId()
  ship!: string;
  @Field('Your or an ally’s planet under attack', 'Планета')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueMercenariesParams {
  @Field('Your planet under attack (not the capital)', 'Планета')
  @IsId()
  planet!: string;
  @Field('How many mercenary ships', 'Сколько наёмников')
  @IsInt()
  @Min(1)
  @Max(10)
  count!: number;
}
