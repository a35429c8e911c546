import { IsId } from '../../../shared/safe-text';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { Field } from '../../kit/field-doc';
import { choiceNames } from '../../../shared/localized-text';
import { DISTANCE_NAMES, WEAPON_NAMES } from '../cp-cards';
import { FACES } from './shared.params';

/** The manoeuvres at the end of a round of battle, as the rules name them. */
export const MANOEUVRE_NAMES = {
  stop: { en: 'Stop closing', ru: 'Прекращение сближения' },
  resume: { en: 'Resume closing', ru: 'Возобновить сближение' },
  increase: { en: 'Increase the distance', ru: 'Увеличение дистанции боя' },
  echelon: { en: 'Bring in the second echelon', ru: 'Ввести корабли второго эшелона' },
};

const CIVIL_BUILDING_CHOICES = {
  destroy: { en: 'Destroy', ru: 'Уничтожить' },
  capture: { en: 'Capture', ru: 'Захватить' },
};

/** Params of the battles (decisions/battle.ts). */

export class CpStartBattleParams {
  @Field('The sector or orbit where the battle is fought', 'Место сражения')
  @IsId()
  location!: string;
}

export class CpEchelonParams {
  @Field('Ships held back in the second echelon', 'Второй эшелон')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  second?: string[];
  @Field('Do not ask this seat about withdrawals and distance manoeuvres in this battle', 'Автопас')
  @IsOptional()
  @IsBoolean()
  autoPass?: boolean;
}

export class CpWithdrawParams {
  @Field('The ships that withdraw (all by default)', 'Корабли')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  ships?: string[];
  @Field('new (default) or a sector:<n> with no enemy ships', 'Куда')
  @IsOptional()
  @IsId()
  to?: string;
}

export class CpAllowWithdrawalParams {
  @Field("Whether the opponent's ships may withdraw", 'Разрешить')
  @IsBoolean()
  allow!: boolean;
}

export const WEAPON_KINDS = [
  'plasma',
  'turbolaser',
  'maser',
  'lasers',
  'missiles',
  'torpedoes',
  'nova',
  'bombs',
] as const;

export class CpAttackParams {
  @Field('The attacking ship (or armed object)', 'Атакующий')
  @IsId()
  ship!: string;
  @Field('The weapon fired', 'Оружие', choiceNames(WEAPON_NAMES))
  @IsIn(WEAPON_KINDS)
  weapon!: string;
  @Field('One target; lasers N/P up to N different ones; a Nova up to 3 in order of choice', 'Цели')
  @IsArray()
  @ArrayMaxSize(10)
  @IsId({ each: true })
  targets!: string[];
  @Field(
    'Missile or torpedo hit dice, one per missile or torpedo (reported dice)',
    'Кубики попаданий',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsInt(FACES)
  hitFaces?: number[];
  @Field("Point-defence dice, one per hit the target's lasers may shoot down", 'Кубики защиты')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsInt(FACES)
  defenceFaces?: number[];
  @Field(
    "Light-ship manoeuvre: the attacker's die then the defender's, per light target",
    'Кубики манёвра',
  )
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsInt(FACES)
  manoeuvreFaces?: number[];
  @Field('Nova: the activation die, then the target-count die', 'Кубики Новы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsInt(FACES)
  novaFaces?: number[];
}

export class CpRamParams {
  @Field('The ramming ship', 'Таранящий')
  @IsId()
  ship!: string;
  @Field('The ship rammed', 'Цель')
  @IsId()
  target!: string;
  @Field("The target's evasion die (when its speed is at least the rammer's)", 'Кубик уклонения')
  @IsOptional()
  @IsInt()
  evadeFace?: number;
  @Field("Light-ship manoeuvre dice: the rammer's, then the target's", 'Кубики манёвра')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsInt(FACES)
  manoeuvreFaces?: number[];
}

export class CpBoardParams {
  @Field('The boarding ship', 'Абордажник')
  @IsId()
  ship!: string;
  @Field('The ship or station boarded', 'Цель')
  @IsId()
  target!: string;
  @Field("The boarder's die, then the defender's (and further pairs for rerolled ties)", 'Кубики')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsInt(FACES)
  faces?: number[];
}

export class CpBombParams {
  @Field('The bombing ships', 'Корабли')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsId({ each: true })
  ships!: string[];
  @Field('The object, ground unit or building bombed', 'Цель')
  @IsId()
  target!: string;
}

export class CpEvadeParams {
  @Field('Whether the ship evades (it is then turned and takes no damage)', 'Уклониться')
  @IsBoolean()
  evade!: boolean;
}

export class CpNovaTargetsParams {
  @Field("The Nova's targets, in order of choice", 'Цели')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsId({ each: true })
  targets!: string[];
}

export class CpNovaShieldsParams {
  @Field(
    'Hit ships whose shield power is subtracted (they lose shield and maser for the battle phase)',
    'Пожертвовать щитом',
  )
  @IsArray()
  @ArrayMaxSize(3)
  @IsId({ each: true })
  sacrifice!: string[];
}

export class CpCounterFireParams {
  @Field(
    'A Short-range weapon of the attacked ship; left out to decline',
    'Оружие',
    choiceNames(WEAPON_NAMES),
  )
  @IsOptional()
  @IsIn(WEAPON_KINDS)
  weapon?: string;
  @Field('Hit dice, when reported', 'Кубики попаданий')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsInt(FACES)
  hitFaces?: number[];
  @Field('Point-defence dice, when reported', 'Кубики защиты')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsInt(FACES)
  defenceFaces?: number[];
}

export class CpEndRoundParams {
  @Field(
    'stop closing, resume closing, increase distance, or bring in the second echelon (orbit)',
    'Манёвр',
    MANOEUVRE_NAMES,
  )
  @IsOptional()
  @IsIn(['stop', 'resume', 'increase', 'echelon'])
  manoeuvre?: string;
  @Field('The distance chosen', 'Дистанция', choiceNames(DISTANCE_NAMES))
  @IsOptional()
  @IsIn(['long', 'medium', 'short'])
  distance?: string;
}

export class CpGroundAssaultParams {
  @Field('Whether the assault goes on', 'Продолжить')
  @IsBoolean()
  continue!: boolean;
}

export class CpLandParams {
  @Field('Ships using their landing; empty to decline', 'Корабли')
  @IsArray()
  @ArrayMaxSize(50)
  @IsId({ each: true })
  ships!: string[];
}

export class CpCivilParams {
  @Field('The object whose civil buildings are taken', 'Объект')
  @IsId()
  object!: string;
  @Field('Destroy or capture them', 'Уничтожить или захватить', CIVIL_BUILDING_CHOICES)
  @IsIn(['destroy', 'capture'])
  choice!: string;
}

export class CpAutoPassParams {
  @Field("Whether this seat's battle questions are passed automatically", 'Автопас')
  @IsBoolean()
  on!: boolean;
}
