import { own } from '../../../shared/id-record';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { Table } from '../../../table/table';
import type { Rejection } from '../../rule-violation';
import type { CpCardParams } from '../cp-cards.params';
import type { CpRegisterDeckParams } from '../decisions/setup.params';
import { SAMPLE_CATALOG } from '../cp-catalog';
import { checkCard } from '../cp-deck';
import { cardAttrs } from '../cp-table';
import type { CpState } from '../cp-state';

/**
 * Test support for the Commanders Path specs: decks from the sample catalog, and a setup
 * played through the real decisions. It drives any given/when/then harness with this
 * shape (test/support/match-harness.ts), so it needs nothing outside the domain.
 */

export interface Driver {
  state: { rs: CpState; table: Table; lastSeq: number };
  events: RecordedEvent[];
  play(seat: string, kind: string, params?: unknown): RecordedEvent[];
  decide(seat: string, kind: string, params?: unknown): RecordedEvent[] | Rejection;
}

export const SEATS = [{ seat: 'red' }, { seat: 'blue' }];

/** Printed and test cards usable as filler (ids of the sample catalog). */
const FILLER = [
  'test-ambush',
  'test-union',
  'test-armor',
  'test-spaceport',
  'test-regiment',
  'test-battery',
  'test-osa',
  'test-guard',
  'test-skat',
  'test-hammer',
  'test-caravan',
  'test-harpoon',
  'test-mine',
  'test-eden',
  'test-bastion',
  'test-nova',
  'magnum-k',
  'exorcist',
  'chimera',
  'test-tactician',
  'test-order',
];

export type Entry = [catalogId: string, copies: number];

/** A 40-card deck: the given entries first (in draw order when decks are not shuffled), then filler. */
export function deckOf(
  first: Entry[],
  commander = 'test-rein',
  abilities?: { card: string; variant: number }[],
  size = 40,
): CpRegisterDeckParams {
  const used = new Map<string, number>();
  const cards: { catalog: string; copies: number }[] = [];
  for (const [id, copies] of first) {
    cards.push({ catalog: id, copies });
    used.set(id, (used.get(id) ?? 0) + copies);
  }
  let total = first.reduce((sum, [, c]) => sum + c, 0);
  for (const id of FILLER) {
    if (total >= size) break;
    if (used.has(id)) continue;
    const copies = Math.min(4, size - total);
    cards.push({ catalog: id, copies });
    total += copies;
  }
  return {
    commander: { catalog: commander },
    cards,
    ...(abilities ? { abilities } : {}),
  } as CpRegisterDeckParams;
}

export function catalogCost(id: string): number {
  return SAMPLE_CATALOG.find((c) => c.id === id)?.card.cost ?? 0;
}

/** The piece ids of a seat's cards of one key, in creation order. */
export function piecesOf(d: Driver, seat: string, key: string): string[] {
  return Object.entries(d.state.rs.cardOf)
    .filter(([piece, k]) => k === key && own(d.state.table.pieces, piece)?.owner === seat)
    .map(([piece]) => piece)
    .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
}

export function pieceOf(d: Driver, seat: string, key: string, n = 0): string {
  const id = piecesOf(d, seat, key)[n];
  if (!id) throw new Error(`${seat} has no card ${key} #${n}`);
  return id;
}

export function inHand(d: Driver, seat: string, key: string, n = 0): string {
  const id = piecesOf(d, seat, key).filter(
    (p) => own(d.state.table.pieces, p)?.zone === `hand:${seat}`,
  )[n];
  if (!id) throw new Error(`${seat} holds no ${key} #${n}`);
  return id;
}

export interface SideSetup {
  deck: Entry[];
  commander?: string;
  abilities?: { card: string; variant: number }[];
  /** Cards built (or started, with a pay below the cost) at setup: [key, pay?]. */
  build: [string, number?][];
  /** Ship placements [key, to] (to: new, new:<label>, orbit:<object key>) and the Commander's host key. */
  deploy: { ships?: [string, string][]; commander: string };
  /** With more than 7 cards in hand: keys to keep first (the rest of the 7 in hand order). */
  keep?: string[];
  redeals?: number;
}

function resolveTo(d: Driver, seat: string, to: string): string {
  if (to.startsWith('orbit:')) return `orbit:${pieceOf(d, seat, to.slice('orbit:'.length))}`;
  return to;
}

function builtPieces(d: Driver, seat: string, key: string): string[] {
  return piecesOf(d, seat, key).filter((p) => own(d.state.table.pieces, p)?.attrs.built === true);
}

