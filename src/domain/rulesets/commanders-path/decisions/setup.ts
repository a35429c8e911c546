import { own, setOwn } from '../../../shared/id-record';
import type { NewEvent } from '../../../events/recorded-event';
import { tableEvent } from '../../../table/table-events';
import type { Piece } from '../../../table/table';
import { isRejection, RejectionSignal, violation, type Rejection } from '../../rule-violation';
import type { SetupInput } from '../../ruleset';
import type { CpRegisterDeckParams } from './setup.params';
import { CpRegisterDeckParams as RegisterDeckDto } from './setup.params';
import { checkDeck } from '../cp-deck';
import {
  determineInitiative,
  lowerFirst,
  placeObject,
  rollForInitiative,
  startTurn,
} from '../cp-flow';
import { RULES } from '../cp-rules-text';
import { refuse, ruCount } from '../../kit';
import { capital, cardNamed, cardTitle, cardsNamed, resourcesCount } from '../cp-words';
import {
  cardAttrs,
  cardDef,
  handOf,
  HIDDEN_CARD,
  seatZones,
  Z,
  cpDecision,
  type CpDraft,
} from '../cp-table';
import { placementZone } from './turn';
import { CpDeployParams, CpInitiativeRollParams, CpSetupSpendParams } from './setup.params';
import { CpNoParams } from './shared.params';
import { cardHint, cardValues, nothing, type CpOfferContext } from '../cp-choice-values';
import { type LocalizedText } from '../../../shared/localized-text';
import { byName, type ChoicesOf, type FieldChoices } from '../../decision-choices';
import { ARCHETYPE_NAMES, type CardDef } from '../cp-cards';
import { SAMPLE_CATALOG, type CatalogEntry } from '../cp-catalog';
import { type CpState } from '../cp-state';

/** Setup («Начало игры – “Начальная расстановка”»). */

export const SETUP_DRAW = 15;
export const REDEAL_STEP = 3;
export const MAX_REDEALS = 3;
export const SETUP_RESOURCES = 25;
export const SETUP_OBJECTS = 2;
export const HAND_SIZE = 7;

export function cpSetup({ seats }: SetupInput): NewEvent[] | Rejection {
  if (seats.length !== 2)
    return violation(
      'seat_count',
      {
        en: 'Commanders Path is played by 2 seats',
        ru: '«Путь Командора» — игра на двоих: нужно ровно 2 места',
      },
      RULES.setupDraw,
    );
  return [
    tableEvent('ZonesCreated', { zones: seats.flatMap(({ seat }) => seatZones(seat)) }),
    tableEvent('PhaseStarted', { phase: 'setup', active: [] }),
  ];
}

/** Cards drawn at the n-th deal (0-based): 15, 12, 9, 6, minus preselected abilities. */
export function dealSize(deal: number, abilities: number): number {
  return SETUP_DRAW - REDEAL_STEP * deal - abilities;
}

function abilitiesPreselected(d: CpDraft, seat: string): number {
  return Object.values(d.table.pieces).filter(
    (p) => p.zone === Z.situation(seat) && p.attrs.preselected === true,
  ).length;
}

function shuffled(d: CpDraft): boolean {
  return d.options.deckShuffle !== 'none';
}

function draw(d: CpDraft, seat: string, count: number, reason: string): string[] {
  const pieces = d.draw(Z.deck(seat), count, Z.hand(seat), `seat:${seat}`);
  d.own('HandDrawn', { seat, count: pieces.length, reason });
  return pieces;
}

