import { emptyTable } from '../../table/table';
import { swTable } from './sw-table';
import { battle, given, ship, shipOf } from './sw.testkit';

/** The slice laid out as the table every reader reads (GET /state's `table`). */
describe('sw-strategic table: the slice as zones, pieces and tracks', () => {
  it('shows a damaged ship, a mine, a trench, the production queue and the action points', () => {
    const h = battle({ red: [ship('frigate', 2, -2, 0)], blue: [ship('destroyer', 0, -3, 0)] });
    const frigate = shipOf(h, 'red', 'frigate');
    const infantry = Object.values(h.state.rs.ground.units).find(
      (u) => u.legion === 'red' && u.kind === 'infantry',
    );
    if (!infantry) throw new Error('red has no infantry');
    h.given([
      given('ShipDamaged', { ship: frigate, shields: 0, decksLost: [3], cause: 'laser' }),
      given('MineLaid', { mine: 'mine-40', legion: 'blue', cell: { q: 4, r: -4 }, ship: 'x' }),
      given('UnitMoved', { unit: infantry.id, hexes: [{ q: 0, r: 0 }] }),
      given('TrenchDug', { unit: infantry.id, hex: { q: 0, r: 0 }, sides: [0, 1] }),
    ]);
    h.play('red', 'queue-production', { item: 'turret', hex: 'g:5:1' });
    const table = swTable(emptyTable(), h.state.rs, []);
    expect(table.pieces[frigate]).toMatchObject({
      zone: 's:2:-2',
      status: 'damaged',
      attrs: { cells: ['s:2:-2', 's:1:-2', 's:0:-2'], shields: 0, maxShields: 4 },
    });
    expect((table.pieces[frigate].attrs.decks as { hp: number }[]).map((d) => d.hp)).toEqual([
      1, 1, 0,
    ]);
    expect(table.pieces['mine-40']).toMatchObject({ type: 'mine', owner: 'blue', zone: 's:4:-4' });
    expect(table.zones['g:0:0'].attrs).toMatchObject({ map: 'ground', trench: [0, 1] });
    expect(table.pieces[infantry.id]).toMatchObject({ zone: 'g:0:0', attrs: { dug: true } });
    const [queued] = h.state.rs.legions[0].production;
    expect(table.pieces[queued.id]).toMatchObject({
      type: 'turret',
      zone: 'production:red',
      attrs: { place: 1, turnsLeft: 2, hex: 'g:5:1' },
    });
    expect(table.tracks['action-points:red']).toMatchObject({
      value: h.state.rs.legions[0].actionPoints,
      name: { ru: expect.stringContaining('очки действия') },
    });
    expect(table.turn).toMatchObject({ round: 1, active: ['red'] });
    expect(Object.values(table.zones).every((z) => z.visibility === 'public')).toBe(true);
  });

  it('keeps a destroyed ship off the map, in its legion’s reserve', () => {
    const h = battle({ blue: [ship('destroyer', 0, -3, 0)] });
    const destroyer = shipOf(h, 'blue', 'destroyer');
    h.given([
      given('ShipDestroyed', {
        ship: destroyer,
        legion: 'blue',
        class: 'destroyer',
        by: 'red',
        points: 3,
        cargoLost: 0,
      }),
    ]);
    expect(swTable(emptyTable(), h.state.rs, []).pieces[destroyer]).toMatchObject({
      zone: 'reserve:blue',
      status: 'destroyed',
      attrs: { state: 'destroyed' },
    });
  });
});
