import type { LocalizedText } from '../../shared/localized-text';
import { own } from '../../shared/id-record';
import { violation, type RuleViolation } from '../rule-violation';

/**
 * Card definitions of Commanders Path and the parsers of their printed formats:
 * durability `8(5)`, shield `C3`, crew `В5`, and weapons (`плазма 5`, `мазер 8`,
 * `лазеры 2/4`, `ракеты Д 6-4`, `торпеды 4-8`, `Нова 5`, `бомбы 3`, `турбо-лазер 6`).
 * The game is a CCG: the rules define card kinds and stat formats, not a card list, so
 * every deck brings its cards' definitions and each one is checked here.
 */

export const CARD_KINDS = [
  'ship',
  'object',
  'ground-unit',
  'military-building',
  'civil-building',
  'tactical',
  'situation',
  'upgrade',
  'ability',
  'commander',
] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** Kinds whose cost counts in the Pirate sum (ships, ground units, buildings, objects). */
export const PIRATE_COUNTED: ReadonlySet<string> = new Set([
  'ship',
  'object',
  'ground-unit',
  'military-building',
  'civil-building',
]);

export type ShipSize = 'light' | 'medium' | 'heavy';
export type ShieldType = 'A' | 'B' | 'C';
export type Distance = 'long' | 'medium' | 'short';
export type CrewQuality = 'Н' | 'В' | 'Э';
export type Archetype = 'pirate' | 'trader' | 'procurator';

export const DISTANCES: readonly Distance[] = ['long', 'medium', 'short'];

export interface Shield {
  type: ShieldType;
  power: number;
}
export interface Crew {
  quality: CrewQuality;
  count: number;
}

export type Weapon =
  | { kind: 'plasma' | 'turbolaser' | 'nova' | 'bombs'; power: number; text: string }
  | { kind: 'maser'; power: number; type: ShieldType; text: string }
  | { kind: 'lasers'; targets: number; power: number; text: string }
  | { kind: 'missiles'; range: Distance; count: number; power: number; text: string }
  | { kind: 'torpedoes'; count: number; power: number; text: string };
export type WeaponKind = Weapon['kind'];

export const MODIFIABLE_STATS = [
  'armor',
  'speed',
  'shieldPower',
  'durability',
  'critical',
  'boarding',
  'landing',
  'crew',
  'strength',
] as const;
export type ModifiableStat = (typeof MODIFIABLE_STATS)[number];

export interface AbilityVariant {
  text: string;
  /** Added to the Commander's initiative while the ability is in play. */
  initiative?: number;
  /** An extra win condition granted by this variant. */
  archetype?: Archetype;
}

export interface Yield {
  resources: number;
  actionTokens: number;
}

export interface CardDef {
  /** Unique within a deck; defaults to the name. */
  key: string;
  kind: CardKind;
  /** The printed card name (the name copies are counted by). */
  name: string;
  nameEn?: string;
  text?: string;
  /** Resources to produce or play (0 when the card has none). */
  cost: number;
  actionCost?: number;
  /** "D6 N+" paid as part of the cost (tactical and situation cards). */
  rollCost?: number;
  size?: ShipSize;
  shipClass?: string;
  durability?: number;
  critical?: number;
  speed?: number;
  shield?: Shield;
  armor?: number;
  crew?: Crew;
  weapons?: Weapon[];
  boarding?: number;
  landing?: number;
  commercialRun?: Yield;
  escort?: boolean;
  smuggling?: boolean;
  evasive?: boolean;
  /** Objects: planet, asteroid, station, ... (decides which ground cards it can hold). */
  objectType?: string;
  income?: Yield;
  /** Built-in military buildings and ground units printed as properties of an object. */
  builtIn?: CardDef[];
  /** Ground units and buildings: the object types they can be placed on. */
  placeOn?: string[];
  strength?: number;
  upgradeFor?: CardKind;
  modifiers?: Partial<Record<ModifiableStat, number>>;
  variants?: AbilityVariant[];
  special?: boolean;
  initiative?: number;
  archetype?: Archetype;
  /** Marks a card made up for tests (not a printed card). */
  test?: boolean;
  /** Printed stats this definition had to guess (the sample catalog says which). */
  inferred?: string[];
}

// ---------------------------------------------------------------------------------------
// Printed formats
// ---------------------------------------------------------------------------------------

