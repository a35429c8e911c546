import type { PieceStatus } from './table';

/**
 * A starting position's table part (issue 45), as POST /matches takes it beside the setup:
 * the table at a moment in the shape GET state returns it. See rulesets/position.params.ts
 * for its schema and match/position.ts for how it is laid over the setup.
 */

export interface PositionPiece {
  id: string;
  /** A new piece's type (where the game allows new pieces); absent: a piece the setup lays out. */
  type?: string;
  owner?: string;
  zone: string;
  status?: PieceStatus;
  capturedBy?: string;
  attrs?: Record<string, unknown>;
}

export interface PositionDeck {
  deck: string;
  /** Every card in the deck, top first: laid out by the organizer, not shuffled. */
  order: string[];
}

export interface PositionTrack {
  id: string;
  owner?: string;
  value: number;
}

export interface PositionTurn {
  round: number;
  phase?: string;
  active?: string[];
  priority?: string;
}

export interface Position {
  pieces?: PositionPiece[];
  decks?: PositionDeck[];
  tracks?: PositionTrack[];
  turn?: PositionTurn;
  /** The ruleset's own part (its round and phase machine, alliances, technologies...). */
  rules?: Record<string, unknown>;
}
