import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import type { DiceModes } from '../dice/dice-modes';
import type { LocalizedText } from '../shared/localized-text';
import type { CountedRoll } from '../stats/dice-luck';
import type { Table } from '../table/table';
import type { Position } from '../table/table-position';
import type { ZoneSpec } from '../table/table-events';
import type { Rejection, RuleViolation } from './rule-violation';
import type { FieldChoices } from './field-choices';

/**
 * The interface every game implements (DESIGN section 4). A ruleset is pure domain code:
 * it can be tested with plain function calls and no server.
 */

export type OptionValue = string | number | boolean;

/** A named interpretation of unclear or contradictory rules text, or a house rule. */
export interface OptionSpec {
  id: string;
  title: LocalizedText;
  /** Why the option exists: which text is unclear, with its rule reference. */
  description: LocalizedText;
  ruleRef?: string;
  type: 'enum' | 'boolean' | 'integer';
  /** For enum options: the allowed values with their meanings. */
  choices?: readonly { value: string; title: LocalizedText }[];
  min?: number;
  max?: number;
  default: OptionValue;
}

export interface PieceTypeSpec {
  id: string;
  kind: string;
  name: LocalizedText;
  /** Printed stats (cost, speed, durability, ...). */
  stats?: Record<string, unknown>;
}

export interface SeatSpec {
  seat: string;
  side?: string;
  faction?: string;
}

export interface SetupInput {
  matchId: string;
  seats: SeatSpec[];
  options: Record<string, OptionValue>;
  params: Record<string, unknown>;
}

/**
 * Another match a decision cites (a league's battle, a campaign's game), as the application
 * read it from its own stream just before the decision: the decision checks it (finished,
 * the head hash the caller named) and takes its result. Replays read it back from the
 * MatchCited event the decision recorded.
 */
export interface CitedMatch {
  matchId: string;
  /** The cited match's ruleset id. */
  ruleset: string;
  status: 'created' | 'started' | 'finished' | 'abandoned';
  headSeq: number;
  headHash: string;
  /** Seat ids of its winners (empty when it has not finished or ended in a draw). */
  winners: string[];
  /** Points per seat, as its ruleset derives them (`derive().scores`); empty when it has none. */
  points: Record<string, number>;
  seats: { seat: string; player?: string; faction?: string }[];
}

/** A class with class-validator decorators; the engine validates params against it. */
export type ParamsClass = new () => object;

/** What a decision may consult. Everything in it is a pure function of the recorded log. */
export interface DecisionContext<RS> {
  matchId: string;
  seat: string;
  table: Readonly<Table>;
  rs: Readonly<RS>;
  options: Readonly<Record<string, OptionValue>>;
  /** The match's seats, with the player who claimed each: refusals name seats by them. */
  seats: readonly (SeatSpec & { player?: { name: string } })[];
  /** The seq the next event will get. */
  nextSeq: number;
  /**
   * Recorded by a judge of the match (a ruling's corrective decision, or a decision of a kind
   * made `by: 'judge'`): a game reads it where its text has the Game Master decide.
   */
  byJudge?: boolean;
  /** Draws dice from the provable dice service; returns the faces and the DiceRolled event to record. */
  roll(purpose: string, sides: number[], reportedFaces?: number[]): RollOutcome;
  /**
   * Shuffles a deck zone with the provable RNG; returns the DeckShuffled event to record.
   * `current` is the deck's order when the decision has already changed it (the kit's draft
   * passes it): the shuffle starts from the deck as the log has it at that event.
   */
  shuffle(deck: string, current?: readonly string[]): NewEvent;
  /** A fresh piece id, unique in the match and stable under replay. */
  newPieceId(prefix: string): string;
  /**
   * A match the decision's params cite (`DecisionSpec.cites`), as read for this decision;
   * undefined when there is no such match. Check it with the kit's `Draft.cite`.
   */
  cited(matchId: string): CitedMatch | undefined;
}

/** What `available` may consult: the match at its head, and no dice. */
export type AvailabilityContext<RS> = Omit<
  DecisionContext<RS>,
  'roll' | 'shuffle' | 'newPieceId' | 'cited'
>;

export interface RollOutcome {
  faces: number[];
  event: NewEvent;
}