function registerDeck(d: CpDraft, params: CpRegisterDeckParams): void {
  const seat = d.seat;
  if (own(d.rs.setup, seat)?.registered)
    refuse(
      'deck_registered',
      { en: 'You have already registered a deck', ru: 'Вы уже зарегистрировали колоду' },
      RULES.deckSize,
    );
  const checked = checkDeck(params);
  if (isRejection(checked)) throw new RejectionSignal(checked);
  const cards = checked.cards.map((key) => ({ id: d.ctx.newPieceId(`${seat}-c`), key }));
  const commanderPiece = `${seat}-commander`;
  const abilities = checked.abilities.map((a, i) => ({
    ...a,
    piece: `${seat}-ability-${i + 1}`,
  }));
  d.emit(
    tableEvent('PiecesCreated', {
      pieces: [
        ...cards.map((c) => ({ id: c.id, type: HIDDEN_CARD, owner: seat, zone: Z.deck(seat) })),
        {
          id: commanderPiece,
          type: HIDDEN_CARD,
          owner: seat,
          zone: Z.situation(seat),
          attrs: { faceDown: true },
        },
        ...abilities.map((a) => ({
          id: a.piece,
          type: HIDDEN_CARD,
          owner: seat,
          zone: Z.situation(seat),
          attrs: { faceDown: true, preselected: true, variant: a.variant },
        })),
      ],
    }),
  );
  // The list itself is the seat's secret (the opponent sees only the count) until the end.
  d.own(
    'DeckRegistered',
    {
      seat,
      count: checked.cards.length + abilities.length,
      commanderPiece,
      ruleRef: RULES.deckSize,
      secret: {
        commander: checked.commander,
        defs: checked.defs,
        cards: checked.cards,
        abilities: abilities.map((a) => ({ piece: a.piece, key: a.key, variant: a.variant })),
        // The Commander and preselected abilities are named by the registration itself.
        bound: Object.fromEntries(abilities.map((a) => [a.piece, a.key])),
      },
    },
    `seat:${seat}`,
  );
  if (!shuffled(d)) {
    // Registered order: the binding is the order itself, known to the owner (and judges).
    d.own(
      'DeckBound',
      {
        seat,
        count: cards.length,
        secret: { cards: Object.fromEntries(cards.map((c) => [c.id, c.key])) },
      },
      `seat:${seat}`,
    );
  }
}

function deal(d: CpDraft): void {
  const seat = d.seat;
  const progress = own(d.rs.setup, seat);
  if (!progress?.registered)
    refuse(
      'no_deck',
      { en: 'Register a deck first', ru: 'Сначала зарегистрируйте колоду' },
      RULES.deckSize,
    );
  if (progress.deals > 0)
    refuse(
      'already_dealt',
      {
        en: 'You have already drawn the opening hand',
        ru: 'Вы уже взяли карты для начальной расстановки',
      },
      RULES.setupDraw,
    );
  if (shuffled(d)) {
    // The first shuffle binds the registered cards to the hidden piece ids, the second one
    // orders the deck: knowing which id is which card tells the owner nothing of the order.
    d.shuffle(Z.deck(seat));
    const order = own(d.table.decks, Z.deck(seat))?.order ?? [];
    const keys = own(d.rs.decks, seat)?.cards ?? [];
    d.own(
      'DeckBound',
      {
        seat,
        count: order.length,
        secret: { cards: Object.fromEntries(order.map((piece, i) => [piece, keys[i]])) },
      },
      `seat:${seat}`,
    );
    d.shuffle(Z.deck(seat));
  }
  const size = dealSize(0, abilitiesPreselected(d, seat));
  draw(d, seat, size, 'setup');
  d.own('HandDealt', { seat, deal: 0, size, ruleRef: RULES.setupDraw });
}

function redeal(d: CpDraft): void {
  const seat = d.seat;
  const progress = own(d.rs.setup, seat);
  if (!progress || progress.deals === 0)
    refuse(
      'not_dealt',
      {
        en: 'You have no opening hand to return',
        ru: 'У вас нет карт начальной расстановки, чтобы вернуть их',
      },
      RULES.redeal,
    );
  if (progress.spent)
    refuse(
      'setup_spent',
      {
        en: 'The hand was kept: resources are already spent',
        ru: 'Карты оставлены: ресурсы уже потрачены',
      },
      RULES.redeal,
    );
  if (progress.deals > MAX_REDEALS)
    refuse(
      'redeal_limit',
      {
        en: `You have redealt ${MAX_REDEALS} times already`,
        ru: `Вы уже пересдавали карты ${ruCount(MAX_REDEALS, 'раз', 'раза', 'раз')}, больше нельзя`,
      },
      RULES.redeal,
    );
  const hand = handOf(d.table, seat).map((p) => p.id);
  d.emit(tableEvent('PiecesMoved', { pieces: hand, to: Z.deck(seat) }));
  if (shuffled(d)) d.shuffle(Z.deck(seat));
  const size = dealSize(progress.deals, abilitiesPreselected(d, seat));
  draw(d, seat, size, 'redeal');
  d.own('HandDealt', {
    seat,
    deal: progress.deals,
    size,
    returned: hand.length,
    ruleRef: RULES.redeal,
  });
}