/** Cyrillic letters that look like Latin ones, as typed from printed cards. */
const LOOKALIKE: Record<string, string> = {
  А: 'A',
  В: 'B',
  С: 'C',
  а: 'A',
  в: 'B',
  с: 'C',
};

export function normalizeShieldType(raw: string): ShieldType | undefined {
  const letter = own(LOOKALIKE, raw) ?? raw.toUpperCase();
  return letter === 'A' || letter === 'B' || letter === 'C' ? letter : undefined;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: LocalizedText };

/** `8(5)`: durability 8, critical damage 5. A bare `6` has no critical value. */
export function parseDurability(raw: string): Parsed<{ durability: number; critical?: number }> {
  const match = /^\s*(\d{1,3})\s*(?:\(\s*(\d{1,3})\s*\))?\s*$/.exec(raw);
  if (!match)
    return {
      ok: false,
      error: {
        en: `durability "${raw}" must read like 8(5): durability(critical)`,
        ru: `прочность «${raw}» записывают как на карте, например 8(5): прочность (критические повреждения)`,
      },
    };
  const durability = Number(match[1]);
  if (durability < 1)
    return {
      ok: false,
      error: {
        en: `durability "${raw}" must be at least 1`,
        ru: `прочность «${raw}» должна быть не меньше 1`,
      },
    };
  if (match[2] === undefined) return { ok: true, value: { durability } };
  const critical = Number(match[2]);
  if (critical < 1 || critical > durability)
    return {
      ok: false,
      error: {
        en: `critical damage in "${raw}" must be between 1 and the durability ${durability}`,
        ru: `критические повреждения в «${raw}» должны быть от 1 до прочности (${durability})`,
      },
    };
  return { ok: true, value: { durability, critical } };
}

/** `C3` (or Cyrillic `С3`): shield type and power. */
export function parseShield(raw: string): Parsed<Shield> {
  const match = /^\s*([ABCabcАВСавс])\s*(\d{1,2})\s*$/.exec(raw);
  const type = match ? normalizeShieldType(match[1]) : undefined;
  if (!match || !type)
    return {
      ok: false,
      error: {
        en: `shield "${raw}" must be a type A, B or C and a power, like C3`,
        ru: `щит «${raw}» записывают как тип A, B или C и мощность, например C3`,
      },
    };
  return { ok: true, value: { type, power: Number(match[2]) } };
}

const CREW_QUALITY: Record<string, CrewQuality> = {
  Н: 'Н',
  H: 'Н',
  I: 'Н',
  В: 'В',
  B: 'В',
  V: 'В',
  Э: 'Э',
  E: 'Э',
};

/** `В5` (veterans, 5), `Э3` (elite), `Н2` (inexperienced), or `0` (no crew). */
export function parseCrew(raw: string): Parsed<Crew> {
  const trimmed = raw.trim();
  if (trimmed === '0') return { ok: true, value: { quality: 'В', count: 0 } };
  const match = /^([НВЭHBIVEнвэhbive])\s*(\d{1,2})$/.exec(trimmed);
  const quality = match ? own(CREW_QUALITY, match[1].toUpperCase()) : undefined;
  if (!match || !quality)
    return {
      ok: false,
      error: {
        en: `crew "${raw}" must be a quality Н (inexperienced), В (veterans) or Э (elite) and a number, like В5, or 0`,
        ru: `экипаж «${raw}» записывают как качество — Н (неопытный), В (ветераны) или Э (элита) — и численность, например В5, или 0`,
      },
    };
  return { ok: true, value: { quality, count: Number(match[2]) } };
}

const RANGE_CLASS: Record<string, Distance> = {
  д: 'long',
  l: 'long',
  long: 'long',
  дальние: 'long',
  'большой дистанции': 'long',
  'дальней дистанции': 'long',
  с: 'medium',
  m: 'medium',
  medium: 'medium',
  средние: 'medium',
  'средней дистанции': 'medium',
  м: 'short',
  s: 'short',
  short: 'short',
  малые: 'short',
  'малой дистанции': 'short',
};

const WEAPON_FORMATS_RU =
  'плазма P / ПО P; турбо-лазер P / ТЛ P; мазер [A|B|C] P / М P; лазеры N/P / ЛУ N/P; ' +
  'ракеты Д|С|М N-P; торпеды N-P; Нова P; бомбы P';

