import type { CpCardParams } from './cp-cards.params';

/**
 * The sample catalog. The rules text defines card kinds and stat formats, not a card list;
 * its only full example names three ships, given here with the stats the example prints.
 * Sizes and crews are not printed in the example: what this catalog guesses is listed in
 * `inferred`. Every other card is made up for tests and demonstrations: `test: true`, and
 * its name says «(тест)».
 */

export interface CatalogEntry {
  id: string;
  card: CpCardParams;
  /** Stats the source does not print, filled in here. */
  inferred?: string[];
}

export const SAMPLE_CATALOG: readonly CatalogEntry[] = [
  // --- The ships of the rules' example battle («Пример: Разберем сражение...») ---
  {
    id: 'exorcist',
    inferred: ['size', 'shipClass is from the text («Крейсер класса “Экзорцист”»)', 'crew'],
    card: {
      kind: 'ship',
      name: 'Экзорцист',
      nameEn: 'Exorcist',
      shipClass: 'крейсер',
      size: 'medium',
      cost: 5,
      durability: '8(5)',
      shield: 'C3',
      armor: 3,
      speed: 6,
      crew: 'В4',
      weapons: ['плазма 5', 'мазер 8', 'лазеры 4'],
    },
  },
  {
    id: 'magnum-k',
    inferred: ['size (a «Штурмовик», taken as light)', 'crew'],
    card: {
      kind: 'ship',
      name: 'Штурмовик A2/S-6 «Магнум-К»',
      nameEn: 'Assault craft A2/S-6 “Magnum-K”',
      shipClass: 'штурмовик',
      size: 'light',
      cost: 2,
      durability: '4(2)',
      shield: 'A1',
      armor: 1,
      speed: 10,
      crew: 'В1',
      weapons: ['плазма 6'],
    },
  },
  {
    id: 'chimera',
    inferred: ['size (a battleship, taken as heavy)', 'crew'],
    card: {
      kind: 'ship',
      name: 'Химера',
      nameEn: 'Chimera',
      shipClass: 'линкор',
      size: 'heavy',
      cost: 10,
      durability: '12(8)',
      shield: 'B4',
      armor: 6,
      speed: 3,
      crew: 'В8',
      weapons: ['плазма 10', 'мазер 10', 'лазеры 2/4', 'ракеты Д 4-4'],
    },
  },
  // --- Test cards (made up; not printed cards) ---
  {
    id: 'test-skat',
    card: {
      kind: 'ship',
      name: 'Торпедоносец «Скат» (тест)',
      shipClass: 'торпедоносец',
      size: 'medium',
      cost: 4,
      durability: '6(4)',
      shield: 'A2',
      armor: 2,
      speed: 5,
      crew: 'В3',
      weapons: ['торпеды 4-8', 'лазеры 2'],
      test: true,
    },
  },
  {
    id: 'test-osa',
    card: {
      kind: 'ship',
      name: 'Фрегат «Оса» (тест)',
      shipClass: 'фрегат',
      size: 'light',
      cost: 2,
      durability: '3(2)',
      armor: 0,
      speed: 8,
      crew: 'Н1',
      weapons: ['лазеры 3', 'ракеты М 2-3'],
      evasive: true,
      test: true,
    },
  },
  {
    id: 'test-nova',
    card: {
      kind: 'ship',
      name: 'Линкор «Сверхновая» (тест)',
      shipClass: 'линкор',
      size: 'heavy',
      cost: 12,
      durability: '14(9)',
      shield: 'C5',
      armor: 5,
      speed: 2,
      crew: 'Э10',
      weapons: ['Нова 5', 'турбо-лазер 7'],
      test: true,
    },
  },
  {
    id: 'test-harpoon',
    card: {
      kind: 'ship',
      name: 'Абордажник «Гарпун» (тест)',
      shipClass: 'абордажник',
      size: 'medium',
      cost: 3,
      durability: '5(3)',
      shield: 'B1',
      armor: 1,
      speed: 7,
      crew: 'В5',
      weapons: ['лазеры 2'],
      boarding: 6,
      test: true,
    },
  },
  {
    id: 'test-caravan',
    card: {
      kind: 'ship',
      name: 'Транспорт «Караван» (тест)',
      shipClass: 'транспорт',
      size: 'medium',
      cost: 3,
      durability: '4(2)',
      armor: 1,
      speed: 4,
      crew: 'Н2',
      commercialRun: { resources: 2 },
      smuggling: true,
      landing: 4,
      test: true,
    },
  },
  {
    id: 'test-hammer',
    card: {
      kind: 'ship',
      name: 'Бомбардировщик «Молот» (тест)',
      shipClass: 'бомбардировщик',
      size: 'medium',
      cost: 3,
      durability: '5(3)',
      armor: 2,
      speed: 5,
      crew: 'В3',
      weapons: ['бомбы 4'],
      landing: 3,
      test: true,
    },
  },
  {
    id: 'test-guard',
    card: {
      kind: 'ship',
      name: 'Эскортный фрегат «Щит» (тест)',
      shipClass: 'фрегат',
      size: 'light',
      cost: 2,
      durability: '3(2)',
      shield: 'C1',
      armor: 1,
      speed: 9,
      crew: 'В2',
      weapons: ['лазеры 2/3'],
      escort: true,
      test: true,
    },
  },
  {
    id: 'test-eden',
    card: {
      kind: 'object',
      name: 'Планета «Эдем» (тест)',
      objectType: 'planet',
      cost: 6,
      income: { resources: 2 },
      builtIn: [{ kind: 'ground-unit', name: 'Ополчение «Эдема» (тест)', strength: 2 }],
      test: true,
    },
  },
  {
    id: 'test-mine',
    card: {
      kind: 'object',
      name: 'Астероид «Рудник» (тест)',
      objectType: 'asteroid',
      cost: 4,
      income: { resources: 1, actionTokens: 1 },
      test: true,
    },
  },
  {
    id: 'test-bastion',
    card: {
      kind: 'object',
      name: 'Станция «Бастион» (тест)',
      objectType: 'station',
      cost: 8,
      durability: '10',
      shield: 'B2',
      armor: 3,
      crew: 'В6',
      weapons: ['плазма 4', 'лазеры 2/3'],
      income: { actionTokens: 1 },
      test: true,
    },
  },
  {
    id: 'test-regiment',
    card: {
      kind: 'ground-unit',
      name: 'Десантный полк (тест)',
      cost: 2,
      strength: 3,
      placeOn: ['planet', 'asteroid'],
      test: true,
    },
  },
  {
    id: 'test-battery',
    card: {
      kind: 'military-building',
      name: 'Орбитальная батарея (тест)',
      cost: 4,
      durability: '6',
      armor: 2,
      weapons: ['турбо-лазер 5'],
      placeOn: ['planet', 'asteroid'],
      test: true,
    },
  },
  {
    id: 'test-spaceport',
    card: {
      kind: 'civil-building',
      name: 'Космопорт (тест)',
      cost: 3,
      income: { resources: 1 },
      placeOn: ['planet'],
      test: true,
    },
  },
  {
    id: 'test-ambush',
    card: {
      kind: 'tactical',
      name: 'Засада (тест)',
      actionCost: 1,
      rollCost: 4,
      text: 'В начале раунда боя: один корабль противника поворачивается.',
      test: true,
    },
  },
  {
    id: 'test-union',
    card: {
      kind: 'situation',
      name: 'Торговый союз (тест)',
      cost: 2,
      income: { resources: 1 },
      test: true,
    },
  },
  {
    id: 'test-armor',
    card: {
      kind: 'upgrade',
      name: 'Усиленная броня (тест)',
      cost: 1,
      upgradeFor: 'ship',
      modifiers: { armor: 1 },
      test: true,
    },
  },
  {
    id: 'test-tactician',
    card: {
      kind: 'ability',
      name: 'Тактик (тест)',
      variants: [
        { text: 'Инициатива Командора +1.', initiative: 1 },
        { text: 'Командор становится Пиратом.', archetype: 'pirate' },
      ],
      test: true,
    },
  },
  {
    id: 'test-order',
    card: {
      kind: 'ability',
      name: 'Особый приказ (тест)',
      special: true,
      variants: [
        { text: 'Инициатива Командора +2.', initiative: 2 },
        { text: 'Командор становится Торговцем.', archetype: 'trader' },
      ],
      test: true,
    },
  },
  {
    id: 'test-rein',
    card: {
      kind: 'commander',
      name: 'Командор Рейн (тест)',
      initiative: 5,
      archetype: 'pirate',
      test: true,
    },
  },
  {
    id: 'test-irma',
    card: {
      kind: 'commander',
      name: 'Командор Ирма (тест)',
      initiative: 4,
      archetype: 'trader',
      test: true,
    },
  },
  {
    id: 'test-vel',
    card: {
      kind: 'commander',
      name: 'Прокуратор Вел (тест)',
      initiative: 4,
      archetype: 'procurator',
      test: true,
    },
  },
];

const BY_ID = new Map(SAMPLE_CATALOG.map((entry) => [entry.id, entry]));

/** The card params of a catalog entry, keyed by the catalog id. */
export function catalogCard(id: string): CpCardParams | undefined {
  const entry = BY_ID.get(id);
  return entry ? { ...entry.card, key: entry.card.key ?? id } : undefined;
}
