import { own, setOwn } from '../../shared/id-record';
import { seatRole } from './sw-roles';
import type { LocalizedText } from '../../shared/localized-text';
import type { Piece, PieceStatus, Table, Track, Zone } from '../../table/table';
import { SHIPS } from './sw-catalog';
import type { MapId } from './sw-events';
import { neighbours, type Hex } from './sw-hex';
import { cellName, legionName } from './sw-names';
import { hexKey } from './sw-mission';
import type { Ship, SwState } from './sw-state';

/**
 * The Star Wars table as every reader reads a table: the game keeps its pieces in its own
 * slice (ships of several cells, decks with compartments, hexes of two maps), and this lays
 * the slice out as zones, pieces and tracks. Each cell of both maps is a zone (its id the
 * board layout's, `s:q:r` or `g:q:r`); a piece stands in the zone of its first cell and lists
 * every cell it fills. Ships off the map wait in their legion's reserve, items under way in its
 * production queue. Nothing on this table is secret in the text (plans are spoken, never
 * recorded), so every zone is public; the engine's per-reader view applies as to any table.
 */
export function swTable(
  table: Readonly<Table>,
  rs: Readonly<SwState>,
  seats: readonly string[],
): Table {
  const zones: Record<string, Zone> = {};
  const pieces: Record<string, Piece> = {};
  const tracks: Record<string, Track> = {};
  const zone = (z: Omit<Zone, 'visibility' | 'adjacency'> & { adjacency?: string[] }) =>
    setOwn(zones, z.id, { adjacency: [], visibility: 'public', ...z });
  const piece = (p: Piece) => setOwn(pieces, p.id, p);

  for (const map of ['space', 'ground'] as const) {
    const cells = rs[map].cells;
    for (const [key, cell] of Object.entries(cells)) {
      const { q, r, ...attrs } = cell;
      const trench = map === 'ground' ? own(rs.ground.trenches, key) : undefined;
      zone({
        id: cellId(map, cell),
        kind: 'hex',
        name: {
          en: `${MAP_NAME[map].en} ${cellName(cell)}`,
          ru: `${MAP_NAME[map].ru} ${cellName(cell)}`,
        },
        adjacency: neighbours(cell)
          .filter((n) => Object.hasOwn(cells, hexKey(n)))
          .map((n) => cellId(map, n)),
        attrs: { map, q, r, ...attrs, ...(trench ? { trench: [...trench] } : {}) },
      });
    }
  }

  for (const legion of rs.legions) {
    const seat = legion.seat;
    const name = legionName(rs, seat);
    zone({
      id: reserveId(seat),
      kind: 'reserve',
      owner: seat,
      name: { en: `${name.en}: ships off the map`, ru: `${name.ru}: корабли вне карты` },
      attrs: {},
    });
    zone({
      id: productionId(seat),
      kind: 'production',
      owner: seat,
      name: { en: `${name.en}: production queue`, ru: `${name.ru}: очередь производства` },
      attrs: {},
    });
    legion.production.forEach((item, i) =>
      piece({
        id: item.id,
        type: item.item,
        owner: seat,
        zone: productionId(seat),
        status: 'active',
        attrs: {
          place: i + 1,
          turnsLeft: item.turnsLeft,
          ...(item.turns !== undefined ? { turns: item.turns } : {}),
          ...(item.hex ? { hex: cellId('ground', item.hex) } : {}),
          ...(item.squad ? { squad: item.squad } : {}),
        },
      }),
    );
    const track = (id: string, label: LocalizedText, value: number) =>
      setOwn(tracks, `${id}:${seat}`, {
        id: `${id}:${seat}`,
        owner: seat,
        name: { en: `${name.en}: ${label.en}`, ru: `${name.ru}: ${label.ru}` },
        value,
      });
    track('credits', { en: 'credits', ru: 'кредиты' }, legion.credits);
    track(
      'reinforcements',
      { en: 'reinforcements delivered', ru: 'доставлено подкреплений' },
      legion.reinforcements,
    );
    track('kill-points', { en: 'kill points', ru: 'очки за уничтожение' }, legion.killPoints);
    track('action-points', { en: 'action points', ru: 'очки действия' }, legion.actionPoints);
  }

  for (const ship of Object.values(rs.space.ships)) {
    // A fighter on the ground map is a ground unit there.
    if (ship.status === 'ground') continue;
    piece({
      id: ship.id,
      type: ship.class,
      owner: ship.legion,
      zone: ship.status === 'map' ? cellId('space', ship.decks[0].cell) : reserveId(ship.legion),
      status: shipStatus(ship),
      attrs: {
        state: ship.status,
        ...(ship.status === 'map'
          ? { cells: ship.decks.map((d) => cellId('space', d.cell)), heading: ship.heading }
          : {}),
        decks: ship.decks.map((d) => ({ hp: d.hp, compartments: [...d.compartments] })),
        shields: ship.shields,
        maxShields: ship.class === 'transport' ? 0 : SHIPS[ship.class].shields,
        ...(ship.captain ? { captain: ship.captain } : {}),
        ...(ship.cargo.length ? { cargo: [...ship.cargo] } : {}),
        ...(ship.minesLeft ? { minesLeft: ship.minesLeft } : {}),
        ...(ship.status === 'queued' ? { turnsLeft: ship.turnsLeft } : {}),
        turnsWithoutHit: ship.turnsWithoutHit,
      },
    });
  }
  for (const station of Object.values(rs.space.stations))
    piece({
      id: station.id,
      type: 'station',
      ...(station.owner ? { owner: station.owner } : {}),
      zone: cellId('space', station.cell),
      status: station.captured ? 'captured' : 'active',
      attrs: { hp: station.hp },
    });
  for (const mine of Object.values(rs.space.mines))
    piece({
      id: mine.id,
      type: 'mine',
      owner: mine.legion,
      zone: cellId('space', mine.cell),
      status: 'active',
      attrs: {},
    });
  for (const unit of Object.values(rs.ground.units))
    piece({
      id: unit.id,
      type: `unit-${unit.kind}`,
      owner: unit.legion,
      zone: cellId('ground', unit.hexes[0]),
      status: unit.hits > 0 ? 'damaged' : 'active',
      attrs: {
        cells: unit.hexes.map((h) => cellId('ground', h)),
        hits: unit.hits,
        squad: unit.squad,
        shots: unit.shots,
        moved: unit.moved,
        ...(unit.dug ? { dug: true } : {}),
      },
    });
  for (const support of Object.values(rs.ground.support))
    piece({
      id: support.id,
      type: support.kind,
      owner: support.legion,
      zone: cellId('ground', support.hex),
      status: support.hits > 0 ? 'damaged' : 'active',
      attrs: { hits: support.hits },
    });
  for (const generator of Object.values(rs.ground.generators))
    piece({
      id: generator.id,
      type: 'generator',
      owner: generator.legion,
      zone: cellId('ground', generator.hexes[0]),
      status: generator.destroyed ? 'destroyed' : generator.hits > 0 ? 'damaged' : 'active',
      attrs: {
        central: generator.central,
        cells: generator.hexes.map((h) => cellId('ground', h)),
        hits: generator.hits,
        ...(generator.by ? { by: generator.by } : {}),
      },
    });

  const space = rs.space.turn;
  return {
    ...table,
    zones: { ...table.zones, ...zones },
    pieces: { ...table.pieces, ...pieces },
    tracks: { ...table.tracks, ...tracks },
    turn: {
      ...table.turn,
      round: space.round,
      active: [
        ...playingSeats(seats, space.current, 'space'),
        ...playingSeats(seats, rs.ground.turn.current, 'ground'),
      ].filter((seat, i, all) => all.indexOf(seat) === i),
    },
  };
}