const WEAPON_FORMATS =
  'plasma P / плазма P / ПО P; turbo-laser P / турбо-лазер P / ТЛ P; maser [A|B|C] P / мазер P / М P; ' +
  'lasers [N/]P / лазеры N/P / ЛУ N/P; missiles Д|С|М N-P / ракеты Д N-P (ракеты большой дистанции N-P); ' +
  'torpedoes N-P / торпеды N-P; Nova P / Нова P; bombs P / бомбы P';

/**
 * Parses one printed weapon. The maser's energy type is the ship's shield type unless the
 * string names it (`мазер C8`).
 */
export function parseWeapon(raw: string, shieldType?: ShieldType): Parsed<Weapon> {
  const text = raw.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  const fail = (why: LocalizedText): Parsed<Weapon> => ({
    ok: false,
    error: {
      en: `weapon "${raw}" ${why.en}; the printed formats are: ${WEAPON_FORMATS}`,
      ru: `оружие «${raw}»: ${why.ru}; на картах его записывают так: ${WEAPON_FORMATS_RU}`,
    },
  });
  let m: RegExpExecArray | null;
  if ((m = /^(?:plasma|плазма|плазменные орудия|по)\s*(\d{1,2})$/.exec(lower)))
    return { ok: true, value: { kind: 'plasma', power: Number(m[1]), text } };
  if ((m = /^(?:turbo-?laser|турбо-?лазер|тл)\s*(\d{1,2})$/.exec(lower)))
    return { ok: true, value: { kind: 'turbolaser', power: Number(m[1]), text } };
  if ((m = /^(?:maser|мазер|м)\s*([abcавс])?\s*(\d{1,2})$/.exec(lower))) {
    const type = m[1] ? normalizeShieldType(m[1]) : shieldType;
    if (!type)
      return fail({
        en: 'has no energy type: a maser uses the type of the ship’s shield (give a shield, or write the type, like мазер C8)',
        ru: 'не указан тип энергии — мазер использует тип щита корабля (укажите щит или напишите тип, например мазер C8)',
      });
    return { ok: true, value: { kind: 'maser', power: Number(m[2]), type, text } };
  }
  if (
    (m = /^(?:lasers?|лазеры|лазерные установки|лу)\s*(?:(\d{1,2})\s*\/\s*)?(\d{1,2})$/.exec(lower))
  ) {
    const targets = m[1] === undefined ? 1 : Number(m[1]);
    if (targets < 1) return fail({ en: 'must have at least 1 target', ru: 'нужна хотя бы 1 цель' });
    return { ok: true, value: { kind: 'lasers', targets, power: Number(m[2]), text } };
  }
  if (
    (m =
      /^(?:missiles|ракеты)\s*(д|с|м|l|m|s|long|medium|short|дальние|средние|малые|большой дистанции|дальней дистанции|средней дистанции|малой дистанции)?\s*(\d{1,2})\s*-\s*(\d{1,2})$/.exec(
        lower,
      ))
  ) {
    if (!m[1])
      return fail({
        en: 'has no range class: missiles are long (Д), medium (С) or short (М) range weapons',
        ru: 'не указан класс дальности — ракеты бывают дальней (Д), средней (С) или малой (М) дистанции',
      });
    const count = Number(m[2]);
    if (count < 1)
      return fail({ en: 'must fire at least 1 missile', ru: 'нужна хотя бы 1 ракета' });
    return {
      ok: true,
      value: { kind: 'missiles', range: RANGE_CLASS[m[1]], count, power: Number(m[3]), text },
    };
  }
  if ((m = /^(?:torpedoes|торпеды)\s*(\d{1,2})\s*-\s*(\d{1,2})$/.exec(lower))) {
    const count = Number(m[1]);
    if (count < 1)
      return fail({ en: 'must fire at least 1 torpedo', ru: 'нужна хотя бы 1 торпеда' });
    return { ok: true, value: { kind: 'torpedoes', count, power: Number(m[2]), text } };
  }
  if ((m = /^(?:nova|нова)\s*(\d{1,2})$/.exec(lower)))
    return { ok: true, value: { kind: 'nova', power: Number(m[1]), text } };
  if ((m = /^(?:bombs|бомбы)\s*(\d{1,2})$/.exec(lower)))
    return { ok: true, value: { kind: 'bombs', power: Number(m[1]), text } };
  return fail({ en: 'does not parse', ru: 'запись не распознана' });
}

