import type { LocalizedText } from '../../shared/localized-text';
import type { Nationality, Posture, Trigger } from './cc-cards';
import type { MapGrid } from './cc-map';
import type { OutcomeAbout } from './cc-options';
import type { EffectKind } from './cc-choice-names';
import type { RollPurpose } from './decisions/rolls.params';

/**
 * Combat Commander's own events (the generic table events carry pieces, cards, tracks and
 * shuffles). Stored forever: change a shape only by adding optional members.
 */

export interface CcSide {
  seat: string;
  nationality: Nationality;
  posture: Posture;
  handSize: number;
  orderCapability: number;
}

export interface CcObjective {
  number: number;
  hex: string;
  vp: number;
}

export interface CcEffect {
  kind: EffectKind;
  piece?: string;
  to?: string;
  direction?: number;
  distance?: number;
  seat?: string;
  amount?: number;
  /** The roll a re-roll repeats. */
  roll?: string;
}

export interface CcEvents {
  /** Setup: sides, grid, objectives, Time; the illustrative flag per deck. */
  BattleSetUp: {
    sides: CcSide[];
    first: string;
    grid: MapGrid;
    objectives: CcObjective[];
    time: number;
    suddenDeath: number;
    /** Nationalities playing the illustrative deck (no real list registered). */
    illustrative: Nationality[];
    /** The seat holding the Initiative card [9] at the start (absent in matches set up before it). */
    initiative?: string;
    /** The scenario's name in both languages, when the setup gives it (the illustrative one does). */
    scenario?: LocalizedText;
  };
  /** The opening: both decks shuffled, both hands dealt; the first Turn begins. */
  /**
   * `owedShuffles`: a battle begun from a starting position, whose Fate decks the organizer did
   * not lay out: each is shuffled provably before the next draw (the next decision).
   */
  BattleBegun: { first: string; owedShuffles?: string[] };
  TurnBegan: { seat: string; number: number };
  OrderGiven: {
    seat: string;
    card: string;
    order: string;
    units: string[];
    number: number;
    /** The Leader whose Command activated the other units, and its Command. */
    leader?: string;
    command?: number;
    /** The Order's name in both languages, when the deck list gives it. */
    title?: LocalizedText;
  };
  ActionPlayed: {
    seat: string;
    card: string;
    action: string;
    pieces: string[];
    /** The seat whose Turn it is. */
    duringTurnOf: string;
    opFire?: boolean;
    /** The Leader whose Command activated more units for Op Fire, and its Command. */
    leader?: string;
    command?: number;
    /** The Action's name in both languages, when the deck list gives it. */
    title?: LocalizedText;
  };
  /** The Turn of zero or more discards. */
  CardsDiscardedForTurn: { seat: string; cards: string[] };
  TurnEnded: { seat: string; orders: number; drew: number };
  /** A roll: the top card revealed, its dice read. */
  FateRolled: {
    roll: string;
    seat: string;
    purpose: RollPurpose;
    card: string;
    dice: [number, number];
    /** Sum, or product for a Targeting roll. */
    value: number;
    combine: 'sum' | 'product';
    trigger?: Trigger;
    /** The printed trigger does nothing: made inside a trigger, or Jammed! on another roll. */
    ignored?: 'inside-trigger' | 'not-a-fire-roll';
    lastCard?: boolean;
    /** Fire and Targeting: the firing group and the enemy unit fired at. */
    group?: string[];
    target?: string;
    /**
     * Fire and Targeting: the target's hex; each unit and Weapon that fires with its own FP,
     * Range and distance to the target [3.1.1, 3.1.2, 11]; the Hindrance hexes the line of
     * fire crosses (they do not add up [10.3]), and whether obstacles were checked [10.2].
     */
    fire?: {
      hex: string;
      firers: { piece: string; hex: string; fp: number; range: number; distance: number }[];
      hindrances: string[];
      lineOfFire: 'checked' | 'not-checked';
    };
    unit?: string;
    /** The unit's Morale (broken side if broken), the best Cover in its hex, their sum. */
    morale?: { base: number; cover: number; total: number };
    /** Melee: FP of the roller's units in the hex, +1 per boxed FP, and the strength with the roll. */
    melee?: { hex: string; fp: number; boxed: number; strength: number };
    weapons?: string[];
    /** The roll this one repeats (a confirmed use of the Initiative card). */
    reroll?: string;
  };
  TriggerFired: {
    roll: string;
    trigger: Trigger;
    seat: string;
    purpose: RollPurpose;
    /** The roll's result, remembered until the trigger is resolved. */
    value: number;
    afterTimeAdvance?: boolean;
  };
  /** Event!: the next card revealed, only its Event read. */
  EventRevealed: {
    roll: string;
    card: string;
    event: string;
    reader: string;
    /** The Event's name in both languages, when the deck list gives it. */
    title?: LocalizedText;
  };
  /** Sniper!: the next card revealed, only its Random Hex read. */
  SniperHexRevealed: { roll: string; card: string; hex: string };
  SniperResolved: { roll: string; seat: string; unit?: string; hex: string };
  TriggerResolved: { roll: string; trigger: Trigger };
  /** All triggers done: the remembered result is applied now. */
  RollApplied: { roll: string; value: number; purpose: RollPurpose };
  TimeAdvanced: { time: number; cause: 'time-trigger' | 'last-card'; decks: string[] };
  RandomHexDrawn: {
    card: string;
    hex: string;
    number: number;
    purpose: 'event' | 'repair';
    weapon?: string;
  };
  PieceBroken: { piece: string; cause: string; eliminated: boolean };
  OutcomeStated: {
    id: string;
    seat: string;
    about: OutcomeAbout;
    effects: CcEffect[];
    note?: string;
    roll?: string;
    ruleRef: string;
    /** Applied at once (option "as-stated"). */
    applied?: boolean;
  };
  OutcomeConfirmed: {
    id: string;
    by: string;
    /** Recorded by a judge of the match on the seat's behalf. */
    judge?: boolean;
  };
  OutcomeRejected: { id: string; by: string };
  ObjectiveControlled: { number: number; seat: string };
  UnitExited: { unit: string; seat: string };
  /**
   * The Sudden Death roll, made inside the Time! trigger when Time reached the marker's space:
   * the trigger waits for the stated (and confirmed) outcome of whether the game ends.
   */
  SuddenDeathRolled: { roll: string; seat: string; value: number; time: number; space: number };
  /** The Initiative card [9] passed to `seat` (never a Fate card: never in a hand or a deck). */
  InitiativePassed: { seat: string; from: string };
  /**
   * A hand shown to another player by an Event (the Golden rule: the card wins over 1.2). Its
   * cards are the event's secret, seen by `to` (and judges; everyone after the end).
   */
  HandShown: {
    seat: string;
    to: string;
    count: number;
    secret: { cards: { id: string; order: string; action: string }[] };
  };
}

/** The events that are rolls: a Fate card revealed and its dice read (the Ruleset's `rollEvents`). */
export const CC_ROLL_EVENTS: readonly (keyof CcEvents)[] = ['FateRolled'];
