import { own } from '../../shared/id-record';
import type { Piece, Table } from '../../table/table';
import { LEADER, MECHANIZED, TROOP, troopStrength } from './rex-factions';
import { SECTOR_COUNT, type LocationRole, type RexLocation, type RexMap } from './rex-map';
import { alliesOf, cardEffectsOf, type RexState } from './rex-state';

/**
 * Reading the table the Rex way: zones, troops, control and Influence. Pure functions of
 * the generic table (and the slice for alliances and the bombarded sector).
 */

export const ZONES = {
  reserve: (seat: string) => `reserve:${seat}`,
  hand: (seat: string) => `hand:${seat}`,
  traitors: (seat: string) => `traitors:${seat}`,
  losses: (seat: string) => `losses:${seat}`,
  influenceDeck: 'influence-deck',
  influenceRevealed: 'influence-revealed',
  influenceDiscard: 'influence-discard',
  influenceAside: 'influence-aside',
  bombardmentDeck: 'bombardment-deck',
  bombardmentRevealed: 'bombardment-revealed',
  strategyDeck: 'strategy-deck',
  strategyDiscard: 'strategy-discard',
  auction: 'auction',
  traitorDeck: 'traitor-deck',
  battle: 'battle',
  box: 'box',
} as const;

export const TRACKS = {
  seat: (seat: string) => `influence:${seat}`,
  location: (location: string) => `influence@${location}`,
  bank: 'influence-bank',
} as const;

export const FLEET_PIECE = 'dreadnought-fleet';

/** The map as the table holds it (zones of kind location, their attributes and adjacency). */
export function mapOf(table: Readonly<Table>): RexMap {
  const locations: RexLocation[] = Object.values(table.zones)
    .filter((z) => z.kind === 'location')
    .map((z) => ({
      id: z.id,
      name: z.name ?? { en: z.id, ru: z.id },
      sectors: Array.isArray(z.attrs.sectors) ? (z.attrs.sectors as number[]) : [],
      shielded: z.attrs.shielded === true,
      stronghold: z.attrs.stronghold === true,
      adjacent: [...z.adjacency],
      roles: Array.isArray(z.attrs.roles) ? (z.attrs.roles as LocationRole[]) : [],
    }));
  return {
    id: 'table',
    title: { en: 'Mecatol', ru: 'Mecatol' },
    reconstruction: false,
    note: { en: '', ru: '' },
    locations,
  };
}

export function locationOf(table: Readonly<Table>, id: string): RexLocation | undefined {
  const zone = own(table.zones, id);
  if (!zone || zone.kind !== 'location') return undefined;
  return mapOf({ ...table, zones: { [id]: zone } } as Table).locations[0];
}

export const isTroop = (piece: Piece): boolean =>
  (piece.type === TROOP || piece.type === MECHANIZED) && piece.status !== 'destroyed';

export function troopsAt(table: Readonly<Table>, zone: string, seat?: string): Piece[] {
  return Object.values(table.pieces)
    .filter((p) => p.zone === zone && isTroop(p) && (seat === undefined || p.owner === seat))
    .sort((a, b) => byId(a.id, b.id));
}

export function strengthOf(pieces: readonly Piece[]): number {
  return pieces.reduce((sum, p) => sum + troopStrength(p.type), 0);
}

/** Seats with troops in a location, in the given order. */
export function seatsAt(
  table: Readonly<Table>,
  location: string,
  order: readonly string[],
  purpose?: TroopPurpose,
): string[] {
  const present = new Set(
    troopsAt(table, location)
      .filter((p) => purpose === undefined || countsFor(p, purpose))
      .map((p) => p.owner),
  );
  return order.filter((seat) => present.has(seat));
}

/** What a troop may count for: a face-down Xxcha troop counts only for what the options chose when it was flipped. */
export type TroopPurpose = 'control' | 'collection' | 'combat';

export function countsFor(piece: Piece, purpose: TroopPurpose): boolean {
  if (piece.attrs.faceDown !== true) return true;
  const counts = piece.attrs.faceDownCountsFor;
  return Array.isArray(counts) && counts.includes(purpose);
}

/** A player controls a location only if only their troops are there. */
export function controllerOf(table: Readonly<Table>, location: string): string | null {
  const owners = new Set(
    troopsAt(table, location)
      .filter((p) => countsFor(p, 'control'))
      .map((p) => p.owner ?? ''),
  );
  return owners.size === 1 ? ([...owners][0] as string) : null;
}

export function strongholdsOf(table: Readonly<Table>, seat: string): string[] {
  return mapOf(table)
    .locations.filter((l) => l.stronghold && controllerOf(table, l.id) === seat)
    .map((l) => l.id);
}

