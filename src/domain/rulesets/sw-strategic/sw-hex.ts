/**
 * Hex geometry for both maps: axial coordinates (q, r), pointy-top. Directions are numbered
 * counter-clockwise from east; a ship's heading is one of them.
 */
export interface Hex {
  q: number;
  r: number;
}

export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export const dir = (d: number): Hex => DIRECTIONS[((d % 6) + 6) % 6];
export const add = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const sub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const scale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });

export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export const neighbours = (h: Hex): Hex[] => DIRECTIONS.map((d) => add(h, d));

/** 60° counter-clockwise about the origin (heading + 1). */
export function rotateLeft(h: Hex): Hex {
  // cube (x, y, z) = (q, -q-r, r) → (-z, -x, -y)
  return { q: -h.r, r: h.q + h.r };
}
export function rotateRight(h: Hex): Hex {
  return { q: h.q + h.r, r: -h.q };
}

/** Cell ids: a prefix per map, then q and r ("s:2:-1", "g:0:3"). */
export const cellId = (prefix: 's' | 'g', h: Hex): string => `${prefix}:${h.q}:${h.r}`;

export function parseCell(id: string): Hex | undefined {
  const m = /^[sg]:(-?\d{1,3}):(-?\d{1,3})$/.exec(id);
  return m ? { q: Number(m[1]), r: Number(m[2]) } : undefined;
}

function cubeRound(x: number, z: number): Hex {
  const y = -x - z;
  let rx = Math.round(x);
  const ry = Math.round(y);
  let rz = Math.round(z);
  const dx = Math.abs(rx - x);
  const dy = Math.abs(ry - y);
  const dz = Math.abs(rz - z);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (!(dy > dz)) rz = -rx - ry;
  return { q: rx + 0, r: rz + 0 };
}

/**
 * The cells a centre-to-centre line crosses, strictly between its ends. Where the line runs
 * along an edge, two cells share it: the line is traced twice, nudged to either side, and
 * both traces are returned (they differ only there). The caller decides what a disagreement
 * means (option lineOfFireOnEdge).
 */
export function lineBetween(a: Hex, b: Hex): [Hex[], Hex[]] {
  const n = distance(a, b);
  const trace = (nudge: number): Hex[] => {
    const cells: Hex[] = [];
    for (let i = 1; i < n; i += 1) {
      const t = i / n;
      cells.push(cubeRound(a.q + (b.q - a.q) * t + nudge, a.r + (b.r - a.r) * t - nudge / 2));
    }
    return cells;
  };
  return [trace(1e-6), trace(-1e-6)];
}

export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
