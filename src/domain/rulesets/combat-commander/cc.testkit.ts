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

const squad = (id: string, owner: string, hex: string, range: number, name: string) => ({
  id,
  name,
  owner,
  kind: 'squad',
  hex,
  fp: 5,
  range,
  movement: 4,
  morale: 8,
});

/**
 * A small fire fight on an empty 10×10 map: German squads in B2 (with an MG 34, Range 12) and
 * C3 (with an Ordnance mortar, Range 10); Soviet squads in G7 (7 hexes from B2) and D4 (3
 * hexes from B2); `terrain` adds obstacles and Hindrances.
 */
export function fireSetup(terrain: Record<string, unknown>[] = []): Record<string, unknown> {
  return {
    units: [
      squad('a1', 'axis', 'B2', 5, 'Стрелки 1'),
      squad('a2', 'axis', 'C3', 5, 'Стрелки 2'),
      squad('b1', 'allies', 'G7', 4, 'Гвардейцы 1'),
      squad('b2', 'allies', 'D4', 4, 'Гвардейцы 2'),
    ],
    weapons: [
      { id: 'mg1', name: 'MG 34', owner: 'axis', unit: 'a1', fp: 4, range: 12 },
      {
        id: 'mortar',
        name: 'Миномёт',
        owner: 'axis',
        unit: 'a2',
        fp: 6,
        range: 10,
        ordnance: true,
      },
    ],
    radios: [],
    terrain,
  };
}
