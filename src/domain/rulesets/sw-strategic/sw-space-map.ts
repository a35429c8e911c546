import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { SHIPS, type Vessel } from './sw-catalog';
import {
  add,
  dir,
  distance,
  lineBetween,
  neighbours,
  rotateLeft,
  rotateRight,
  sub,
  type Hex,
} from './sw-hex';
import { hexKey, type SpaceKind } from './sw-mission';
import { cellName, pieceName, STEP_NAMES } from './sw-names';
import type { SwOptions } from './sw-options';
import type { Step } from './sw.params';
import { works, type Ship, type SwState } from './sw-state';

/** What stands on each space cell: ship decks (by ship and deck number), stations, mines. */
export interface Occupant {
  ship?: { id: string; deck: number };
  station?: string;
  mine?: string;
}

export function spaceOccupancy(rs: Readonly<SwState>): Map<string, Occupant> {
  const at = new Map<string, Occupant>();
  const slot = (h: Hex): Occupant => {
    const k = hexKey(h);
    const existing = at.get(k);
    if (existing) return existing;
    const fresh: Occupant = {};
    at.set(k, fresh);
    return fresh;
  };
  for (const ship of Object.values(rs.space.ships))
    if (ship.status === 'map')
      ship.decks.forEach((deck, i) => {
        if (fillsCell(rs, deck)) slot(deck.cell).ship = { id: ship.id, deck: i + 1 };
      });
  for (const station of Object.values(rs.space.stations)) slot(station.cell).station = station.id;
  for (const mine of Object.values(rs.space.mines)) slot(mine.cell).mine = mine.id;
  return at;
}

/** Whether a deck fills its cell: an intact one, or a destroyed one that stays (option destroyedDeck). */
const fillsCell = (rs: Readonly<SwState>, deck: Readonly<Ship['decks'][number]>): boolean =>
  deck.hp > 0 || rs.destroyedDeck !== 'removed';

export function spaceKind(rs: Readonly<SwState>, h: Hex): SpaceKind | undefined {
  return own(rs.space.cells, hexKey(h))?.kind;
}

/** Why a vessel of `legion` may not stand on `h`, or undefined. `self` ignores its own decks. */
export function cannotEnter(
  rs: Readonly<SwState>,
  occupancy: Map<string, Occupant>,
  vessel: Vessel,
  legion: string,
  h: Hex,
  options: SwOptions,
  self?: string,
): LocalizedText | undefined {
  const at = cellName(h);
  const cell = own(rs.space.cells, hexKey(h));
  if (!cell) return { en: `cell ${at} is off the map`, ru: `клетка ${at} вне карты` };
  if (cell.kind === 'asteroid')
    return { en: `cell ${at} is an asteroid`, ru: `клетка ${at} — астероид` };
  if (
    cell.kind === 'planet' &&
    vessel !== 'transport' &&
    !(vessel === 'fighter' && options.fighterToGround === 'enter-planet')
  )
    return {
      en: `cell ${at} is the planet's surface, open to transports only`,
      ru: `клетка ${at} — поверхность планеты, куда заходят только транспортные корабли`,
    };
  if (cell.kind === 'tunnel' && rs.legions[(cell.legion ?? 0) - 1]?.seat !== legion)
    return {
      en: `cell ${at} is another legion's hyperspace tunnel`,
      ru: `клетка ${at} — гиперпространственный тоннель другого легиона`,
    };
  const ship = occupancy.get(hexKey(h))?.ship;
  if (ship && ship.id !== self)
    return {
      en: `cell ${at} is taken by ${pieceName(ship.id).en}`,
      ru: `клетку ${at} занимает ${pieceName(ship.id).ru}`,
    };
  if (occupancy.get(hexKey(h))?.station)
    return { en: `cell ${at} holds a station`, ru: `на клетке ${at} стоит станция` };
  return undefined;
}

export const isTunnelOf = (rs: Readonly<SwState>, legion: string, h: Hex): boolean => {
  const cell = own(rs.space.cells, hexKey(h));
  return cell?.kind === 'tunnel' && rs.legions[(cell.legion ?? 0) - 1]?.seat === legion;
};

/** At or next to the legion's tunnel (S4.3: "около основного гиперпространственного тоннеля"). */
export const nearTunnel = (rs: Readonly<SwState>, legion: string, h: Hex): boolean =>
  isTunnelOf(rs, legion, h) || neighbours(h).some((n) => isTunnelOf(rs, legion, n));

export const cellsOf = (ship: Readonly<Ship>): Hex[] => ship.decks.map((d) => d.cell);

export const adjacentToShip = (ship: Readonly<Ship>, h: Hex): boolean =>
  ship.decks.some((d) => distance(d.cell, h) === 1);

const TRANSLATION: Partial<Record<Step, number>> = {
  forward: 0,
  'forward-left': 1,
  'forward-right': -1,
  back: 3,
  'back-left': 2,
  'back-right': 4,
};

