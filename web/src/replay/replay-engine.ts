import { own, setOwn } from '@domain/shared/id-record';
import type { RecordedEvent } from '@domain/events/recorded-event';
import type { DiceRolledData } from '@domain/match/match-events';
import type { TableView } from '@domain/match/match-view';
import { markCardRoll } from '@domain/rulesets/roll-events';
import { evolveTable } from '@domain/table/evolve-table';
import { emptyTable, type Table } from '@domain/table/table';
import { TABLE_EVENT_TYPES } from '@domain/table/table-events';

/** An event as the API returns it to this viewer: secret members may have been removed. */
export type ViewEvent = RecordedEvent<unknown> & { redacted?: true };

/** The table as this viewer knows it after some seq. */
export interface ClientTable {
  /** Pieces the viewer may see; deck orders only when the viewer sees everything. */
  table: Table;
  /** Zone id → pieces in it the viewer may not see (hands, hidden zones). */
  hidden: Record<string, number>;
  /** Deck id → card count, when the orders are secret (else count the order). */
  deckCounts: Record<string, number> | null;
}

export interface EngineOptions {
  /** Judges, admins, and everyone once the match has ended: events are whole, deck orders known. */
  everything: boolean;
  /** The viewer's seat, if a seat: its own owner-only zones are visible to it. */
  seat?: string;
}

export type TableAt =
  { table: ClientTable; need?: undefined } | { need: number; table?: undefined };

/**
 * Events that rewrite the table from history (undo, a ruling's rewind): the server's state
 * after them is taken as an anchor rather than reimplemented here.
 */
export const REWIND_TYPES: ReadonlySet<string> = new Set(['TimelineRewound', 'MatchRewound']);

/** A checkpoint every this many events: a step back folds at most this many. */
const STRIDE = 32;

/**
 * Folds the match's events into the table at any seq, in the browser, with the domain's
 * own `evolveTable` (the same code the server folds with). Stepping forward applies one
 * event; stepping back restores the nearest checkpoint and folds the rest.
 *
 * A viewer who does not see everything cannot fold what is hidden from it (a card drawn
 * into another seat's hand, a redacted event, a piece it cannot see moving out of a hidden
 * zone). For such an event `at()` answers `{ need: seq }`: the server's state after that
 * seq (GET state?at=seq) is then given with `addAnchor` and folding goes on from there.
 */
export class ReplayEngine {
  private readonly bases = new Map<number, ClientTable>();
  private baseSeqs: number[] = [];
  private work: { seq: number; ct: ClientTable };

  constructor(
    readonly events: readonly ViewEvent[],
    private readonly options: EngineOptions,
  ) {
    const empty: ClientTable = {
      table: emptyTable(),
      hidden: {},
      deckCounts: options.everything ? null : {},
    };
    this.addBase(-1, empty);
    this.work = { seq: -1, ct: cloneClientTable(empty) };
  }

  get lastSeq(): number {
    return this.events.length - 1;
  }

  /** The table after `seq`: the object is reused by the next call, so read it before stepping again. */
  at(seq: number): TableAt {
    const target = Math.max(-1, Math.min(seq, this.lastSeq));
    const base = this.baseAtOrBefore(target);
    let { seq: from, ct } = this.work;
    if (from > target || from < base) {
      from = base;
      ct = cloneClientTable(this.bases.get(base) as ClientTable);
    }
    for (let s = from + 1; s <= target; s += 1) {
      const event = this.events[s];
      if (this.needsServer(event, ct)) {
        const anchor = this.bases.get(s);
        if (!anchor) {
          this.work = { seq: s - 1, ct };
          return { need: s };
        }
        ct = cloneClientTable(anchor);
        continue;
      }
      applyEvent(ct.table, event);
      if (s % STRIDE === 0 && !this.bases.has(s)) this.addBase(s, cloneClientTable(ct));
    }
    this.work = { seq: target, ct };
    return { table: ct };
  }

  /**
   * The first seq at or after `from` whose server state this viewer will need, folding on a
   * scratch copy (the table `at()` returned is left alone): for fetching anchors ahead.
   */
  nextNeed(from = 0): number | undefined {
    const base = this.baseAtOrBefore(Math.max(-1, Math.min(from - 1, this.lastSeq)));
    let ct = cloneClientTable(this.bases.get(base) as ClientTable);
    for (let s = base + 1; s <= this.lastSeq; s += 1) {
      const event = this.events[s];
      if (this.needsServer(event, ct)) {
        const anchor = this.bases.get(s);
        if (!anchor) return s;
        ct = cloneClientTable(anchor);
        continue;
      }
      applyEvent(ct.table, event);
      if (s % STRIDE === 0 && !this.bases.has(s)) this.addBase(s, cloneClientTable(ct));
    }
    return undefined;
  }

