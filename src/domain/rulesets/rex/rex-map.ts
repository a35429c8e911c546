import type { BoardLayout } from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import { violation, type RuleViolation } from '../rule-violation';
import { RULES } from './rex-rules-text';

/**
 * The board of Mecatol City as data: locations, the sectors each lies in, shields,
 * Strongholds and adjacency. A map document is chosen at match creation (setup param
 * `map`); the default below is a reconstruction consistent with every fact the excerpt
 * gives, marked as such in its own metadata, for organizers to replace with the real board.
 */

/** The city has 18 numbered sectors; the Dreadnought Fleet wraps from 18 to 1. */
export const SECTOR_COUNT = 18;

/** What the rules name a location for, beyond shield and Stronghold. */
export type LocationRole = 'movement-bonus' | 'no-battle' | 'sol-victory';
export const LOCATION_ROLES: readonly LocationRole[] = [
  'movement-bonus',
  'no-battle',
  'sol-victory',
];

export interface RexLocation {
  id: string;
  name: LocalizedText;
  /** Sectors the location lies in; empty for the centre, which no sector covers. */
  sectors: number[];
  shielded: boolean;
  stronghold: boolean;
  adjacent: string[];
  roles: LocationRole[];
  /** Where the viewer draws it, in a 100 x 100 box; computed from its sectors when absent. */
  position?: { x: number; y: number };
}

export interface RexMap {
  id: string;
  title: LocalizedText;
  /** True when the document is not the published board (the default map is). */
  reconstruction: boolean;
  note: LocalizedText;
  locations: RexLocation[];
}

export const LOCATION_ID = /^[a-z0-9][a-z0-9-]{0,47}$/;

/** Every reason a map document cannot be played, or none. */
export function mapProblems(map: RexMap): string[] {
  return localizedMapProblems(map).map((problem) => problem.en);
}

/** The same reasons in both languages, locations named as the map names them. */
function localizedMapProblems(map: RexMap): LocalizedText[] {
  const problems: LocalizedText[] = [];
  const push = (en: string, ru: string) => problems.push({ en, ru });
  const nameOf = (id: string) => {
    const name = map.locations.find((l) => l.id === id)?.name?.ru;
    return `«${name || id}»`;
  };
  const ids = new Set<string>();
  for (const location of map.locations) {
    if (!LOCATION_ID.test(location.id))
      push(
        `location id "${location.id}" must be lowercase letters, digits and -`,
        `идентификатор локации «${location.id}» — только строчные латинские буквы, цифры и -`,
      );
    if (ids.has(location.id))
      push(
        `location ${location.id} is listed twice`,
        `локация ${nameOf(location.id)} указана дважды`,
      );
    ids.add(location.id);
  }
  for (const location of map.locations) {
    const where = `location ${location.id}`;
    const whereRu = `локация ${nameOf(location.id)}`;
    if (new Set(location.sectors).size !== location.sectors.length)
      push(`${where} lists a sector twice`, `${whereRu}: сектор указан дважды`);
    for (const sector of location.sectors)
      if (!Number.isInteger(sector) || sector < 1 || sector > SECTOR_COUNT)
        push(
          `${where}: sector ${sector} is not one of 1..${SECTOR_COUNT}`,
          `${whereRu}: сектора ${sector} нет, сектора — от 1 до ${SECTOR_COUNT}`,
        );
    if (new Set(location.adjacent).size !== location.adjacent.length)
      push(`${where} lists a neighbour twice`, `${whereRu}: соседняя локация указана дважды`);
    for (const other of location.adjacent) {
      if (other === location.id)
        push(`${where} is adjacent to itself`, `${whereRu} указана соседней сама себе`);
      else if (!ids.has(other))
        push(
          `${where} is adjacent to unknown location ${other}`,
          `${whereRu}: соседней указана неизвестная локация «${other}»`,
        );
      else if (!map.locations.find((l) => l.id === other)?.adjacent.includes(location.id))
        push(
          `${where} is adjacent to ${other}, but ${other} not to it`,
          `${whereRu} соседствует с ${nameOf(other)}, а та с ней — нет`,
        );
    }
    for (const role of location.roles)
      if (!LOCATION_ROLES.includes(role))
        push(`${where}: unknown role ${role}`, `${whereRu}: неизвестная роль «${role}»`);
  }
  if (map.locations.length > 0 && problems.length === 0) {
    const reached = distancesFrom(map, map.locations[0].id);
    const cut = map.locations.filter((l) => reached[l.id] === undefined).map((l) => l.id);
    if (cut.length > 0)
      push(
        `not connected to the rest of the city: ${cut.join(', ')}`,
        `не связаны с остальным городом: ${cut.map(nameOf).join(', ')}`,
      );
  }
  const strongholds = map.locations.filter((l) => l.stronghold).length;
  if (strongholds < 5)
    push(
      `an alliance of 3 wins with 5 Strongholds, so the city needs at least 5 (it has ${strongholds})`,
      `Альянс из трёх побеждает с 5 Крепостями, поэтому в городе их должно быть не меньше 5 (а их ${strongholds})`,
    );
  const solVictory = map.locations.filter((l) => l.roles.includes('sol-victory')).length;
  if (solVictory !== 2)
    push(
      `Sol's special victory names two locations (the Imperial Palace and Mecatol South Power Station); the map marks ${solVictory} with role sol-victory`,
      `Особая победа Сол называет две локации (Императорский Дворец и Южную Энергостанцию), а на карте таких отмечено: ${solVictory}`,
    );
  return problems;
}

