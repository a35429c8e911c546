import { upperFirst } from '../../shared/localized-text';
import type { LocalizedText } from '../../shared/localized-text';
import type { Rejection } from '../rule-violation';
import { violation } from '../rule-violation';
import {
  DEFAULT_PASSPORTS,
  SHIPS,
  SHIP_CLASSES,
  UNITS,
  named,
  type Compartment,
  type ShipClass,
  type UnitKind,
} from './sw-catalog';
import { add, dir, distance, neighbours, scale, type Hex } from './sw-hex';
import { RULES } from './sw-rules-text';

/** Space cell kinds (S1.2): green planet, blue (2) and light-blue (1) orbit, asteroid, space, tunnel. */
export const SPACE_KINDS = [
  'planet',
  'orbit',
  'orbit-light',
  'asteroid',
  'space',
  'tunnel',
] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];
/** Ground hex kinds (II.1.2): white surface, red control point, a legion's territory. */
export const GROUND_KINDS = ['surface', 'control', 'territory'] as const;
export type GroundKind = (typeof GROUND_KINDS)[number];
export const ROLES = ['commander', 'supply', 'squadron', 'captain'] as const;
export type Role = (typeof ROLES)[number];
export const SPECIALTIES = ['pilot', 'medic', 'mechanic', 'commando', 'sword-master'] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export interface SpaceCellSpec extends Hex {
  kind: SpaceKind;
  /** A tunnel's legion, 1-3. */
  legion?: number;
}
export interface GroundCellSpec extends Hex {
  kind: GroundKind;
  /** A territory's legion, 1-3. */
  legion?: number;
  /** A control point's value in primary control points. */
  value?: number;
}
export interface GeneratorSpec {
  legion: number;
  central: boolean;
  hexes: Hex[];
}
export interface StartingShip {
  class: ShipClass | 'transport';
  /** The bow deck's cell; the other decks follow behind it, against the heading. */
  bow: Hex;
  heading: number;
}
export interface StartingUnit {
  kind: Exclude<UnitKind, 'fighter'>;
  hexes: Hex[];
  /** The legionnaire whose squad it joins. */
  squad: string;
}
export interface Legionnaire {
  /** The name decisions and the log use for the legionnaire (its id in the mission). */
  name: string;
  /** The name a person reads, in both languages; the viewer shows `name` without it. */
  title?: LocalizedText;
  /** The map the legionnaire plays on. */
  map: 'space' | 'ground';
  role?: Role;
  /** A captain's class. */
  class?: ShipClass;
  specialty?: Specialty;
  level?: number;
}
export interface LegionSpec {
  name: string;
  /** The legion's name in both languages, as a person reads it. */
  title?: LocalizedText;
  credits: number;
  ships: StartingShip[];
  units: StartingUnit[];
  roster: Legionnaire[];
}
export interface SwMission {
  id: string;
  name: string;
  /** The mission's name in both languages, as a person reads it. */
  title?: LocalizedText;
  /** True for the mission shipped with the game: the text gives no map. */
  illustrative: boolean;
  turnSeconds: number;
  plannedTurns: number;
  space: { cells: SpaceCellSpec[]; neutralStations: Hex[] };
  ground: { cells: GroundCellSpec[]; generators: GeneratorSpec[] };
  legions: LegionSpec[];
  /** Which deck (1 = bow) holds which compartment, per class (S3.4: on the passport). */
  passports: Record<'destroyer' | 'frigate' | 'cruiser', Compartment[][]>;
}

const SPACE_RADIUS = 6;
const GROUND_RADIUS = 6;

function disc(radius: number): Hex[] {
  const cells: Hex[] = [];
  for (let q = -radius; q <= radius; q += 1)
    for (let r = -radius; r <= radius; r += 1)
      if (distance({ q, r }, { q: 0, r: 0 }) <= radius) cells.push({ q, r });
  return cells;
}
const key = (h: Hex): string => `${h.q}:${h.r}`;

/** The cells a ship fills: the bow, then each deck one step behind (against the heading). */
export function shipCells(bow: Hex, heading: number, decks: number): Hex[] {
  return Array.from({ length: decks }, (_, i) => add(bow, scale(dir(heading + 3), i)));
}

