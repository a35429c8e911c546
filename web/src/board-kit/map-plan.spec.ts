import type { Zone } from '@domain/table/table';
import { planMap } from './map-plan';

/** Where the generic board's map puts the zones a layout places (MapView draws them there). */
describe('the map plan', () => {
  const zones = (...ids: string[]): Zone[] =>
    ids.map((id) => ({ id, kind: 'location', adjacency: [], visibility: 'public', attrs: {} }));

  it('puts a ring round its centre, the first zone at the top, in percent of its field', () => {
    const plan = planMap(
      { kind: 'ring', zones: ['n', 'e', 's', 'w', 'gone'], center: 'c' },
      zones('n', 'e', 's', 'w', 'c'),
    );
    const at = (id: string) => {
      const spot = plan.spots.get(id)!;
      return [Math.round(spot.x), Math.round(spot.y)];
    };
    expect([at('n'), at('e'), at('s'), at('w'), at('c')]).toEqual([
      [50, 0],
      [100, 50],
      [50, 100],
      [0, 50],
      [50, 50],
    ]);
    // A zone the table does not have is not placed.
    expect(plan.spots.has('gone')).toBe(false);
    expect(plan.aspect).toBe(1);
  });

  it('lays hexes out wider than tall on a row, and scrolls a wide map in its frame', () => {
    const cells = Object.fromEntries(Array.from({ length: 6 }, (_, q) => [`h${q}`, { q, r: 0 }]));
    const plan = planMap(
      { kind: 'hex', orientation: 'pointy', cells },
      zones(...Object.keys(cells)),
    );
    expect([...plan.spots.values()].map((s) => Math.round(s.x))).toEqual([0, 20, 40, 60, 80, 100]);
    expect(plan.aspect).toBe(2.5);
    expect(plan.minWidth).toBeCloseTo(5 * 170);
  });

  it('places nothing for areas: every zone is listed instead', () => {
    expect(planMap({ kind: 'areas' }, zones('a', 'b'))).toEqual({
      spots: new Map(),
      aspect: 1,
      minWidth: 0,
    });
  });
});
