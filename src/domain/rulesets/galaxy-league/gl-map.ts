import { hasOwn, own, setOwn } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { isId } from '../../shared/safe-text';

/**
 * The league's map as data. The text describes it only in words («Карта Галактики делится на
 * условные территории … Пролет одной территории считается за 1 световой год»): the organizer
 * supplies the map at creation (setup param `map`), and it is validated here. The default is
 * a small illustrative map, named as such, for trying the league out.
 */

export type PlanetColour = 'red' | 'lilac' | 'blue';
export const PLANET_COLOURS: readonly PlanetColour[] = ['red', 'lilac', 'blue'];
/** A planet's colour as the forms offer it, with what it brings (income [gl-economy]). */
export const PLANET_COLOUR_NAMES: Record<PlanetColour, LocalizedText> = {
  red: { en: 'Red', ru: 'Красная' },
  lilac: { en: 'Lilac', ru: 'Лиловая' },
  blue: { en: 'Blue', ru: 'Синяя' },
};

export interface LeagueTerritory {
  id: string;
  name: LocalizedText;
  colour: PlanetColour;
  /** Where the viewer draws it, in a 100 x 100 box. */
  position?: { x: number; y: number };
}

/** Two adjacent territories and the light years (СГ) a ship crosses between them. */
export interface LeagueLane {
  from: string;
  to: string;
  ly: number;
}

/** A start position: the capital and the other planets a player begins with. */
export interface LeagueStart {
  capital: string;
  planets: string[];
}

export interface LeagueMap {
  id: string;
  title: LocalizedText;
  /** True for a map made up to try the league with (the text has no map). */
  illustrative: boolean;
  territories: LeagueTerritory[];
  lanes: LeagueLane[];
  /** Wormholes: crossed (as 1 LY) only with a technology that opens them, never a direct path. */
  wormholes: { from: string; to: string }[];
  starts: LeagueStart[];
}

/** The most light years one lane may span (a longer hop is drawn as territories between). */
export const MAX_LANE_LY = 3;
export const MAX_TERRITORIES = 200;

/** Every reason a map cannot be played, or none. */
export function mapProblems(map: LeagueMap): string[] {
  return localizedMapProblems(map).map((problem) => problem.en);
}

/** The same reasons in both languages, territories named as the map names them. */
export function localizedMapProblems(map: LeagueMap): LocalizedText[] {
  const problems: LocalizedText[] = [];
  const push = (en: string, ru: string) => problems.push({ en, ru });
  const nameOf = (id: string) => `«${map.territories.find((t) => t.id === id)?.name?.ru || id}»`;
  const ids = new Set<string>();
  if (map.territories.length === 0) push('the map has no territories', 'на карте нет территорий');
  if (map.territories.length > MAX_TERRITORIES)
    push(
      `the map has ${map.territories.length} territories, at most ${MAX_TERRITORIES}`,
      `на карте ${map.territories.length} территорий, а можно не больше ${MAX_TERRITORIES}`,
    );
  for (const territory of map.territories) {
    if (!isId(territory.id))
      push(
        `territory id "${territory.id}" is not a valid id`,
        `идентификатор территории «${territory.id}» недопустим`,
      );
    if (ids.has(territory.id))
      push(
        `territory ${territory.id} is listed twice`,
        `территория ${nameOf(territory.id)} указана дважды`,
      );
    if (!PLANET_COLOURS.includes(territory.colour))
      push(
        `territory ${territory.id} has colour ${territory.colour}, not red, lilac or blue`,
        `у территории ${nameOf(territory.id)} цвет «${territory.colour}», а нужен красный, лиловый или синий`,
      );
    ids.add(territory.id);
  }
  const known = (id: string, where: LocalizedText) => {
    if (!ids.has(id))
      push(
        `${where.en} names territory ${id}, which the map does not have`,
        `${where.ru}: территории «${id}» на карте нет`,
      );
  };
  const between = (kind: LocalizedText, from: string, to: string): LocalizedText => ({
    en: `${kind.en} ${from}–${to}`,
    ru: `${kind.ru} ${nameOf(from)}–${nameOf(to)}`,
  });
  const pairs = new Set<string>();
  for (const lane of map.lanes) {
    const where = between({ en: 'lane', ru: 'путь' }, lane.from, lane.to);
    known(lane.from, where);
    known(lane.to, where);
    if (lane.from === lane.to)
      push(`${where.en} joins a territory to itself`, `${where.ru} ведёт из территории в неё же`);
    if (!Number.isInteger(lane.ly) || lane.ly < 1 || lane.ly > MAX_LANE_LY)
      push(
        `${where.en} spans ${lane.ly} LY: a lane spans 1 to ${MAX_LANE_LY} LY`,
        `${where.ru} длиной ${lane.ly} СГ, а путь бывает от 1 до ${MAX_LANE_LY} СГ`,
      );
    const key = [lane.from, lane.to].sort().join('\u0000');
    if (pairs.has(key)) push(`${where.en} is listed twice`, `${where.ru} указан дважды`);
    pairs.add(key);
  }
  for (const hole of map.wormholes) {
    const where = between({ en: 'wormhole', ru: 'Червоточина' }, hole.from, hole.to);
    known(hole.from, where);
    known(hole.to, where);
    if (hole.from === hole.to)
      push(`${where.en} joins a territory to itself`, `${where.ru} ведёт из территории в неё же`);
  }
  if (map.starts.length === 0)
    push('the map has no start positions', 'на карте нет стартовых позиций');
  const taken = new Set<string>();
  map.starts.forEach((start, index) => {
    const where = { en: `start ${index + 1}`, ru: `стартовая позиция ${index + 1}` };
    for (const id of [start.capital, ...start.planets]) {
      known(id, where);
      if (taken.has(id))
        push(
          `${where.en}: territory ${id} belongs to two starts`,
          `${where.ru}: территория ${nameOf(id)} входит в две стартовые позиции`,
        );
      taken.add(id);
    }
  });
  return problems;
}

