import type { Zone } from '@domain/table/table';

/**
 * Rings of cells on a square grid, and things placed on them by angle: a map drawn as a
 * ring (Rex's 18 sectors around its city) becomes a CSS grid whose boxes cannot overlap,
 * whatever their content, at any width.
 */

export interface Cell {
  row: number;
  col: number;
}

/** Clockwise from the top, in [0, 1). */
export type Turn = number;

/** The cells of ring `depth` (0 = outermost) of a size × size grid, each with its turn from the top. */
export function ringCells(size: number, depth: number): (Cell & { turn: Turn })[] {
  const lo = depth;
  const hi = size - 1 - depth;
  if (hi < lo) return [];
  const centre = (size - 1) / 2;
  const cells: Cell[] = [];
  if (hi === lo) cells.push({ row: lo, col: lo });
  else {
    for (let col = lo; col < hi; col += 1) cells.push({ row: lo, col });
    for (let row = lo; row < hi; row += 1) cells.push({ row, col: hi });
    for (let col = hi; col > lo; col -= 1) cells.push({ row: hi, col });
    for (let row = hi; row > lo; row -= 1) cells.push({ row, col: lo });
  }
  return cells.map((cell) => ({ ...cell, turn: turnOf(cell.col - centre, cell.row - centre) }));
}

/** The turn of a direction (x right, y down), clockwise from the top. */
export function turnOf(x: number, y: number): Turn {
  if (x === 0 && y === 0) return 0;
  const angle = Math.atan2(x, -y) / (2 * Math.PI);
  return (angle + 1) % 1;
}

/** The mean direction of some turns (a location across sectors 17, 18 and 1 points at 18). */
export function meanTurn(turns: readonly Turn[]): Turn {
  let x = 0;
  let y = 0;
  for (const t of turns) {
    x += Math.sin(2 * Math.PI * t);
    y -= Math.cos(2 * Math.PI * t);
  }
  return turnOf(x, y);
}

const distance = (a: Turn, b: Turn): number => {
  const d = Math.abs(a - b) % 1;
  return Math.min(d, 1 - d);
};

/**
 * Each item to a free cell of the ring nearest its turn, items taken clockwise; items beyond
 * the ring's cells are left out of the answer (the caller gives them another ring).
 */
export function placeOnRing<T extends { turn: Turn }>(
  items: readonly T[],
  cells: readonly (Cell & { turn: Turn })[],
): Map<T, Cell> {
  const placed = new Map<T, Cell>();
  const free = [...cells];
  for (const item of [...items].sort((a, b) => a.turn - b.turn)) {
    if (free.length === 0) break;
    let best = 0;
    for (let i = 1; i < free.length; i += 1)
      if (distance(free[i].turn, item.turn) < distance(free[best].turn, item.turn)) best = i;
    placed.set(item, free[best]);
    free.splice(best, 1);
  }
  return placed;
}

// ---- The Rex city ----------------------------------------------------------------------

const sectorNumber = (zone: Zone): number | undefined =>
  typeof zone.attrs.number === 'number' ? zone.attrs.number : undefined;
export const sectorsOf = (zone: Zone): number[] =>
  Array.isArray(zone.attrs.sectors)
    ? (zone.attrs.sectors as unknown[]).filter((n): n is number => typeof n === 'number')
    : [];

interface MapCells {
  size: number;
  cells: Map<string, Cell>;
}

/**
 * The city on a square grid: the sectors on the outer ring (each at its place on the ring
 * of 18), locations with one or two sectors on the ring inside it at their sectors' mean
 * direction, the wide districts further in, the centre (in no sector) in the middle.
 */
export function cityCells(zones: readonly Zone[]): MapCells {
  const sectors = zones.filter((z) => z.kind === 'sector' && sectorNumber(z) !== undefined);
  const count = Math.max(1, ...sectors.map((z) => sectorNumber(z) ?? 1));
  const turnOfSector = (n: number): number => (n - 0.5) / count;
  const locations = zones
    .filter((z) => z.kind === 'location')
    .map((zone) => {
      const list = sectorsOf(zone);
      return {
        zone,
        depth: list.length === 0 ? Infinity : list.length >= 3 ? 2 : 1,
        turn: list.length ? meanTurn(list.map(turnOfSector)) : 0,
      };
    });
  for (let size = 7; ; size += 2) {
    const cells = new Map<string, Cell>();
    const ring0 = placeOnRing(
      sectors.map((zone) => ({ zone, turn: turnOfSector(sectorNumber(zone) ?? 1) })),
      ringCells(size, 0),
    );
    for (const [{ zone }, cell] of ring0) cells.set(zone.id, cell);
    const deepest = Math.floor((size - 1) / 2);
    const free = new Map<number, ReturnType<typeof ringCells>>();
    for (let depth = 1; depth <= deepest; depth += 1) free.set(depth, ringCells(size, depth));
    // The centre claims the middle first; then each group from its ring inwards, then outwards.
    const groups = [Infinity, 1, 2].map((depth) => locations.filter((l) => l.depth === depth));
    for (const [i, group] of groups.entries()) {
      const start = i === 0 ? deepest : Math.min(i, deepest);
      const order = [
        ...Array.from({ length: deepest - start + 1 }, (_, k) => start + k),
        ...Array.from({ length: start - 1 }, (_, k) => start - 1 - k),
      ];
      let left = group;
      for (const depth of order) {
        if (left.length === 0) break;
        const ring = free.get(depth) ?? [];
        const placed = placeOnRing(left, ring);
        for (const [item, cell] of placed) {
          cells.set(item.zone.id, cell);
          ring.splice(ring.indexOf(cell as (typeof ring)[number]), 1);
        }
        left = left.filter((item) => !placed.has(item));
      }
    }
    if (cells.size === sectors.length + locations.length) return { size, cells };
  }
}
