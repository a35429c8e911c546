import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';

/**
 * The generic table (DESIGN section 3): the vocabulary every ruleset describes its game
 * with, so that judges, the viewer and statistics read every game the same way.
 */

/** Who may see the pieces in a zone: everyone, its owner, or nobody (a deck). */
export type ZoneVisibility = 'public' | 'owner' | 'nobody';

export interface Zone {
  id: string;
  /** location, hex, sector, orbit, reserve, hand, deck, discard, production, box, area, ... */
  kind: string;
  owner?: string;
  name?: LocalizedText;
  /** Zone ids one step away (maps). */
  adjacency: string[];
  visibility: ZoneVisibility;
  attrs: Record<string, unknown>;
}

export type PieceStatus = 'active' | 'tapped' | 'damaged' | 'broken' | 'destroyed' | 'captured';

export const PIECE_STATUSES: readonly PieceStatus[] = [
  'active',
  'tapped',
  'damaged',
  'broken',
  'destroyed',
  'captured',
];

export interface Piece {
  id: string;
  /** A type from the ruleset's catalog (freeform: any name). */
  type: string;
  owner?: string;
  zone: string;
  status: PieceStatus;
  attrs: Record<string, unknown>;
  fleet?: string;
  capturedBy?: string;
}

export interface Fleet {
  id: string;
  owner?: string;
  name?: string;
  pieces: string[];
}

export interface LossEntry {
  piece: string;
  type: string;
  cause: string;
  /** The event that put the piece there. */
  seq: number;
  /** The piece's `cost` attribute when it was lost, if it had one (loss-pile sums). */
  cost?: number;
}

export interface Track {
  id: string;
  owner?: string;
  name?: LocalizedText;
  value: number;
}

export interface Deck {
  /** Same id as its zone. */
  id: string;
  /** Piece ids, top first. Secret: only judges see it before the match ends. */
  order: string[];
}

export interface Turn {
  round: number;
  phase?: string;
  /** Seats that may act now; empty means anyone the ruleset allows. */
  active: string[];
  priority?: string;
}

export interface LastRoll {
  seq: number;
  purpose: string;
  sides: number[];
  faces: number[];
  /** server or reported dice, or a card revealed and read as a roll (`card`). */
  source: 'server' | 'reported' | 'card';
  /** A card's roll: the card, its value (a sum or a product of the faces), the trigger printed. */
  card?: string;
  value?: number;
  combine?: 'sum' | 'product';
  trigger?: string;
  /** The printed trigger sets nothing off (a roll inside a trigger, say). */
  triggerIgnored?: boolean;
}

export interface Table {
  zones: Record<string, Zone>;
  pieces: Record<string, Piece>;
  fleets: Record<string, Fleet>;
  /** Per owner, the pieces lost, oldest first. */
  losses: Record<string, LossEntry[]>;
  tracks: Record<string, Track>;
  decks: Record<string, Deck>;
  turn: Turn;
  lastRoll?: LastRoll;
}

export function emptyTable(): Table {
  return {
    zones: {},
    pieces: {},
    fleets: {},
    losses: {},
    tracks: {},
    decks: {},
    turn: { round: 0, active: [] },
  };
}

/** Whether a value (a table restored from a log) has the table's shape, so folding on it cannot fail. */
export function isTable(value: unknown): value is Table {
  if (!isObject(value)) return false;
  const table = value as Record<string, unknown>;
  return (
    ['zones', 'pieces', 'fleets', 'losses', 'tracks', 'decks'].every((key) =>
      isObject(table[key]),
    ) &&
    isObject(table.turn) &&
    Array.isArray((table.turn as Record<string, unknown>).active)
  );
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The virtual zone that holds an owner's lost pieces. */
export function lossZoneId(owner: string | undefined): string {
  return `losses:${owner ?? 'none'}`;
}

export function lossCostSum(table: Table, owner: string): number {
  return (own(table.losses, owner) ?? []).reduce((sum, entry) => sum + (entry.cost ?? 0), 0);
}
