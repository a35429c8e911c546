import type { NewEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import { ruCount } from '../../shared/localized-text';
import { tableEvent, type PieceSpec, type ZoneSpec } from '../../table/table-events';
import { violation, type Rejection } from '../rule-violation';
import type { PieceTypeSpec, SetupInput } from '../ruleset';
import { FLEET_PIECE, TRACKS, ZONES } from './rex-board';
import { rexEvent } from './rex-events';
import {
  FACTIONS,
  isFaction,
  LEADER,
  MECHANIZED,
  startingCards,
  TROOP,
  type FactionId,
} from './rex-factions';
import { checkMap, DEFAULT_MAP, SECTOR_COUNT, sectorZoneId, type RexMap } from './rex-map';
import { STRATEGY_EFFECT_NAMES } from './rex-choice-names';
import { rexOptions } from './rex-options';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import type {
  RexFactionSetupParams,
  RexInfluenceCardParams,
  RexMapParams,
  RexSetupParams,
  RexStrategyCardParams,
} from './rex-setup.params';

/**
 * Setup: the board, the races' troops, leaders and Influence, and the decks. Components
 * and setup are missing from the excerpt, so every quantity below is a setup parameter
 * whose default is a reconstruction, recorded in MatchCreated with the rest of the setup.
 */

export const CARD_TYPES = {
  influence: 'influence-card',
  bombardment: 'bombardment-card',
  strategy: 'strategy-card',
  traitor: 'traitor-card',
} as const;

export const REX_CATALOG: PieceTypeSpec[] = [
  { id: TROOP, kind: 'troop', name: { en: 'Troop', ru: 'Войско' }, stats: { strength: 1 } },
  {
    id: MECHANIZED,
    kind: 'troop',
    name: { en: 'Mechanized troop (Lazax)', ru: 'Механизированное Войско (Лазакс)' },
    stats: { strength: 2 },
  },
  { id: LEADER, kind: 'leader', name: { en: 'Leader', ru: 'Лидер' } },
  { id: FLEET_PIECE, kind: 'marker', name: { en: 'Dreadnought Fleet', ru: 'Флот Дредноутов' } },
  { id: CARD_TYPES.influence, kind: 'card', name: { en: 'Influence card', ru: 'Карта Влияния' } },
  {
    id: CARD_TYPES.bombardment,
    kind: 'card',
    name: { en: 'Bombardment card', ru: 'Карта Бомбардировки' },
  },
  { id: CARD_TYPES.strategy, kind: 'card', name: { en: 'Strategy card', ru: 'Карта Стратегии' } },
  { id: CARD_TYPES.traitor, kind: 'card', name: { en: 'Traitor card', ru: 'Карта Предателя' } },
];

// ---- Defaults (reconstructions) -----------------------------------------------------------

export const DEFAULT_TROOPS = 20;
export const DEFAULT_LAZAX = { troops: 15, mechanized: 5 };
export const DEFAULT_INFLUENCE = 10;
export const DEFAULT_LEADER_STRENGTHS = [1, 2, 3, 4, 6];

function defaultLeaders(faction: FactionId): { name: LocalizedText; strength: number }[] {
  const race = FACTIONS[faction].name;
  return DEFAULT_LEADER_STRENGTHS.map((strength, i) => ({
    name: { en: `${race.en} leader ${i + 1}`, ru: `Лидер ${race.ru} ${i + 1}` },
    strength,
  }));
}

const standard = (a: string, x: number, b: string, y: number): RexInfluenceCardParams => ({
  kind: 'standard',
  places: [
    { location: a, amount: x },
    { location: b, amount: y },
  ],
});

/** A reconstruction: the three cards of the examples plus guessed ones, 4 Sol Offensives, 2 Ceasefires. */
export const DEFAULT_INFLUENCE_DECK: RexInfluenceCardParams[] = [
  standard('archive-hall', 2, 'cartography-hall', 4),
  standard('tarragus-slums', 6, 'imperial-intelligence-hq', 6),
  standard('holonet-central-square', 10, 'sallab-slums', 8),
  standard('sai-sallai', 6, 'vel-terro', 6),
  standard('embassy-quarters', 8, 'icarcetorum-sector', 6),
  standard('adminus-imperialis', 10, 'archive-hall', 4),
  standard('galactic-council', 6, 'embassy-quarters', 4),
  standard('cartography-hall', 8, 'sallab-slums', 6),
  standard('icarcetorum-sector', 8, 'tarragus-slums', 6),
  standard('vel-terro', 10, 'holonet-central-square', 6),
  standard('imperial-intelligence-hq', 8, 'sai-sallai', 4),
  standard('adminus-imperialis', 6, 'galactic-council', 6),
  ...Array.from({ length: 4 }, (): RexInfluenceCardParams => ({ kind: 'sol-offensive' })),
  ...Array.from({ length: 2 }, (): RexInfluenceCardParams => ({ kind: 'ceasefire' })),
];

/** A reconstruction: cards 1 to 6. */
export const DEFAULT_BOMBARDMENT_DECK = [1, 2, 3, 4, 5, 6];

/**
 * A reconstruction: the battle cards whose effects this ruleset enforces, then one or two of
 * each special card the clarifications describe (their counts are missing from the text).
 */
export const DEFAULT_STRATEGY_DECK: RexStrategyCardParams[] = [
  {
    name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
    category: 'attack',
    weapon: 'biological',
    payout: true,
    copies: 2,
  },
  {
    name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
    category: 'attack',
    weapon: 'energy',
    copies: 4,
  },
  { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'], copies: 4 },
  {
    name: { ...STRATEGY_EFFECT_NAMES.retreat },
    category: 'defense',
    effect: 'retreat',
    copies: 2,
  },
  ...(
    [
      ['recruits', 2],
      ['informant-deployment', 1],
      ['informant-cancellation', 1],
      ['accelerated-mobilization', 2],
      ['diplomatic-intervention', 1],
      ['graviton-inverter', 1],
      ['radar-tracking', 1],
    ] as const
  ).map(([effect, copies]): RexStrategyCardParams => ({
    name: { ...STRATEGY_EFFECT_NAMES[effect] },
    category: 'special',
    effect,
    copies,
  })),
];

export const INFLUENCE_KIND_NAMES: Record<string, LocalizedText> = {
  'sol-offensive': { en: 'Sol Offensive', ru: 'Наступление Сол' },
  ceasefire: { en: 'Temporary Ceasefire', ru: 'Временное прекращение огня' },
};

export const DEFAULT_SETUP_NOTE: LocalizedText = {
  en: 'Components and setup are missing from the rules excerpt. Defaults are reconstructions: 20 troops per race (Lazax 15 + 5 Mechanized), all in the Reserve; 10 Influence each; 5 leaders of strengths 1, 2, 3, 4, 6; 1 Traitor and 1 Strategy card to start (Letnev 4 and 2, from the text); Fleet in sector 18; the default decks. Organizers replace them with setup parameters.',
  ru: 'Состава игры и подготовки в отрывке нет. Значения по умолчанию — реконструкция: 20 Войск у каждой расы (Лазакс 15 + 5 Механизированных), все в Резерве; по 10 Влияния; 5 Лидеров силой 1, 2, 3, 4, 6; по 1 Карте Предателя и 1 Карте Стратегии (Летнев 4 и 2, по тексту); Флот в секторе 18; колоды по умолчанию. Организаторы заменяют их параметрами создания матча.',
};

// ---- Setup ----------------------------------------------------------------------------------

export function toMap(params: RexMapParams): RexMap {
  return {
    id: params.id,
    title: { ...params.title },
    reconstruction: params.reconstruction,
    note: params.note ? { ...params.note } : { en: '', ru: '' },
    locations: params.locations.map((l) => ({
      id: l.id,
      name: { ...l.name },
      sectors: [...l.sectors],
      shielded: l.shielded,
      stronghold: l.stronghold,
      adjacent: [...l.adjacent],
      roles: [...(l.roles ?? [])],
      ...(l.position ? { position: { x: l.position.x, y: l.position.y } } : {}),
    })),
  };
}

export function mapOfSetup(params: Readonly<Record<string, unknown>>): RexMap {
  const map = (params as RexSetupParams).map;
  return map ? toMap(map) : DEFAULT_MAP;
}

const bad = (code: string, message: LocalizedText, ruleRef: string = RULESET_CHOICES.missingText) =>
  violation(code, message, ruleRef);

/** A faction as the board names it, in Russian («Сол»). */
const factionRu = (faction: string): string =>
  isFaction(faction) ? FACTIONS[faction].name.ru : faction;

export function rexSetup({ seats, params: raw, options }: SetupInput): NewEvent[] | Rejection {
  const params = raw as RexSetupParams;
  const opts = rexOptions(options);
  // Seats and races.
  const rexSeats: { seat: string; faction: FactionId }[] = [];
  for (const spec of seats) {
    if (!isFaction(spec.faction))
      return bad('unknown_faction', {
        en: `Seat ${spec.seat} needs a faction: one of sol, hacan, letnev, jolnar, xxcha, lazax`,
        ru: `Месту «${spec.seat}» нужна фракция: ${Object.values(FACTIONS)
          .map((f) => f.name.ru)
          .join(', ')}`,
      });
    if (rexSeats.some((s) => s.faction === spec.faction))
      return bad('duplicate_faction', {
        en: `Two seats play ${spec.faction}`,
        ru: `За фракцию ${factionRu(spec.faction)} играют два места`,
      });
    rexSeats.push({ seat: spec.seat, faction: spec.faction });
  }
  const seatOfFaction = (f: FactionId) => rexSeats.find((s) => s.faction === f)?.seat;
  const firstPlayer = params.firstPlayer ?? rexSeats[0].seat;
  if (!rexSeats.some((s) => s.seat === firstPlayer))
    return bad('unknown_seat', {
      en: `The first player ${firstPlayer} is not a seat of this match`,
      ru: `Первый игрок «${firstPlayer}» — не место этого матча`,
    });
  // The board.
  const map = mapOfSetup(raw);
  const mapProblem = checkMap(map);
  if (mapProblem) return mapProblem;
  const known = new Set(map.locations.map((l) => l.id));
  const unknownLocation = (id: string) =>
    known.has(id)
      ? undefined
      : bad('unknown_location', {
          en: `Map ${map.id} has no location ${id}`,
          ru: `На карте нет локации «${id}»`,
        });
  // Per-race setup.
  const factionParams = new Map<FactionId, RexFactionSetupParams>();
  for (const fp of params.factions ?? []) {
    if (!seatOfFaction(fp.faction))
      return bad('unknown_faction', {
        en: `No seat plays ${fp.faction} in this match`,
        ru: `За фракцию ${factionRu(fp.faction)} в этом матче никто не играет`,
      });
    if (factionParams.has(fp.faction))
      return bad('duplicate_faction', {
        en: `${fp.faction} is set up twice`,
        ru: `Подготовка фракции ${factionRu(fp.faction)} указана дважды`,
      });
    if (fp.mechanized !== undefined && fp.faction !== 'lazax')
      return bad(
        'not_lazax',
        {
          en: 'Only Lazax has Mechanized troops',
          ru: 'Механизированные Войска есть только у Лазакс',
        },
        RULES.lazaxDialCap,
      );
    factionParams.set(fp.faction, fp);
  }
  const zones: ZoneSpec[] = [];
  const pieces: PieceSpec[] = [];
  const tracks: NewEvent[] = [];
  for (let sector = 1; sector <= SECTOR_COUNT; sector += 1) {
    zones.push({
      id: sectorZoneId(sector),
      kind: 'sector',
      name: { en: `Sector ${sector}`, ru: `Сектор ${sector}` },
      adjacency: [
        sectorZoneId(((sector + SECTOR_COUNT - 2) % SECTOR_COUNT) + 1),
        sectorZoneId((sector % SECTOR_COUNT) + 1),
      ],
      visibility: 'public',
      attrs: { number: sector },
    });
  }
  for (const location of map.locations) {
    zones.push({
      id: location.id,
      kind: 'location',
      name: location.name,
      adjacency: [...location.adjacent],
      visibility: 'public',
      attrs: {
        sectors: [...location.sectors],
        shielded: location.shielded,
        stronghold: location.stronghold,
        roles: [...location.roles],
      },
    });
  }
  const shared: [string, string, LocalizedText, ZoneSpec['visibility']][] = [
    [ZONES.influenceDeck, 'deck', { en: 'Influence deck', ru: 'Колода Влияния' }, 'nobody'],
    [
      ZONES.influenceRevealed,
      'area',
      { en: 'Influence card in play', ru: 'Открытая Карта Влияния' },
      'public',
    ],
    [
      ZONES.influenceDiscard,
      'discard',
      { en: 'Influence discard', ru: 'Сброс Карт Влияния' },
      'public',
    ],
    [
      ZONES.influenceAside,
      'area',
      { en: 'Set aside (round 1)', ru: 'Отложенные (1-й раунд)' },
      'public',
    ],
    [
      ZONES.bombardmentDeck,
      'deck',
      { en: 'Bombardment deck', ru: 'Колода Бомбардировки' },
      'nobody',
    ],
    [
      ZONES.bombardmentRevealed,
      'area',
      { en: 'Bombardment card drawn', ru: 'Открытая Карта Бомбардировки' },
      'public',
    ],
    [ZONES.strategyDeck, 'deck', { en: 'Strategy deck', ru: 'Колода Карт Стратегий' }, 'nobody'],
    [
      ZONES.strategyDiscard,
      'discard',
      { en: 'Strategy discard', ru: 'Сброс Карт Стратегий' },
      'public',
    ],
    [ZONES.auction, 'deck', { en: 'Auction (face down)', ru: 'Торги (лицом вниз)' }, 'nobody'],
    [ZONES.traitorDeck, 'deck', { en: 'Traitor deck', ru: 'Колода Предателей' }, 'nobody'],
    [ZONES.battle, 'area', { en: 'Battle', ru: 'Бой' }, 'public'],
    [ZONES.box, 'box', { en: 'Box', ru: 'Коробка' }, 'public'],
  ];
  for (const [id, kind, name, visibility] of shared)
    zones.push({ id, kind, name, adjacency: [], visibility, attrs: {} });
  for (const { seat, faction } of rexSeats) {
    const race = FACTIONS[faction].name;
    zones.push(
      {
        id: ZONES.reserve(seat),
        kind: 'reserve',
        owner: seat,
        name: { en: `${race.en} Reserve`, ru: `Резерв: ${race.ru}` },
        visibility: 'public',
        attrs: { faction },
      },
      {
        id: ZONES.hand(seat),
        kind: 'hand',
        owner: seat,
        name: { en: `${race.en} Strategy hand`, ru: `Карты Стратегий: ${race.ru}` },
        visibility: 'owner',
        attrs: { faction },
      },
      {
        id: ZONES.traitors(seat),
        kind: 'traitors',
        owner: seat,
        name: { en: `${race.en} Traitors`, ru: `Предатели: ${race.ru}` },
        visibility: 'owner',
        attrs: { faction },
      },
      {
        id: ZONES.losses(seat),
        kind: 'loss-bank',
        owner: seat,
        name: { en: `${race.en} Loss Bank`, ru: `Банк Потерь: ${race.ru}` },
        visibility: 'public',
        attrs: { faction },
      },
    );
  }
  // The Fleet.
  const fleetSector = params.fleetSector ?? 18;
  pieces.push({ id: FLEET_PIECE, type: FLEET_PIECE, zone: sectorZoneId(fleetSector) });
  // Troops, leaders, Influence.
  const allLeaders: string[] = [];
  const leaderInfo = new Map<
    string,
    { name: LocalizedText; strength: number; seat: string; faction: FactionId }
  >();
  const occupied = new Map<string, Set<string>>();
  for (const { seat, faction } of rexSeats) {
    const fp = factionParams.get(faction);
    const lazax = faction === 'lazax';
    const troopCount = fp?.troops ?? (lazax ? DEFAULT_LAZAX.troops : DEFAULT_TROOPS);
    const mechCount = lazax ? (fp?.mechanized ?? DEFAULT_LAZAX.mechanized) : 0;
    const troopZones: string[] = Array(troopCount).fill(ZONES.reserve(seat));
    const mechZones: string[] = Array(mechCount).fill(ZONES.reserve(seat));
    let troopIndex = 0;
    let mechIndex = 0;
    for (const placement of fp?.placements ?? []) {
      const problem = unknownLocation(placement.location);
      if (problem) return problem;
      const mech = placement.mechanized ?? 0;
      if (troopIndex + placement.troops > troopCount || mechIndex + mech > mechCount)
        return bad('too_many_troops', {
          en: `${faction} places more troops than it has (${troopCount} troops, ${mechCount} Mechanized)`,
          ru: `${factionRu(faction)} выставляет больше Войск, чем есть (${ruCount(troopCount, 'Войско', 'Войска', 'Войск')}, из них Механизированных ${mechCount})`,
        });
      for (let i = 0; i < placement.troops; i += 1) troopZones[troopIndex++] = placement.location;
      for (let i = 0; i < mech; i += 1) mechZones[mechIndex++] = placement.location;
      if (placement.troops + mech > 0)
        (
          occupied.get(placement.location) ??
          occupied.set(placement.location, new Set()).get(placement.location)
        )?.add(seat);
    }
    troopZones.forEach((zone, i) =>
      pieces.push({
        id: `troop:${seat}:${i + 1}`,
        type: TROOP,
        owner: seat,
        zone,
        attrs: { faction },
      }),
    );
    mechZones.forEach((zone, i) =>
      pieces.push({
        id: `mech:${seat}:${i + 1}`,
        type: MECHANIZED,
        owner: seat,
        zone,
        attrs: { faction },
      }),
    );
    (fp?.leaders ?? defaultLeaders(faction)).forEach((leader, i) => {
      const id = `leader:${seat}:${i + 1}`;
      allLeaders.push(id);
      leaderInfo.set(id, { name: leader.name, strength: leader.strength, seat, faction });
      pieces.push({
        id,
        type: LEADER,
        owner: seat,
        zone: ZONES.reserve(seat),
        attrs: { faction, name: leader.name, strength: leader.strength },
      });
    });
    tracks.push(
      tableEvent('TrackChanged', {
        track: TRACKS.seat(seat),
        owner: seat,
        name: {
          en: `Influence: ${FACTIONS[faction].name.en}`,
          ru: `Влияние: ${FACTIONS[faction].name.ru}`,
        },
        value: fp?.influence ?? DEFAULT_INFLUENCE,
        delta: fp?.influence ?? DEFAULT_INFLUENCE,
      }),
    );
  }
  const onBoard = new Map<string, number>();
  for (const { location, amount } of params.influenceOnBoard ?? []) {
    const problem = unknownLocation(location);
    if (problem) return problem;
    onBoard.set(location, (onBoard.get(location) ?? 0) + amount);
  }
  for (const location of map.locations) {
    const value = onBoard.get(location.id) ?? 0;
    tracks.push(
      tableEvent('TrackChanged', {
        track: TRACKS.location(location.id),
        name: { en: `Influence: ${location.name.en}`, ru: `Влияние: ${location.name.ru}` },
        value,
        delta: value,
      }),
    );
  }
  if (opts.influenceSupply > 0)
    tracks.push(
      tableEvent('TrackChanged', {
        track: TRACKS.bank,
        name: { en: 'Influence Bank', ru: 'Банк Влияния' },
        value: opts.influenceSupply,
        delta: opts.influenceSupply,
      }),
    );
  // Alliances standing at the start.
  const alliances = params.alliances ?? [];
  const allied = new Set<string>();
  for (const members of alliances) {
    if (members.length < 2 || members.length > 3)
      return bad(
        'alliance_size',
        {
          en: `An alliance has 2 or 3 players, not ${members.length}`,
          ru: `В Альянсе 2 или 3 игрока, а не ${members.length}`,
        },
        RULES.allianceSize,
      );
    for (const member of members) {
      if (!rexSeats.some((s) => s.seat === member))
        return bad('unknown_seat', {
          en: `Alliance member ${member} is not a seat`,
          ru: `Участник Альянса «${member}» — не место этого матча`,
        });
      if (allied.has(member))
        return bad(
          'one_alliance',
          { en: `${member} is in two alliances`, ru: `«${member}» состоит в двух Альянсах` },
          RULES.oneAlliance,
        );
      allied.add(member);
    }
    if (opts.alliesSharingLocation === 'refuse') {
      for (const [location, present] of occupied) {
        const together = members.filter((m) => present.has(m));
        if (together.length > 1)
          return bad(
            'allies_share_location',
            {
              en: `Allies ${together.join(' and ')} both have troops in ${location}`,
              ru: `У союзников (${together.map((m) => `«${m}»`).join(' и ')}) Войска в одной локации «${map.locations.find((l) => l.id === location)?.name.ru ?? location}»`,
            },
            RULES.alliesNeverShare,
          );
      }
    }
  }
  // Decks.
  const influenceDeck = params.influenceDeck ?? DEFAULT_INFLUENCE_DECK;
  const discarded: NewEvent[] = [];
  const influenceCards = [
    ...influenceDeck.map((card) => ({ card, zone: ZONES.influenceDeck as string })),
    ...(params.influenceDiscard ?? []).map((card) => ({
      card,
      zone: ZONES.influenceDiscard as string,
    })),
  ];
  for (const [i, { card, zone }] of influenceCards.entries()) {
    const places = card.places ?? [];
    if (card.kind === 'standard' && places.length === 0)
      return bad(
        'influence_card',
        {
          en: `Influence card ${i + 1} places no Influence`,
          ru: `Карта Влияния ${i + 1} не выкладывает Влияния`,
        },
        RULES.influencePlacement,
      );
    if (card.kind !== 'standard' && places.length > 0)
      return bad(
        'influence_card',
        {
          en: `Influence card ${i + 1} (${card.kind}) places no Influence`,
          ru: `Карта Влияния ${i + 1} не выкладывает Влияния`,
        },
        RULES.influencePlacement,
      );
    if (zone === ZONES.influenceDiscard && card.kind !== 'standard')
      return bad(
        'influence_card',
        {
          en: 'Only cards that place Influence lie in the discard',
          ru: 'В сбросе лежат только карты, выкладывающие Влияние',
        },
        RULES.influenceDiscard,
      );
    for (const place of places) {
      const problem = unknownLocation(place.location);
      if (problem) return problem;
    }
    const id = `influence:${i + 1}`;
    const printed = places.map((p) => ({ location: p.location, amount: p.amount }));
    pieces.push({
      id,
      type: CARD_TYPES.influence,
      zone,
      attrs: { kind: card.kind, name: card.name ?? influenceCardName(card, map), places: printed },
    });
    if (zone === ZONES.influenceDiscard)
      discarded.push(rexEvent('InfluenceCardResolved', { card: id, places: printed }));
  }
  (params.bombardmentDeck ?? DEFAULT_BOMBARDMENT_DECK).forEach((value, i) =>
    pieces.push({
      id: `bombardment:${i + 1}`,
      type: CARD_TYPES.bombardment,
      zone: ZONES.bombardmentDeck,
      attrs: { value },
    }),
  );
  let strategySerial = 0;
  for (const card of params.strategyDeck ?? DEFAULT_STRATEGY_DECK) {
    if (card.category === 'attack' && !card.weapon)
      return bad(
        'strategy_card',
        {
          en: `Attack card ${card.name.en} needs a weapon`,
          ru: `Карте атаки «${card.name.ru}» нужно оружие`,
        },
        RULES.slotMustPlay,
      );
    for (let copy = 0; copy < (card.copies ?? 1); copy += 1) {
      strategySerial += 1;
      pieces.push({
        id: `strategy:${strategySerial}`,
        type: CARD_TYPES.strategy,
        zone: ZONES.strategyDeck,
        attrs: {
          name: card.name,
          category: card.category,
          ...(card.weapon ? { weapon: card.weapon } : {}),
          ...(card.stops ? { stops: [...card.stops] } : {}),
          ...(card.payout ? { payout: true } : {}),
          ...(card.effect ? { effect: card.effect } : {}),
        },
      });
    }
  }
  const traitorOrder = params.traitorDeck ?? allLeaders;
  if (params.traitorDeck) {
    const listed = new Set(params.traitorDeck);
    if (
      listed.size !== params.traitorDeck.length ||
      listed.size !== allLeaders.length ||
      allLeaders.some((l) => !listed.has(l))
    )
      return bad(
        'traitor_deck',
        {
          en: `traitorDeck must list every leader once: ${allLeaders.join(', ')}`,
          ru: `Колода Предателей должна назвать каждого Лидера ровно один раз (всего ${ruCount(allLeaders.length, 'Лидер', 'Лидера', 'Лидеров')})`,
        },
        RULES.traitor,
      );
  }
  for (const leader of traitorOrder) {
    const info = leaderInfo.get(leader);
    if (!info) continue;
    pieces.push({
      id: `traitor:${leader.slice('leader:'.length)}`,
      type: CARD_TYPES.traitor,
      zone: ZONES.traitorDeck,
      attrs: {
        leader,
        name: info.name,
        faction: info.faction,
        seat: info.seat,
        strength: info.strength,
      },
    });
  }
  const others = { traitors: params.startingTraitors ?? 1, strategy: params.startingStrategy ?? 1 };
  return [
    rexEvent('RexGameConfigured', {
      seats: rexSeats,
      firstPlayer,
      startRound: params.startRound ?? 1,
      fleetSector,
      map: { id: map.id, title: map.title, reconstruction: map.reconstruction, note: map.note },
      startingCards: Object.fromEntries(
        rexSeats.map(({ seat, faction }) => [seat, startingCards(faction, others)]),
      ),
    }),
    tableEvent('ZonesCreated', { zones }),
    tableEvent('PiecesCreated', { pieces }),
    ...tracks,
    ...discarded,
    ...alliances.map((members, i) =>
      rexEvent('AllianceFormed', {
        alliance: `alliance-${i + 1}`,
        members: [...members],
        ruleRef: RULES.allianceCards,
      }),
    ),
    tableEvent('PhaseStarted', { phase: 'setup', active: [firstPlayer] }),
  ];
}

function influenceCardName(card: RexInfluenceCardParams, map: RexMap): LocalizedText {
  if (card.kind !== 'standard') return INFLUENCE_KIND_NAMES[card.kind];
  const nameOf = (id: string) => map.locations.find((l) => l.id === id)?.name ?? { en: id, ru: id };
  const places = card.places ?? [];
  return {
    en: places.map((p) => `${nameOf(p.location).en} ${p.amount}`).join(' / '),
    ru: places.map((p) => `${nameOf(p.location).ru} ${p.amount}`).join(' / '),
  };
}
