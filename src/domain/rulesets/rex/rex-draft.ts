import { own } from '../../shared/id-record';
import type { NewEvent, Visibility } from '../../events/recorded-event';
import { cloneTable, evolveTable } from '../../table/evolve-table';
import type { Table } from '../../table/table';
import {
  TABLE_EVENT_TYPES,
  tableEvent,
  type TableEventMap,
  type TableEventType,
} from '../../table/table-events';
import { isRejection, type Rejection } from '../rule-violation';
import { decisionSpec, type DecisionContext, type DecisionSpec } from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import { mapOf, TRACKS } from './rex-board';
import { rexEvent, type RexEventMap, type RexEventType } from './rex-events';
import type { RexMap } from './rex-map';
import { rexOptions, type RexOptions } from './rex-options';
import { evolveRex, turnOrder, type RexState } from './rex-state';

export type Ctx = DecisionContext<RexState>;

/**
 * A decision's working copy: every event it emits is applied at once to a clone of the
 * table and of the slice, so later steps of the same decision (and the automatic phase
 * transitions after it) see its effects. The events are what the decision returns.
 */
export class Draft {
  readonly table: Table;
  rs: RexState;
  readonly events: NewEvent[] = [];
  readonly opts: RexOptions;
  readonly map: RexMap;

  constructor(readonly ctx: Ctx) {
    this.table = cloneTable(ctx.table as Table);
    this.rs = structuredClone(ctx.rs as RexState);
    this.opts = rexOptions(ctx.options);
    this.map = mapOf(this.table);
    // Cards that came back to a deck in an earlier decision are shuffled in before anything else.
    for (const deck of [...this.rs.pendingShuffles]) this.emit(ctx.shuffle(deck));
  }

  get seat(): string {
    return this.ctx.seat;
  }

  get order(): string[] {
    return turnOrder(this.rs);
  }

  emit(event: NewEvent): void {
    this.events.push(event);
    const seq = this.ctx.nextSeq + this.events.length;
    if (TABLE_EVENT_TYPES.has(event.type)) evolveTable(this.table, event.type, event.data, seq);
    this.rs = evolveRex(this.rs, { type: event.type, data: event.data, seq });
  }

  rex<K extends RexEventType>(type: K, data: RexEventMap[K], visibility?: Visibility): void {
    this.emit(rexEvent(type, data, visibility));
  }

  on<K extends TableEventType>(type: K, data: TableEventMap[K], visibility?: Visibility): void {
    this.emit(tableEvent(type, data, visibility));
  }

  /**
   * Shuffles a deck with the provable RNG. The RNG shuffles the deck as the decision found
   * it, so when this decision changed which cards the deck holds the shuffle is deferred to
   * the start of the next decision. With deckOrder "as-listed" nothing is shuffled.
   */
  shuffle(deck: string, reason: string): void {
    if (this.opts.deckOrder === 'as-listed') return;
    const now = [...(own(this.table.decks, deck)?.order ?? [])].sort();
    const found = [...(own(this.ctx.table.decks, deck)?.order ?? [])].sort();
    if (now.length === found.length && now.every((id, i) => id === found[i])) {
      this.emit(this.ctx.shuffle(deck));
    } else {
      this.rex('DeckShuffleDeferred', { deck, reason });
    }
  }

  // ---- Influence -----------------------------------------------------------------------

  track(track: string, delta: number, meta: { owner?: string; name?: LocalizedText } = {}): void {
    if (delta === 0) return;
    const value = (own(this.table.tracks, track)?.value ?? 0) + delta;
    this.on('TrackChanged', { track, value, delta, ...meta });
  }

  get bankLimited(): boolean {
    return this.opts.influenceSupply > 0;
  }

  /** Takes up to `amount` from the Bank; returns what it paid (a limited Bank may pay short). */
  fromBank(amount: number): number {
    if (!this.bankLimited) return amount;
    const paid = Math.max(0, Math.min(amount, own(this.table.tracks, TRACKS.bank)?.value ?? 0));
    this.track(TRACKS.bank, -paid);
    return paid;
  }

  toBank(amount: number): void {
    if (this.bankLimited) this.track(TRACKS.bank, amount);
  }

  /** Influence from one seat's Reserve to another seat's Reserve or to the Bank. */
  pay(from: string, to: string | 'bank', amount: number): void {
    if (amount <= 0) return;
    this.track(TRACKS.seat(from), -amount);
    if (to === 'bank') this.toBank(amount);
    else this.track(TRACKS.seat(to), amount);
  }

  /** The Bank pays a seat; returns the shortfall (0 unless the Bank is limited and low). */
  bankPays(seat: string, amount: number): number {
    const paid = this.fromBank(amount);
    this.track(TRACKS.seat(seat), paid);
    return amount - paid;
  }
}

export type DecideResult = Rejection | void;

/** A Rex decision: decides on a Draft and returns its events, or the rejection. */
export function rexDecision<P extends object>(
  spec: Omit<DecisionSpec<RexState, P>, 'decide'> & { decide(d: Draft, params: P): DecideResult },
): DecisionSpec<RexState, never> {
  const { decide, ...rest } = spec;
  return decisionSpec<RexState, P>({
    ...rest,
    decide(ctx, params) {
      const d = new Draft(ctx);
      const outcome = decide(d, params);
      if (outcome && isRejection(outcome)) return outcome;
      return d.events;
    },
  });
}
