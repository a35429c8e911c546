import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { decisionsOn, Draft, type KitDecisionSpec } from '../kit';
import type { AvailabilityContext, DecisionContext, DecisionSpec } from '../ruleset';
import { mapOf, TRACKS } from './rex-board';
import type { RexEventMap } from './rex-events';
import type { RexMap } from './rex-map';
import { rexOptions, type RexOptions } from './rex-options';
import { RULESET_CHOICES } from './rex-rules-text';
import { evolveRex, turnOrder, type RexState } from './rex-state';

export type Ctx = DecisionContext<RexState>;

/**
 * Rex's draft: the kit's working copy of the table and the slice, with the game's options,
 * its map and the moves of Influence between Reserves, Locations and the Bank.
 */
export class RexDraft extends Draft<RexState, RexEventMap> {
  readonly opts: RexOptions;
  readonly map: RexMap;

  constructor(ctx: Ctx) {
    super(ctx, { id: 'rex', evolve: evolveRex });
    this.opts = rexOptions(ctx.options);
    this.map = mapOf(this.table);
    // Logs recorded before shuffles came from the draft's own deck may have left a shuffle
    // deferred (DeckShuffleDeferred): the next decision makes it first.
    for (const deck of [...this.rs.pendingShuffles]) super.shuffle(deck);
  }

  /**
   * Every Rex refusal cites the rule it applies (issue 22 point 5): the kit's reference is
   * optional, Rex's is required, so a refusal without one does not compile.
   */
  override refuse(code: string, message: string | LocalizedText, ruleRef: string): never {
    return super.refuse(code, message, ruleRef);
  }

  get order(): string[] {
    return turnOrder(this.rs);
  }

  /** Shuffles a deck from its order as the draft has it; with deckOrder "as-listed" nothing is shuffled. */
  override shuffle(deck: string): void {
    if (this.opts.deckOrder !== 'as-listed') super.shuffle(deck);
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

/**
 * What Rex's checks read: the table, the slice, the options and the map, for a seat. A
 * draft is one; `viewOf` makes one from what `available` is given, so a decision and its
 * offer ask the same questions.
 */
export type RexView = Pick<RexDraft, 'table' | 'rs' | 'opts' | 'map' | 'seat'>;

export function viewOf(ctx: AvailabilityContext<RexState>): RexView {
  return {
    table: ctx.table as RexDraft['table'],
    rs: ctx.rs,
    opts: rexOptions(ctx.options),
    map: mapOf(ctx.table),
    seat: ctx.seat,
  };
}

const onDraft = decisionsOn<RexState, RexDraft>((ctx) => new RexDraft(ctx));

const hasConceded = (rs: RexState, seat: string): boolean => (rs.conceded ?? []).includes(seat);

/**
 * A Rex decision, written on a RexDraft: it emits, or refuses with `d.refuse` citing its rule.
 * A seat that conceded makes no more decisions: none is offered to it, each is refused.
 */
export function rexDecision<P extends object>(
  spec: KitDecisionSpec<RexState, RexDraft, P>,
): DecisionSpec<RexState, never> {
  return onDraft<P>({
    turnRuleRef: RULESET_CHOICES.phaseOrder,
    ...spec,
    available: (ctx) => !hasConceded(ctx.rs, ctx.seat) && (spec.available?.(ctx) ?? true),
    decide(d, params) {
      if (hasConceded(d.rs, d.seat))
        return d.refuse('conceded', `${d.seat} has conceded`, RULESET_CHOICES.concession);
      spec.decide(d, params);
    },
  });
}
