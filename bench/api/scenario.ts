import type { MatchState } from '../../src/domain/match/match-state';
import type { Piece } from '../../src/domain/table/table';

/**
 * The freeform match every API bench plays: two seats, a small map with a reserve per seat,
 * pieces with costs, and a deterministic mix of decisions close to a logged war game
 * (moves most of the time, then damage, scores, dice, losses and restorations, phases and
 * fleet changes).
 */

export const SEATS = ['red', 'blue'] as const;
export type Seat = (typeof SEATS)[number];

export interface ScenarioSize {
  /** Map zones (besides the reserves and hands). */
  zones: number;
  piecesPerSeat: number;
}

export const DEFAULT_SIZE: ScenarioSize = { zones: 12, piecesPerSeat: 10 };

export const areaId = (n: number): string => `area-${n}`;
export const pieceId = (seat: string, n: number): string => `${seat}-${n}`;

/** The `setup` member of POST /matches for the freeform ruleset. */
export function freeformSetup(size: ScenarioSize = DEFAULT_SIZE) {
  const zones = [
    ...Array.from({ length: size.zones }, (_, i) => ({
      id: areaId(i + 1),
      kind: 'area',
      name: { en: `Area ${i + 1}`, ru: `Область ${i + 1}` },
      adjacency: [
        areaId(((i + 1) % size.zones) + 1),
        areaId(((i + size.zones - 1) % size.zones) + 1),
      ],
    })),
    ...SEATS.map((seat) => ({ id: `reserve:${seat}`, kind: 'reserve', owner: seat })),
  ];
  const pieces = SEATS.flatMap((seat, s) =>
    Array.from({ length: size.piecesPerSeat }, (_, i) => ({
      id: pieceId(seat, i + 1),
      type: i % 3 === 0 ? 'tank' : 'infantry',
      owner: seat,
      zone: i < 2 ? `reserve:${seat}` : areaId(((i + s * 5) % size.zones) + 1),
      attrs: { cost: i % 3 === 0 ? 5 : 2, damage: 0 },
    })),
  );
  return { zones, pieces };
}

export const seatSpecs = () => SEATS.map((seat) => ({ seat }));

/** mulberry32: a small seeded PRNG, so every run plays the same match. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedDecision {
  seat: string;
  kind: string;
  params: Record<string, unknown>;
}

const WEIGHTS: [kind: string, weight: number][] = [
  ['move', 40],
  ['change-piece', 14],
  ['change-track', 12],
  ['roll', 10],
  ['destroy', 7],
  ['restore', 7],
  ['start-phase', 5],
  ['change-fleet', 5],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
const PHASES = ['movement', 'combat', 'supply'];

/**
 * Picks the next decision from the folded state so that every pick is legal for the
 * freeform ruleset (the pieces and zones it names exist and are in a usable status).
 */
export function planDecision(
  state: MatchState,
  random: () => number,
  size: ScenarioSize = DEFAULT_SIZE,
): PlannedDecision {
  const { table } = state;
  const seat = table.turn.active[0] ?? SEATS[Math.floor(random() * SEATS.length)];
  const other = seat === SEATS[0] ? SEATS[1] : SEATS[0];
  let own = 0;
  const alive: Piece[] = [];
  const lost: Piece[] = [];
  for (const id in table.pieces) {
    const piece = table.pieces[id];
    if (piece.owner !== seat) continue;
    own += 1;
    if (piece.status === 'destroyed') lost.push(piece);
    else if (piece.status !== 'captured') alive.push(piece);
  }
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const area = () => areaId(1 + Math.floor(random() * size.zones));
  const fleetId = `fleet-${seat}`;

  if (!table.fleets[fleetId] && alive.length >= 2) {
    return { seat, kind: 'form-fleet', params: { fleet: fleetId, pieces: [alive[0].id] } };
  }
  let roll = random() * TOTAL_WEIGHT;
  let kind = WEIGHTS[0][0];
  for (const [candidate, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) {
      kind = candidate;
      break;
    }
  }
  // Keep about a third of the pieces in the loss pile at most, and restore only what was lost.
  if (kind === 'destroy' && alive.length <= own * 0.66) kind = 'restore';
  if (kind === 'restore' && lost.length === 0) kind = 'move';
  if (kind === 'change-fleet' && !table.fleets[fleetId]) kind = 'move';
  if (alive.length === 0) kind = 'restore';

  switch (kind) {
    case 'move': {
      const first = pick(alive);
      const second = pick(alive);
      const pieces = first.id === second.id ? [first.id] : [first.id, second.id];
      return { seat, kind, params: { pieces, to: area() } };
    }
    case 'change-piece': {
      const piece: Piece = pick(alive);
      return random() < 0.5
        ? {
            seat,
            kind,
            params: { piece: piece.id, attrs: { damage: Math.floor(random() * 4) } },
          }
        : {
            seat,
            kind,
            params: { piece: piece.id, status: piece.status === 'tapped' ? 'active' : 'tapped' },
          };
    }
    case 'change-track':
      return {
        seat,
        kind,
        params: { track: `vp:${seat}`, delta: 1 + Math.floor(random() * 3), owner: seat },
      };
    case 'roll':
      return { seat, kind, params: { dice: random() < 0.5 ? '2d6' : '3d6', purpose: 'combat' } };
    case 'destroy':
      return { seat, kind, params: { pieces: [pick(alive).id], cause: `combat with ${other}` } };
    case 'restore':
      return { seat, kind, params: { pieces: [pick(lost).id], to: `reserve:${seat}` } };
    case 'start-phase':
      return { seat, kind, params: { phase: pick(PHASES), active: [other] } };
    default: {
      const fleet = table.fleets[fleetId];
      const member = fleet?.pieces[0];
      const candidate = pick(alive).id;
      return member !== undefined && fleet.pieces.includes(candidate)
        ? { seat, kind: 'change-fleet', params: { fleet: fleetId, remove: [candidate] } }
        : { seat, kind: 'change-fleet', params: { fleet: fleetId, add: [candidate] } };
    }
  }
}