function setupSpend(d: CpDraft, { builds }: CpSetupSpendParams): void {
  const seat = d.seat;
  const progress = own(d.rs.setup, seat);
  if (!progress || progress.deals === 0)
    refuse(
      'not_dealt',
      {
        en: 'Draw the opening hand first',
        ru: 'Сначала возьмите карты для начальной расстановки',
      },
      RULES.setupDraw,
    );
  if (progress.spent)
    refuse(
      'setup_spent',
      {
        en: 'You have already spent the setup resources',
        ru: 'Вы уже потратили ресурсы начальной расстановки',
      },
      RULES.setupSpend,
    );
  const seen = new Set<string>();
  let total = 0;
  let objects = 0;
  let hosts = 0;
  const plan: { piece: Piece; pay: number; complete: boolean }[] = [];
  for (const build of builds) {
    const name = capital(cardNamed(d, build.card));
    if (seen.has(build.card))
      refuse(
        'duplicate_build',
        { en: `${name.en} is listed twice`, ru: `${name.ru}: карта указана дважды` },
        RULES.setupSpend,
      );
    seen.add(build.card);
    const piece = d.piece(build.card);
    if (piece.zone !== Z.hand(seat))
      refuse(
        'not_in_hand',
        { en: `${name.en} is not in your hand`, ru: `${name.ru}: этой карты нет в вашей руке` },
        RULES.setupSpend,
      );
    const def = cardDef(d.rs, piece);
    if (!def || (def.kind !== 'ship' && def.kind !== 'object'))
      refuse(
        'setup_kind',
        {
          en: `${name.en} is a ${def?.kind ?? 'unknown'} card: at setup only ships and space objects are built or started`,
          ru: `${name.ru}: при начальной расстановке строят или начинают производить только корабли и космические объекты`,
        },
        RULES.setupSpend,
      );
    if (build.pay > def.cost)
      refuse(
        'overpaid',
        {
          en: `${cardTitle(def).en} costs ${def.cost}; ${build.pay} is more`,
          ru: `${cardTitle(def).ru}: цена — ${resourcesCount(def.cost).ru}, а вложено ${build.pay}`,
        },
        RULES.partialBuild,
      );
    const complete = build.pay === def.cost;
    if (def.kind === 'object' && (complete || d.options.setupObjectCap === 'built-and-started'))
      objects += 1;
    if (complete) hosts += 1;
    total += build.pay;
    plan.push({ piece, pay: build.pay, complete });
  }
  if (total > SETUP_RESOURCES)
    refuse(
      'setup_overspent',
      {
        en: `${total} resources spent; the setup grants ${SETUP_RESOURCES}`,
        ru: `Потрачено ${resourcesCount(total).ru}, а на начальную расстановку дано ${SETUP_RESOURCES}`,
      },
      RULES.setupSpend,
    );
  if (objects > SETUP_OBJECTS)
    refuse(
      'setup_objects',
      {
        en: `${objects} object cards at setup; at most ${SETUP_OBJECTS}`,
        ru: `Карт космических объектов при начальной расстановке: ${objects}, а можно не больше ${SETUP_OBJECTS}`,
      },
      RULES.setupSpend,
    );
  if (hosts === 0)
    refuse(
      'no_commander_host',
      {
        en: 'Build at least one ship or object: the Commander must be placed on one',
        ru: 'Постройте хотя бы один корабль или объект: на нём разместят Командора',
      },
      RULES.commanderPlacement,
    );
  if (plan.length > 0)
    d.emit(
      tableEvent('PiecesMoved', { pieces: plan.map((p) => p.piece.id), to: Z.production(seat) }),
    );
  for (const { piece, pay, complete } of plan)
    d.emit(
      tableEvent('PieceChanged', {
        piece: piece.id,
        attrs: complete ? { faceDown: true, built: true } : { faceDown: true, tokens: pay },
      }),
    );
  const leftover = SETUP_RESOURCES - total;
  d.addTokens(seat, leftover);
  d.own('SetupSpent', {
    seat,
    started: plan.filter((p) => !p.complete).map((p) => ({ piece: p.piece.id, tokens: p.pay })),
    built: plan.filter((p) => p.complete).length,
    spent: total,
    leftover,
    ruleRef: RULES.setupLeftover,
  });
  if (d.seats.every((s) => own(d.rs.setup, s)?.spent)) revealSetup(d);
}

