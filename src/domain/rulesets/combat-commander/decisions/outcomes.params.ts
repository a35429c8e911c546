import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsNestedObjects } from '../../../shared/nested-dto';
import { IsId, IsPlainText } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import {
  EFFECT_KIND_NAMES,
  EFFECT_KINDS,
  OUTCOME_ABOUT_NAMES,
  type EffectKind,
} from '../cc-choice-names';
import { OUTCOME_ABOUTS, type OutcomeAbout } from '../cc-options';

/** Params of the outcomes a player states where the excerpt lacks the rule, and their answers. */

export class CcEffectParams {
  @Field(
    'The effect: break (the break ladder), eliminate, recover, repair, move, exit, return (an eliminated unit to a hex), vp (victory points), end (the game ends), initiative (the Initiative card passes to seat), reroll (a roll made again) or show-hand (seat’s hand shown to the stater, by an Event)',
    'Последствие',
    EFFECT_KIND_NAMES,
  )
  @IsIn(EFFECT_KINDS)
  kind!: EffectKind;
  @Field('The unit, Weapon or Radio affected', 'Фишка')
  @IsOptional()
  @IsId()
  piece?: string;
  @Field('The hex a moved piece ends in', 'Гекс')
  @IsOptional()
  @IsString()
  @Length(2, 3)
  @IsPlainText()
  to?: string;
  @Field(
    'A compass direction 1–6 (1 up, 4 down, 2 and 3 right, 5 and 6 left) to move by',
    'Направление',
  )
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(6)
  direction?: number;
  @Field('How many hexes to move in that direction', 'Расстояние')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(30)
  distance?: number;
  @Field(
    'The seat whose victory points change, who wins (end), who takes the Initiative card, or whose hand is shown',
    'Игрок',
  )
  @IsOptional()
  @IsId()
  seat?: string;
  @Field('Victory points gained (negative: lost)', 'Победные очки')
  @IsOptional()
  @IsInt()
  @Min(-100)
  @Max(100)
  amount?: number;
  @Field('The roll made again (reroll)', 'Бросок')
  @IsOptional()
  @IsId()
  roll?: string;
}

export class CcStateOutcomeParams {
  @Field(
    'Which rule the excerpt lacks: fire, melee, move, morale (recover/rout), event, repair, victory, initiative (the Initiative card) or sudden-death (whether the Sudden Death roll ends the game)',
    'Правило',
    OUTCOME_ABOUT_NAMES,
  )
  @IsIn(OUTCOME_ABOUTS)
  about!: OutcomeAbout;
  @Field('The outcome, effect by effect', 'Последствия')
  @IsArray()
  @ArrayMaxSize(20)
  @IsNestedObjects(() => CcEffectParams)
  effects!: CcEffectParams[];
  @Field('What the outcome rests on, in words', 'Пояснение')
  @IsOptional()
  @IsPlainText()
  @Length(0, 500)
  note?: string;
}

export class CcOutcomeIdParams {
  @Field('The stated outcome', 'Заявление')
  @IsId()
  id!: string;
}
