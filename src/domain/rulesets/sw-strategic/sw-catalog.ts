import type { Lang } from '../ruleset';

/**
 * The printed numbers of the text: Table 1 (combat ships), Tables 2-6 and 10 (the d8 hit
 * matrix), Table 7 (transports), Table 8 (cargo), Table 11 (stations), the ground units of
 * II.3 and the production table of II.2.6.
 */

export const SHIP_CLASSES = ['fighter', 'bomber', 'destroyer', 'frigate', 'cruiser'] as const;
export type ShipClass = (typeof SHIP_CLASSES)[number];
export type Vessel = ShipClass | 'transport';
export const VESSELS: readonly Vessel[] = [...SHIP_CLASSES, 'transport'];

export interface ShipStats {
  cost: number;
  speed: number;
  shields: number;
  range: number;
  decks: number;
  build: number;
  /** At once per legion; fighters and bombers share 2 squadrons of 3. */
  max: number;
  mines: 'none' | 'per-turn' | 'total';
  mineCount: number;
  bombard: boolean;
  dock: boolean;
  killPoints: number;
  /** Destroyed ones may be bought again (S3.7.2). */
  rebuy: boolean;
}

export const SHIPS: Readonly<Record<Vessel, ShipStats>> = {
  fighter: {
    cost: 4,
    speed: 10,
    shields: 1,
    range: 2,
    decks: 1,
    build: 1,
    max: 6,
    mines: 'none',
    mineCount: 0,
    bombard: false,
    dock: false,
    killPoints: 1,
    rebuy: true,
  },
  bomber: {
    cost: 4,
    speed: 7,
    shields: 1,
    range: 2,
    decks: 1,
    build: 1,
    max: 6,
    mines: 'total',
    mineCount: 2,
    bombard: false,
    dock: false,
    killPoints: 1,
    rebuy: true,
  },
  destroyer: {
    cost: 6,
    speed: 4,
    shields: 2,
    range: 4,
    decks: 2,
    build: 1,
    max: 3,
    mines: 'per-turn',
    mineCount: 3,
    bombard: false,
    dock: false,
    killPoints: 3,
    rebuy: false,
  },
  frigate: {
    cost: 10,
    speed: 5,
    shields: 4,
    range: 4,
    decks: 3,
    build: 2,
    max: 3,
    mines: 'none',
    mineCount: 0,
    bombard: true,
    dock: false,
    killPoints: 4,
    rebuy: false,
  },
  cruiser: {
    cost: 12,
    speed: 4,
    shields: 4,
    range: 4,
    decks: 4,
    build: 2,
    max: 2,
    mines: 'none',
    mineCount: 0,
    bombard: true,
    dock: true,
    killPoints: 5,
    rebuy: false,
  },
  // Table 7; the deck count is not given: one deck of 2 points.
  transport: {
    cost: 3,
    speed: 6,
    shields: 0,
    range: 0,
    decks: 1,
    build: 1,
    max: 5,
    mines: 'none',
    mineCount: 0,
    bombard: false,
    dock: false,
    killPoints: 2,
    rebuy: true,
  },
};

export const TRANSPORT_HP = 2;
export const TRANSPORT_CAPACITY = 3;
export const CARGO_COST = { reinforcements: 2, station: 1 } as const;
export type Cargo = keyof typeof CARGO_COST;
export const STATION = { hp: 2, max: 8 } as const;
/** Damage a shot does to a station, by shooter (S5.5). */
export const STATION_DAMAGE: Readonly<Record<ShipClass, number>> = {
  fighter: 1,
  destroyer: 1,
  frigate: 2,
  bomber: 2,
  cruiser: 2,
};

export type Target = ShipClass | 'mine';

/**
 * One cell of the matrix: the lowest hit face, and whether hits double. `five` marks the
 * frigate's row against single-deck ships, which has no result for a 5 (option).
 */
export interface HitCell {
  from: number;
  double: boolean;
  fiveUndefined?: boolean;
}

const c = (from: number, double = false): HitCell => ({ from, double });

export const HIT_MATRIX: Readonly<Record<ShipClass, Readonly<Record<Target, HitCell>>>> = {
  fighter: {
    fighter: c(4),
    bomber: c(3, true),
    destroyer: c(5),
    frigate: c(3),
    cruiser: c(3),
    mine: c(2),
  },
  bomber: {
    fighter: c(5),
    bomber: c(4),
    destroyer: c(5),
    frigate: c(4, true),
    cruiser: c(4, true),
    mine: c(3),
  },
  destroyer: {
    fighter: c(3, true),
    bomber: c(3, true),
    destroyer: c(4),
    frigate: c(5),
    cruiser: c(6),
    mine: c(4),
  },
  frigate: {
    fighter: { from: 6, double: false, fiveUndefined: true },
    bomber: { from: 6, double: false, fiveUndefined: true },
    destroyer: c(3, true),
    frigate: c(4),
    cruiser: c(4),
    mine: c(5),
  },
  cruiser: {
    fighter: c(6),
    bomber: c(6),
    destroyer: c(5),
    frigate: c(3, true),
    cruiser: c(4),
    mine: c(6),
  },
};