function illustrativeMission(): SwMission {
  const asteroids = [
    { q: -2, r: -2 },
    { q: 4, r: -2 },
    { q: -2, r: 4 },
    { q: -3, r: -2 },
    { q: 5, r: -3 },
    { q: -2, r: 5 },
  ];
  const corners = [0, 2, 4].map((k) => ({ k, corner: scale(dir(k), SPACE_RADIUS) }));
  const tunnelOf = new Map<string, number>();
  corners.forEach(({ k, corner }, i) => {
    for (const h of [corner, add(corner, dir(k + 2)), add(corner, dir(k + 4))])
      tunnelOf.set(key(h), i + 1);
  });
  const spaceCells: SpaceCellSpec[] = disc(SPACE_RADIUS).map((h) => {
    const ring = distance(h, { q: 0, r: 0 });
    const tunnel = tunnelOf.get(key(h));
    if (tunnel) return { ...h, kind: 'tunnel', legion: tunnel };
    if (asteroids.some((a) => a.q === h.q && a.r === h.r)) return { ...h, kind: 'asteroid' };
    // 12 blue cells (24 points) and 18 light-blue (18): the text's 42 points.
    const kind: SpaceKind =
      ring <= 1 ? 'planet' : ring === 2 ? 'orbit' : ring === 3 ? 'orbit-light' : 'space';
    return { ...h, kind };
  });
  const groundCorners = [0, 2, 4].map((k) => ({ k, corner: scale(dir(k), GROUND_RADIUS) }));
  const generators: GeneratorSpec[] = [];
  const territoryOf = new Map<string, number>();
  groundCorners.forEach(({ k, corner }, i) => {
    // Within 4 hexes of the corner and nearer to it than to any other legion's corner.
    for (const h of disc(GROUND_RADIUS)) {
      const own = distance(h, corner);
      const others = groundCorners.filter((c) => c.k !== k).map((c) => distance(h, c.corner));
      if (own <= 4 && others.every((o) => o > own)) territoryOf.set(key(h), i + 1);
    }
    generators.push({ legion: i + 1, central: true, hexes: [corner] });
    for (const side of [k + 2, k + 4]) {
      const near = add(corner, scale(dir(side), 2));
      generators.push({
        legion: i + 1,
        central: false,
        hexes: [near, add(near, dir(side)), add(near, dir(k + 3))],
      });
    }
  });
  const controls: Record<string, number> = { '0:0': 3, '1:-1': 1, '-1:0': 1, '0:1': 1 };
  const groundCells: GroundCellSpec[] = disc(GROUND_RADIUS).map((h) => {
    if (Object.hasOwn(controls, key(h))) return { ...h, kind: 'control', value: controls[key(h)] };
    const legion = territoryOf.get(key(h));
    return legion ? { ...h, kind: 'territory', legion } : { ...h, kind: 'surface' };
  });
  const names = ['Legion I', 'Legion II', 'Legion III'];
  const legions: LegionSpec[] = corners.map(({ k, corner }, i) => {
    const inward = (k + 3) % 6;
    const g = groundCorners[i].corner;
    const squad = `${names[i]} ground commander`;
    const mechanic = `${names[i]} mechanic`;
    const numeral = names[i].slice('Legion '.length);
    // «Капитан эсминца Легиона I»: the legion in the genitive after the role.
    const title = (role: string, ru: string): LocalizedText => ({
      en: `${names[i]} ${role}`,
      ru: `${ru} Легиона ${numeral}`,
    });
    return {
      name: names[i],
      title: { en: names[i], ru: `Легион ${numeral}` },
      credits: 20,
      ships: [
        { class: 'destroyer', bow: add(corner, scale(dir(inward), 2)), heading: inward },
        { class: 'transport', bow: add(add(corner, dir(inward)), dir(k + 2)), heading: inward },
      ],
      units: [
        { kind: 'infantry', hexes: [add(g, dir(inward))], squad },
        { kind: 'infantry', hexes: [add(g, dir(k + 2))], squad },
        { kind: 'infantry', hexes: [add(add(g, dir(inward)), dir(k + 2))], squad: mechanic },
        { kind: 'infantry', hexes: [add(add(g, dir(inward)), dir(k + 4))], squad: mechanic },
        {
          kind: 'walker',
          hexes: [
            add(g, scale(dir(inward), 2)),
            add(add(g, scale(dir(inward), 2)), dir(k + 2)),
            add(g, scale(dir(inward), 3)),
          ],
          squad: mechanic,
        },
      ],
      roster: [
        {
          name: `${names[i]} space commander`,
          title: title('space commander', 'Командующий флотом'),
          map: 'space',
          role: 'commander',
        },
        {
          name: `${names[i]} supply officer`,
          title: title('supply officer', 'Офицер снабжения'),
          map: 'space',
          role: 'supply',
        },
        {
          name: `${names[i]} squadron leader`,
          title: title('squadron leader', 'Командир эскадрильи'),
          map: 'space',
          role: 'squadron',
        },
        {
          name: `${names[i]} destroyer captain`,
          title: title('destroyer captain', 'Капитан эсминца'),
          map: 'space',
          role: 'captain',
          class: 'destroyer',
        },
        {
          name: `${names[i]} frigate captain`,
          title: title('frigate captain', 'Капитан фрегата'),
          map: 'space',
          role: 'captain',
          class: 'frigate',
          specialty: 'pilot',
          level: 1,
        },
        {
          name: `${names[i]} cruiser captain`,
          title: title('cruiser captain', 'Капитан крейсера'),
          map: 'space',
          role: 'captain',
          class: 'cruiser',
        },
        {
          name: squad,
          title: title('ground commander', 'Наземный командир'),
          map: 'ground',
          role: 'commander',
          specialty: 'medic',
          level: 1,
        },
        {
          name: mechanic,
          title: title('mechanic', 'Механик'),
          map: 'ground',
          specialty: 'mechanic',
          level: 1,
        },
      ],
    };
  });
  return {
    id: 'illustrative-outpost',
    name: 'Illustrative mission: the outpost planet (not from the rules text)',
    title: {
      en: 'Illustrative mission: the outpost planet (not from the rules text)',
      ru: 'Примерная миссия: планета-аванпост (не из текста правил)',
    },
    illustrative: true,
    turnSeconds: 600,
    plannedTurns: 6,
    space: { cells: spaceCells, neutralStations: [{ q: 4, r: -2 }] },
    ground: { cells: groundCells, generators },
    legions,
    passports: structuredClone(DEFAULT_PASSPORTS) as SwMission['passports'],
  };
}

