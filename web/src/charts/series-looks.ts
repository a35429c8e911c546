import { ownerColour } from '../session';

/** A point mark's outline: the second cue, beside the dash, for readers who cannot tell colours. */
export type PointShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'triangle-down' | 'plus';

/** How one series is drawn: its seat's colour, a dash pattern (CSS px, [] is solid) and a mark. */
export interface SeriesLook {
  colour: string;
  dash: readonly number[];
  shape: PointShape;
}

/** Room between two tied lines (CSS px): a line's width and a pixel of paper between. */
export const SIDE_BY_SIDE = 3;
/** The most room the lines tied on one value take together (CSS px), however many they are. */
export const MAX_SPREAD = 12;

/**
 * Dash patterns in the order series take them: each tells itself from the others at a glance,
 * and where lines lie on one another (tied scores) the later ones' gaps let the earlier show.
 */
export const DASHES: readonly (readonly number[])[] = [
  [],
  [10, 5],
  [2, 4],
  [14, 4, 2, 4],
  [5, 3],
  [2, 3, 2, 3, 10, 3],
];

export const SHAPES: readonly PointShape[] = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'triangle-down',
  'plus',
];

/** The dashed line the expected figures are drawn with: a reference, in no seat's colour. */
export const REFERENCE_LOOK: SeriesLook = {
  colour: ownerColour(undefined, []),
  dash: [6, 4],
  shape: 'circle',
};

/**
 * The look of each series of a chart whose series belong to seats (`owners[i]` owns series
 * i): the colour is the seat's on the board (`ownerColour` with the match's seats), so a
 * person has one colour on the page; the dash and the mark go by the series' place, so the
 * first six series never share a dash or a mark (a colour-blind reader tells them apart).
 * Past six, a series takes the next dash that no earlier series of its colour has: two series
 * never look the same while a colour has fewer than six series.
 */
export function seatSeriesLooks(owners: readonly string[], seats: readonly string[]): SeriesLook[] {
  const taken = new Map<string, Set<number>>();
  return owners.map((owner, i) => {
    const colour = ownerColour(owner, seats);
    const used = taken.get(colour) ?? new Set<number>();
    taken.set(colour, used);
    let style = i % DASHES.length;
    for (let tried = 0; tried < DASHES.length && used.has(style); tried += 1)
      style = (style + 1) % DASHES.length;
    used.add(style);
    return { colour, dash: DASHES[style], shape: SHAPES[style] };
  });
}

/**
 * Where tied lines are drawn (CSS px from their value, negative is up), per series and
 * index: the series with one value at an index lie side by side around it, in series order,
 * `SIDE_BY_SIDE` apart (closer when many, within `MAX_SPREAD`); a series alone on its value
 * is drawn on it. Ties are read as the step from that index to the next, as step lines hold
 * their value.
 */
export function tieOffsets(columns: readonly ArrayLike<number | null | undefined>[]): number[][] {
  const offsets = columns.map((column) => new Array<number>(column.length).fill(0));
  const length = Math.max(0, ...columns.map((column) => column.length));
  for (let i = 0; i < length; i += 1) {
    const tied = new Map<number, number[]>();
    columns.forEach((column, s) => {
      const value = column[i];
      if (value === null || value === undefined) return;
      tied.set(value, [...(tied.get(value) ?? []), s]);
    });
    for (const group of tied.values()) {
      if (group.length < 2) continue;
      const step = Math.min(SIDE_BY_SIDE, MAX_SPREAD / (group.length - 1));
      group.forEach((s, rank) => (offsets[s][i] = (rank - (group.length - 1) / 2) * step));
    }
  }
  return offsets;
}

/**
 * The indexes of a step series' column where its value changes (the first value it has
 * included): where the chart marks the line. A value carried on unchanged gets no mark.
 */
export function changeIndexes(column: ArrayLike<number | null | undefined>): number[] {
  const changes: number[] = [];
  let previous: number | null | undefined = null;
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i];
    if (value !== null && value !== undefined && value !== previous) changes.push(i);
    previous = value;
  }
  return changes;
}

/** The last value a column has: what a reader wants at rest, the figure the line ends on. */
export function lastValue(column: ArrayLike<number | null | undefined>): number | null {
  for (let i = column.length - 1; i >= 0; i -= 1) {
    const value = column[i];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** Corners of each shape but the circle, around its centre, for a mark of radius 1. */
const OUTLINES: Record<Exclude<PointShape, 'circle'>, readonly (readonly [number, number])[]> = {
  square: [
    [-0.8, -0.8],
    [0.8, -0.8],
    [0.8, 0.8],
    [-0.8, 0.8],
  ],
  triangle: [
    [0, -1.1],
    [1, 0.65],
    [-1, 0.65],
  ],
  diamond: [
    [0, -1.1],
    [1.1, 0],
    [0, 1.1],
    [-1.1, 0],
  ],
  'triangle-down': [
    [0, 1.1],
    [1, -0.65],
    [-1, -0.65],
  ],
  plus: [
    [-0.35, -1],
    [0.35, -1],
    [0.35, -0.35],
    [1, -0.35],
    [1, 0.35],
    [0.35, 0.35],
    [0.35, 1],
    [-0.35, 1],
    [-0.35, 0.35],
    [-1, 0.35],
    [-1, -0.35],
    [-0.35, -0.35],
  ],
};

/**
 * A mark's outline at (x, y) with radius r: the corners of its polygon, or null for the
 * circle. The chart's canvas and the legend's swatch both draw from it, so they agree.
 */
export function shapeCorners(
  shape: PointShape,
  x: number,
  y: number,
  r: number,
): [number, number][] | null {
  if (shape === 'circle') return null;
  return OUTLINES[shape].map(([dx, dy]) => [x + dx * r, y + dy * r]);
}