export function checkMap(map: RexMap): RuleViolation | undefined {
  const problems = localizedMapProblems(map);
  return problems.length === 0
    ? undefined
    : violation(
        'invalid_map',
        {
          en: `Map ${map.id} cannot be played: ${problems.map((p) => p.en).join('; ')}`,
          ru: `По этой карте играть нельзя: ${problems.map((p) => p.ru).join('; ')}`,
        },
        RULES.embassyVelTerro,
      );
}

/** Steps from `from` to every location reachable without entering a `blocked` one. */
export function distancesFrom(
  map: Pick<RexMap, 'locations'>,
  from: string,
  blocked: ReadonlySet<string> = new Set(),
): Record<string, number> {
  const byId = new Map(map.locations.map((l) => [l.id, l]));
  const distance: Record<string, number> = { [from]: 0 };
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const next of byId.get(id)?.adjacent ?? []) {
      if (distance[next] !== undefined || blocked.has(next)) continue;
      distance[next] = distance[id] + 1;
      queue.push(next);
    }
  }
  return distance;
}

/** A shortest path from `from` to `to` (both included) avoiding `blocked`, or undefined. */
export function shortestPath(
  map: Pick<RexMap, 'locations'>,
  from: string,
  to: string,
  blocked: ReadonlySet<string> = new Set(),
): string[] | undefined {
  const byId = new Map(map.locations.map((l) => [l.id, l]));
  const previous = new Map<string, string>();
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (id === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(previous.get(path[0]) as string);
      return path;
    }
    // Sorted so the path chosen is the same on every replay.
    for (const next of [...(byId.get(id)?.adjacent ?? [])].sort()) {
      if (seen.has(next) || blocked.has(next)) continue;
      seen.add(next);
      previous.set(next, id);
      queue.push(next);
    }
  }
  return undefined;
}

export function locationsInSector(map: Pick<RexMap, 'locations'>, sector: number): string[] {
  return map.locations.filter((l) => l.sectors.includes(sector)).map((l) => l.id);
}

/** The next sector of the ring: 18 is followed by 1. */
export function nextSector(sector: number): number {
  return (sector % SECTOR_COUNT) + 1;
}

