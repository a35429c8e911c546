import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import type { FateCard, Nationality } from './cc-cards';
import { Z } from './cc-draft';
import type { CcState } from './cc-state';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/** Test helpers for Combat Commander: decks of one card repeated, so the order never matters. */

export const SEATS = [{ seat: 'axis' }, { seat: 'allies' }];

export function card(overrides: Partial<FateCard> = {}): FateCard {
  return { order: 'move', action: 'A25', event: 'E43', hex: 'E5', dice: [3, 4], ...overrides };
}

/** A 72-card deck of one card. */
export function uniformDeck(nationality: Nationality, c: FateCard = card()) {
  return { nationality, cards: Array.from({ length: 72 }, () => ({ ...c, dice: [...c.dice] })) };
}

export interface GameOptions {
  options?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  axisCard?: FateCard;
  alliesCard?: FateCard;
  begin?: boolean;
}

/** A started battle (the illustrative scenario unless `setup` says), begun unless told not. */
export function game(o: GameOptions = {}): MatchHarness<CcState> {
  const h = new MatchHarness(combatCommanderRuleset).started(SEATS, {
    options: o.options as never,
    setup: {
      decks: [uniformDeck('germany', o.axisCard), uniformDeck('ussr', o.alliesCard)],
      ...o.setup,
    },
  });
  if (o.begin ?? true) h.play('axis', 'begin');
  return h;
}

export function hand(h: MatchHarness<CcState>, seat: string): string[] {
  return Object.values(h.state.table.pieces)
    .filter((p) => p.zone === Z.hand(seat))
    .map((p) => p.id)
    .sort();
}

/** Plays the seat's first hand card as an Order activating `units` (a Fire Order with a Fire deck). */
export function giveOrder(
  h: MatchHarness<CcState>,
  seat: string,
  units: string[],
): RecordedEvent[] {
  return h.play(seat, 'order', { card: hand(h, seat)[0], units });
}

export function deckSize(h: MatchHarness<CcState>, seat: string): number {
  return own(h.state.table.decks, Z.deck(seat))?.order.length ?? 0;
}

export function piece(h: MatchHarness<CcState>, id: string) {
  const p = own(h.state.table.pieces, id);
  if (!p) throw new Error(`no piece ${id}`);
  return p;
}

export const types = (events: RecordedEvent[]): string[] =>
  events.filter((e) => e.type !== 'DecisionMade').map((e) => e.type);
export const ofType = <T = Record<string, unknown>>(events: RecordedEvent[], type: string): T[] =>
  events.filter((e) => e.type === type).map((e) => e.data as T);
