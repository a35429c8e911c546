import { DEFAULT_MAP, SECTOR_COUNT } from '@domain/rulesets/rex/rex-map';
import type { Zone } from '@domain/table/table';
import { cityCells, meanTurn, placeOnRing, ringCells, turnOf } from './board-grid';

describe('rings of grid cells', () => {
  it('lists each ring clockwise from its top-left corner', () => {
    expect(ringCells(7, 0)).toHaveLength(24);
    expect(ringCells(7, 1)).toHaveLength(16);
    expect(ringCells(7, 3)).toEqual([{ row: 3, col: 3, turn: 0 }]);
    expect(ringCells(7, 4)).toEqual([]);
    expect(
      ringCells(5, 0)
        .slice(0, 3)
        .map((c) => [c.row, c.col]),
    ).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });

  it('measures turns clockwise from the top, and their mean across the top', () => {
    expect(turnOf(0, -1)).toBe(0);
    expect(turnOf(1, 0)).toBeCloseTo(0.25);
    expect(turnOf(0, 1)).toBeCloseTo(0.5);
    expect(meanTurn([0.95, 0.05])).toBeCloseTo(0, 5);
  });

  it('gives each item its own cell, the nearest free one to its turn', () => {
    const cells = ringCells(5, 0);
    const items = [{ turn: 0 }, { turn: 0.01 }, { turn: 0.5 }];
    const placed = placeOnRing(items, cells);
    const used = [...placed.values()].map((c) => `${c.row},${c.col}`);
    expect(new Set(used).size).toBe(3);
    expect(placed.get(items[2])).toMatchObject({ row: 4, col: 2 });
  });
});

describe('the Rex city on the grid', () => {
  const zones: Zone[] = [
    ...Array.from({ length: SECTOR_COUNT }, (_, i) => ({
      id: `sector:${i + 1}`,
      kind: 'sector',
      adjacency: [],
      visibility: 'public' as const,
      attrs: { number: i + 1 },
    })),
    ...DEFAULT_MAP.locations.map((l) => ({
      id: l.id,
      kind: 'location',
      adjacency: [],
      visibility: 'public' as const,
      attrs: { sectors: l.sectors },
    })),
  ];

  it('puts every zone in a cell of its own: sectors on the outer ring, the centre in the middle', () => {
    const { size, cells } = cityCells(zones);
    expect(size).toBe(7);
    expect(cells.size).toBe(zones.length);
    expect(new Set([...cells.values()].map((c) => `${c.row},${c.col}`)).size).toBe(zones.length);
    for (let n = 1; n <= SECTOR_COUNT; n += 1) {
      const { row, col } = cells.get(`sector:${n}`)!;
      expect([row, col].some((v) => v === 0 || v === size - 1)).toBe(true);
    }
    for (const location of DEFAULT_MAP.locations) {
      const { row, col } = cells.get(location.id)!;
      expect([row, col].every((v) => v > 0 && v < size - 1)).toBe(true);
    }
    expect(cells.get('galactic-council')).toMatchObject({ row: 3, col: 3 });
  });

  it('grows the grid when a map has more locations than its rings hold', () => {
    const many = [
      ...zones,
      ...Array.from({ length: 20 }, (_, i) => ({
        id: `extra-${i}`,
        kind: 'location',
        adjacency: [],
        visibility: 'public' as const,
        attrs: { sectors: [(i % SECTOR_COUNT) + 1] },
      })),
    ];
    const { size, cells } = cityCells(many);
    expect(size).toBeGreaterThan(7);
    expect(new Set([...cells.values()].map((c) => `${c.row},${c.col}`)).size).toBe(many.length);
  });
});