export const sectorZoneId = (sector: number): string => `sector:${sector}`;

/**
 * The viewer's board: the 18 sectors on an outer ring, each location at the mean angle of
 * its sectors (wide locations further in), the centre at the middle.
 */
export function mapLayout(map: RexMap): BoardLayout {
  const positions: Record<string, { x: number; y: number }> = {};
  const angleOf = (sector: number) => (2 * Math.PI * (sector - 0.5)) / SECTOR_COUNT - Math.PI / 2;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  for (let sector = 1; sector <= SECTOR_COUNT; sector += 1) {
    positions[sectorZoneId(sector)] = {
      x: round1(50 + 47 * Math.cos(angleOf(sector))),
      y: round1(50 + 47 * Math.sin(angleOf(sector))),
    };
  }
  for (const location of map.locations) {
    if (location.position) {
      positions[location.id] = { ...location.position };
      continue;
    }
    if (location.sectors.length === 0) {
      positions[location.id] = { x: 50, y: 50 };
      continue;
    }
    const x = location.sectors.reduce((sum, s) => sum + Math.cos(angleOf(s)), 0);
    const y = location.sectors.reduce((sum, s) => sum + Math.sin(angleOf(s)), 0);
    const angle = Math.atan2(y, x);
    const radius = location.sectors.length >= 3 ? 20 : 34;
    positions[location.id] = {
      x: round1(50 + radius * Math.cos(angle)),
      y: round1(50 + radius * Math.sin(angle)),
    };
  }
  return { kind: 'positions', width: 100, height: 100, positions };
}

// ---- The default map: a reconstruction --------------------------------------------------

function loc(
  id: string,
  en: string,
  ru: string,
  sectors: number[],
  flags: { shielded?: boolean; stronghold?: boolean; roles?: LocationRole[] } = {},
): RexLocation {
  return {
    id,
    name: { en, ru },
    sectors,
    shielded: flags.shielded ?? false,
    stronghold: flags.stronghold ?? false,
    adjacent: [],
    roles: flags.roles ?? [],
  };
}

const EDGES: [string, string][] = [
  // The outer ring, clockwise from sector 1.
  ['north-power-station', 'tarragus-slums'],
  ['tarragus-slums', 'civilian-spaceport'],
  ['civilian-spaceport', 'sallab-slums'],
  ['sallab-slums', 'archive-hall'],
  ['archive-hall', 'cartography-hall'],
  ['cartography-hall', 'imperial-intelligence-hq'],
  ['imperial-intelligence-hq', 'south-power-station'],
  ['south-power-station', 'vel-terro'],
  ['vel-terro', 'imperial-palace'],
  ['imperial-palace', 'embassy-quarters'],
  ['embassy-quarters', 'holonet-central-square'],
  ['holonet-central-square', 'imperial-fleet-base'],
  ['imperial-fleet-base', 'sai-sallai'],
  ['sai-sallai', 'north-power-station'],
  // The inner districts and the Council at the centre.
  ['icarcetorum-sector', 'imperial-fleet-base'],
  ['icarcetorum-sector', 'civilian-spaceport'],
  ['icarcetorum-sector', 'galactic-council'],
  ['adminus-imperialis', 'archive-hall'],
  ['adminus-imperialis', 'imperial-intelligence-hq'],
  ['adminus-imperialis', 'south-power-station'],
  ['adminus-imperialis', 'galactic-council'],
  ['imperial-palace', 'galactic-council'],
];