/** The round a weapon belongs to; it may also fire in any closer round (Nova: Long only). */
export function weaponRange(weapon: Weapon): Distance {
  switch (weapon.kind) {
    case 'missiles':
      return weapon.range;
    case 'turbolaser':
    case 'nova':
      return 'long';
    case 'torpedoes':
    case 'plasma':
    case 'maser':
      return 'medium';
    case 'lasers':
    case 'bombs':
      return 'short';
  }
}

export function canFireAt(weapon: Weapon, distance: Distance): boolean {
  if (weapon.kind === 'nova') return distance === 'long';
  return DISTANCES.indexOf(distance) >= DISTANCES.indexOf(weaponRange(weapon));
}

// ---------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------

export const DISTANCE_NAMES: Record<Distance, { en: string; ru: string }> = {
  long: { en: 'Long', ru: 'дальняя' },
  medium: { en: 'Medium', ru: 'средняя' },
  short: { en: 'Short', ru: 'малая' },
};

/** Card kinds as the rules name them, for the deck forms. */
export const CARD_KIND_NAMES: Record<CardKind, LocalizedText> = {
  ship: { en: 'Ship', ru: 'Корабль' },
  object: { en: 'Space object', ru: 'Космический объект' },
  'ground-unit': { en: 'Ground unit', ru: 'Наземный отряд' },
  'military-building': { en: 'Military building', ru: 'Военная постройка' },
  'civil-building': { en: 'Civil building', ru: 'Гражданская постройка' },
  tactical: { en: 'Tactical card', ru: 'Тактическая карта' },
  situation: { en: 'Situation card', ru: 'Карта обстановки' },
  upgrade: { en: 'Upgrade', ru: 'Карта улучшения' },
  ability: { en: 'Ability card', ru: 'Карта способностей' },
  commander: { en: 'Commander', ru: 'Командор' },
};

/** The Commanders' archetypes, each a way to win. */
export const ARCHETYPE_NAMES: Record<'pirate' | 'trader' | 'procurator', LocalizedText> = {
  pirate: { en: 'Pirate', ru: 'Пират' },
  trader: { en: 'Trader', ru: 'Торговец' },
  procurator: { en: 'Procurator', ru: 'Прокуратор' },
};

export const WEAPON_NAMES: Record<WeaponKind, { en: string; ru: string }> = {
  plasma: { en: 'plasma', ru: 'плазменные орудия' },
  turbolaser: { en: 'turbo-laser', ru: 'турбо-лазер' },
  maser: { en: 'maser', ru: 'мазер' },
  lasers: { en: 'lasers', ru: 'лазерные установки' },
  missiles: { en: 'missiles', ru: 'ракеты' },
  torpedoes: { en: 'torpedoes', ru: 'торпеды' },
  nova: { en: 'Nova', ru: '“Нова”' },
  bombs: { en: 'bombs', ru: 'бомбы' },
};

export function normalizeSize(raw: string): ShipSize | undefined {
  const map: Record<string, ShipSize> = {
    light: 'light',
    лк: 'light',
    medium: 'medium',
    ск: 'medium',
    heavy: 'heavy',
    тк: 'heavy',
  };
  return own(map, raw.trim().toLowerCase());
}

/** A violation about a card definition, citing the rule its format comes from. */
export function cardViolation(
  path: string,
  message: LocalizedText,
  ruleRef: string,
): RuleViolation {
  return violation(
    'invalid_card',
    { en: `${path}: ${message.en}`, ru: `${deckPathLabel(path)}: ${message.ru}` },
    ruleRef,
  );
}

/** The deck form's fields as it labels them (cp-cards.params.ts). */
const DECK_LABELS: Readonly<Record<string, string>> = {
  commander: 'Командор',
  cards: 'Карты колоды',
  card: 'Определение карты',
  abilities: 'Способности',
  weapons: 'Вооружение',
  builtIn: 'Встроенные карты',
};

/** «Карты колоды № 4 → Определение карты → Вооружение № 2»: a path as the deck form names it. */
export function deckPathLabel(path: string): string {
  let label = '';
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) label += ` № ${Number(segment) + 1}`;
    else {
      const name = own(DECK_LABELS, segment) ?? `«${segment}»`;
      label = label ? `${label} → ${name}` : name;
    }
  }
  return label;
}
