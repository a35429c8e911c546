import { RULES } from './cc-rules-text';

/**
 * The battlefield as hexes. The excerpt says a hex id is a letter and a number («С7») and
 * that compass direction 1 points up, 4 down, 2 and 3 right, 5 and 6 left [2.2.2]; the
 * maps themselves are not in it, so a match gives its grid (columns × rows) at setup.
 * Read here (inferred, named so): the letter is the column, the number the row from the
 * top, hexes flat-topped (direction 1 is a neighbour straight up), odd columns set half a
 * hex lower; the compass goes clockwise 1..6 from the top.
 */

export const HEX_ID = /^[A-Z][1-9][0-9]?$/u;

/** Cyrillic letters typed for their Latin twins in hex ids («С7» is Cyrillic in the text). */
const HOMOGLYPHS: Record<string, string> = {
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Т: 'T',
  Х: 'X',
};

/** A hex id as the ruleset keys it: upper case, Latin letters ("с7" → "C7"). */
export function normalizeHex(id: string): string {
  return [...id.trim().toUpperCase()].map((ch) => HOMOGLYPHS[ch] ?? ch).join('');
}

export interface MapGrid {
  columns: number;
  rows: number;
}

export const DEFAULT_GRID: MapGrid = { columns: 10, rows: 10 };

export const hexZone = (hex: string): string => `hex:${hex}`;
export const hexOfZone = (zone: string): string | undefined =>
  zone.startsWith('hex:') ? zone.slice(4) : undefined;

function parse(hex: string): { col: number; row: number } | undefined {
  if (!HEX_ID.test(hex)) return undefined;
  return { col: hex.charCodeAt(0) - 65, row: Number(hex.slice(1)) - 1 };
}

function format(col: number, row: number, grid: MapGrid): string | undefined {
  if (col < 0 || row < 0 || col >= grid.columns || row >= grid.rows) return undefined;
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

export function hexesOf(grid: MapGrid): string[] {
  const hexes: string[] = [];
  for (let col = 0; col < grid.columns; col += 1)
    for (let row = 0; row < grid.rows; row += 1) hexes.push(format(col, row, grid) as string);
  return hexes;
}

export function onMap(hex: string, grid: MapGrid): boolean {
  const at = parse(hex);
  return at !== undefined && format(at.col, at.row, grid) === hex;
}

export type CompassDirection = 1 | 2 | 3 | 4 | 5 | 6;
export const COMPASS: readonly CompassDirection[] = [1, 2, 3, 4, 5, 6];
export const COMPASS_RULE = RULES.compass;

/** The hex one step from `hex` in compass direction `direction`, if it is on the map. */
export function compassStep(
  hex: string,
  direction: CompassDirection,
  grid: MapGrid,
): string | undefined {
  const at = parse(hex);
  if (!at) return undefined;
  const { col, row } = at;
  const odd = col % 2 === 1;
  switch (direction) {
    case 1:
      return format(col, row - 1, grid);
    case 4:
      return format(col, row + 1, grid);
    case 2:
      return format(col + 1, odd ? row : row - 1, grid);
    case 3:
      return format(col + 1, odd ? row + 1 : row, grid);
    case 5:
      return format(col - 1, odd ? row + 1 : row, grid);
    case 6:
      return format(col - 1, odd ? row : row - 1, grid);
  }
}

/** `distance` steps from `hex` in one compass direction (artillery drift, Events). */
export function compassWalk(
  hex: string,
  direction: CompassDirection,
  distance: number,
  grid: MapGrid,
): string | undefined {
  let at: string | undefined = hex;
  for (let i = 0; i < distance && at; i += 1) at = compassStep(at, direction, grid);
  return at;
}

/** The adjacent hexes: one step in each compass direction. */
export function neighbours(hex: string, grid: MapGrid): string[] {
  return COMPASS.map((d) => compassStep(hex, d, grid)).filter((h): h is string => h !== undefined);
}

/** Axial coordinates for the viewer's flat-topped hex layout. */
export function axialOf(hex: string): { q: number; r: number } {
  const at = parse(hex) ?? { col: 0, row: 0 };
  return { q: at.col, r: at.row - (at.col - (at.col & 1)) / 2 };
}

/** Hexes between two hexes of the grid (axial distance). */
export function hexDistance(a: string, b: string): number {
  const p = axialOf(a);
  const q = axialOf(b);
  const dq = p.q - q.q;
  const dr = p.r - q.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The hex id of axial coordinates (the inverse of axialOf), if its column and row exist. */
function hexOfAxial(q: number, r: number): string | undefined {
  const row = r + (q - (q & 1)) / 2;
  if (q < 0 || q > 25 || row < 0 || row > 98) return undefined;
  return `${String.fromCharCode(65 + q)}${row + 1}`;
}

/** The centre of an axial hex, flat-topped, centre-to-corner 1. */
function centreOf(q: number, r: number): [number, number] {
  return [1.5 * q, Math.sqrt(3) * (r + q / 2)];
}

const CORNERS = [0, 1, 2, 3, 4, 5].map((i) => [
  Math.cos((Math.PI / 3) * i),
  Math.sin((Math.PI / 3) * i),
]);
/** Normals of a flat-topped hex's edges and of nothing else: 30°, 90° and 150°. */
const HEX_NORMALS = [30, 90, 150].map((deg) => [
  Math.cos((deg * Math.PI) / 180),
  Math.sin((deg * Math.PI) / 180),
]);
const TOUCH = 1e-9;

/** Whether the segment a–b touches (or crosses) the closed hexagon at centre c. */
function touchesHex(a: [number, number], b: [number, number], c: [number, number]): boolean {
  const corners = CORNERS.map(([x, y]) => [c[0] + x, c[1] + y]);
  const along = [b[0] - a[0], b[1] - a[1]];
  const axes = [...HEX_NORMALS, [-along[1], along[0]]];
  return axes.every(([x, y]) => {
    const hex = corners.map(([px, py]) => px * x + py * y);
    const seg = [a[0] * x + a[1] * y, b[0] * x + b[1] * y];
    return (
      Math.min(...seg) <= Math.max(...hex) + TOUCH && Math.min(...hex) <= Math.max(...seg) + TOUCH
    );
  });
}

/**
 * The intermediate hexes of a line of sight [10]: those that a taut thread between the centres
 * of `from` and `to` passes through or touches («туго натянутая нитка, соединяющая центральные
 * точки гексов»), neither end included, nearest `from` first. A thread along the edge between
 * two hexes, or through a corner, touches each hex that edge or corner belongs to.
 */
export function hexesBetween(from: string, to: string): string[] {
  if (!HEX_ID.test(from) || !HEX_ID.test(to)) return [];
  const p = axialOf(from);
  const q = axialOf(to);
  const a = centreOf(p.q, p.r);
  const b = centreOf(q.q, q.r);
  const found: string[] = [];
  for (let col = Math.min(p.q, q.q) - 1; col <= Math.max(p.q, q.q) + 1; col += 1)
    for (
      let r = Math.min(p.r, q.r) - Math.abs(p.q - q.q) - 1;
      r <= Math.max(p.r, q.r) + Math.abs(p.q - q.q) + 1;
      r += 1
    ) {
      const hex = hexOfAxial(col, r);
      if (!hex || hex === from || hex === to) continue;
      if (touchesHex(a, b, centreOf(col, r))) found.push(hex);
    }
  return found.sort((x, y) => hexDistance(from, x) - hexDistance(from, y) || x.localeCompare(y));
}