function defaultMap(): RexMap {
  const locations = [
    loc(
      'north-power-station',
      'Mecatol North Power Station',
      'Северная Энергостанция Mecatol',
      [1],
      {
        shielded: true,
        stronghold: true,
      },
    ),
    loc('tarragus-slums', 'Tarragus Slums', 'Трущобы Таррагуса', [1]),
    loc('civilian-spaceport', 'Civilian Spaceport', 'Гражданский Космопорт', [2], {
      shielded: true,
      stronghold: true,
      roles: ['movement-bonus'],
    }),
    loc('sallab-slums', 'Sallab Slums', 'Трущобы Саллаб', [3, 4]),
    loc('archive-hall', 'Archive Hall', 'Зал Архива', [5]),
    loc('cartography-hall', 'Cartography Hall', 'Зал Картографии', [6, 7]),
    loc('imperial-intelligence-hq', 'Imperial Intelligence HQ', 'Штаб Имперской Разведки', [8]),
    loc('south-power-station', 'Mecatol South Power Station', 'Южная Энергостанция Mecatol', [9], {
      shielded: true,
      stronghold: true,
      roles: ['sol-victory'],
    }),
    loc('vel-terro', 'Vel Terro Residential District', 'Жилой Район Вел Терро', [10, 11]),
    loc('imperial-palace', 'Imperial Palace', 'Императорский Дворец', [12], {
      shielded: true,
      stronghold: true,
      roles: ['sol-victory'],
    }),
    loc('embassy-quarters', 'Embassy Quarters', 'Посольские Кварталы', [13]),
    loc(
      'holonet-central-square',
      'Holonet Central Square',
      'Центральная Площадь Голосети',
      [14, 15],
    ),
    loc('imperial-fleet-base', 'Imperial Fleet Base', 'База Императорского Флота', [16], {
      shielded: true,
      stronghold: true,
      roles: ['movement-bonus'],
    }),
    loc('sai-sallai', 'Sai Sallai Residential District', 'Жилой Район Сай Саллай', [17, 18]),
    loc('icarcetorum-sector', 'Icarcetorum Sector', 'Сектор Икарцеторум', [16, 17, 18, 1, 2]),
    loc('adminus-imperialis', 'Adminus Imperialis', 'Админус Империалис', [5, 6, 7, 8, 9]),
    loc('galactic-council', 'Galactic Council', 'Галактический Совет', [], {
      roles: ['no-battle'],
    }),
  ];
  for (const [a, b] of EDGES) {
    locations.find((l) => l.id === a)?.adjacent.push(b);
    locations.find((l) => l.id === b)?.adjacent.push(a);
  }
  return {
    id: 'mecatol-reconstruction-1',
    title: { en: 'Mecatol City (reconstruction)', ru: 'Город Mecatol (реконструкция)' },
    reconstruction: true,
    note: {
      en: 'Not the published board. Built from the facts of the rules excerpt: Civilian Spaceport in sector 2, shielded; Tarragus Slums in sector 1, unshielded; Mecatol North Power Station in sector 1, shielded; Sai Sallai 3 steps from the Spaceport and 2 from Icarcetorum Sector; Embassy Quarters 2 moves from Vel Terro; Cartography Hall 2 from Adminus Imperialis; no battles in the Galactic Council, which lies at the centre in no sector; 18 sectors wrapping from 18 to 1. Everything else (the other sectors, shields, which locations are Strongholds, the remaining adjacency) is a guess. Organizers should replace it with the real board.',
      ru: 'Не опубликованное поле. Составлено по фактам из текста правил: Гражданский Космопорт в секторе 2 под Щитом; Трущобы Таррагуса в секторе 1 без Щита; Северная Энергостанция Mecatol в секторе 1 под Щитом; Сай Саллай в 3 шагах от Космопорта и в 2 от Сектора Икарцеторум; Посольские Кварталы в 2 шагах от Вел Терро; Зал Картографии в 2 шагах от Админус Империалис; в Галактическом Совете не сражаются, он в центре и не входит ни в один сектор; 18 секторов, после 18 идёт 1. Всё остальное (прочие секторы, Щиты, какие локации Крепости, прочие соседства) — предположение. Организаторам следует заменить его настоящим полем.',
    },
    locations,
  };
}

export const DEFAULT_MAP: RexMap = defaultMap();