export interface DecisionSpec<RS, P extends object = object> {
  summary: LocalizedText;
  params: new () => P;
  /**
   * Params of this kind as a player would send them, published with its schema (GET
   * rulesets/:id, the OpenAPI document): valid against the schema, though the ids it names
   * exist only in some matches.
   */
  example?: P;
  /**
   * Params to try now, built from the state (the seat's pieces, the battle waiting, the cards
   * in hand): `legal-decisions` lists those the decision would accept, so a page can offer
   * them as they are. Absent, the `example` is tried.
   */
  examples?(ctx: AvailabilityContext<RS>): P[];
  /**
   * The values each field may take now for this seat, given the fields already chosen
   * (decision-choices.ts): a page offers only these, and never guesses from a field's name.
   */
  choices?(ctx: AvailabilityContext<RS>, chosen: Readonly<Record<string, unknown>>): FieldChoices[];
  /**
   * 'active': only seats named active by the turn may make it (anyone when none is named);
   * 'any': any seat, whatever the turn.
   */
  turn: 'active' | 'any';
  /**
   * Who makes it: a seat (the default), or a judge of the match where the rules text has a
   * Game Master decide (recorded on a seat's behalf with a judge token; a seat's own token is
   * refused, and `legal-decisions` never offers it to a seat), or either: a seat, or a judge of
   * the match on the seat's behalf where the text lets "the opponent (or a judge)" act.
   */
  by?: 'seat' | 'judge' | 'seat-or-judge';
  /** Phases in which the decision is allowed; absent means any phase. */
  phases?: string[];
  /** The rule that says who makes this decision and when: cited when the turn or phase refuses it. */
  turnRuleRef?: string;
  /**
   * Simultaneous hidden choices (battle wheels, league declarations): 'required' means the
   * decision is only accepted as a sealed commitment revealed later; 'optional' allows both.
   */
  sealing?: 'required' | 'optional';
  /**
   * A correction of the table outside the game's own moves (a card text no catalogue knows):
   * offered like any decision, but a page lists it apart, folded below the game's decisions.
   */
  adjustment?: true;
  /**
   * The params are the seat's secret (a deck list, a face-down build): DecisionMade carries
   * them in its `secret` member, visible to that seat (and judges; everyone after the end).
   */
  secretParams?: boolean;
  /** Where the rules text makes this choice hidden and simultaneous: cited when a reveal is refused. */
  sealRuleRef?: string;
  /** Seats that must all have sealed this kind before any of them may reveal (default: none). */
  revealAfter?(ctx: DecisionContext<RS>): string[];
  /**
   * A sealed choice the rules refuse at its reveal cannot be changed (the commitment binds it)
   * and must not stay open: what it counts as when its seat records it void. `{}`: nothing
   * (the choice simply has no effect); `{ params }`: the decision it stands for, decided
   * openly in the same write (a league declaration: the empty one). Undefined, or no voidAs:
   * it cannot be voided, and a judge rules on it. Where the rules text is silent, the ruleset
   * makes this an option.
   */
  voidAs?(ctx: DecisionContext<RS>): { params?: P } | undefined;
  /**
   * Whether the decision would be accepted now with some params, beyond what turn and phase
   * say (a battle decision only while that battle waits for it). `legal-decisions` offers the
   * kind only when this is true; absent, turn and phase decide. Must not refuse what `decide`
   * would accept.
   */
  available?(ctx: AvailabilityContext<RS>): boolean;
  /**
   * The ids of other matches these params cite (a linked battle): the application reads each
   * before deciding and passes it as `ctx.cited`. Called on the params as sent, before they
   * are validated: return only what the params name, never throw.
   */
  cites?(params: Readonly<Record<string, unknown>>): string[];
  decide(ctx: DecisionContext<RS>, params: P): NewEvent[] | Rejection;
}

export interface Derived {
  /** Scores or victory points per seat, if the game has them. */
  scores?: Record<string, number>;
  /** Who controls what (zone id → seat). */
  control?: Record<string, string>;
  /**
   * Who has won, for readers (the viewer, statistics). Informative only: the engine does not
   * act on it; a ruleset ends its match by recording MatchFinished (the kit's `finish`).
   */
  victory?: { winners: string[]; condition: string; ruleRef?: string };
  warnings?: string[];
  [extra: string]: unknown;
}

export type UndoVerdict =
  { allowed: true; needsConsent: boolean } | { allowed: false; violation: RuleViolation };

