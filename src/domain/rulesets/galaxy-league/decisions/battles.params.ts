import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { IsNestedObjects } from '../../../shared/nested-dto';

/** Params of the Battles stage. */

export class GalaxyLeagueSeatMapParams {
  @Field('A seat of the linked match', 'Место в партии боя')
  @IsId()
  seat!: string;
  @Field('The league player who sat there', 'Игрок Лиги')
  @IsId()
  player!: string;
}

export class GalaxyLeagueLinkBattleParams {
  @Field('The planet fought for', 'Планета')
  @IsId()
  planet!: string;
  @Field('The finished match on this service that was the battle', 'Партия боя')
  @IsId()
  match!: string;
  @Field('That match’s head hash, as you read it (GET /matches/:id)', 'Хеш партии')
  @IsString()
  @Length(64, 64)
  @Matches(/^[0-9a-f]{64}$/)
  headHash!: string;
  @Field('Which league player sat at each of its seats', 'Игроки по местам')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeagueSeatMapParams)
  seats!: GalaxyLeagueSeatMapParams[];
}

export class GalaxyLeaguePointsParams {
  @Field('A participant', 'Участник')
  @IsId()
  seat!: string;
  @Field('Its points in the battle, before penalties', 'Очки в бою')
  @IsInt()
  @Min(-1000)
  @Max(10_000)
  points!: number;
}

export class GalaxyLeagueReportBattleParams {
  @Field('The planet fought for', 'Планета')
  @IsId()
  planet!: string;
  @Field('The winner; absent when every ship was destroyed', 'Победитель')
  @IsOptional()
  @IsId()
  winner?: string;
  @Field('Every participant’s points', 'Очки участников')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsNestedObjects(() => GalaxyLeaguePointsParams)
  points!: GalaxyLeaguePointsParams[];
  @Field('Participants whose ship was destroyed', 'Уничтожены')
  @IsArray()
  @ArrayMaxSize(8)
  @IsId({ each: true })
  destroyed!: string[];
}

export class GalaxyLeagueBattlePlanetParams {
  @Field('The planet fought for', 'Планета')
  @IsId()
  planet!: string;
}

export class GalaxyLeagueAnnexParams {
  // Empty when the loser has no territory left next to it (the annexation is then of none).
  @Field(
    '2 territories of the loser next to the captured capital (fewer when fewer are left)',
    'Присоединяемые территории',
  )
  @IsArray()
  @ArrayMaxSize(2)
  @IsId({ each: true })
  territories!: string[];
}

export class GalaxyLeagueNoShowParams {
  @Field('The planet fought for', 'Планета')
  @IsId()
  planet!: string;
  @Field('The participants who did not show up by the round’s end', 'Не явились')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsId({ each: true })
  absent!: string[];
}