/** Table 10 (transports): the lowest face of a hit and of a critical hit (none: 9). */
export const TRANSPORT_MATRIX: Readonly<Record<ShipClass, { hit: number; crit: number }>> = {
  fighter: { hit: 4, crit: 8 },
  bomber: { hit: 6, crit: 9 },
  destroyer: { hit: 6, crit: 9 },
  frigate: { hit: 4, crit: 7 },
  cruiser: { hit: 3, crit: 7 },
};
/** Table 3's transport row, which Table 10 contradicts (option bomberVsTransport). */
export const BOMBER_TRANSPORT_TABLE_3 = { hit: 5, crit: 9 } as const;

export const COMPARTMENTS = ['bridge', 'engine', 'shields', 'dock'] as const;
export type Compartment = (typeof COMPARTMENTS)[number];

/**
 * The illustrative passports: which deck (1 = bow) holds which compartment. The text puts
 * the layout on the passport card (S3.4); a mission may give its own.
 */
export const DEFAULT_PASSPORTS: Readonly<
  Record<'destroyer' | 'frigate' | 'cruiser', Compartment[][]>
> = {
  destroyer: [['bridge', 'shields'], ['engine']],
  frigate: [['bridge'], ['shields'], ['engine']],
  cruiser: [['bridge'], ['dock'], ['shields'], ['engine']],
};

// Ground (part II).
export const UNIT_KINDS = ['infantry', 'walker', 'fighter'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const SUPPORT_KINDS = ['turret', 'shield-field', 'comm-centre'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export type ProductionItem = Exclude<UnitKind, 'fighter'> | SupportKind;
export const PRODUCTION_ITEMS: readonly ProductionItem[] = [
  'infantry',
  'walker',
  'turret',
  'shield-field',
  'comm-centre',
];

export interface UnitStats {
  hexes: number;
  shots: number; // Infinity: unlimited
  hits: number;
  attackDice: number;
  defenceDice: number;
}
export const UNITS: Readonly<Record<UnitKind, UnitStats>> = {
  infantry: { hexes: 1, shots: 2, hits: 1, attackDice: 1, defenceDice: 1 },
  walker: { hexes: 3, shots: 1, hits: 3, attackDice: 2, defenceDice: 1 },
  fighter: { hexes: 2, shots: Number.POSITIVE_INFINITY, hits: 2, attackDice: 1, defenceDice: 2 },
};
/** Hits that destroy a support means (G4.4, G4.7; the communications centre's is not given). */
export const SUPPORT_HITS: Readonly<Record<SupportKind, number>> = {
  turret: 3,
  'shield-field': 2,
  'comm-centre': 2,
};

/** II.2.6: production time by generators lost (the "orbital cannon" column is the centre). */
export const PRODUCTION_TIME: Readonly<Record<ProductionItem, readonly [number, number, number]>> =
  {
    infantry: [1, 2, 3],
    walker: [3, 6, 12],
    turret: [2, 4, 6],
    'shield-field': [2, 4, 6],
    'comm-centre': [3, 6, 12],
  };

export const GENERATOR_SHOTS = { central: 5, additional: 4 } as const;
export const ORBITAL_CANNON_AP = 4;

/** Each piece class by its printed name («Эсминец»), English first. */
const CLASS: Record<string, [string, string]> = {
  fighter: ['Fighter', 'Истребитель'],
  bomber: ['Bomber', 'Бомбардировщик'],
  destroyer: ['Destroyer', 'Эсминец'],
  frigate: ['Frigate', 'Фрегат'],
  cruiser: ['Cruiser', 'Крейсер'],
  transport: ['Transport', 'Транспорт'],
  station: ['Station', 'Станция'],
  mine: ['Mine', 'Мина'],
  reinforcements: ['Reinforcements', 'Подкрепления'],
  infantry: ['Infantry', 'Пехота'],
  walker: ['Walker', 'Шагоход'],
  turret: ['Turret', 'Турель'],
  'shield-field': ['Shield field', 'Защитное поле'],
  'comm-centre': ['Communications centre', 'Центр связи'],
  generator: ['Generator', 'Генератор'],
};

/** A piece by name, never by id: "destroyer-3" → "Destroyer 3" / "Эсминец 3" (the viewer names them so too). */
export function named(id: string, lang: Lang): string {
  const kind = KINDS_LONGEST_FIRST.find((k) => id.startsWith(k));
  if (!kind) return id;
  const rest = id.slice(kind.length);
  const number = /^[-:][a-z]*?-?(\d+)$/.exec(rest)?.[1];
  if (rest !== '' && number === undefined) return id;
  return `${CLASS[kind][lang === 'ru' ? 1 : 0]} ${number ?? ''}`.trim();
}

/** Kinds longest first, so that "shield-field-70" is a shield field, not something "shield". */
const KINDS_LONGEST_FIRST = Object.keys(CLASS).sort((a, b) => b.length - a.length);