export function territoryOf(map: LeagueMap, id: string): LeagueTerritory | undefined {
  return map.territories.find((t) => t.id === id);
}

/** The territories next to `id` by a lane, with their lane's light years. */
export function lanesFrom(map: LeagueMap, id: string): { to: string; ly: number }[] {
  return map.lanes.flatMap((lane) =>
    lane.from === id
      ? [{ to: lane.to, ly: lane.ly }]
      : lane.to === id
        ? [{ to: lane.from, ly: lane.ly }]
        : [],
  );
}

export function adjacent(map: LeagueMap, a: string, b: string): boolean {
  return lanesFrom(map, a).some((lane) => lane.to === b);
}

/** How a player's ships cross a territory: its own (free), an ally's, a paused player's, another's. */
export type Crossing = 'own' | 'ally' | 'paused' | 'other';

/**
 * The light years from the nearest of the player's own territories to `target` («на сколько
 * территорий от собственных необходимо будет продвинуться звездолёту»): entering a territory
 * costs its lane's light years, except that all of an ally's territory is crossed for 1 LY in
 * all («перелёт через все территории союзника всегда занимает равно 1 СГ») and a paused
 * player's for 0; wormholes count as 1 LY when `wormholes` is true. Infinity when unreachable.
 */
export function distanceTo(
  map: LeagueMap,
  target: string,
  crossing: (territory: string) => Crossing,
  wormholes: boolean,
  /** Option allyCrossing: a run of allied territories is 1 LY in all, or each of them is 1 LY. */
  allyRun = true,
): number {
  const best: Record<string, number> = {};
  const queue: { at: string; ly: number }[] = [];
  for (const territory of map.territories)
    if (crossing(territory.id) === 'own') {
      setOwn(best, territory.id, 0);
      queue.push({ at: territory.id, ly: 0 });
    }
  while (queue.length > 0) {
    queue.sort((a, b) => a.ly - b.ly);
    const { at, ly } = queue.shift()!;
    if (ly > (own(best, at) ?? Infinity)) continue;
    if (at === target) return ly;
    // Ships stop at the target; they pass only through territories they may cross.
    const exits = [
      ...lanesFrom(map, at),
      ...(wormholes
        ? map.wormholes.flatMap((h) =>
            h.from === at ? [{ to: h.to, ly: 1 }] : h.to === at ? [{ to: h.from, ly: 1 }] : [],
          )
        : []),
    ];
    for (const exit of exits) {
      const kind = crossing(exit.to);
      const from = crossing(at);
      const step =
        kind === 'own' || kind === 'paused'
          ? 0
          : kind === 'ally'
            ? from === 'ally' && allyRun
              ? 0
              : 1
            : exit.ly;
      // Reaching the target itself always takes its lane's light years.
      const next = ly + (exit.to === target ? exit.ly : step);
      if (next < (own(best, exit.to) ?? Infinity)) {
        setOwn(best, exit.to, next);
        queue.push({ at: exit.to, ly: next });
      }
    }
  }
  return hasOwn(best, target) ? (own(best, target) as number) : Infinity;
}