/** Both sides have spent: Commanders and abilities are turned face up, then Priority. */
function revealSetup(d: CpDraft): void {
  const commanders: Record<string, unknown> = {};
  for (const seat of d.seats) {
    const deck = own(d.rs.decks, seat)!;
    const commander = own(d.table.pieces, deck.commanderPiece)!;
    d.emit(
      tableEvent('PieceChanged', {
        piece: commander.id,
        type: deck.commander.name,
        attrs: { ...cardAttrs(deck.commander), faceDown: null },
      }),
    );
    const abilities = Object.values(d.table.pieces).filter(
      (p) => p.zone === Z.situation(seat) && p.attrs.preselected === true,
    );
    for (const ability of abilities) {
      const def = cardDef(d.rs, ability);
      if (def)
        d.emit(
          tableEvent('PieceChanged', {
            piece: ability.id,
            type: def.name,
            attrs: { ...cardAttrs(def), faceDown: null },
          }),
        );
    }
    setOwn(commanders, seat, {
      piece: commander.id,
      name: deck.commander.name,
      initiative: deck.commander.initiative ?? 0,
      ...(deck.commander.archetype ? { archetype: deck.commander.archetype } : {}),
      abilities: abilities.map((a) => ({ piece: a.id, name: a.type, variant: a.attrs.variant })),
    });
  }
  d.own('CommandersRevealed', { commanders });
  determineInitiative(d, 'setup');
}