export function leadersOf(table: Readonly<Table>, seat: string): Piece[] {
  return Object.values(table.pieces)
    .filter((p) => p.type === LEADER && p.owner === seat)
    .sort((a, b) => byId(a.id, b.id));
}

export const leaderStrength = (piece: Piece | undefined): number =>
  typeof piece?.attrs.strength === 'number' ? piece.attrs.strength : 0;

export function handOf(table: Readonly<Table>, seat: string): Piece[] {
  return Object.values(table.pieces)
    .filter((p) => p.zone === ZONES.hand(seat))
    .sort((a, b) => byId(a.id, b.id));
}

export function influenceOf(table: Readonly<Table>, seat: string): number {
  return own(table.tracks, TRACKS.seat(seat))?.value ?? 0;
}

export function influenceAt(table: Readonly<Table>, location: string): number {
  return own(table.tracks, TRACKS.location(location))?.value ?? 0;
}

/** Shielded as printed, unless a Graviton Inverter took the shield away. */
export function isShielded(
  rs: Pick<RexState, 'cardEffects'>,
  location: Pick<RexLocation, 'id' | 'shielded'>,
): boolean {
  return (
    location.shielded && !cardEffectsOf(rs).shieldsDown.some((s) => s.location === location.id)
  );
}

export function isBombarded(
  rs: Pick<RexState, 'bombarded'>,
  location: Pick<RexLocation, 'sectors'> | undefined,
): boolean {
  return rs.bombarded !== null && (location?.sectors ?? []).includes(rs.bombarded);
}

/** How troops stand in a location spanning several sectors (option troopSectors). */
export type TroopSectors = 'whole-location' | 'one-sector';

/** The location has parts: troops stand in one of its sectors, and the Fleet strikes that part only. */
export const hasParts = (location: Pick<RexLocation, 'sectors'>, reading: TroopSectors): boolean =>
  reading === 'one-sector' && location.sectors.length > 1;

/**
 * Closed by the bombardment: no deploying into it, entering, crossing or leaving it. A
 * location with parts never is as a whole; only its part in the bombarded sector is.
 */
export function isBlocked(
  rs: Pick<RexState, 'bombarded'>,
  location: Pick<RexLocation, 'sectors'> | undefined,
  reading: TroopSectors,
): boolean {
  return isBombarded(rs, location) && !(location && hasParts(location, reading));
}

export function bombardedLocations(
  table: Readonly<Table>,
  rs: Pick<RexState, 'bombarded'>,
  reading: TroopSectors = 'whole-location',
): Set<string> {
  return new Set(
    mapOf(table)
      .locations.filter((l) => isBlocked(rs, l, reading))
      .map((l) => l.id),
  );
}

/** The sector a troop stands in within a location: the one it was placed in, else the first. */
export function troopSector(
  piece: Piece,
  location: Pick<RexLocation, 'sectors'>,
): number | undefined {
  const placed = piece.attrs.sector;
  return typeof placed === 'number' && location.sectors.includes(placed)
    ? placed
    : location.sectors[0];
}

/** The troop stands in the bombarded part of a location with parts (it may not leave). */
export function inBombardedPart(
  rs: Pick<RexState, 'bombarded'>,
  piece: Piece,
  location: Pick<RexLocation, 'sectors'>,
  reading: TroopSectors,
): boolean {
  return (
    hasParts(location, reading) &&
    rs.bombarded !== null &&
    troopSector(piece, location) === rs.bombarded
  );
}

/** Seats (not allied with `seat`) whose troops share a location with it, where battles are fought. */
export function battlesOf(
  table: Readonly<Table>,
  rs: Pick<RexState, 'alliances'>,
  seat: string,
  order: readonly string[],
): { location: string; opponents: string[] }[] {
  const allies = new Set(alliesOf(rs, seat));
  return mapOf(table)
    .locations.filter((l) => !l.roles.includes('no-battle'))
    .map((l) => ({
      location: l.id,
      present: seatsAt(table, l.id, order, 'combat'),
    }))
    .filter(({ present }) => present.includes(seat))
    .map(({ location, present }) => ({
      location,
      opponents: present.filter((s) => s !== seat && !allies.has(s)),
    }))
    .filter((b) => b.opponents.length > 0);
}

/** Orders piece ids "troop:a:2" < "troop:a:10" (numbers compared as numbers). */
export function byId(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export function sectorsOk(sector: number): boolean {
  return Number.isInteger(sector) && sector >= 1 && sector <= SECTOR_COUNT;
}
