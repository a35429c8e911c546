import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';
import { IsOptional } from '../../../shared/optional-member';
import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';
import { SHIP_CLASSES } from '../sw-catalog';

/** Params of the space map's decisions: ships bought, entered, moved, firing, mines, cargo. */

export const STEPS = [
  'forward',
  'forward-left',
  'forward-right',
  'back',
  'back-left',
  'back-right',
  'turn-left',
  'turn-right',
] as const;
export type Step = (typeof STEPS)[number];

export class SwBuyShipsParams {
  @Field(
    'The ships bought: one class, or up to three fighters and bombers for a squadron',
    'Покупаемые корабли',
  )
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @IsIn([...SHIP_CLASSES, 'transport'], { each: true })
  classes!: string[];
}

export class SwBuyCargoParams {
  @Field('The transport loaded, at or next to your tunnel', 'Транспорт')
  @IsId()
  transport!: string;

  @Field('reinforcements or station', 'Груз')
  @IsIn(['reinforcements', 'station'])
  cargo!: 'reinforcements' | 'station';
}

export class SwEnterParams {
  @Field('The ship entering play (built, or a transport back at the tunnel)', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The cell of its bow deck, "s:q:r"', 'Клетка носа')
  @IsId()
  bow!: string;

  @Field('Its heading, 0-5 counter-clockwise from east', 'Курс')
  @IsInt()
  @Min(0)
  @Max(5)
  heading!: number;

  @Field(
    'A cruiser with a working Dock it appears beside, instead of the tunnel',
    'Крейсер с доком',
  )
  @IsOptional()
  @IsId()
  dock?: string;
}

export class SwMoveParams {
  @Field('The ship moved', 'Корабль')
  @IsId()
  ship!: string;

  @Field(
    'The steps: forward, forward-left, forward-right (back… for single-deck ships), turn-left, turn-right',
    'Шаги',
  )
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(12)
  @IsIn(STEPS, { each: true })
  steps!: Step[];

  @Field('The deck (1 = bow) a pivot turns about', 'Палуба-ось')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4)
  pivotDeck?: number;
}

export class SwFireParams {
  @Field('The firing ship', 'Корабль')
  @IsId()
  ship!: string;

  // The target before the decks: a form asks what is fired at, then which decks reach it.
  @Field('The target: a ship, a station or a mine', 'Цель')
  @IsId()
  target!: string;

  @Field('The firing decks (1 = bow), each once a turn', 'Палубы залпа')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(4, { each: true })
  decks!: number[];

  @Field('The target deck of a multi-deck ship, chosen before the roll', 'Палуба цели')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4)
  targetDeck?: number;
}

export class SwCellParams {
  @Field('The ship acting', 'Корабль')
  @IsId()
  ship!: string;

  @Field('The cell, "s:q:r" on the space map or "g:q:r" on the ground map', 'Клетка')
  @IsId()
  cell!: string;
}

export class SwShipParams {
  @Field('The ship acting', 'Корабль')
  @IsId()
  ship!: string;
}