function deploy(d: CpDraft, params: CpDeployParams): void {
  const seat = d.seat;
  const built = Object.values(d.table.pieces).filter(
    (p) => p.zone === Z.production(seat) && p.attrs.built === true,
  );
  const ships = built.filter((p) => cardDef(d.rs, p)?.kind === 'ship');
  const objects = built.filter((p) => cardDef(d.rs, p)?.kind === 'object');
  const placements = params.ships ?? [];
  const named = new Set(placements.map((p) => p.card));
  const unplaced = ships.filter((s) => !named.has(s.id));
  if (unplaced.length > 0) {
    const names = cardsNamed(
      d,
      unplaced.map((s) => s.id),
    );
    refuse(
      'ships_unplaced',
      {
        en: `Every ship built at setup is placed: ${names.en} ${unplaced.length > 1 ? 'have' : 'has'} no place`,
        ru: `Каждый корабль, построенный при расстановке, нужно разместить; без места: ${names.ru}`,
      },
      RULES.setupDeploy,
    );
  }
  for (const placement of placements)
    if (!ships.some((s) => s.id === placement.card)) {
      const name = capital(cardNamed(d, placement.card));
      refuse(
        'not_built',
        {
          en: `${name.en} is not a ship you built at setup`,
          ru: `${name.ru}: это не корабль, построенный вами при расстановке`,
        },
        RULES.setupDeploy,
      );
    }
  const hosts = new Set([...ships, ...objects].map((p) => p.id));
  if (!hosts.has(params.commander)) {
    const name = cardNamed(d, params.commander);
    refuse(
      'commander_host',
      {
        en: `The Commander goes on a ship or object built at setup; ${name.en} is not one`,
        ru: `Командора размещают на корабле или объекте, построенном при расстановке, а ${name.ru} не из них`,
      },
      RULES.commanderPlacement,
    );
  }
  const hand = handOf(d.table, seat);
  if (hand.length > 7) {
    const keep = params.keep ?? [];
    if (
      keep.length !== HAND_SIZE ||
      new Set(keep).size !== HAND_SIZE ||
      keep.some((id) => !hand.some((p) => p.id === id))
    )
      refuse(
        'keep_seven',
        {
          en: `You hold ${hand.length} cards: name exactly ${HAND_SIZE} of them to keep (keep)`,
          ru: `У вас на руке ${ruCount(hand.length, 'карта', 'карты', 'карт')}: выберите ровно ${HAND_SIZE}, которые оставите`,
        },
        RULES.setupHand,
      );
  } else if (params.keep !== undefined && params.keep.length > 0) {
    refuse(
      'keep_seven',
      {
        en: `You hold ${hand.length} cards and draw up to ${HAND_SIZE}: nothing to keep`,
        ru: `У вас на руке ${ruCount(hand.length, 'карта', 'карты', 'карт')}, и вы добираете до ${HAND_SIZE}: выбирать, какие оставить, не нужно`,
      },
      RULES.setupHand,
    );
  }

  d.reveal(seat, [...objects, ...ships], 'deploy');
  for (const object of objects) placeObject(d, seat, d.piece(object.id));
  const labels = new Map<string, string>();
  for (const placement of placements) {
    let to = placement.to;
    if (to === 'new' || to.startsWith('new:')) {
      to = labels.get(placement.to) ?? d.newSector();
      labels.set(placement.to, to);
    } else {
      to = placementZone(d, seat, to, RULES.setupDeploy);
    }
    d.moveShips(seat, [placement.card], to);
  }
  d.emit(
    tableEvent('PieceChanged', {
      piece: own(d.rs.decks, seat)!.commanderPiece,
      attrs: { host: params.commander },
    }),
  );
  d.own('CommanderPlaced', { seat, host: params.commander, ruleRef: RULES.commanderPlacement });

  if (hand.length < HAND_SIZE) {
    draw(d, seat, HAND_SIZE - hand.length, 'refill');
  } else if (hand.length > HAND_SIZE) {
    const back = hand.filter((p) => !(params.keep ?? []).includes(p.id)).map((p) => p.id);
    d.emit(tableEvent('PiecesMoved', { pieces: back, to: Z.deck(seat) }));
    if (shuffled(d)) d.shuffle(Z.deck(seat));
  }
  d.own('Deployed', { seat, ships: placements.length, objects: objects.length, hand: HAND_SIZE });
  const [lower, higher] = lowerFirst(d);
  if (seat === lower && !own(d.rs.setup, higher)?.deployed) d.enterPhase('deploy', [higher]);
  else if (d.seats.every((s) => own(d.rs.setup, s)?.deployed)) startTurn(d, 1);
}

/**
 * A deck of the sample catalog (its first Commander, four copies of each other card until
 * there are 40): what a seat that has not registered one could send to try the game.
 */
function sampleDeck(): CpRegisterDeckParams {
  const commander = SAMPLE_CATALOG.find((entry) => entry.card.kind === 'commander');
  const cards = SAMPLE_CATALOG.filter((entry) => entry.card.kind !== 'commander')
    .slice(0, 10)
    .map((entry) => ({ catalog: entry.id, copies: 4 }));
  return { commander: { catalog: commander?.id ?? '' }, cards };
}

/**
 * The setup deployment: every ship built at setup to a new sector, the Commander on each
 * ship or object built, and (with more than 7 cards in hand) the first 7 kept.
 */
function deployments({ table, rs, seat }: CpOfferContext): CpDeployParams[] {
  const built = Object.values(table.pieces).filter(
    (p) => p.zone === `production:${seat}` && p.attrs.built === true,
  );
  const kindOfCard = (p: Piece) => cardDef(rs, p)?.kind;
  const ships = built.filter((p) => kindOfCard(p) === 'ship').map((p) => p.id);
  const hostsBuilt = built
    .filter((p) => kindOfCard(p) === 'ship' || kindOfCard(p) === 'object')
    .map((p) => p.id);
  const hand = handOf(table, seat).map((p) => p.id);
  const keep = hand.length > HAND_SIZE ? { keep: hand.slice(0, HAND_SIZE) } : {};
  return hostsBuilt.map((commander) => ({
    ships: ships.map((card) => ({ card, to: 'new' })),
    commander,
    ...keep,
  }));
}

