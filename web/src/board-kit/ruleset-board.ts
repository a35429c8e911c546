import type { ComponentType } from 'preact';
import type { Table, Zone } from '@domain/table/table';
import type { BoardCtx, PieceText } from './board-ctx';
import type { ViewEvent } from '../replay/replay-engine';

/**
 * A ruleset's own board, in its words chunk: its map or table drawn from the table's zones
 * (a Rex city, the two sides of a Commanders Path table) and the battle under way, read from
 * the events up to the seq on screen. The generic board lists every zone it does not draw.
 */
export interface RulesetBoard {
  /** It reflows to any width (a table, not a map): shown first on a phone too. */
  reflows?: boolean;
  /** Zones this board draws itself (in the map view; the list view lists every zone). */
  draws(zone: Zone): boolean;
  Map: ComponentType<{ ctx: BoardCtx }>;
  /** What counts towards winning (Strongholds held), above the board in both views. */
  Summary?: ComponentType<{ ctx: BoardCtx }>;
  /** The battle under way at the seq on screen, or nothing. */
  Battle?: ComponentType<{ ctx: BoardCtx }>;
  /**
   * A piece as this board's legend names it (its full name, its state in the game's words),
   * for the list view, where the generic renderer would show the table's ids and attributes.
   */
  pieceText?(piece: string, ctx: BoardCtx): PieceText | undefined;
  /**
   * The table the list view lists, when the ruleset's own state holds its pieces: the server's
   * projection (GET /state) made in the browser from the events up to `seq`.
   */
  listTable?(table: Table, events: readonly ViewEvent[], seq: number): Table;
}

/** A battle as the log has it: opened at one seq, shown until the decision that closed it ends. */
export interface BattleSpan<T> {
  id: string;
  open: number;
  /** The last seq of the decision that closed it (its result and aftermath stay in view). */
  close?: number;
  data: T;
}

const spanCache = new WeakMap<readonly ViewEvent[], Map<unknown, BattleSpan<unknown>[]>>();

/**
 * Every battle of a log, found once per log: `opened` reads an event that opens one (its id
 * and what the panel keeps of it); a `BattleClosed` with that id closes it.
 */
export function battleSpans<T>(
  events: readonly ViewEvent[],
  opened: (event: ViewEvent) => { id: string; data: T } | undefined,
): BattleSpan<T>[] {
  const cached = spanCache.get(events)?.get(opened);
  if (cached) return cached as BattleSpan<T>[];
  const list: BattleSpan<T>[] = [];
  for (const event of events) {
    const found = opened(event);
    if (found) list.push({ id: found.id, open: event.seq, data: found.data });
    const battle = (event.data as { battle?: unknown } | undefined)?.battle;
    if (event.type !== 'BattleClosed') continue;
    const span = list.find((b) => b.id === battle && b.close === undefined);
    if (!span) continue;
    let close = event.seq;
    const decision = event.meta.decisionId;
    while (decision && events[close + 1]?.meta.decisionId === decision) close += 1;
    span.close = close;
  }
  const byOpener = spanCache.get(events) ?? new Map<unknown, BattleSpan<unknown>[]>();
  byOpener.set(opened, list);
  spanCache.set(events, byOpener);
  return list;
}

/** The battle on at `seq`, if any. */
export function battleAt<T>(
  spans: readonly BattleSpan<T>[],
  seq: number,
): BattleSpan<T> | undefined {
  return spans.find((b) => b.open <= seq && (b.close === undefined || seq <= b.close));
}