/**
 * The seats that play a legion's turn on a map: its own seat, or, seated by role, its space
 * roles' seats in space and its ground squad's on the ground.
 */
function playingSeats(seats: readonly string[], legion: string | undefined, map: MapId): string[] {
  if (legion === undefined) return [];
  const roles = seats.filter((seat) => {
    const { legion: of, role } = seatRole(seat);
    return of === legion && role !== undefined && (role === 'ground') === (map === 'ground');
  });
  return seats.some((seat) => seatRole(seat).legion === legion && seatRole(seat).role)
    ? roles
    : [legion];
}

const MAP_NAME: Record<MapId, LocalizedText> = {
  space: { en: 'Space', ru: 'Космос' },
  ground: { en: 'Ground', ru: 'Земля' },
};

/** A cell's zone: the board layout's id (`s:q:r` on the space map, `g:q:r` on the ground). */
export const cellId = (map: MapId, h: Hex): string =>
  `${map === 'space' ? 's' : 'g'}:${h.q}:${h.r}`;
const reserveId = (seat: string) => `reserve:${seat}`;
const productionId = (seat: string) => `production:${seat}`;

function shipStatus(ship: Readonly<Ship>): PieceStatus {
  if (ship.status === 'destroyed') return 'destroyed';
  const full = ship.class === 'transport' ? 2 : 1;
  return ship.decks.some((d) => d.hp < full) ? 'damaged' : 'active';
}