/** Copies of one name a deck may hold, and its size (rules: 40–100 cards, at most 4 alike). */
const MAX_COPIES = 4;

const DECK_MIN = 40;

const DECK_MAX = 100;

const catalogName = (entry: CatalogEntry): LocalizedText => ({
  en: entry.card.nameEn ?? entry.card.name,
  ru: entry.card.name,
});

const isHostKind = (def: CardDef | undefined): boolean =>
  def?.kind === 'ship' || def?.kind === 'object';

/** Register a deck: a Commander of the catalogue, and its cards with their copies. */
const registerDeckChoices: ChoicesOf<CpState> = () => {
  const commanders = SAMPLE_CATALOG.filter((e) => e.card.kind === 'commander');
  const cards = SAMPLE_CATALOG.filter((e) => e.card.kind !== 'commander');
  return [
    {
      path: 'commander.catalog',
      pick: 'one',
      values: commanders
        .map((e) => {
          const archetype = e.card.archetype ? own(ARCHETYPE_NAMES, e.card.archetype) : undefined;
          const initiative = e.card.initiative ?? 0;
          return {
            value: e.id,
            name: catalogName(e),
            hint: {
              en: `initiative ${initiative}${archetype ? `, ${archetype.en}` : ''}`,
              ru: `инициатива ${initiative}${archetype ? `, ${archetype.ru}` : ''}`,
            },
          };
        })
        .sort(byName()),
    },
    {
      path: 'cards',
      pick: 'counts',
      item: 'catalog',
      count: 'copies',
      values: cards
        .map((e) => ({
          value: e.id,
          name: catalogName(e),
          hint: cardHint({
            kind: e.card.kind as CardDef['kind'],
            shipClass: e.card.shipClass,
            cost: e.card.cost ?? 0,
          }),
          min: 1,
          max: MAX_COPIES,
        }))
        .sort(byName()),
      total: { min: DECK_MIN, max: DECK_MAX, unit: { en: 'cards', ru: 'карт' } },
    },
  ];
};

/** Spend the setup resources: the ships and objects in hand, each paid in part or in full. */
const setupSpendChoices: ChoicesOf<CpState> = (ctx) => {
  const hand = handOf(ctx.table, ctx.seat).filter((p) => isHostKind(cardDef(ctx.rs, p)));
  const values = cardValues(ctx, hand).map((v) => {
    const cost = cardDef(ctx.rs, ctx.table.pieces[v.value as string])?.cost ?? 1;
    return { ...v, min: 1, max: Math.max(1, Math.min(cost, SETUP_RESOURCES)) };
  });
  return [
    {
      path: 'builds',
      pick: 'counts',
      item: 'card',
      count: 'pay',
      values,
      total: { max: SETUP_RESOURCES, unit: { en: 'resources', ru: 'ресурсов' } },
    },
  ];
};

/** The setup builds tried by `legal-decisions`: each ship or object in hand built in full. */
function setupBuilds(ctx: CpOfferContext): CpSetupSpendParams[] {
  const counts = setupSpendChoices(ctx, {})[0];
  if (counts.pick !== 'counts') return [];
  return counts.values
    .filter((v) => {
      const def = cardDef(ctx.rs, ctx.table.pieces[v.value as string]);
      return def !== undefined && def.cost <= SETUP_RESOURCES;
    })
    .map((v) => ({ builds: [{ card: v.value as string, pay: v.max }] }));
}

