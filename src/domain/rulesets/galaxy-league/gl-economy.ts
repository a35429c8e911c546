import { own } from '../../shared/id-record';
import type { GalaxyLeagueEvents } from './gl-events';
import { adjacent, connectedToCapital, type PlanetColour } from './gl-map';
import type { GalaxyLeagueState } from './gl-state';

/** «Красная – по 10 ИК, Лиловая – по 15 ИК, Синяя – по 20 ИК». */
export const INCOME: Record<PlanetColour, number> = { red: 10, lilac: 15, blue: 20 };
/** «на 10 ИК меньше (0/5/10 соответственно)» without a direct path to the capital. */
export const NO_PATH_PENALTY = 10;
/** «3 очка за каждую красную планету, 2 – за лиловую, 1 – за синюю». */
export const TERRITORY_POINTS: Record<PlanetColour, number> = { red: 3, lilac: 2, blue: 1 };

/** The territories a seat controls, in map order. */
export function territoriesOf(rs: Readonly<GalaxyLeagueState>, seat: string): string[] {
  return (rs.map?.territories ?? []).filter((t) => own(rs.owner, t.id) === seat).map((t) => t.id);
}

/**
 * The territories of `loser` next to its captured `capital`, which the captor annexes («выбирает
 * 2 любые смежные со столицей территории побежденного врага»): at most 2 of these, and none
 * when none is left.
 */
export function annexableOf(
  rs: Readonly<GalaxyLeagueState>,
  loser: string,
  capital: string,
): string[] {
  const map = rs.map;
  if (!map) return [];
  return territoriesOf(rs, loser).filter((t) => adjacent(map, capital, t));
}

/**
 * A player's round-start income: each planet by colour, 10 IC less without a direct path to
 * the capital (own territories only), plus its technologies' income. None without planets.
 */
export function incomeOf(
  rs: Readonly<GalaxyLeagueState>,
  seat: string,
): Omit<GalaxyLeagueEvents['IncomeReceived'], 'seat' | 'round'> {
  const map = rs.map;
  const player = own(rs.players, seat);
  const held = territoriesOf(rs, seat);
  if (!map || !player || held.length === 0) return { lines: [], bonus: 0, total: 0 };
  const connected = connectedToCapital(
    map,
    player.capital ?? '',
    (territory) => own(rs.owner, territory) === seat,
  );
  const lines = held.map((id) => {
    const colour = map.territories.find((t) => t.id === id)!.colour;
    const linked = connected.has(id);
    const amount = Math.max(0, INCOME[colour] - (linked ? 0 : NO_PATH_PENALTY));
    return { territory: id, colour, connected: linked, amount };
  });
  const bonus = player.technologies
    .map((id) => rs.technologies.find((t) => t.id === id)?.income ?? 0)
    .reduce((a, b) => a + b, 0);
  return { lines, bonus, total: lines.reduce((a, l) => a + l.amount, 0) + bonus };
}

/** The territory points a seat holds now (the standings count them at the end). */
export function territoryPoints(rs: Readonly<GalaxyLeagueState>, seat: string): number {
  const map = rs.map;
  if (!map) return 0;
  return territoriesOf(rs, seat)
    .map((id) => TERRITORY_POINTS[map.territories.find((t) => t.id === id)!.colour])
    .reduce((a, b) => a + b, 0);
}