  /** The server's table after `seq`, as GET state?at=seq returned it for this viewer. */
  addAnchor(seq: number, view: TableView): void {
    this.addBase(seq, fromTableView(view, this.options.everything));
  }

  hasAnchor(seq: number): boolean {
    return this.bases.has(seq);
  }

  /**
   * Whether this viewer can fold the event itself. Viewers who see everything fold every
   * generic event; others only events that touch nothing hidden from them.
   */
  needsServer(event: ViewEvent, ct: ClientTable): boolean {
    if (REWIND_TYPES.has(event.type)) return true;
    if (!TABLE_EVENT_TYPES.has(event.type) || this.options.everything) return false;
    if (event.redacted) return true;
    if (event.type === 'CardsDrawn' || event.type === 'DeckShuffled') return true;
    const data = (event.data ?? {}) as Record<string, unknown>;
    const { table } = ct;
    const targets: unknown[] = [data.to];
    if (event.type === 'PiecesCreated' && Array.isArray(data.pieces))
      for (const spec of data.pieces as { zone?: unknown }[]) targets.push(spec?.zone);
    for (const zone of targets)
      if (typeof zone === 'string' && (own(table.decks, zone) || !this.visible(table, zone)))
        return true;
    for (const id of referencedPieces(event.type, data)) {
      const piece = own(table.pieces, id);
      if (!piece || own(table.decks, piece.zone)) return true;
    }
    return false;
  }

  private visible(table: Table, zoneId: string): boolean {
    const zone = own(table.zones, zoneId);
    if (!zone || zone.visibility === 'public') return true;
    return (
      zone.visibility === 'owner' && zone.owner !== undefined && zone.owner === this.options.seat
    );
  }

  private addBase(seq: number, ct: ClientTable): void {
    if (!this.bases.has(seq)) {
      this.baseSeqs.push(seq);
      this.baseSeqs.sort((a, b) => a - b);
    }
    this.bases.set(seq, ct);
  }

  private baseAtOrBefore(seq: number): number {
    const seqs = this.baseSeqs;
    let lo = 0;
    let hi = seqs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (seqs[mid] <= seq) lo = mid;
      else hi = mid - 1;
    }
    return seqs[lo];
  }
}

/** Applies one event to the table as the server's evolveMatch does for the table and the last roll. */
export function applyEvent(table: Table, event: ViewEvent): void {
  if (TABLE_EVENT_TYPES.has(event.type)) {
    evolveTable(table, event.type, event.data ?? {}, event.seq);
  } else if (event.type === 'DiceRolled') {
    const data = (event.data ?? {}) as Partial<DiceRolledData>;
    table.lastRoll = {
      seq: event.seq,
      purpose: data.purpose ?? '',
      sides: [...(data.sides ?? [])],
      faces: [...(data.faces ?? [])],
      source: data.source ?? 'server',
    };
  } else {
    markCardRoll(table, event.type, (event.data ?? {}) as Record<string, unknown>, event.seq);
  }
}

export function fromTableView(view: TableView, everything: boolean): ClientTable {
  const table: Table = {
    zones: {},
    pieces: structuredClone(view.pieces),
    fleets: structuredClone(view.fleets),
    losses: structuredClone(view.losses),
    tracks: structuredClone(view.tracks),
    decks: {},
    turn: structuredClone(view.turn),
    ...(view.lastRoll ? { lastRoll: structuredClone(view.lastRoll) } : {}),
  };
  const hidden: Record<string, number> = {};
  for (const { hiddenCount, ...zone } of Object.values(view.zones)) {
    setOwn(table.zones, zone.id, structuredClone(zone));
    if (hiddenCount) setOwn(hidden, zone.id, hiddenCount);
  }
  const deckCounts: Record<string, number> = {};
  let ordersKnown = everything;
  for (const deck of Object.values(view.decks)) {
    setOwn(table.decks, deck.id, { id: deck.id, order: [...(deck.order ?? [])] });
    setOwn(deckCounts, deck.id, deck.count);
    if (!deck.order) ordersKnown = false;
  }
  return { table, hidden, deckCounts: ordersKnown ? null : deckCounts };
}

export function cloneClientTable(ct: ClientTable): ClientTable {
  return structuredClone(ct);
}

export function deckCount(ct: ClientTable, deck: string): number {
  return own(ct.deckCounts ?? undefined, deck) ?? own(ct.table.decks, deck)?.order.length ?? 0;
}

function referencedPieces(type: string, data: Record<string, unknown>): string[] {
  const ids: string[] = [];
  const add = (value: unknown): void => {
    if (Array.isArray(value)) for (const id of value) if (typeof id === 'string') ids.push(id);
  };
  add(data.pieces);
  add(data.add);
  add(data.remove);
  if (typeof data.piece === 'string') ids.push(data.piece);
  // PiecesCreated names new pieces by spec, not by id.
  return type === 'PiecesCreated' ? [] : ids;
}
