import type { BoardLayout } from '@domain/rulesets/ruleset';
import type { Zone } from '@domain/table/table';

/** Maps: positions, hex grids and rings share one plan (and one renderer, MapView). */

export interface Placed {
  x: number;
  y: number;
}

/** Where the map puts zones: centres in percent of its field, the field's shape and least width. */
export interface MapPlan {
  spots: Map<string, Placed>;
  /** width / height of the field */
  aspect: number;
  /** Below this the map scrolls sideways inside its frame (the page never does). */
  minWidth: number;
}

/** A zone drawn on the map takes about this much room, in px, per unit of the layout. */
const CELL_PX = 170;

export function planMap(layout: BoardLayout, zones: Zone[]): MapPlan {
  const known = new Set(zones.map((z) => z.id));
  const spots = new Map<string, Placed>();
  if (layout.kind === 'positions') {
    const width = layout.width || 1;
    const height = layout.height || 1;
    for (const [id, p] of Object.entries(layout.positions ?? {}))
      if (known.has(id)) spots.set(id, { x: (p.x / width) * 100, y: (p.y / height) * 100 });
    return { spots, aspect: clamp(width / height, 0.5, 3), minWidth: 520 };
  }
  const raw = new Map<string, Placed>();
  if (layout.kind === 'hex') {
    const s3 = Math.sqrt(3);
    for (const [id, c] of Object.entries(layout.cells ?? {}))
      if (known.has(id))
        raw.set(
          id,
          layout.orientation === 'flat'
            ? { x: 1.5 * c.q, y: s3 * (c.r + c.q / 2) }
            : { x: s3 * (c.q + c.r / 2), y: 1.5 * c.r },
        );
  } else if (layout.kind === 'ring') {
    const ring = (layout.zones ?? []).filter((id) => known.has(id));
    const radius = Math.max(1, ring.length / 4);
    ring.forEach((id, i) => {
      const angle = (2 * Math.PI * i) / Math.max(1, ring.length) - Math.PI / 2;
      raw.set(id, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
    if (layout.center && known.has(layout.center)) raw.set(layout.center, { x: 0, y: 0 });
  }
  if (raw.size === 0) return { spots, aspect: 1, minWidth: 0 };
  // One unit: the distance between the two closest zones; the field keeps the layout's proportions.
  const points = [...raw.values()];
  let unit = Infinity;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1)
      unit = Math.min(
        unit,
        Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) || Infinity,
      );
  if (!Number.isFinite(unit)) unit = 1;
  const xs = points.map((p) => p.x / unit);
  const ys = points.map((p) => p.y / unit);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  for (const [id, p] of raw)
    spots.set(id, {
      x: spanX ? ((p.x / unit - minX) / spanX) * 100 : 50,
      y: spanY ? ((p.y / unit - minY) / spanY) * 100 : 50,
    });
  return {
    spots,
    aspect: clamp((spanX + 0.6) / (spanY + 0.6), 0.6, 2.5),
    minWidth: Math.max(320, spanX * CELL_PX),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
