import { IsId } from '../../../shared/safe-text';
import { ArrayMaxSize, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { SLOTS, type Slot } from '../rex-events';
import { Field } from '../../kit/field-doc';

/** Params of a battle (decisions/battle.ts). */

export class RexStartBattleParams {
  @Field('The location the battle is fought in', 'Где')
  @IsId()
  location!: string;
  @Field('The seat fought', 'С кем')
  @IsId()
  opponent!: string;
}

/** The battle wheel: sealed by both sides, revealed together. */
export class RexBattlePlanParams {
  @Field('The number dialled on the battle wheel (troops committed)', 'Число на колесе')
  @IsInt()
  @Min(0)
  @Max(40)
  dial!: number;
  @Field('The leader put on the wheel', 'Лидер')
  @IsOptional()
  @IsId()
  leader?: string;
  @Field('Which card slots the wheel opens: none, attack, defense or attack-defense', 'Слоты карт')
  @IsIn(SLOTS)
  slot!: Slot;
}

/** The battle cards matching the wheel's slot: sealed, revealed together. */
export class RexBattleCardsParams {
  @Field('The attack card played (its slot open on the wheel)', 'Карта атаки')
  @IsOptional()
  @IsId()
  attack?: string;
  @Field('The defense card played (its slot open on the wheel)', 'Карта защиты')
  @IsOptional()
  @IsId()
  defense?: string;
}

/** A Traitor card against the opponent's leader on the wheel, or none: sealed, revealed together. */
export class RexCallTraitorParams {
  @Field(
    "A Traitor card naming the opponent's leader on the wheel; left out to call none",
    'Предатель',
  )
  @IsOptional()
  @IsId()
  traitor?: string;
}

export class RexTakeLossesParams {
  @Field('How many troops the winner loses (the number dialled)', 'Потерять Войск')
  @IsInt()
  @Min(0)
  @Max(40)
  troops!: number;
  @Field('How many of them are Mechanized', 'Из них механизированных')
  @IsInt()
  @Min(0)
  @Max(20)
  mechanized!: number;
}

export class RexKeepCardsParams {
  @Field('Cards played in the battle that go to the discard (the rest are kept)', 'Сбросить')
  @IsArray()
  @ArrayMaxSize(2)
  @IsId({ each: true })
  discard!: string[];
}