/** An event no undo goes back across, and why, as its reader is told («открыта карта Влияния»). */
export interface UndoBarrier {
  why: LocalizedText;
  ruleRef?: string;
}

export interface UndoInput<RS> {
  table: Readonly<Table>;
  rs: Readonly<RS>;
  seat: string;
  toSeq: number;
  /** The events after toSeq on the effective line. */
  since: readonly RecordedEvent[];
  /** The match's options (its rule choices, recorded at creation). */
  options?: Readonly<Record<string, OptionValue>>;
}

export type Lang = 'en' | 'ru';

/**
 * How the viewer draws the board. Without a layout, zones are laid out as labelled areas.
 * Coordinates are in an abstract box of `width` x `height`.
 */
export type BoardLayout =
  | { kind: 'areas' }
  | {
      kind: 'positions';
      width: number;
      height: number;
      positions: Record<string, { x: number; y: number }>;
    }
  | { kind: 'hex'; orientation: 'pointy' | 'flat'; cells: Record<string, { q: number; r: number }> }
  | { kind: 'ring'; zones: string[]; center?: string };

/** One thing wrong with a position, for its reader: where in the position, and what. */
export interface PositionProblem {
  /** The member of the position (`pieces.3`, `rules.alliances.0`); '' for the whole. */
  path: string;
  message: LocalizedText;
  /** The rule a limit comes from, quoted, where the position exceeds one. */
  ruleRef?: string;
}

/** What a ruleset's position part reads: the match as the setup and the position's table lay it out. */
export interface PositionInput<RS> {
  seats: readonly SeatSpec[];
  options: Readonly<Record<string, OptionValue>>;
  setup: Readonly<Record<string, unknown>>;
  /**
   * The table the setup lays out, with the position's pieces, decks, tracks and turn on it
   * (a game with `projectTable`: the setup's table as GET state shows it; the game lays the
   * position over its own slice).
   */
  table: Readonly<Table>;
  /** The table as the setup alone lays it out (projected, for a game with `projectTable`). */
  setupTable: Readonly<Table>;
  /** The ruleset's slice folded from the setup and the position's table part. */
  rs: Readonly<RS>;
  position: Readonly<Position>;
  /** The position's `rules`, valid against `RulesetPosition.rules` ({} when it has none). */
  rules: Readonly<Record<string, unknown>>;
}

/**
 * How a game starts from a given position (issue 45): the table part is the engine's
 * (match/position.ts); the ruleset checks the position against its rules and records its
 * own slice (round and phase machine, alliances, technologies) with its own events, which
 * its `evolve` folds like any other.
 */