/** The mission shipped with the game, clearly illustrative: the text gives no concrete map. */
export const ILLUSTRATIVE_MISSION: SwMission = illustrativeMission();

const bad = (code: string, message: LocalizedText, ruleRef: string): Rejection =>
  violation(code, message, ruleRef);

const fmt = (h: Hex): string => `(${h.q}, ${h.r})`;

/** A legion of the mission by its title («Легион II»), else as the organizer numbers them. */
function legionNumbered(m: SwMission, n: number): LocalizedText {
  const title = m.legions[n - 1]?.title;
  return title ? { en: title.en, ru: title.ru } : { en: `legion ${n}`, ru: `легион ${n}` };
}

/**
 * Checks an organizer's mission: every cell kind known, each legion's tunnel present, no
 * two pieces on one cell, pieces only where their kind may stand. Returns the first problem.
 */
export function checkMission(m: SwMission): Rejection | undefined {
  if (m.legions.length !== 3)
    return bad(
      'mission_legions',
      {
        en: `A mission has three legions, not ${m.legions.length}`,
        ru: `В миссии три легиона, а не ${m.legions.length}`,
      },
      RULES.turnOrder,
    );
  const space = new Map<string, SpaceCellSpec>();
  for (const cell of m.space.cells) {
    if (!(SPACE_KINDS as readonly string[]).includes(cell.kind))
      return bad(
        'unknown_cell_kind',
        {
          en: `Space cell ${fmt(cell)} has an unknown kind ${String(cell.kind)}`,
          ru: `Клетка ${fmt(cell)} карты «Космическое сражение»: неизвестный тип «${String(cell.kind)}»`,
        },
        RULES.zones,
      );
    if (space.has(key(cell)))
      return bad(
        'duplicate_cell',
        {
          en: `Space cell ${fmt(cell)} is given twice`,
          ru: `Клетка ${fmt(cell)} карты «Космическое сражение» задана дважды`,
        },
        RULES.zones,
      );
    if (cell.kind === 'tunnel' && !(cell.legion && cell.legion >= 1 && cell.legion <= 3))
      return bad(
        'tunnel_without_legion',
        {
          en: `Tunnel cell ${fmt(cell)} names no legion 1-3`,
          ru: `Клетка тоннеля ${fmt(cell)} не называет легион 1–3`,
        },
        RULES.tunnel,
      );
    space.set(key(cell), cell);
  }
  for (const legion of [1, 2, 3])
    if (![...space.values()].some((c) => c.kind === 'tunnel' && c.legion === legion))
      return bad(
        'missing_tunnel',
        {
          en: `${upperFirst(legionNumbered(m, legion).en)} has no hyperspace tunnel on the space map`,
          ru: `${upperFirst(legionNumbered(m, legion).ru)}: нет гиперпространственного тоннеля на карте «Космическое сражение»`,
        },
        RULES.tunnel,
      );
  const ground = new Map<string, GroundCellSpec>();
  for (const cell of m.ground.cells) {
    if (!(GROUND_KINDS as readonly string[]).includes(cell.kind))
      return bad(
        'unknown_cell_kind',
        {
          en: `Ground hex ${fmt(cell)} has an unknown kind ${String(cell.kind)}`,
          ru: `Гекс ${fmt(cell)} карты «Наземное сражение»: неизвестный тип «${String(cell.kind)}»`,
        },
        RULES.groundZones,
      );
    if (ground.has(key(cell)))
      return bad(
        'duplicate_cell',
        {
          en: `Ground hex ${fmt(cell)} is given twice`,
          ru: `Гекс ${fmt(cell)} карты «Наземное сражение» задан дважды`,
        },
        RULES.groundZones,
      );
    if (cell.kind === 'territory' && !(cell.legion && cell.legion >= 1 && cell.legion <= 3))
      return bad(
        'territory_without_legion',
        {
          en: `Territory hex ${fmt(cell)} names no legion 1-3`,
          ru: `Гекс территории ${fmt(cell)} не называет легион 1–3`,
        },
        RULES.territory,
      );
    if (cell.kind === 'control' && !(Number.isInteger(cell.value) && (cell.value ?? 0) > 0))
      return bad(
        'control_without_value',
        {
          en: `Control point ${fmt(cell)} has no value`,
          ru: `У контрольной точки ${fmt(cell)} нет ценности в очках`,
        },
        RULES.controlPoint,
      );
    ground.set(key(cell), cell);
  }
  const spaceTaken = new Map<string, LocalizedText>();
  const takeSpace = (h: Hex, what: LocalizedText): Rejection | undefined => {
    if (!space.has(key(h)))
      return bad(
        'off_map',
        {
          en: `${upperFirst(what.en)} stands off the space map at ${fmt(h)}`,
          ru: `${upperFirst(what.ru)}: клетка ${fmt(h)} вне карты «Космическое сражение»`,
        },
        RULES.zones,
      );
    const other = spaceTaken.get(key(h));
    if (other)
      return bad(
        'overlapping_pieces',
        {
          en: `${upperFirst(what.en)} and ${other.en} share space cell ${fmt(h)}`,
          ru: `${upperFirst(what.ru)} и ${other.ru} занимают одну клетку ${fmt(h)}`,
        },
        RULES.occupied,
      );
    spaceTaken.set(key(h), what);
    return undefined;
  };
  for (const station of m.space.neutralStations) {
    if (space.get(key(station))?.kind !== 'asteroid')
      return bad(
        'station_off_asteroid',
        {
          en: `A neutral station at ${fmt(station)} is not on an asteroid`,
          ru: `Нейтральная станция ${fmt(station)} стоит не на астероиде`,
        },
        RULES.asteroidZone,
      );
    const problem = takeSpace(station, {
      en: `the neutral station at ${fmt(station)}`,
      ru: `нейтральная станция ${fmt(station)}`,
    });
    if (problem) return problem;
  }
  const groundTaken = new Map<string, LocalizedText>();
  const takeGround = (h: Hex, what: LocalizedText): Rejection | undefined => {
    if (!ground.has(key(h)))
      return bad(
        'off_map',
        {
          en: `${upperFirst(what.en)} stands off the ground map at ${fmt(h)}`,
          ru: `${upperFirst(what.ru)}: гекс ${fmt(h)} вне карты «Наземное сражение»`,
        },
        RULES.groundZones,
      );
    const other = groundTaken.get(key(h));
    if (other)
      return bad(
        'overlapping_pieces',
        {
          en: `${upperFirst(what.en)} and ${other.en} share ground hex ${fmt(h)}`,
          ru: `${upperFirst(what.ru)} и ${other.ru} занимают один гекс ${fmt(h)}`,
        },
        RULES.oneUnitPerHex,
      );
    groundTaken.set(key(h), what);
    return undefined;
  };
  for (const [i, gen] of m.ground.generators.entries()) {
    if (!(gen.legion >= 1 && gen.legion <= 3) || gen.hexes.length === 0)
      return bad(
        'bad_generator',
        {
          en: `Generator ${i + 1} needs a legion 1-3 and hexes`,
          ru: `Генератору ${i + 1} нужны легион 1–3 и гексы`,
        },
        RULES.generators,
      );
    for (const h of gen.hexes) {
      const problem = takeGround(h, {
        en: `generator ${i + 1} of ${legionNumbered(m, gen.legion).en}`,
        ru: `генератор ${i + 1} (${legionNumbered(m, gen.legion).ru})`,
      });
      if (problem) return problem;
    }
  }
  for (const legion of [1, 2, 3]) {
    const own = m.ground.generators.filter((g) => g.legion === legion);
    if (own.length !== 3 || own.filter((g) => g.central).length !== 1)
      return bad(
        'generators',
        {
          en: `${upperFirst(legionNumbered(m, legion).en)} needs three generators, one of them Central`,
          ru: `${upperFirst(legionNumbered(m, legion).ru)}: нужны три генератора, один из них Центральный`,
        },
        RULES.generators,
      );
  }
  for (const [i, legion] of m.legions.entries()) {
    const n = i + 1;
    for (const ship of legion.ships) {
      const stats = SHIPS[ship.class];
      if (!stats)
        return bad(
          'unknown_class',
          {
            en: `${upperFirst(legionNumbered(m, n).en)} starts with an unknown ship class`,
            ru: `${upperFirst(legionNumbered(m, n).ru)}: неизвестный класс стартового корабля`,
          },
          RULES.shipTable,
        );
      for (const h of shipCells(ship.bow, ship.heading, stats.decks)) {
        const problem = takeSpace(h, {
          en: `${legionNumbered(m, n).en}'s ${ship.class}`,
          ru: `${named(ship.class, 'ru').toLowerCase()} (${legionNumbered(m, n).ru})`,
        });
        if (problem) return problem;
        const cell = space.get(key(h));
        if (cell?.kind === 'asteroid' || (cell?.kind === 'planet' && ship.class !== 'transport'))
          return bad(
            'forbidden_cell',
            {
              en: `${upperFirst(legionNumbered(m, n).en)}'s ${ship.class} cannot stand on ${cell.kind} ${fmt(h)}`,
              ru: `${named(ship.class, 'ru')} (${legionNumbered(m, n).ru}) не может стоять на клетке ${fmt(h)}: ${cell.kind === 'asteroid' ? 'это астероид' : 'это поверхность планеты'}`,
            },
            RULES.zones,
          );
        if (cell?.kind === 'tunnel' && cell.legion !== n)
          return bad(
            'enemy_tunnel',
            {
              en: `${upperFirst(legionNumbered(m, n).en)}'s ${ship.class} stands in another legion's tunnel`,
              ru: `${named(ship.class, 'ru')} (${legionNumbered(m, n).ru}) стоит в тоннеле другого легиона`,
            },
            RULES.tunnel,
          );
      }
    }
    for (const unit of legion.units) {
      if (!Object.hasOwn(UNITS, unit.kind) || unit.hexes.length !== UNITS[unit.kind].hexes)
        return bad(
          'unit_shape',
          {
            en: `${upperFirst(legionNumbered(m, n).en)}'s ${String(unit.kind)} must fill ${UNITS[unit.kind]?.hexes ?? '?'} hexes`,
            ru: `${named(String(unit.kind), 'ru')} (${legionNumbered(m, n).ru}): число гексов юнита должно быть ${UNITS[unit.kind]?.hexes ?? '?'}`,
          },
          RULES.oneUnitPerHex,
        );
      if (
        unit.hexes.some(
          (h, k) => k > 0 && !unit.hexes.slice(0, k).some((o) => distance(o, h) === 1),
        )
      )
        return bad(
          'unit_shape',
          {
            en: `${upperFirst(legionNumbered(m, n).en)}'s ${unit.kind} has hexes that do not touch`,
            ru: `${named(unit.kind, 'ru')} (${legionNumbered(m, n).ru}): гексы юнита не соприкасаются`,
          },
          RULES.oneUnitPerHex,
        );
      for (const h of unit.hexes) {
        const problem = takeGround(h, {
          en: `${legionNumbered(m, n).en}'s ${unit.kind}`,
          ru: `${named(unit.kind, 'ru').toLowerCase()} (${legionNumbered(m, n).ru})`,
        });
        if (problem) return problem;
        const cell = ground.get(key(h));
        if (cell?.kind !== 'territory' || cell.legion !== n)
          return bad(
            'outside_territory',
            {
              en: `${upperFirst(legionNumbered(m, n).en)}'s ${unit.kind} starts outside its territory at ${fmt(h)}`,
              ru: `${named(unit.kind, 'ru')} (${legionNumbered(m, n).ru}) начинает вне своей территории, на гексе ${fmt(h)}`,
            },
            RULES.unitsAppear,
          );
      }
    }
    const names = new Set<string>();
    for (const person of legion.roster) {
      if (names.has(person.name))
        return bad(
          'duplicate_legionnaire',
          {
            en: `${upperFirst(legionNumbered(m, n).en)} names ${person.name} twice`,
            ru: `${upperFirst(legionNumbered(m, n).ru)}: легионер «${person.title?.ru ?? person.name}» назван дважды`,
          },
          RULES.roles,
        );
      names.add(person.name);
      if (
        person.role === 'captain' &&
        (!person.class || !(SHIP_CLASSES as readonly string[]).includes(person.class))
      )
        return bad(
          'captain_without_class',
          {
            en: `Captain ${person.name} has no ship class`,
            ru: `У капитана «${person.title?.ru ?? person.name}» не указан класс корабля`,
          },
          RULES.captains,
        );
    }
    for (const unit of legion.units)
      if (!names.has(unit.squad))
        return bad(
          'unknown_squad',
          {
            en: `${upperFirst(legionNumbered(m, n).en)}'s ${unit.kind} joins ${unit.squad}, who is not on its roster`,
            ru: `${named(unit.kind, 'ru')} (${legionNumbered(m, n).ru}) входит в отряд легионера «${unit.squad}», которого нет в составе легиона`,
          },
          RULES.squads,
        );
    for (const role of ['commander', 'supply'] as const)
      if (legion.roster.filter((p) => p.map === 'space' && p.role === role).length !== 1)
        return bad(
          'roles',
          {
            en: `${upperFirst(legionNumbered(m, n).en)} needs exactly one space ${role === 'supply' ? 'Supply Officer' : 'Battle Commander'}`,
            ru: `${upperFirst(legionNumbered(m, n).ru)}: на карте «Космическое сражение» нужен ровно один ${role === 'supply' ? 'Офицер снабжения' : 'Командующий флотом'}`,
          },
          RULES.roles,
        );
  }
  return undefined;
}

/** Neighbouring cells that exist in a set of keys. */
export function neighboursIn(h: Hex, cells: ReadonlySet<string>): Hex[] {
  return neighbours(h).filter((n) => cells.has(key(n)));
}
export { key as hexKey };
