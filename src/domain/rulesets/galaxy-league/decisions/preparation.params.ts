import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { IsNestedObjects } from '../../../shared/nested-dto';

/** Params of the Preparation stage's decisions. */

export class GalaxyLeagueNoParams {}

export class GalaxyLeagueProposeAllianceParams {
  @Field('The other players of the alliance (the proposer is a member in any case)', 'С кем Альянс')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsId({ each: true })
  members!: string[];
  @Field('Each member’s part of the first and later dues, as agreed (absent: even)', 'Доли взноса')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueShareParams)
  shares?: GalaxyLeagueShareParams[];
}

export class GalaxyLeagueProposalParams {
  @Field('The alliance proposal consented to', 'Предложение Альянса')
  @IsId()
  proposal!: string;
}

export class GalaxyLeagueShareParams {
  @Field('A member of the alliance', 'Игрок')
  @IsId()
  seat!: string;
  @Field('The credits it pays of the dues', 'Доля взноса, ИК')
  @IsInt()
  @Min(0)
  @Max(100_000)
  amount!: number;
}

export class GalaxyLeagueDuesSplitParams {
  @Field('Each member’s part of the dues; they add up to the dues', 'Доли взноса')
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueShareParams)
  shares!: GalaxyLeagueShareParams[];
}

export class GalaxyLeaguePlanetParams {
  @Field('A territory of the map', 'Планета')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueOfferSwapParams {
  @Field('Your planet to give', 'Своя планета')
  @IsId()
  mine!: string;
  @Field('The ally’s planet of the same colour to take', 'Планета союзника')
  @IsId()
  theirs!: string;
}

export class GalaxyLeagueSwapParams {
  @Field('The swap offered to you', 'Предложение обмена')
  @IsId()
  offer!: string;
}

export class GalaxyLeagueResearchParams {
  @Field('A technology of the league’s catalogue', 'Технология')
  @IsId()
  technology!: string;
  @Field('Where its structure is placed at once, when it builds one: your territory', 'Сооружение')
  @IsOptional()
  @IsId()
  structureAt?: string;
}
