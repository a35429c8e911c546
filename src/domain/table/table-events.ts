import type { Visibility } from '../events/recorded-event';
import type { LocalizedText } from '../shared/localized-text';
import type { PieceStatus, ZoneVisibility } from './table';

/** Generic table events (DESIGN section 3). Data shapes are stored forever: change them only by adding optional members. */

export interface ZoneSpec {
  id: string;
  kind: string;
  owner?: string;
  name?: LocalizedText;
  adjacency?: string[];
  visibility?: ZoneVisibility;
  attrs?: Record<string, unknown>;
}
export interface ZonesCreatedData {
  zones: ZoneSpec[];
}

export interface PieceSpec {
  id: string;
  type: string;
  owner?: string;
  zone: string;
  status?: PieceStatus;
  attrs?: Record<string, unknown>;
}
export interface PiecesCreatedData {
  pieces: PieceSpec[];
  /**
   * Pieces placed at setup in a hidden zone (`owner`, `nobody`): committed like a draw and
   * seen by the event's visibility (the zone's owner; judges for a `nobody` zone), everyone
   * at the end. `pieces` is then empty and `hidden` says how many went to each zone.
   */
  secret?: { pieces: PieceSpec[] };
  hidden?: { zone: string; count: number }[];
}

export interface PiecesMovedData {
  pieces: string[];
  to: string;
  /** Set when a whole fleet moved. */
  fleet?: string;
}

export interface PieceChangedData {
  piece: string;
  status?: PieceStatus;
  /** Merged into the attributes; a null value removes that attribute. */
  attrs?: Record<string, unknown>;
  type?: string;
  owner?: string;
}

export interface PiecesDestroyedData {
  pieces: string[];
  cause: string;
}

export interface PiecesCapturedData {
  pieces: string[];
  by: string;
  /** Zone the captured pieces go to; they stay where they are when absent. */
  to?: string;
  cause?: string;
}

export interface PiecesRestoredData {
  pieces: string[];
  to: string;
}

export interface FleetFormedData {
  fleet: string;
  owner?: string;
  name?: string;
  pieces: string[];
}
export interface FleetChangedData {
  fleet: string;
  add?: string[];
  remove?: string[];
  name?: string;
}
export interface FleetDisbandedData {
  fleet: string;
}

export interface TrackChangedData {
  track: string;
  owner?: string;
  name?: LocalizedText;
  /** The new value. */
  value: number;
  /** value minus the previous value, for readers of the log. */
  delta: number;
}

/**
 * A card revealed and read as a roll, where a game's dice are cards (Combat Commander): the
 * faces printed on it, the value read (their sum or product) and the trigger printed, if any.
 */
export interface CardRoll {
  purpose: string;
  faces: number[];
  sides: number[];
  value: number;
  combine: 'sum' | 'product';
  trigger?: string;
  triggerIgnored?: boolean;
}

export interface CardsDrawnData {
  deck: string;
  to: string;
  count: number;
  /**
   * Visible to the drawing seat (event visibility); redacted for others. `cards`: what the
   * drawn pieces are, where the setup committed them (nobody else has been told).
   */
  secret?: { pieces: string[]; cards?: PieceSpec[] };
  /** A public reveal of one card read as a roll: the table's last roll. */
  roll?: CardRoll;
}

export interface CardsPlayedData {
  pieces: string[];
  to: string;
  /** Card types, revealed by playing. */
  types?: string[];
}

export interface CardsDiscardedData {
  pieces: string[];
  to: string;
}

export interface DeckShuffledData {
  deck: string;
  /** Roll number of purpose `shuffle:<deck>`, for re-verification. */
  k: number;
  count: number;
  /** The new order, top first; secret until the match ends. */
  secret?: { order: string[]; before: string[] };
}

export interface PhaseStartedData {
  phase: string;
  active: string[];
  priority?: string;
}

export interface RoundStartedData {
  round: number;
  active?: string[];
  priority?: string;
}

export interface TableEventMap {
  ZonesCreated: ZonesCreatedData;
  PiecesCreated: PiecesCreatedData;
  PiecesMoved: PiecesMovedData;
  PieceChanged: PieceChangedData;
  PiecesDestroyed: PiecesDestroyedData;
  PiecesCaptured: PiecesCapturedData;
  PiecesRestored: PiecesRestoredData;
  FleetFormed: FleetFormedData;
  FleetChanged: FleetChangedData;
  FleetDisbanded: FleetDisbandedData;
  TrackChanged: TrackChangedData;
  CardsDrawn: CardsDrawnData;
  CardsPlayed: CardsPlayedData;
  CardsDiscarded: CardsDiscardedData;
  DeckShuffled: DeckShuffledData;
  PhaseStarted: PhaseStartedData;
  RoundStarted: RoundStartedData;
}

export type TableEventType = keyof TableEventMap;

export const TABLE_EVENT_TYPES: ReadonlySet<string> = new Set<TableEventType>([
  'ZonesCreated',
  'PiecesCreated',
  'PiecesMoved',
  'PieceChanged',
  'PiecesDestroyed',
  'PiecesCaptured',
  'PiecesRestored',
  'FleetFormed',
  'FleetChanged',
  'FleetDisbanded',
  'TrackChanged',
  'CardsDrawn',
  'CardsPlayed',
  'CardsDiscarded',
  'DeckShuffled',
  'PhaseStarted',
  'RoundStarted',
]);

export function tableEvent<K extends TableEventType>(
  type: K,
  data: TableEventMap[K],
  visibility?: Visibility,
): { type: K; data: TableEventMap[K]; visibility?: Visibility } {
  return visibility ? { type, data, visibility } : { type, data };
}