/** Plays registration, deals, setup spending and deployment for both seats. */
export function setupMatch(d: Driver, sides: Record<string, SideSetup>): void {
  for (const [seat, side] of Object.entries(sides))
    d.play(seat, 'register-deck', deckOf(side.deck, side.commander, side.abilities));
  for (const [seat, side] of Object.entries(sides)) {
    d.play(seat, 'deal');
    for (let i = 0; i < (side.redeals ?? 0); i += 1) d.play(seat, 'redeal');
  }
  for (const [seat, side] of Object.entries(sides)) {
    const taken = new Map<string, number>();
    const builds = side.build.map(([key, pay]) => {
      const n = taken.get(key) ?? 0;
      taken.set(key, n + 1);
      return { card: inHand(d, seat, key, n), pay: pay ?? catalogCost(key) };
    });
    d.play(seat, 'setup-spend', { builds });
  }
  for (let i = 0; i < 2; i += 1) {
    const seat = d.state.table.turn.active[0];
    const side = sides[seat];
    const taken = new Map<string, number>();
    const ships = (side.deploy.ships ?? []).map(([key, to]) => {
      const n = taken.get(key) ?? 0;
      taken.set(key, n + 1);
      return { card: builtPieces(d, seat, key)[n], to: resolveTo(d, seat, to) };
    });
    const hand = Object.values(d.state.table.pieces)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => p.id);
    const keep: string[] = [];
    for (const key of side.keep ?? []) {
      const id = hand.find((p) => own(d.state.rs.cardOf, p) === key && !keep.includes(p));
      if (id && keep.length < 7) keep.push(id);
    }
    for (const id of hand) if (keep.length < 7 && !keep.includes(id)) keep.push(id);
    d.play(seat, 'deploy', {
      ships,
      commander: pieceOf(d, seat, side.deploy.commander),
      ...(hand.length > 7 ? { keep } : {}),
    });
  }
}

/** From the resource phase to the Priority holder's movement (nothing produced). */
export function toMovement(d: Driver): void {
  for (const seat of ['red', 'blue']) d.play(seat, 'end-resources');
  d.play(d.state.table.turn.active[0], 'end-production');
  d.play(d.state.table.turn.active[0], 'end-production');
}

export function eventsOf(events: RecordedEvent[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type).map((e) => e.data as Record<string, unknown>);
}

export function fleetZone(d: Driver, piece: string): string {
  return own(d.state.table.pieces, piece)!.zone;
}

// ---------------------------------------------------------------------------------------
// Arena: a battle between made-up cards, placed with manual adjustments after a minimal
// setup (option manualAdjustments = free), fought through the real battle decisions.
// ---------------------------------------------------------------------------------------

export const ARENA_SIDES: Record<string, SideSetup> = {
  red: { deck: [['test-eden', 1]], build: [['test-eden']], deploy: { commander: 'test-eden' } },
  blue: {
    deck: [['test-mine', 1]],
    commander: 'test-irma',
    build: [['test-mine']],
    deploy: { commander: 'test-mine' },
  },
};

/** A card's table attributes from its printed definition. */
export function attrsOf(params: CpCardParams): Record<string, unknown> {
  const def = checkCard(params, params.name);
  if ('code' in def) throw new Error(def.message);
  return cardAttrs(def);
}

export function shipCard(name: string, overrides: Partial<CpCardParams> = {}): CpCardParams {
  return {
    kind: 'ship',
    name,
    size: 'medium',
    cost: 3,
    durability: '10(6)',
    speed: 5,
    armor: 0,
    crew: 'В3',
    ...overrides,
  } as CpCardParams;
}

export interface ArenaSpec {
  red: Record<string, CpCardParams>;
  blue: Record<string, CpCardParams>;
  /** Fight on the orbit of a blue object (with cards on its surface) instead of open space. */
  orbit?: { object: CpCardParams; surface?: Record<string, CpCardParams> };
  autoPass?: boolean;
  /** Who moves (and attacks). */
  mover?: 'red' | 'blue';
}

/** Sets the table up and starts the battle: the mover ends its movement. */
export function arena(d: Driver, spec: ArenaSpec): string {
  setupMatch(d, ARENA_SIDES);
  toMovement(d);
  const mover = spec.mover ?? 'red';
  if (d.state.table.turn.active[0] !== mover) {
    d.play(d.state.table.turn.active[0], 'end-movement');
  }
  let location = 'sector:90';
  if (spec.orbit) {
    location = 'orbit:X';
    // Named as the game names an object's orbit and surface when it is built (cp-flow.ts).
    const name = spec.orbit.object.name;
    d.play('blue', 'manual-create-zones', {
      zones: [
        { id: 'orbit:X', kind: 'orbit', name: { en: `Orbit of ${name}`, ru: `Орбита: ${name}` } },
        {
          id: 'surface:X',
          kind: 'surface',
          name: { en: `On ${name}`, ru: `На объекте: ${name}` },
        },
      ],
    });
    d.play('blue', 'manual-create-pieces', {
      pieces: [
        {
          id: 'X',
          type: spec.orbit.object.name,
          owner: 'blue',
          zone: 'objects:blue',
          attrs: { ...attrsOf(spec.orbit.object), controller: 'blue', builtTurn: 0 },
        },
      ],
    });
    const surface = Object.entries(spec.orbit.surface ?? {});
    if (surface.length > 0)
      d.play('blue', 'manual-create-pieces', {
        pieces: surface.map(([id, card]) => ({
          id,
          type: card.name,
          owner: 'blue',
          zone: 'surface:X',
          attrs: { ...attrsOf(card), host: 'X' },
        })),
      });
  } else {
    d.play('red', 'manual-create-zones', { zones: [{ id: location, kind: 'sector' }] });
  }
  for (const seat of ['red', 'blue'] as const) {
    const cards = Object.entries(spec[seat]);
    if (cards.length === 0) continue;
    d.play(seat, 'manual-create-pieces', {
      pieces: cards.map(([id, card]) => ({
        id,
        type: card.name,
        owner: seat,
        zone: location,
        attrs: attrsOf(card),
      })),
    });
  }
  if (spec.autoPass !== false)
    for (const seat of ['red', 'blue']) d.play(seat, 'set-auto-pass', { on: true });
  d.play(mover, 'end-movement');
  return location;
}

export function battleOf(d: Driver) {
  return d.state.rs.battlePhase?.battle;
}
