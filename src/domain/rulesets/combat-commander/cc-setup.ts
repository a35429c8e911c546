import type { NewEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import { tableEvent, type PieceSpec, type ZoneSpec } from '../../table/table-events';
import { isRejection, violation, type Rejection } from '../rule-violation';
import type { PieceTypeSpec, SetupInput } from '../ruleset';
import {
  cardWord,
  checkDeck,
  HAND_SIZE,
  illustrativeDeck,
  NATION_NAME,
  NATIONALITIES,
  type FateCard,
  type Nationality,
} from './cc-cards';
import type { CcEvents, CcSide } from './cc-events';
import { INITIATIVE_CARD, Z, TRACK } from './cc-draft';
import { axialOf, DEFAULT_GRID, hexesOf, hexZone, neighbours, normalizeHex, onMap } from './cc-map';
import { ccOptions } from './cc-options';
import { RULES } from './cc-rules-text';
import { seatName } from '../kit';
import type { CcSetupParams, CcUnitParams, CcWeaponParams } from './cc.params';

export const CC_CATALOG: PieceTypeSpec[] = [
  { id: 'fate-card', kind: 'card', name: { en: 'Fate card', ru: 'Карта Судьбы' } },
  { id: 'leader', kind: 'unit', name: { en: 'Leader', ru: 'Командир' } },
  { id: 'team', kind: 'unit', name: { en: 'Team', ru: 'Команда' } },
  { id: 'squad', kind: 'unit', name: { en: 'Squad', ru: 'Отделение' } },
  { id: 'weapon', kind: 'weapon', name: { en: 'Weapon', ru: 'Вооружение' } },
  { id: 'radio', kind: 'radio', name: { en: 'Radio', ru: 'Радио' } },
  // Not a Fate card: never shuffled into a deck, never part of a hand [1].
  { id: 'initiative', kind: 'marker', name: { en: 'Initiative card', ru: 'Карта Инициативы' } },
];

/**
 * The ILLUSTRATIVE scenario a match gets when its setup names none: the scenario book is not
 * in the rules text. Two sides (Germany attacking, the USSR defending), a few units, five
 * Objectives, Time 0 with Sudden Death at 5; every name in both languages, in the text's terms
 * (Отделение, Команда, Командир, Радио) where it has them.
 */
function illustrativeScenario(
  seats: string[],
): Required<
  Pick<
    CcSetupParams,
    'title' | 'sides' | 'units' | 'weapons' | 'radios' | 'objectives' | 'time' | 'terrain'
  >
> {
  const [axis, allies] = seats;
  const unit = (
    id: string,
    owner: string,
    kind: CcUnitParams['kind'],
    title: LocalizedText,
    hex: string,
    [fp, range, movement, morale, brokenMorale]: number[],
    extra: Partial<CcUnitParams> = {},
  ): CcUnitParams => ({
    id,
    name: title.en,
    title,
    owner,
    kind,
    hex,
    fp,
    range,
    movement,
    morale,
    brokenMorale,
    ...extra,
  });
  const weapon = (
    id: string,
    owner: string,
    holder: string,
    title: LocalizedText,
    fp: number,
    range: number,
  ): CcWeaponParams => ({
    id,
    name: title.en,
    title,
    owner,
    unit: holder,
    fp,
    range,
  });
  // The two sides' squads are told apart by name: the log names a unit without its side.
  const squad = (n: number): LocalizedText => ({
    en: `Rifle squad ${n}`,
    ru: `Стрелковое отделение ${n}`,
  });
  const guards = (n: number): LocalizedText => ({
    en: `Guards squad ${n}`,
    ru: `Гвардейское отделение ${n}`,
  });
  return {
    title: {
      en: 'Illustrative scenario (not from the rules text)',
      ru: 'Примерный сценарий (не из текста правил)',
    },
    sides: [
      { seat: axis, nationality: 'germany', posture: 'attack', orderCapability: 3 },
      { seat: allies, nationality: 'ussr', posture: 'defense', orderCapability: 2 },
    ],
    units: [
      unit(
        'de-leader',
        axis,
        'leader',
        { en: 'Leutnant Krüger', ru: 'Лейтенант Крюгер' },
        'B2',
        [1, 1, 6, 9, 7],
        { command: 2 },
      ),
      unit('de-squad-1', axis, 'squad', squad(1), 'B2', [5, 5, 4, 8, 6], { boxedFp: true }),
      unit('de-squad-2', axis, 'squad', squad(2), 'C3', [5, 5, 4, 8, 6]),
      unit(
        'su-leader',
        allies,
        'leader',
        { en: 'Lieutenant Orlov', ru: 'Лейтенант Орлов' },
        'G7',
        [1, 1, 5, 8, 6],
        { command: 1 },
      ),
      unit('su-squad-1', allies, 'squad', guards(1), 'G7', [4, 4, 4, 7, 5], { boxedFp: true }),
      unit('su-squad-2', allies, 'squad', guards(2), 'F6', [4, 4, 4, 7, 5]),
      unit(
        'su-team',
        allies,
        'team',
        { en: 'Scout team', ru: 'Команда разведки' },
        'H8',
        [2, 3, 5, 7, 5],
      ),
    ],
    weapons: [
      // «Пулемёт» is the text's MG; the model's name in Cyrillic, as Russian texts write it.
      weapon('de-mg', axis, 'de-squad-1', { en: 'MG 34', ru: 'Пулемёт МГ-34' }, 4, 12),
      weapon('su-mg', allies, 'su-squad-1', { en: 'DP-27', ru: 'Пулемёт ДП-27' }, 3, 8),
    ],
    radios: [
      {
        id: 'de-radio',
        name: 'Field radio',
        title: { en: 'Field radio', ru: 'Рация' },
        owner: axis,
      },
    ],
    objectives: [
      { number: 1, hex: 'E5', vp: 2 },
      { number: 2, hex: 'G7', vp: 1 },
      { number: 3, hex: 'C3', vp: 1 },
      { number: 4, hex: 'H8', vp: 1 },
      { number: 5, hex: 'D9', vp: 1 },
    ],
    time: { start: 0, suddenDeath: 5 },
    // An obstacle that hides the Scout team in H8 from both German hexes, and a Hindrance the
    // lines from B2 and C3 towards F6 cross [10.2, 10.3] (cc-fire.spec walks them).
    terrain: [
      { hex: 'G7', cover: [2] },
      { hex: 'F6', cover: [1, 3] },
      { hex: 'E5', cover: [1] },
      { hex: 'G8', cover: [], obstacle: true },
      { hex: 'D4', cover: [], hindrance: true },
    ],
  };
}

/**
 * What a piece is called in its attributes: its title in both languages when the scenario
 * gives one (the viewer reads either shape), else its one name.
 */
function named(name: string, title: LocalizedText | undefined): string | LocalizedText {
  return title ? { en: title.en, ru: title.ru } : name;
}

/** Lays out the battle: sides, decks (real lists or the illustrative ones), map, pieces, Time. */
export function ccSetup(input: SetupInput): NewEvent[] | Rejection {
  const params = input.params as CcSetupParams;
  const seats = input.seats.map((s) => s.seat);
  if (seats.length !== 2)
    return violation(
      'seat_count',
      { en: 'Combat Commander is played by two players', ru: 'В Combat Commander играют двое' },
      RULES.sides,
    );
  const scenario = illustrativeScenario(seats);
  const sidesIn = params.sides ?? scenario.sides;
  if (
    sidesIn.length !== 2 ||
    sidesIn.some((s) => !seats.includes(s.seat)) ||
    sidesIn[0].seat === sidesIn[1].seat
  )
    return violation(
      'sides',
      {
        en: `sides must name both seats (${seats.join(', ')}) once each`,
        ru: `Стороны: нужно назвать оба места (${seats.map((s) => seatName(input, s).ru).join(', ')}), каждое по одному разу`,
      },
      RULES.sides,
    );
  const germans = sidesIn.filter((s) => s.nationality === 'germany').length;
  if (germans !== 1)
    return violation(
      'sides',
      {
        en: 'One player is the Axis (Germany), the other the Allies (the USSR or America)',
        ru: 'Один игрок играет за Ось (Германия), другой — за Союзников (СССР или Америка)',
      },
      RULES.sides,
    );
  const sides: CcSide[] = sidesIn.map((s) => ({
    seat: s.seat,
    nationality: s.nationality,
    posture: s.posture,
    handSize: HAND_SIZE[s.posture],
    orderCapability: s.orderCapability,
  }));
  const first = params.first ?? sides[0].seat;
  if (!seats.includes(first))
    return violation(
      'sides',
      { en: `first names no seat: ${first}`, ru: `Первый ход: места «${first}» в матче нет` },
      RULES.sides,
    );
  // Who holds the Initiative card at the start is the scenario's [9, absent]; the
  // illustrative scenario (and a setup that names no holder) gives it to the side not first.
  const initiative = params.initiative ?? sides.find((s) => s.seat !== first)?.seat ?? first;
  if (!seats.includes(initiative))
    return violation(
      'sides',
      {
        en: `initiative names no seat: ${initiative}`,
        ru: `Карта Инициативы: места «${initiative}» в матче нет`,
      },
      RULES.initiativeCard,
    );

  const decks = new Map<Nationality, FateCard[]>();
  for (const [i, deck] of (params.decks ?? []).entries()) {
    if (decks.has(deck.nationality))
      return violation(
        'duplicate_deck',
        {
          en: `decks.${i}: a second ${deck.nationality} deck`,
          ru: `Колода ${i + 1}: вторая колода (${NATION_NAME[deck.nationality].ru})`,
        },
        RULES.decks,
      );
    const checked = checkDeck(deck.nationality, deck.cards, i);
    if (isRejection(checked)) return checked;
    decks.set(deck.nationality, checked);
  }
  const illustrative = NATIONALITIES.filter(
    (n) => sides.some((s) => s.nationality === n) && !decks.has(n),
  );
  for (const n of illustrative) decks.set(n, illustrativeDeck(n));

  const grid = params.map ?? DEFAULT_GRID;
  const hexes = hexesOf(grid);
  const cover = new Map<string, number[]>();
  const sight = new Map<string, { obstacle?: true; hindrance?: true }>();
  for (const [i, t] of (params.terrain ?? (params.units ? [] : scenario.terrain)).entries()) {
    const hex = normalizeHex(t.hex);
    if (!onMap(hex, grid))
      return violation(
        'off_map',
        {
          en: `terrain.${i}: ${t.hex} is not on the map`,
          ru: `Местность ${i + 1}: гекса ${t.hex} нет на карте`,
        },
        RULES.hexId,
      );
    cover.set(hex, [...t.cover]);
    sight.set(hex, {
      ...(t.obstacle ? { obstacle: true } : {}),
      ...(t.hindrance ? { hindrance: true } : {}),
    });
  }
  const zones: ZoneSpec[] = [
    ...hexes.map((hex) => ({
      id: hexZone(hex),
      kind: 'hex',
      name: { en: hex, ru: hex },
      adjacency: neighbours(hex, grid).map(hexZone),
      attrs: { cover: cover.get(hex) ?? [], axial: axialOf(hex), ...sight.get(hex) },
    })),
    ...sides.flatMap((side): ZoneSpec[] => {
      const nation = NATION_NAME[side.nationality];
      return [
        {
          id: Z.deck(side.seat),
          kind: 'deck',
          owner: side.seat,
          visibility: 'nobody',
          name: { en: `${nation.en} Fate deck`, ru: `Колода Судьбы (${nation.ru})` },
        },
        {
          id: Z.discard(side.seat),
          kind: 'discard',
          owner: side.seat,
          name: { en: `${nation.en} discard`, ru: `Сброс (${nation.ru})` },
        },
        {
          id: Z.hand(side.seat),
          kind: 'hand',
          owner: side.seat,
          visibility: 'owner',
          name: { en: `${nation.en} hand`, ru: `Рука (${nation.ru})` },
        },
        {
          id: Z.artillery(side.seat),
          kind: 'box',
          owner: side.seat,
          name: { en: `${nation.en} Artillery Box`, ru: `Ячейка Артиллерии (${nation.ru})` },
        },
        {
          id: Z.initiative(side.seat),
          kind: 'initiative',
          owner: side.seat,
          name: { en: 'Initiative card', ru: 'Карта Инициативы' },
        },
        ...(ccOptions(input.options).orderDiscard === 'after-resolve'
          ? [
              {
                id: Z.played(side.seat),
                kind: 'play',
                owner: side.seat,
                name: {
                  en: `${nation.en} Order being carried out`,
                  ru: `Выполняемый Приказ (${nation.ru})`,
                },
              },
            ]
          : []),
        {
          id: Z.exited(side.seat),
          kind: 'offmap',
          owner: side.seat,
          name: {
            en: `${nation.en} exited units`,
            ru: `Прорвавшиеся подразделения (${nation.ru})`,
          },
        },
      ];
    }),
  ];

  const pieces: PieceSpec[] = [
    {
      id: INITIATIVE_CARD,
      type: 'initiative',
      owner: initiative,
      zone: Z.initiative(initiative),
      attrs: { name: { en: 'Initiative card', ru: 'Карта Инициативы' } },
    },
  ];
  for (const side of sides) {
    const list = decks.get(side.nationality) ?? [];
    list.forEach((card, i) =>
      pieces.push({
        id: `${side.seat}-fate-${String(i + 1).padStart(2, '0')}`,
        type: 'fate-card',
        owner: side.seat,
        zone: Z.deck(side.seat),
        attrs: {
          nationality: side.nationality,
          ...card,
          dice: [...card.dice],
          // What its holder plays it for: its Order or its Action (the rest is read off the deck).
          name: {
            en: `Order ${cardWord(card.order, 'en', card.orderTitle)} / Action ${cardWord(card.action, 'en', card.actionTitle)}`,
            ru: `Приказ «${cardWord(card.order, 'ru', card.orderTitle)}» / Действие «${cardWord(card.action, 'ru', card.actionTitle)}»`,
          },
        },
      }),
    );
  }
  const ids = new Set<string>();
  const fresh = (id: string, at: string, atRu: string): Rejection | undefined => {
    if (ids.has(id))
      return violation('duplicate_piece', {
        en: `${at}: a second piece ${id}`,
        ru: `${atRu}: вторая фишка с обозначением «${id}»`,
      });
    ids.add(id);
    return undefined;
  };
  const units = params.units ?? scenario.units;
  for (const [i, u] of units.entries()) {
    const hex = normalizeHex(u.hex);
    const dup = fresh(u.id, `units.${i}`, `Подразделение ${i + 1}`);
    if (dup) return dup;
    if (!seats.includes(u.owner))
      return violation(
        'unknown_seat',
        {
          en: `units.${i}: no seat ${u.owner}`,
          ru: `Подразделение ${i + 1}: места «${u.owner}» в матче нет`,
        },
        RULES.sides,
      );
    if (!onMap(hex, grid))
      return violation(
        'off_map',
        {
          en: `units.${i}: ${u.hex} is not on the map`,
          ru: `Подразделение ${i + 1}: гекса ${u.hex} нет на карте`,
        },
        RULES.hexId,
      );
    const { id, owner, kind, hex: _hex, name, title, ...stats } = u;
    pieces.push({
      id,
      type: kind,
      owner,
      zone: hexZone(hex),
      attrs: { ...stats, name: named(name, title) },
    });
  }
  for (const [i, w] of (params.weapons ?? (params.units ? [] : scenario.weapons)).entries()) {
    const dup = fresh(w.id, `weapons.${i}`, `Оружие ${i + 1}`);
    if (dup) return dup;
    const holder = pieces.find((p) => p.id === w.unit && p.type !== 'fate-card');
    if (!holder || holder.owner !== w.owner)
      return violation('unknown_unit', {
        en: `weapons.${i}: ${w.owner} has no unit ${w.unit}`,
        ru: `Оружие ${i + 1}: у игрока ${seatName(input, w.owner).ru} нет подразделения «${w.unit}»`,
      });
    const { id, owner, name, title, ...stats } = w;
    pieces.push({
      id,
      type: 'weapon',
      owner,
      zone: holder.zone,
      attrs: { ...stats, name: named(name, title), ordnance: w.ordnance === true },
    });
  }
  for (const [i, r] of (params.radios ?? (params.units ? [] : scenario.radios)).entries()) {
    const dup = fresh(r.id, `radios.${i}`, `Рация ${i + 1}`);
    if (dup) return dup;
    if (!seats.includes(r.owner))
      return violation(
        'unknown_seat',
        {
          en: `radios.${i}: no seat ${r.owner}`,
          ru: `Рация ${i + 1}: места «${r.owner}» в матче нет`,
        },
        RULES.sides,
      );
    pieces.push({
      id: r.id,
      type: 'radio',
      owner: r.owner,
      zone: Z.artillery(r.owner),
      attrs: { name: named(r.name, r.title), ...(r.gender ? { gender: r.gender } : {}) },
    });
  }
  const objectives = (params.objectives ?? scenario.objectives).map((o) => ({
    ...o,
    hex: normalizeHex(o.hex),
  }));
  for (const [i, o] of objectives.entries()) {
    if (!onMap(o.hex, grid))
      return violation(
        'off_map',
        {
          en: `objectives.${i}: ${o.hex} is not on the map`,
          ru: `Цель ${i + 1}: гекса ${o.hex} нет на карте`,
        },
        RULES.hexId,
      );
    if (objectives.findIndex((x) => x.number === o.number) !== i)
      return violation(
        'duplicate_objective',
        {
          en: `objectives.${i}: a second Objective ${o.number}`,
          ru: `Цель ${i + 1}: вторая Цель с номером ${o.number}`,
        },
        RULES.objectiveCount,
      );
  }
  const time = params.time ?? scenario.time;
  // The illustrative scenario's name goes with its units: an organizer's units play under
  // the organizer's title, or none.
  const title = params.title ?? (params.units ? undefined : scenario.title);
  const setUp: CcEvents['BattleSetUp'] = {
    sides,
    first,
    grid,
    objectives,
    time: time.start,
    suddenDeath: time.suddenDeath,
    illustrative,
    initiative,
    ...(title ? { scenario: { en: title.en, ru: title.ru } } : {}),
  };
  return [
    tableEvent('ZonesCreated', { zones }),
    tableEvent('PiecesCreated', { pieces }),
    tableEvent('TrackChanged', {
      track: TRACK.time,
      name: { en: 'Time', ru: 'Время' },
      value: time.start,
      delta: 0,
    }),
    ...sides.map((s) =>
      tableEvent('TrackChanged', {
        track: TRACK.vp(s.seat),
        owner: s.seat,
        name: { en: 'Victory points', ru: 'Победные очки' },
        value: 0,
        delta: 0,
      }),
    ),
    { type: 'BattleSetUp', data: setUp },
    tableEvent('PhaseStarted', { phase: 'setup', active: [] }),
  ];
}
