import type { Phraser } from '@domain/naming/phraser';
import type { RulesetNaming } from '@domain/naming/ruleset-naming';
import type { Lang } from '@domain/rulesets/ruleset';
import type { Piece } from '@domain/table/table';
import type { ClientTable, ViewEvent } from '../replay/replay-engine';
import type { Touched } from '../replay/timeline';

/**
 * A decision form's zone field (`from`, `to`, `location`) filled from the board: each zone
 * it accepts gets a button (keyboard), and a click or tap anywhere on such a zone picks it.
 */
export interface ZonePicking {
  /** The field's path in the form, so the form knows which field waits. */
  path: string;
  /** The field's caption, for the buttons' names («Куда: Север»). */
  caption: string;
  zones: ReadonlySet<string>;
  pick(zone: string): void;
}

/** What every part of the board reads: the table at the seq, who looks, the names. */
export interface BoardCtx {
  lang: Lang;
  seats: string[];
  // The naming alone, not the page's RulesetWords (which holds the board): no type cycle.
  phraser: Phraser<RulesetNaming>;
  touched?: Touched;
  viewerSeat?: string;
  piecesByZone: Map<string, Piece[]>;
  ct: ClientTable;
  seq: number;
  events: readonly ViewEvent[];
  /** The board's element ids' prefix. */
  ids: string;
  picking?: ZonePicking;
  /** A piece by the ruleset board's own names (its legend's), where it gives them. */
  pieceText?(piece: string): PieceText | undefined;
}

/** A piece as a ruleset's board names it: its full name and its state in the game's words. */
export interface PieceText {
  name: string;
  details: string[];
}