/**
 * The territories joined to `capital` by lanes through the player's own territories alone: a
 * planet outside them has no direct path («Червоточины и территории союзников не считаются
 * прямым путем к своей столице») and brings 10 IC less.
 */
export function connectedToCapital(
  map: LeagueMap,
  capital: string,
  owns: (territory: string) => boolean,
): Set<string> {
  const reached = new Set<string>();
  if (!owns(capital)) return reached;
  const stack = [capital];
  reached.add(capital);
  while (stack.length > 0) {
    const at = stack.pop()!;
    for (const { to } of lanesFrom(map, at))
      if (!reached.has(to) && owns(to)) {
        reached.add(to);
        stack.push(to);
      }
  }
  return reached;
}

const T = (
  id: string,
  en: string,
  ru: string,
  colour: PlanetColour,
  x: number,
  y: number,
): LeagueTerritory => ({ id, name: { en, ru }, colour, position: { x, y } });

/**
 * An illustrative map: 18 territories, four start positions in the corners, neutral planets
 * between them and a centre reached by 2 LY lanes, one wormhole. Made up to try the league
 * with — not the 2014 league's map, which the text does not give.
 */
export const ILLUSTRATIVE_MAP: LeagueMap = {
  id: 'illustrative-18',
  title: {
    en: 'Illustrative map',
    ru: 'Примерная карта',
  },
  illustrative: true,
  territories: [
    T('aurora', 'Aurora', 'Аврора', 'red', 12, 12),
    T('borealis', 'Borealis', 'Бореалис', 'lilac', 30, 10),
    T('cinder', 'Cinder', 'Синдер', 'blue', 10, 30),
    T('dorado', 'Dorado', 'Дорадо', 'red', 88, 12),
    T('ember', 'Ember', 'Эмбер', 'lilac', 70, 10),
    T('fornax', 'Fornax', 'Форнакс', 'blue', 90, 30),
    T('gaia', 'Gaia', 'Гея', 'red', 88, 88),
    T('helix', 'Helix', 'Хеликс', 'lilac', 90, 70),
    T('ion', 'Ion', 'Ион', 'blue', 70, 90),
    T('juno', 'Juno', 'Юнона', 'red', 12, 88),
    T('kepler', 'Kepler', 'Кеплер', 'lilac', 10, 70),
    T('lyra', 'Lyra', 'Лира', 'blue', 30, 90),
    T('orion', 'Orion', 'Орион', 'lilac', 50, 12),
    T('pyxis', 'Pyxis', 'Компас', 'blue', 88, 50),
    T('quasar', 'Quasar', 'Квазар', 'lilac', 50, 88),
    T('rigel', 'Rigel', 'Ригель', 'blue', 12, 50),
    T('sirius', 'Sirius', 'Сириус', 'blue', 32, 32),
    T('nexus', 'Nexus', 'Нексус', 'red', 50, 50),
  ],
  lanes: [
    ...[
      ['aurora', 'borealis'],
      ['aurora', 'cinder'],
      ['borealis', 'orion'],
      ['orion', 'ember'],
      ['ember', 'dorado'],
      ['dorado', 'fornax'],
      ['fornax', 'pyxis'],
      ['pyxis', 'helix'],
      ['helix', 'gaia'],
      ['gaia', 'ion'],
      ['ion', 'quasar'],
      ['quasar', 'lyra'],
      ['lyra', 'juno'],
      ['juno', 'kepler'],
      ['kepler', 'rigel'],
      ['rigel', 'cinder'],
      ['sirius', 'borealis'],
      ['sirius', 'cinder'],
      ['sirius', 'nexus'],
    ].map(([from, to]) => ({ from, to, ly: 1 })),
    ...['orion', 'pyxis', 'quasar', 'rigel'].map((from) => ({ from, to: 'nexus', ly: 2 })),
  ],
  wormholes: [{ from: 'orion', to: 'quasar' }],
  starts: [
    { capital: 'aurora', planets: ['borealis', 'cinder'] },
    { capital: 'dorado', planets: ['ember', 'fornax'] },
    { capital: 'gaia', planets: ['helix', 'ion'] },
    { capital: 'juno', planets: ['kepler', 'lyra'] },
  ],
};