/** Deploy: each ship built to a new sector (or an own object's orbit), the Commander's host, the hand kept. */
const deployChoices: ChoicesOf<CpState> = (ctx) => {
  const built = Object.values(ctx.table.pieces).filter(
    (p) => p.zone === Z.production(ctx.seat) && p.attrs.built === true,
  );
  const kind = (p: Piece) => cardDef(ctx.rs, p)?.kind;
  const ships = built.filter((p) => kind(p) === 'ship');
  const objects = built.filter((p) => kind(p) === 'object');
  const fields: FieldChoices[] = [];
  if (ships.length > 0) {
    const sectors = ships.map((_, i) => ({
      value: i === 0 ? 'new' : `new:${i + 1}`,
      name: { en: `New sector ${i + 1}`, ru: `Новый сектор ${i + 1}` },
    }));
    const orbits = cardValues(ctx, objects, false).map((o) => ({
      value: Z.orbit(o.value as string),
      name: { en: `Orbit of ${o.name.en}`, ru: `Орбита: ${o.name.ru}` },
    }));
    fields.push({
      path: 'ships',
      pick: 'places',
      item: 'card',
      place: 'to',
      values: cardValues(ctx, ships),
      places: [...sectors, ...orbits],
    });
  }
  fields.push({ path: 'commander', pick: 'one', values: cardValues(ctx, [...ships, ...objects]) });
  const hand = handOf(ctx.table, ctx.seat);
  if (hand.length > HAND_SIZE)
    fields.push({
      path: 'keep',
      pick: 'many',
      min: HAND_SIZE,
      max: HAND_SIZE,
      values: cardValues(ctx, hand),
    });
  return fields;
};

export const setupDecisions = {
  'register-deck': cpDecision<CpRegisterDeckParams>({
    summary: {
      en: 'Register the deck: Commander, cards (40–100, at most 4 of a name) and preselected abilities',
      ru: 'Зарегистрировать колоду: Командор, карты (40–100, не более 4 одинаковых) и заранее выбранные способности',
    },
    params: RegisterDeckDto,
    example: {
      commander: { catalog: 'test-rein' },
      cards: [
        { catalog: 'test-eden', copies: 4 },
        { catalog: 'exorcist', copies: 4 },
      ],
    },
    examples: () => [sampleDeck()],
    choices: registerDeckChoices,
    turn: 'any',
    phases: ['setup'],
    secretParams: true,
    decide: (d, params) => registerDeck(d, params),
  }),
  deal: cpDecision<CpNoParams>({
    summary: { en: 'Draw the opening 15 cards', ru: 'Взять 15 карт' },
    params: CpNoParams,
    example: {},
    examples: nothing,
    turn: 'any',
    phases: ['setup'],
    decide: (d) => deal(d),
  }),
  redeal: cpDecision<CpNoParams>({
    summary: {
      en: 'Redeal: return the hand, shuffle, draw 3 fewer (at most 3 times)',
      ru: 'Пересдача: вернуть карты, перемешать, взять на 3 меньше (не более 3 раз)',
    },
    params: CpNoParams,
    example: {},
    examples: nothing,
    turn: 'any',
    phases: ['setup'],
    decide: (d) => redeal(d),
  }),
  'setup-spend': cpDecision<CpSetupSpendParams>({
    summary: {
      en: 'Spend the 25 setup resources on ships and objects (face down); the rest become action tokens',
      ru: 'Потратить 25 ресурсов на корабли и объекты (рубашкой вверх); остаток — фишки действия',
    },
    params: CpSetupSpendParams,
    example: { builds: [{ card: 'red-c18', pay: 5 }] },
    examples: setupBuilds,
    choices: setupSpendChoices,
    turn: 'any',
    phases: ['setup'],
    decide: (d, params) => setupSpend(d, params),
  }),
  'roll-initiative': cpDecision<CpInitiativeRollParams>({
    summary: { en: 'Roll D6 for a tied initiative', ru: 'Бросить D6 при равной инициативе' },
    params: CpInitiativeRollParams,
    example: { faces: [4, 2] },
    turn: 'any',
    phases: ['initiative'],
    decide: (d, { faces }) => rollForInitiative(d, faces),
  }),
  deploy: cpDecision<CpDeployParams>({
    summary: {
      en: 'Deploy: turn built cards face up, place fleets and the Commander, set the hand to 7',
      ru: 'Расстановка: открыть построенные карты, разместить флоты и Командора, довести руку до 7',
    },
    params: CpDeployParams,
    example: { ships: [{ card: 'red-c18', to: 'new' }], commander: 'red-c18' },
    examples: deployments,
    choices: deployChoices,
    turn: 'active',
    phases: ['deploy'],
    decide: (d, params) => deploy(d, params),
  }),
};