export type StepResult =
  | { ok: true; cells: Hex[]; heading: number; cost: number }
  | { ok: false; why: 'backwards' | 'no-pivot' | 'pivot-deck'; message: LocalizedText };

/**
 * One step of a ship: a translation off the bow's heading (multi-deck ships forward or
 * forward-sideways only; single-deck ships any way), or a 60° pivot about an allowed deck.
 */
export function stepShip(
  ship: Readonly<Ship>,
  step: Step,
  pivotDeck: number | undefined,
  options: SwOptions,
): StepResult {
  const cells = cellsOf(ship);
  const single = SHIPS[ship.class].decks === 1;
  const offset = TRANSLATION[step];
  if (offset !== undefined) {
    if (!single && Math.abs(offset) > 1)
      return {
        ok: false,
        why: 'backwards',
        message: {
          en: `A ${ship.class} never moves back or back-sideways (${STEP_NAMES[step].en})`,
          ru: `${pieceName(ship.class).ru} никогда не движется назад или назад вбок (${STEP_NAMES[step].ru})`,
        },
      };
    const d = ship.heading + offset;
    return {
      ok: true,
      cells: cells.map((c) => add(c, dir(d))),
      heading: single ? ((d % 6) + 6) % 6 : ship.heading,
      cost: 1,
    };
  }
  const left = step === 'turn-left';
  const heading = (ship.heading + (left ? 1 : 5)) % 6;
  if (single) return { ok: true, cells, heading, cost: options.pivotCost };
  const allowed: number[] =
    ship.class === 'destroyer'
      ? [1, 2]
      : ship.class === 'frigate'
        ? [2]
        : options.cruiserPivot === 'middle'
          ? [2, 3]
          : [];
  if (allowed.length === 0)
    return {
      ok: false,
      why: 'no-pivot',
      message: {
        en: `A ${ship.class} has no pivot axis (option cruiserPivot)`,
        ru: `${pieceName(ship.class).ru}: оси разворота нет (по настройкам матча)`,
      },
    };
  const axisDeck = pivotDeck ?? allowed[0];
  if (!allowed.includes(axisDeck))
    return {
      ok: false,
      why: 'pivot-deck',
      message: {
        en: `A ${ship.class} pivots about deck ${allowed.join(' or ')}, not deck ${axisDeck}`,
        ru: `${pieceName(ship.class).ru} разворачивается вокруг палубы ${allowed.join(' или ')}, а не палубы ${axisDeck}`,
      },
    };
  const axis = cells[axisDeck - 1];
  const turn = left ? rotateLeft : rotateRight;
  return {
    ok: true,
    cells: cells.map((c) => add(axis, turn(sub(c, axis)))),
    heading,
    cost: options.pivotCost,
  };
}

export type LineOfFire = 'clear' | 'blocked' | 'disputed';

/**
 * S3.9.2: the line from the firing deck's centre to the target deck's centre is blocked by
 * an asteroid, the firing ship's other decks, and any multi-deck ship's decks. A line along
 * an edge between two cells is "disputed" when the two cells disagree.
 */
export function lineOfFire(
  rs: Readonly<SwState>,
  occupancy: Map<string, Occupant>,
  shooter: Readonly<Ship>,
  from: Hex,
  to: Hex,
): LineOfFire {
  const blocks = (h: Hex): boolean => {
    if (spaceKind(rs, h) === 'asteroid') return true;
    const on = occupancy.get(hexKey(h))?.ship;
    if (!on) return false;
    if (on.id === shooter.id) return true;
    const other = own(rs.space.ships, on.id);
    return other !== undefined && other.decks.length > 1;
  };
  const [a, b] = lineBetween(from, to);
  const blockedA = a.some(blocks);
  const blockedB = b.some(blocks);
  if (blockedA === blockedB) return blockedA ? 'blocked' : 'clear';
  return 'disputed';
}

/** Orbit points each legion holds: orbit cells under its combat ships' decks (S1.7.1). */
export function orbitPoints(rs: Readonly<SwState>): Record<string, number> {
  const points: Record<string, number> = Object.fromEntries(rs.legions.map((l) => [l.seat, 0]));
  for (const ship of Object.values(rs.space.ships)) {
    if (ship.status !== 'map' || ship.class === 'transport') continue;
    for (const deck of ship.decks) {
      if (!fillsCell(rs, deck)) continue;
      const kind = spaceKind(rs, deck.cell);
      const value = kind === 'orbit' ? 2 : kind === 'orbit-light' ? 1 : 0;
      if (Object.hasOwn(points, ship.legion)) points[ship.legion] += value;
    }
  }
  return points;
}

export function orbitTotal(rs: Readonly<SwState>): number {
  return Object.values(rs.space.cells).reduce(
    (sum, c) => sum + (c.kind === 'orbit' ? 2 : c.kind === 'orbit-light' ? 1 : 0),
    0,
  );
}

export { works };