export interface RulesetPosition<RS> {
  /** The schema of the position's `rules` (absent: the position has no `rules`). */
  rules?: ParamsClass;
  /** A position of this game as an organizer would send it, published with the ruleset. */
  example?: Position;
  /** May the position add pieces the setup does not lay out (`type` given), and new tracks. */
  newPieces?: boolean;
  newTracks?: boolean;
  /**
   * The position with what the game reads off it filled in before it is laid (a card's
   * printed figures from its registered deck); total: a broken position comes back as given.
   * MatchCreated records the position as given.
   */
  complete?(position: Readonly<Position>): Position;
  /**
   * Zones the position's table needs that the setup does not lay out (a game whose zones come
   * into play with its pieces: a sector, an object's orbit), created before its pieces.
   */
  zones?(position: Readonly<Position>, seats: readonly SeatSpec[]): ZoneSpec[];
  /**
   * The `rules` part as MatchCreated records it for every reader: without what is hidden
   * (a seat's deck list), which the game records in its own seat-only secret events.
   * Absent: recorded as given.
   */
  publicRules?(rules: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** Every way the position breaks the game's rules (empty: none). */
  validate(input: PositionInput<RS>): PositionProblem[];
  /**
   * The ruleset's own events that set its slice from the position (after the table's), and
   * the shuffles its decks not laid out still owe: a valid position only.
   */
  events(input: PositionInput<RS>): NewEvent[];
}

export interface Ruleset<RS = unknown> {
  id: string;
  /** Semver; recorded in every event. */
  version: string;
  title: LocalizedText;
  summary: LocalizedText;
  /**
   * The rule references of its rules text (`*-rules-text.ts` RULES, each «section»: «quote» from
   * the authoritative Russian text), by key: what a judge cites in a ruling. Absent: none.
   */
  rules?: Readonly<Record<string, string>>;
  options: readonly OptionSpec[];
  /** Which dice the match's rolls use, from its options (absent: server or reported, per roll). */
  diceModes?(options: Readonly<Record<string, OptionValue>>): DiceModes;
  catalog: PieceTypeSpec[];
  /**
   * Prefixes of the ids of the seats' tracks that are things a seat holds or spends (credits,
   * resources, tokens), not its score: the score charts leave them out. Absent: every track a
   * seat owns is a score (victory points, influence).
   */
  resourceTracks?: readonly string[];
  /** Seat count the game allows. */
  seats: { min: number; max: number };
  /**
   * Seats its rules let a player take after the start (a league's new entrants, from the
   * setup): the start does not wait for them, and they are claimed when their player comes.
   */
  lateSeats?(setup: Readonly<Record<string, unknown>>): string[];
  /** Scenario/setup parameters checked at match creation (absent: none accepted beyond an object). */
  setupParams?: ParamsClass;
  initialState(): RS;
  /** The table events that lay out the game before it starts, or why the setup is invalid. */
  setup(input: SetupInput): NewEvent[] | Rejection;
  /**
   * The setup params as MatchCreated records them for every reader: without what places the
   * `hidden` pieces (ids of pieces the setup puts in `owner` or `nobody` zones), which the
   * engine records committed instead (hidden-zones.ts `commitHiddenSetup`). Absent: the
   * params name no piece in a hidden zone and are recorded as given.
   */
  publicSetup?(
    params: Readonly<Record<string, unknown>>,
    hidden: ReadonlySet<string>,
  ): Record<string, unknown>;
  decisions: Record<string, DecisionSpec<RS, never>>;
  /** The ruleset's own slice; called for every event of the match, ignores what it does not know. Never throws. */
  evolve(rs: RS, event: RecordedEvent): RS;
  derive(table: Readonly<Table>, rs: Readonly<RS>): Derived;
  /**
   * The table readers are shown, for a ruleset that keeps its pieces in its own slice rather
   * than in table events: the slice laid out as zones, pieces and tracks, then viewed per
   * reader like any table (hidden zones counted, deck orders secret). Absent: the table as
   * its events left it.
   */
  projectTable?(table: Readonly<Table>, rs: Readonly<RS>, seats: readonly string[]): Table;
  undo(input: UndoInput<RS>): UndoVerdict;
  /**
   * The ruleset's own undo barriers by event type, beside the engine's (rewind.ts
   * UNDO_BARRIERS): the engine refuses an undo across any of them, before `undo` is asked.
   */
  undoBarriers?: Readonly<Record<string, UndoBarrier>>;
  /**
   * The ruleset's own events that record a roll, beside the engine's `DiceRolled` (a Fate
   * card read as dice): the timeline, the roll navigation and the last-roll panels count
   * them. List them in roll-events.ts too, where the browser reads them.
   */
  rollEvents?: readonly string[];
  /** Starting from a given position (POST /matches `position`); absent: not accepted. */
  position?: RulesetPosition<RS>;
  /**
   * Reads those roll events for dice luck, when their dice are printed on cards: each is
   * counted against its deck's own mix of values, not against fair dice. A reader per match
   * (it may remember each deck's mix), called with every event in log order and the table as
   * that event left it; undefined for an event that is not such a roll (or does not read).
   */
  cardRolls?(): (event: Readonly<RecordedEvent>, table: Readonly<Table>) => CountedRoll | undefined;
  /**
   * Why its roll events are left out of dice luck, for a ruleset whose rolls are neither fair
   * dice nor read by `cardRolls`: every dice luck answer about one of its matches says so.
   */
  rollsNotCountedBecause?: LocalizedText;
  /** The board layout for the viewer (may depend on the map chosen at setup). */
  layout?(table: Readonly<Table>, setup: Readonly<Record<string, unknown>>): BoardLayout;
}

/** Lets a ruleset declare decision specs with typed params and still fit the registry's map. */
export function decisionSpec<RS, P extends object>(
  spec: DecisionSpec<RS, P>,
): DecisionSpec<RS, never> {
  return spec as unknown as DecisionSpec<RS, never>;
}
