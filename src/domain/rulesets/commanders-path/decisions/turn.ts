import { own } from '../../../shared/id-record';
import { tableEvent } from '../../../table/table-events';
import type { Piece } from '../../../table/table';
import type { CardDef } from '../cp-cards';
import { MODIFIABLE_STATS, type ModifiableStat, CARD_KIND_NAMES } from '../cp-cards';
import {
  afterMovement,
  afterProduction,
  beginProduction,
  lowerFirst,
  placeObject,
} from '../cp-flow';
import { RULES } from '../cp-rules-text';
import { refuse } from '../../kit';
import type { LocalizedText } from '../../../shared/localized-text';
import { type CardKind } from '../cp-cards';
import {
  capital,
  cardNamed,
  cardTitle,
  isTapped,
  placeNamed,
  PRODUCTION_STEP_NAMES,
  resourcesCount,
  shownName,
  SHIP_LISTED_TWICE,
  tokensCount,
} from '../cp-words';
import {
  blockadedBy,
  cardDef,
  controllerOf,
  isDestroyed,
  isStation,
  kindOf,
  objectOfOrbit,
  objectsInPlay,
  shipsAt,
  statsOf,
  T,
  Z,
  cpDecision,
  type CpDraft,
  handOf,
  trackValue,
} from '../cp-table';
import { abilitiesInPlay, immediateCommanderCheck } from './victory';
import { moveCommander } from '../cp-commander';
import {
  CpBuyTokensParams,
  CpCardFaceParams,
  CpCardRefParams,
  CpCommercialRunParams,
  CpEndProductionParams,
  CpMoveGroundParams,
  CpMoveShipsParams,
  CpMoveUpgradeParams,
  CpPlayAbilityParams,
  CpProduceParams,
  CpSmugglingRunParams,
  CpUpgradeParams,
  CpMoveCommanderParams,
} from './turn.params';
import { CpNoParams } from './shared.params';
import { cardValues, placeName, nothing, type CpOfferContext } from '../cp-choice-values';
import { both, byName, type ChoicesOf, type FieldChoices } from '../../decision-choices';
import { type CpState } from '../cp-state';

/** Resources, production and movement («Порядок хода», «Фазы и подфазы хода»). */

/** The rules' production order: the step each kind of production belongs to. */
export const PRODUCTION_STEP = {
  ability: 1,
  object: 2,
  ship: 3,
  ground: 4,
  upgrade: 5,
  situation: 6,
  commander: 7,
  tokens: 9,
} as const;

/** Where `ownCard` looks for a card: the seat's own zones. */
const OWN_ZONE = {
  hand: { en: 'hand', ru: 'в вашей руке' },
  upgrades: { en: 'upgrades', ru: 'среди ваших улучшений' },
  situation: { en: 'situation zone', ru: 'в вашей зоне карт обстановки' },
} as const;

/** «Экзорцист: это не карта способностей»: a card of the wrong kind for the decision. */
function notA(def: CardDef, what: LocalizedText): LocalizedText {
  const name = cardTitle(def);
  return { en: `${name.en} is not ${what.en}`, ru: `${name.ru}: это не ${what.ru}` };
}

const ABILITY: LocalizedText = { en: 'an ability card', ru: 'карта способностей' };
const SITUATION: LocalizedText = { en: 'a situation card', ru: 'карта обстановки' };

/** «Экзорцист: это не ваш корабль в игре». */
function notYourShip(name: LocalizedText, where: 'in play' | 'in space'): LocalizedText {
  return {
    en: `${name.en} is not a ship of yours ${where}`,
    ru: `${name.ru}: это не ваш корабль ${where === 'in play' ? 'в игре' : 'в космосе'}`,
  };
}

/** A ship without the property a decision needs («Химера: у корабля нет свойства …»). */
function noProperty(name: LocalizedText, property: LocalizedText): LocalizedText {
  return {
    en: `${name.en} has no ${property.en} property`,
    ru: `${name.ru}: у корабля нет свойства «${property.ru}»`,
  };
}

/** A card kind in a sentence, lower case («военная постройка»). */
function kindWords(kind: string): LocalizedText {
  const name = CARD_KIND_NAMES[kind as CardKind] ?? { en: kind, ru: kind };
  return { en: name.en.toLowerCase(), ru: name.ru.toLowerCase() };
}

// ---------------------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------------------

function ownCard(
  d: CpDraft,
  id: string,
  zone: string,
  where: keyof typeof OWN_ZONE,
): { piece: Piece; def: CardDef } {
  const piece = d.piece(id);
  const name = capital(cardNamed(d, id));
  if (piece.owner !== d.seat || piece.zone !== zone)
    refuse(
      'not_your_card',
      {
        en: `${name.en} is not in your ${OWN_ZONE[where].en}`,
        ru: `${name.ru}: этой карты нет ${OWN_ZONE[where].ru}`,
      },
      RULES.cardText,
    );
  const def = cardDef(d.rs, piece);
  if (!def) refuse('unknown_card', unknownCard(name), RULES.cardText);
  return { piece, def };
}

/** A card of the seat's whose definition its registered deck does not hold. */
function unknownCard(name: LocalizedText): LocalizedText {
  return {
    en: `${name.en} has no known card definition`,
    ru: `${name.ru}: этой карты нет в вашей зарегистрированной колоде`,
  };
}

const NOT_YOUR_PRODUCTION: LocalizedText = {
  en: 'It is not your production',
  ru: 'Сейчас не ваша фаза производства',
};

/** Production decisions follow the rules' order; a later step closes the earlier ones. */
function productionStep(d: CpDraft, step: number): void {
  const production = d.rs.production;
  if (!production || production.seat !== d.seat)
    refuse('not_your_production', NOT_YOUR_PRODUCTION, RULES.productionFirst);
  if (production.step > step) {
    const reached = PRODUCTION_STEP_NAMES[production.step] ?? {
      en: 'this step',
      ru: 'завершение производства',
    };
    refuse(
      'production_order',
      {
        en: `${capital(PRODUCTION_STEP_NAMES[step]).en} come before ${reached.en} in production`,
        ru: `Порядок производства: ${PRODUCTION_STEP_NAMES[step].ru} — раньше, чем ${reached.ru}; этот шаг уже пройден`,
      },
      RULES.productionOrder,
    );
  }
  if (step > production.step) d.own('ProductionStepReached', { seat: d.seat, step });
}

function payResources(d: CpDraft, amount: number, what: LocalizedText): void {
  if (amount <= 0) return;
  const have = d.track(T.resources(d.seat));
  if (have < amount)
    refuse(
      'not_enough_resources',
      {
        en: `${what.en} costs ${resourcesCount(amount).en}; you have ${have}`,
        ru: `${what.ru}: цена — ${resourcesCount(amount).ru}, а у вас ${resourcesCount(have).ru}`,
      },
      RULES.income,
    );
  d.addResources(d.seat, -amount);
}

/** Action tokens paid in production must have been held when the phase began. */
function payTokens(d: CpDraft, amount: number, def: CardDef, ruleRef: string): void {
  if (amount <= 0) return;
  const what = cardTitle(def);
  const have = d.track(T.tokens(d.seat));
  if (have < amount)
    refuse(
      'not_enough_tokens',
      {
        en: `${what.en} costs ${tokensCount(amount).en}; you have ${have}`,
        ru: `${what.ru}: цена — ${tokensCount(amount).ru}, а у вас ${tokensCount(have).ru}`,
      },
      ruleRef,
    );
  const production = d.rs.production;
  if (production && production.seat === d.seat) {
    const left = production.tokensAtStart - production.tokensSpent;
    if (left < amount)
      refuse(
        'tokens_not_held',
        {
          en: `${what.en} costs ${tokensCount(amount).en}; only ${left} were held at the start of production`,
          ru: `${what.ru}: цена — ${tokensCount(amount).ru}, а в производстве тратятся только фишки, что были у вас к его началу; из них осталось ${left}`,
        },
        RULES.tokensAtStart,
      );
  }
  d.addTokens(d.seat, -amount);
  d.own('ActionTokensSpent', { seat: d.seat, count: amount, for: def.name });
}

/** A D6 ≥ N roll cost; true when it succeeds. */
function rollCost(
  d: CpDraft,
  need: number | undefined,
  face: number | undefined,
  what: LocalizedText,
): boolean {
  if (need === undefined) return true;
  const [rolled] = d.rollD6('cp:card-cost', 1, face === undefined ? undefined : [face], what);
  return rolled >= need;
}

/**
 * Where a ship may be placed when built: a new or own sector (no enemy ships), the orbit of
 * an object the seat controls and nobody blockades, or of an enemy object it blockades.
 */
export function placementZone(d: CpDraft, seat: string, to: string, ruleRef: string): string {
  if (to === 'new' || to.startsWith('new:')) return d.newSector();
  const place = capital(placeNamed(d, to));
  if (to.startsWith('sector:')) {
    if (!own(d.table.zones, to)) refuse('unknown_zone', noSector(place), ruleRef);
    if (shipsAt(d.table, to).some((s) => s.owner !== seat))
      refuse(
        'enemy_sector',
        { en: `${place.en} holds enemy ships`, ru: `${place.ru}: там корабли противника` },
        RULES.enemySector,
      );
    return to;
  }
  const object = objectOfOrbit(d.table, to);
  if (!object || isDestroyed(object) || kindOf(object) !== 'object')
    refuse(
      'unknown_zone',
      {
        en: `${place.en} is not the orbit of an object in play`,
        ru: `${place.ru}: это не орбита космического объекта в игре`,
      },
      ruleRef,
    );
  const blockader = blockadedBy(object);
  const ownFree = controllerOf(object) === seat && !blockader;
  const blockadedByMe = controllerOf(object) !== seat && blockader === seat;
  if (!ownFree && !blockadedByMe)
    refuse(
      'placement',
      {
        en: `${place.en}: ships are placed on orbits of objects you control (not blockaded), or of enemy objects you blockade`,
        ru: `${place.ru}: корабли размещают на орбитах объектов, которые вы контролируете и никто не блокирует, или объектов противника, которые блокируете вы`,
      },
      RULES.shipPlacement,
    );
  return to;
}

/** A sector a decision names that is not on the table. */
function noSector(place: LocalizedText): LocalizedText {
  return { en: `There is no sector ${place.en}`, ru: `Такого сектора на столе нет: ${place.ru}` };
}

function resolveMoveTarget(d: CpDraft, to: string): string {
  if (to === 'new' || to.startsWith('new:')) return d.newSector();
  const place = capital(placeNamed(d, to));
  if (to.startsWith('sector:')) {
    if (!own(d.table.zones, to)) refuse('unknown_zone', noSector(place), RULES.movement);
    if (shipsAt(d.table, to).some((s) => s.owner !== d.seat))
      refuse(
        'enemy_sector',
        {
          en: `${place.en} holds an enemy fleet: ships enter it only when a card allows (use a manual adjustment)`,
          ru: `${place.ru}: там флот противника; войти туда можно, только если это позволяет карта (ручной поправкой)`,
        },
        RULES.enemySector,
      );
    return to;
  }
  const object = objectOfOrbit(d.table, to);
  if (!object || isDestroyed(object) || !object.zone.startsWith('objects:'))
    refuse(
      'unknown_zone',
      {
        en: `${place.en} is not a sector or the orbit of an object in play`,
        ru: `${place.ru}: это не сектор и не орбита космического объекта в игре`,
      },
      RULES.movement,
    );
  return to;
}

export function objectCount(d: CpDraft, seat: string): number {
  const held = d.options.objectCapCounts === 'introduced-and-held';
  return objectsInPlay(d.table).filter(
    (o) => o.owner === seat || (held && controllerOf(o) === seat),
  ).length;
}

/** The objects a ground card can stand on: controlled by the seat, not blockaded, of its type. */
function suitableObjects(d: CpDraft, seat: string, card: Piece): Piece[] {
  const placeOn = (card.attrs.placeOn as string[] | undefined) ?? [];
  return objectsInPlay(d.table).filter(
    (o) =>
      controllerOf(o) === seat &&
      !blockadedBy(o) &&
      placeOn.includes(String(o.attrs.objectType)) &&
      !(kindOf(card) === 'ground-unit' && isStation(o)),
  );
}

// ---------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------

function commercialRun(d: CpDraft, { ship, to, escorts = [] }: CpCommercialRunParams): void {
  const seat = d.seat;
  const piece = d.piece(ship);
  const stats = statsOf(piece);
  const name = capital(cardNamed(d, ship));
  if (piece.owner !== seat || kindOf(piece) !== 'ship' || isDestroyed(piece))
    refuse('not_your_ship', notYourShip(name, 'in play'), RULES.commercialRun);
  if (!stats.commercialRun)
    refuse(
      'no_commercial_run',
      noProperty(name, { en: 'commercial run', ru: 'коммерческий рейс' }),
      RULES.commercialRun,
    );
  if (piece.status === 'tapped') refuse('tapped', isTapped(name), RULES.tap);
  const from = objectOfOrbit(d.table, piece.zone);
  if (!from || controllerOf(from) !== seat)
    refuse(
      'run_start',
      {
        en: `${name.en} must start the resource phase on the orbit of an object you control`,
        ru: `${name.ru}: корабль должен начать фазу получения ресурсов на орбите объекта, который вы контролируете`,
      },
      RULES.commercialStart,
    );
  const target = d.piece(to);
  if (target.id === from.id)
    refuse(
      'run_target',
      { en: 'A run goes to another object', ru: 'Рейс совершают к другому объекту' },
      RULES.commercialRun,
    );
  if (
    kindOf(target) !== 'object' ||
    isDestroyed(target) ||
    controllerOf(target) !== seat ||
    blockadedBy(target)
  ) {
    const goal = capital(cardNamed(d, to));
    refuse(
      'run_target',
      {
        en: `${goal.en} must be another object you control and nobody blockades`,
        ru: `${goal.ru}: цель рейса — другой объект, который вы контролируете и никто не блокирует`,
      },
      RULES.commercialRun,
    );
  }
  for (const escort of escorts) {
    const e = d.piece(escort);
    const escortName = capital(cardNamed(d, escort));
    if (e.owner !== seat || e.zone !== piece.zone || kindOf(e) !== 'ship' || e.status === 'tapped')
      refuse(
        'escort',
        {
          en: `${escortName.en} must be an untapped ship of the same fleet`,
          ru: `${escortName.ru}: эскорт — это неповернутый корабль того же флота`,
        },
        RULES.escort,
      );
    if (!statsOf(e).escort)
      refuse('escort', noProperty(escortName, { en: 'escort', ru: 'эскорт' }), RULES.escort);
  }
  const ships = [ship, ...escorts];
  d.moveShips(seat, ships, Z.orbit(target.id));
  for (const s of ships) d.tap(s);
  const gain = stats.commercialRun;
  d.addRuns(seat, 1);
  if (gain.resources) d.addResources(seat, gain.resources);
  if (gain.actionTokens) d.addTokens(seat, gain.actionTokens);
  d.own('CommercialRunCompleted', {
    seat,
    ship,
    from: from.id,
    to: target.id,
    escorts,
    resources: gain.resources,
    actionTokens: gain.actionTokens,
    runTokens: d.track(T.runs(seat)),
    ruleRef: RULES.commercialRun,
  });
}

function smugglingRun(d: CpDraft, { ship, target, face }: CpSmugglingRunParams): void {
  const seat = d.seat;
  const piece = d.piece(ship);
  const stats = statsOf(piece);
  const name = capital(cardNamed(d, ship));
  if (piece.owner !== seat || kindOf(piece) !== 'ship' || isDestroyed(piece))
    refuse('not_your_ship', notYourShip(name, 'in play'), RULES.smuggling);
  if (!stats.smuggling)
    refuse(
      'no_smuggling',
      noProperty(name, { en: 'smuggling', ru: 'контрабандный рейс' }),
      RULES.smuggling,
    );
  if (piece.status === 'tapped') refuse('tapped', isTapped(name), RULES.tap);
  const from = objectOfOrbit(d.table, piece.zone);
  if (!from || controllerOf(from) !== seat)
    refuse(
      'run_start',
      {
        en: `${name.en} must be on the orbit of an object you control`,
        ru: `${name.ru}: корабль должен быть на орбите объекта, который вы контролируете`,
      },
      RULES.commercialStart,
    );
  const object = d.piece(target);
  const enemy = controllerOf(object) !== seat;
  if (kindOf(object) !== 'object' || isDestroyed(object) || !(enemy || blockadedBy(object))) {
    const goal = capital(cardNamed(d, target));
    refuse(
      'smuggling_target',
      {
        en: `${goal.en} must be an enemy object in play, or your own blockaded object`,
        ru: `${goal.ru}: цель — объект противника в игре или ваш объект под блокадой`,
      },
      RULES.smugglingTarget,
    );
  }
  d.tap(ship);
  const [rolled] = d.rollD6('cp:smuggling', 1, face === undefined ? undefined : [face], {
    en: 'Smuggling run',
    ru: 'Контрабандный рейс',
  });
  const success = rolled >= 4;
  const gain = stats.commercialRun ?? { resources: 0, actionTokens: 0 };
  if (success) {
    d.addRuns(seat, 1);
    if (gain.resources) d.addResources(seat, gain.resources);
    if (gain.actionTokens) d.addTokens(seat, gain.actionTokens);
  } else {
    d.destroy([ship], 'smuggling: intercepted');
  }
  d.own('SmugglingRunResolved', {
    seat,
    ship,
    target,
    face: rolled,
    need: 4,
    success,
    ...(success ? { resources: gain.resources, actionTokens: gain.actionTokens } : {}),
    ruleRef: RULES.smuggling,
  });
  immediateCommanderCheck(d);
}

function endResources(d: CpDraft): void {
  if (d.rs.resourcesDone.includes(d.seat))
    refuse(
      'already_done',
      {
        en: 'You have finished the resource phase',
        ru: 'Вы уже завершили получение ресурсов',
      },
      RULES.income,
    );
  d.own('ResourcesDone', { seat: d.seat });
  if (d.seats.every((s) => d.rs.resourcesDone.includes(s))) beginProduction(d, lowerFirst(d)[0]);
}

// ---------------------------------------------------------------------------------------
// Production
// ---------------------------------------------------------------------------------------

const GROUND_KINDS = new Set(['ground-unit', 'military-building', 'civil-building']);

function produce(d: CpDraft, { card, pay, to }: CpProduceParams): void {
  const seat = d.seat;
  const piece = d.piece(card);
  const name = capital(cardNamed(d, card));
  if (piece.owner !== seat || (piece.zone !== Z.hand(seat) && piece.zone !== Z.production(seat)))
    refuse(
      'not_your_card',
      {
        en: `${name.en} is not in your hand or production zone`,
        ru: `${name.ru}: этой карты нет ни в вашей руке, ни в зоне производства`,
      },
      RULES.partialBuild,
    );
  if (piece.attrs.built === true)
    refuse(
      'already_built',
      { en: `${name.en} is already built`, ru: `${name.ru}: карта уже построена` },
      RULES.partialBuild,
    );
  const def = cardDef(d.rs, piece);
  if (!def) refuse('unknown_card', unknownCard(name), RULES.cardText);
  const title = cardTitle(def);
  const step =
    def.kind === 'object'
      ? PRODUCTION_STEP.object
      : def.kind === 'ship'
        ? PRODUCTION_STEP.ship
        : GROUND_KINDS.has(def.kind)
          ? PRODUCTION_STEP.ground
          : refuse(
              'not_produced',
              {
                en: `${title.en} is a ${kindWords(def.kind).en} card: it is played, not produced`,
                ru: `${title.ru}: это ${kindWords(def.kind).ru}; её разыгрывают, а не производят`,
              },
              RULES.productionOrder,
            );
  productionStep(d, step);
  const tokens = typeof piece.attrs.tokens === 'number' ? piece.attrs.tokens : 0;
  if (tokens + pay > def.cost)
    refuse(
      'overpaid',
      {
        en: `${title.en} costs ${def.cost}; ${tokens} paid already, ${pay} more is too much`,
        ru: `${title.ru}: цена — ${resourcesCount(def.cost).ru}, вложено уже ${tokens}, ещё ${pay} — это больше цены`,
      },
      RULES.partialBuild,
    );
  const complete = tokens + pay === def.cost;
  if (complete && def.kind === 'object' && objectCount(d, seat) >= 7)
    refuse(
      'object_cap',
      {
        en: 'You already have 7 object cards in play: an 8th cannot be built',
        ru: 'У вас в игре уже 7 карт космических объектов: восьмую построить нельзя',
      },
      RULES.objectCap,
    );
  payResources(d, pay, title);
  if (piece.zone !== Z.production(seat))
    d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.production(seat) }));
  if (!complete) {
    d.emit(
      tableEvent('PieceChanged', { piece: card, attrs: { tokens: tokens + pay, faceDown: true } }),
    );
    d.own('ProductionProgressed', {
      seat,
      piece: card,
      paid: pay,
      tokens: tokens + pay,
      complete: false,
      step,
      ruleRef: RULES.partialBuild,
    });
    return;
  }
  d.emit(tableEvent('PieceChanged', { piece: card, attrs: { tokens: null, faceDown: null } }));
  d.reveal(seat, [d.piece(card)], 'built');
  d.own('ProductionProgressed', {
    seat,
    piece: card,
    paid: pay,
    tokens: def.cost,
    complete: true,
    step,
    name: def.name,
    cost: def.cost,
  });
  const built = d.piece(card);
  if (def.kind === 'object') {
    placeObject(d, seat, built);
    return;
  }
  if (def.kind === 'ship') {
    if (!to)
      refuse(
        'placement_required',
        {
          en: `${title.en} is built: say where it is placed (to)`,
          ru: `${title.ru}: корабль построен — укажите, где его разместить`,
        },
        RULES.shipPlacement,
      );
    d.moveShips(seat, [card], placementZone(d, seat, to, RULES.shipPlacement));
    return;
  }
  const suitable = suitableObjects(d, seat, built);
  if (suitable.length === 0) {
    d.destroy([card], 'no suitable object');
    d.own('GroundCardLost', { seat, piece: card, ruleRef: RULES.groundPlacement });
    return;
  }
  const target = suitable.find((o) => o.id === to);
  if (!target) {
    const places = suitable.map(shownName);
    refuse(
      'ground_placement',
      {
        en: `${title.en} goes on one of ${places.map((p) => p.en).join(', ')} (to)`,
        ru: `${title.ru}: разместите карту на одном из объектов: ${places.map((p) => p.ru).join(', ')}`,
      },
      RULES.groundPlacementProduction,
    );
  }
  d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.surface(target.id) }));
  d.emit(tableEvent('PieceChanged', { piece: card, attrs: { host: target.id } }));
}

function playAbility(d: CpDraft, { card, variant, replace }: CpPlayAbilityParams): void {
  const seat = d.seat;
  productionStep(d, PRODUCTION_STEP.ability);
  const { def } = ownCard(d, card, Z.hand(seat), 'hand');
  if (def.kind !== 'ability') refuse('not_an_ability', notA(def, ABILITY), RULES.abilityVariant);
  const inPlay = abilitiesInPlay(d.table, seat);
  if (inPlay.length >= 3 && !replace)
    refuse(
      'abilities_full',
      {
        en: 'Your Commander carries 3 abilities: name the one that goes to Losses (replace)',
        ru: 'На вашем Командоре уже 3 карты способностей: укажите, какая из них уйдёт в потери',
      },
      RULES.abilityFourth,
    );
  if (replace && !inPlay.some((a) => a.piece === replace)) {
    const replaced = capital(cardNamed(d, replace));
    refuse(
      'not_in_play',
      {
        en: `${replaced.en} is not an ability on your Commander`,
        ru: `${replaced.ru}: этой карты способностей нет на вашем Командоре`,
      },
      RULES.abilityFourth,
    );
  }
  if (replace && inPlay.length < 3)
    refuse(
      'abilities_not_full',
      {
        en: 'The Commander has room for it: nothing is replaced below 3 abilities',
        ru: 'На Командоре есть место: пока карт способностей меньше трёх, ни одну не заменяют',
      },
      RULES.abilitiesMax,
    );
  payResources(d, def.cost, cardTitle(def));
  payTokens(d, def.actionCost ?? 0, def, RULES.tokensAtStart);
  d.reveal(seat, [d.piece(card)], 'ability');
  d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.situation(seat) }));
  d.emit(tableEvent('PieceChanged', { piece: card, attrs: { variant } }));
  if (replace) d.destroy([replace], 'ability replaced');
  d.own('AbilityPlayed', {
    seat,
    piece: card,
    name: def.name,
    variant,
    text: def.variants?.[variant]?.text ?? '',
    ...(replace ? { replaced: replace } : {}),
    ruleRef: replace ? RULES.abilityFourth : RULES.abilityVariant,
  });
}

function applyModifiers(
  d: CpDraft,
  target: Piece,
  modifiers: Partial<Record<ModifiableStat, number>>,
  sign: 1 | -1,
): void {
  const attrs: Record<string, unknown> = {};
  for (const stat of MODIFIABLE_STATS) {
    const delta = (modifiers[stat] ?? 0) * sign;
    if (!delta) continue;
    if (stat === 'shieldPower') {
      const shield = target.attrs.shield as { type: string; power: number } | undefined;
      if (shield) attrs.shield = { ...shield, power: Math.max(0, shield.power + delta) };
    } else if (stat === 'crew') {
      const crew = target.attrs.crew as { quality: string; count: number } | undefined;
      if (crew) attrs.crew = { ...crew, count: Math.max(0, crew.count + delta) };
    } else {
      const current = typeof target.attrs[stat] === 'number' ? (target.attrs[stat] as number) : 0;
      attrs[stat] = Math.max(0, current + delta);
    }
  }
  if (Object.keys(attrs).length > 0)
    d.emit(tableEvent('PieceChanged', { piece: target.id, attrs }));
}

function upgradeTarget(d: CpDraft, upgrade: CardDef, targetId: string, exclude?: string): Piece {
  const target = d.piece(targetId);
  const host = capital(cardNamed(d, targetId));
  const title = cardTitle(upgrade);
  if (
    target.owner !== d.seat ||
    isDestroyed(target) ||
    !target.attrs.kind ||
    target.zone.startsWith('production:') ||
    target.zone.startsWith('hand:')
  )
    refuse(
      'upgrade_target',
      {
        en: `${host.en} is not a built card of yours`,
        ru: `${host.ru}: это не ваша построенная карта`,
      },
      RULES.upgradeTarget,
    );
  if (kindOf(target) !== upgrade.upgradeFor) {
    const wanted = kindWords(upgrade.upgradeFor ?? '');
    const found = kindWords(kindOf(target));
    refuse(
      'upgrade_target',
      {
        en: `${title.en} goes under a ${wanted.en} card, not a ${found.en}`,
        ru: `${title.ru}: это улучшение кладут под карту вида «${wanted.ru}», а ${host.ru} — ${found.ru}`,
      },
      RULES.upgradeTarget,
    );
  }
  const same = Object.values(d.table.pieces).some(
    (p) =>
      p.id !== exclude &&
      p.attrs.attachedTo === targetId &&
      p.attrs.name === upgrade.name &&
      !isDestroyed(p),
  );
  if (same)
    refuse(
      'upgrade_twice',
      {
        en: `${host.en} already has "${title.en}"`,
        ru: `${host.ru}: под этой картой уже есть такое улучшение (${title.ru})`,
      },
      RULES.upgradeSame,
    );
  return target;
}

function playUpgrade(d: CpDraft, { card, target }: CpUpgradeParams): void {
  productionStep(d, PRODUCTION_STEP.upgrade);
  const { def } = ownCard(d, card, Z.hand(d.seat), 'hand');
  if (def.kind !== 'upgrade')
    refuse(
      'not_an_upgrade',
      notA(def, { en: 'an upgrade', ru: 'карта улучшения' }),
      RULES.upgradeTarget,
    );
  const host = upgradeTarget(d, def, target);
  payResources(d, def.cost, cardTitle(def));
  payTokens(d, def.actionCost ?? 0, def, RULES.tokensAtStart);
  d.reveal(d.seat, [d.piece(card)], 'upgrade');
  d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.attached(d.seat) }));
  d.emit(tableEvent('PieceChanged', { piece: card, attrs: { attachedTo: target } }));
  applyModifiers(d, host, def.modifiers ?? {}, 1);
  d.own('UpgradeAttached', {
    seat: d.seat,
    piece: card,
    name: def.name,
    target,
    ruleRef: RULES.upgradeTarget,
  });
}

function moveUpgrade(d: CpDraft, { upgrade, to }: CpMoveUpgradeParams): void {
  productionStep(d, PRODUCTION_STEP.upgrade);
  const { piece, def } = ownCard(d, upgrade, Z.attached(d.seat), 'upgrades');
  const from = String(piece.attrs.attachedTo);
  const host = upgradeTarget(d, def, to, upgrade);
  const old = own(d.table.pieces, from);
  if (old && !isDestroyed(old)) applyModifiers(d, old, def.modifiers ?? {}, -1);
  d.emit(tableEvent('PieceChanged', { piece: upgrade, attrs: { attachedTo: to } }));
  applyModifiers(d, host, def.modifiers ?? {}, 1);
  d.own('UpgradeMoved', { seat: d.seat, piece: upgrade, from, to, ruleRef: RULES.upgradeMove });
}

function playSituation(d: CpDraft, { card, face }: CpCardFaceParams): void {
  productionStep(d, PRODUCTION_STEP.situation);
  const { def } = ownCard(d, card, Z.hand(d.seat), 'hand');
  if (def.kind !== 'situation') refuse('not_a_situation', notA(def, SITUATION), RULES.situation);
  payResources(d, def.cost, cardTitle(def));
  payTokens(d, def.actionCost ?? 0, def, RULES.tokensAtStart);
  d.reveal(d.seat, [d.piece(card)], 'situation');
  const success = rollCost(d, def.rollCost, face, cardTitle(def));
  if (!success && d.options.failedCardRoll === 'back-to-hand') {
    d.own('SituationFailed', {
      seat: d.seat,
      piece: card,
      need: def.rollCost,
      back: true,
      ruleRef: RULES.situation,
    });
    return;
  }
  if (!success) {
    d.destroy([card], 'situation roll failed');
    d.own('SituationFailed', {
      seat: d.seat,
      piece: card,
      need: def.rollCost,
      ruleRef: RULES.situation,
    });
    return;
  }
  d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.situation(d.seat) }));
  d.own('SituationPlayed', { seat: d.seat, piece: card, name: def.name, ruleRef: RULES.situation });
}

function discardSituation(d: CpDraft, { card }: CpCardRefParams): void {
  productionStep(d, PRODUCTION_STEP.situation);
  const { def } = ownCard(d, card, Z.situation(d.seat), 'situation');
  if (def.kind !== 'situation')
    refuse('not_a_situation', notA(def, SITUATION), RULES.situationDiscard);
  d.destroy([card], 'situation discarded');
  d.own('SituationDiscarded', { seat: d.seat, piece: card, ruleRef: RULES.situationDiscard });
}

function buyTokens(d: CpDraft, { count }: CpBuyTokensParams): void {
  productionStep(d, PRODUCTION_STEP.tokens);
  payResources(d, count, capital(tokensCount(count)));
  d.addTokens(d.seat, count);
  d.own('ActionTokensBought', { seat: d.seat, count, ruleRef: RULES.buyTokens });
}

function endProduction(d: CpDraft, { discardAbility }: CpEndProductionParams): void {
  const seat = d.seat;
  productionStep(d, 10);
  if (discardAbility) {
    const { def } = ownCard(d, discardAbility, Z.hand(seat), 'hand');
    if (def.kind !== 'ability') refuse('not_an_ability', notA(def, ABILITY), RULES.abilityDiscard);
    d.reveal(seat, [d.piece(discardAbility)], 'ability discarded');
    d.destroy([discardAbility], 'ability discarded for an action token');
    d.addTokens(seat, 1);
  }
  const repairs: { piece: string; removed: number }[] = [];
  for (const piece of Object.values(d.table.pieces)) {
    if (isDestroyed(piece) || piece.owner !== seat) continue;
    if (kindOf(piece) === 'object' && isStation(piece) && controllerOf(piece) === seat) {
      const damage = statsOf(piece).damage;
      if (damage > 0) {
        const removed = Math.min(5, damage);
        d.emit(
          tableEvent('PieceChanged', { piece: piece.id, attrs: { damage: damage - removed } }),
        );
        repairs.push({ piece: piece.id, removed });
      }
    }
    if (
      kindOf(piece) === 'ground-unit' &&
      typeof piece.attrs.bombDamage === 'number' &&
      piece.attrs.bombDamage > 0
    ) {
      repairs.push({ piece: piece.id, removed: piece.attrs.bombDamage });
      d.emit(tableEvent('PieceChanged', { piece: piece.id, attrs: { bombDamage: 0 } }));
    }
  }
  const burned = d.track(T.resources(seat));
  if (burned > 0) d.addResources(seat, -burned);
  d.own('ProductionEnded', {
    seat,
    burned,
    repairs,
    ...(discardAbility ? { discardedAbility: discardAbility } : {}),
    ruleRef: RULES.burn,
  });
  afterProduction(d);
}

// ---------------------------------------------------------------------------------------
// Movement
// ---------------------------------------------------------------------------------------

function moveShipsDecision(d: CpDraft, { ships, to }: CpMoveShipsParams): void {
  const seat = d.seat;
  for (const id of ships) {
    const ship = d.piece(id);
    const name = capital(cardNamed(d, id));
    if (
      ship.owner !== seat ||
      kindOf(ship) !== 'ship' ||
      isDestroyed(ship) ||
      !(ship.zone.startsWith('sector:') || ship.zone.startsWith('orbit:'))
    )
      refuse('not_your_ship', notYourShip(name, 'in space'), RULES.movement);
    if (d.rs.lockedShips.includes(id))
      refuse(
        'ship_locked',
        {
          en: `${name.en} made a commercial run this turn and cannot move`,
          ru: `${name.ru}: корабль совершил коммерческий рейс в этот ход и не перемещается`,
        },
        RULES.commercialRun,
      );
  }
  if (new Set(ships).size !== ships.length)
    refuse('duplicate_ship', SHIP_LISTED_TWICE, RULES.movement);
  const target = resolveMoveTarget(d, to);
  d.moveShips(seat, ships, target);
  d.own('ShipsMoved', { seat, ships, to: target });
}

function moveGround(d: CpDraft, { card, to }: CpMoveGroundParams): void {
  const seat = d.seat;
  const piece = d.piece(card);
  const name = capital(cardNamed(d, card));
  if (
    piece.owner !== seat ||
    isDestroyed(piece) ||
    !GROUND_KINDS.has(kindOf(piece)) ||
    !piece.zone.startsWith('surface:')
  )
    refuse(
      'not_your_card',
      {
        en: `${name.en} is not a ground unit or building of yours`,
        ru: `${name.ru}: это не ваш наземный отряд и не ваша постройка`,
      },
      RULES.groundMove,
    );
  if (piece.attrs.builtIn === true)
    refuse(
      'built_in',
      {
        en: `${name.en} is a property of its object and does not move`,
        ru: `${name.ru}: это свойство космического объекта, оно не перемещается`,
      },
      RULES.builtInDestroyed,
    );
  const from = own(d.table.pieces, String(piece.attrs.host));
  if (!from || controllerOf(from) !== seat || blockadedBy(from))
    refuse(
      'ground_move',
      {
        en: `${name.en} stands on an object you do not control freely`,
        ru: `${name.ru}: карта стоит на объекте, который вы не контролируете или который блокирован`,
      },
      RULES.groundMove,
    );
  if (typeof piece.attrs.worksFromTurn === 'number' && piece.attrs.worksFromTurn > d.rs.turn)
    refuse(
      'ground_move',
      {
        en: `${name.en} was taken this turn: it moves from the next turn`,
        ru: `${name.ru}: карта захвачена в этот ход и перемещается только со следующего`,
      },
      RULES.civil,
    );
  const target = suitableObjects(d, seat, piece).find((o) => o.id === to);
  if (!target) {
    const goal = capital(cardNamed(d, to));
    refuse(
      'ground_move',
      {
        en: `${goal.en} is not a suitable object you control and nobody blockades`,
        ru: `${goal.ru}: это не подходящий объект, который вы контролируете и никто не блокирует`,
      },
      RULES.groundMove,
    );
  }
  d.emit(tableEvent('PiecesMoved', { pieces: [card], to: Z.surface(to) }));
  d.emit(tableEvent('PieceChanged', { piece: card, attrs: { host: to } }));
  d.own('GroundCardMoved', { seat, piece: card, from: from.id, to });
}

function endMovement(d: CpDraft): void {
  d.own('MovementEnded', { seat: d.seat });
  afterMovement(d);
}

const inHand = ({ table, seat }: CpOfferContext) =>
  Object.values(table.pieces)
    .filter((p) => p.zone === `hand:${seat}`)
    .map((p) => p.id);

/** A card from hand, paid for with server dice or a reported six. */
const cardFromHand = (ctx: CpOfferContext) =>
  inHand(ctx).flatMap((card) => [{ card }, { card, face: 6 }]);

/** The seat's ships in play (in a sector or on an orbit). */
const myShips = ({ table, seat }: CpOfferContext) =>
  Object.values(table.pieces)
    .filter(
      (p) =>
        p.owner === seat &&
        kindOf(p) === 'ship' &&
        !isDestroyed(p) &&
        (p.zone.startsWith('sector:') || p.zone.startsWith('orbit:')),
    )
    .map((p) => p.id);

const objects = ({ table }: CpOfferContext) => objectsInPlay(table).map((p) => p.id);

const myObjects = (ctx: CpOfferContext) =>
  objectsInPlay(ctx.table)
    .filter((p) => p.zone === `objects:${ctx.seat}`)
    .map((p) => p.id);

/** Where ships may go: a new sector, each sector in play, each object's orbit. */
const destinations = (ctx: CpOfferContext) => [
  'new',
  ...Object.keys(ctx.table.zones).filter((z) => z.startsWith('sector:')),
  ...objects(ctx).map((o) => `orbit:${o}`),
];

const hosts = (ctx: CpOfferContext) => [...myShips(ctx), ...myObjects(ctx)];

const inZone = ({ table }: CpOfferContext, zone: string) =>
  Object.values(table.pieces)
    .filter((p) => p.zone === zone && !isDestroyed(p))
    .map((p) => p.id);

/** Kinds a card of which is produced (the others are played). */
const PRODUCED = new Set(['ship', 'object', 'ground-unit', 'military-building', 'civil-building']);

/**
 * Produce: a ship, object, unit or building from hand or begun in production; what may be
 * paid on it now (what is left of its cost, at most the resources held); where it goes
 * when this completes it (a ship: a new sector or an own free orbit; a ground card: an own
 * object). The decider keeps the places it accepts.
 */
const produceChoices: ChoicesOf<CpState> = (ctx, chosen) => {
  const { table, seat } = ctx;
  const defOf = (p: Piece) => cardDef(ctx.rs, p);
  const cards = [
    ...handOf(table, seat),
    ...Object.values(table.pieces).filter(
      (p) => p.zone === Z.production(seat) && p.attrs.built !== true,
    ),
  ].filter((p) => PRODUCED.has(defOf(p)?.kind ?? ''));
  const paid = (p: Piece) => (typeof p.attrs.tokens === 'number' ? p.attrs.tokens : 0);
  const resources = trackValue(table, T.resources(seat));
  const piece = typeof chosen.card === 'string' ? table.pieces[chosen.card] : undefined;
  const def = piece && cards.includes(piece) ? defOf(piece) : undefined;
  const left = (p: Piece) => (defOf(p)?.cost ?? 0) - paid(p);
  // Before a card is chosen, as much as the dearest card left to pay takes.
  const most = Math.min(resources, def ? left(piece!) : Math.max(0, ...cards.map(left)));
  const fields: FieldChoices[] = [
    {
      path: 'card',
      pick: 'one',
      tried: true,
      values: cardValues(ctx, cards).map((v) => {
        const begun = paid(table.pieces[v.value as string]);
        return begun && v.hint
          ? {
              ...v,
              hint: {
                en: `${v.hint.en}, ${begun} paid`,
                ru: `${v.hint.ru}, оплачено ${begun}`,
              },
            }
          : v;
      }),
    },
    {
      path: 'pay',
      pick: 'one',
      values: Array.from({ length: Math.max(0, most) }, (_, i) => ({
        value: i + 1,
        name: both(String(i + 1)),
        ...(def && i + 1 === def.cost - paid(piece!)
          ? { hint: { en: 'completes it', ru: 'достраивает' } }
          : {}),
      })),
    },
  ];
  const objects = objectsInPlay(table).filter((o) => controllerOf(o) === seat && !blockadedBy(o));
  if (def?.kind === 'ship')
    fields.push({
      path: 'to',
      pick: 'one',
      tried: true,
      values: [
        { value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } },
        ...objects
          .map((o) => ({ value: Z.orbit(o.id), name: placeName(ctx, Z.orbit(o.id)) }))
          .sort(byName()),
      ],
    });
  else if (def && def.kind !== 'object')
    fields.push({ path: 'to', pick: 'one', tried: true, values: cardValues(ctx, objects, false) });
  return fields;
};

/**
 * Move ships: the seat's ships in play (where each stands), then where the fleet may go; the
 * match keeps the ships that may move together and the places the decider accepts.
 */
const moveShipsChoices: ChoicesOf<CpState> = (ctx) => {
  const { table } = ctx;
  const ships = Object.values(table.pieces).filter(
    (p) =>
      p.owner === ctx.seat &&
      kindOf(p) === 'ship' &&
      !isDestroyed(p) &&
      (p.zone.startsWith('sector:') || p.zone.startsWith('orbit:')),
  );
  const objects = objectsInPlay(table);
  const place = (zone: string) => placeName(ctx, zone);
  const shipValues = cardValues(ctx, ships, false).map((v) => ({
    ...v,
    hint: place(table.pieces[v.value as string].zone),
  }));
  const sectors = Object.keys(table.zones)
    .filter((z) => z.startsWith('sector:'))
    .map((z) => ({ value: z, name: place(z) }))
    .sort(byName());
  const orbits = objects
    .map((o) => ({ value: Z.orbit(o.id), name: place(Z.orbit(o.id)) }))
    .sort(byName());
  return [
    { path: 'ships', pick: 'many', min: 1, max: ships.length, tried: true, values: shipValues },
    {
      path: 'to',
      pick: 'one',
      tried: true,
      values: [
        { value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } },
        ...sectors,
        ...orbits,
      ],
    },
  ];
};

function playTactical(d: CpDraft, { card, face, note }: CpCardFaceParams): void {
  const seat = d.seat;
  const { def } = ownCard(d, card, Z.hand(seat), 'hand');
  if (def.kind !== 'tactical')
    refuse(
      'not_tactical',
      notA(def, { en: 'a tactical card', ru: 'тактическая карта' }),
      RULES.tactical,
    );
  payTokens(d, def.actionCost ?? 0, def, RULES.tactical);
  d.reveal(seat, [d.piece(card)], 'tactical');
  const success = rollCost(d, def.rollCost, face, cardTitle(def));
  if (!success && d.options.failedCardRoll === 'back-to-hand') {
    d.own('TacticalCardFailed', {
      seat,
      piece: card,
      need: def.rollCost,
      back: true,
      ruleRef: RULES.tactical,
    });
    return;
  }
  d.destroy([card], success ? 'tactical card played' : 'tactical card roll failed');
  d.own(success ? 'TacticalCardPlayed' : 'TacticalCardFailed', {
    seat,
    piece: card,
    name: def.name,
    text: def.text ?? '',
    actionTokens: def.actionCost ?? 0,
    ...(def.rollCost !== undefined ? { need: def.rollCost } : {}),
    ...(note ? { note } : {}),
    ruleRef: success ? RULES.tacticalEffect : RULES.tactical,
  });
}

const tacticalDecision = cpDecision<CpCardFaceParams>({
  summary: {
    en: 'Play a tactical card (pay tokens / roll; its effect is applied with manual adjustments)',
    ru: 'Сыграть тактическую карту (фишки / бросок; эффект — ручными поправками)',
  },
  params: CpCardFaceParams,
  example: { card: 'red-c28', face: 4, note: 'Ship red-c18 repairs 2 damage' },
  examples: cardFromHand,
  turn: 'any',
  decide: (d, p) => playTactical(d, p),
});

export const turnDecisions = {
  'commercial-run': cpDecision<CpCommercialRunParams>({
    summary: { en: 'Commercial run (with escorts)', ru: 'Коммерческий рейс (с эскортом)' },
    params: CpCommercialRunParams,
    example: { ship: 'red-c18', to: 'red-c3' },
    examples: (ctx) => myShips(ctx).flatMap((ship) => objects(ctx).map((to) => ({ ship, to }))),
    turn: 'active',
    phases: ['resources'],
    decide: (d, p) => commercialRun(d, p),
  }),
  'smuggling-run': cpDecision<CpSmugglingRunParams>({
    summary: { en: 'Smuggling run (D6 4+)', ru: 'Контрабандный рейс (D6 4+)' },
    params: CpSmugglingRunParams,
    example: { ship: 'red-c18', target: 'blue-c7', face: 5 },
    examples: (ctx) =>
      myShips(ctx).flatMap((ship) =>
        objects(ctx).flatMap((target) => [
          { ship, target },
          { ship, target, face: 6 },
        ]),
      ),
    turn: 'active',
    phases: ['resources'],
    decide: (d, p) => smugglingRun(d, p),
  }),
  'end-resources': cpDecision<CpNoParams>({
    summary: { en: 'Finish the resource phase', ru: 'Завершить получение ресурсов' },
    params: CpNoParams,
    example: {},
    examples: nothing,
    turn: 'active',
    phases: ['resources'],
    decide: (d) => endResources(d),
  }),
  produce: cpDecision<CpProduceParams>({
    summary: {
      en: 'Produce a card (partly, with production tokens)',
      ru: 'Производство карты (частично — фишками)',
    },
    params: CpProduceParams,
    example: { card: 'red-c21', pay: 3, to: 'sector:1' },
    examples: (ctx) =>
      [...inHand(ctx), ...inZone(ctx, `production:${ctx.seat}`)].flatMap((card) => [
        { card, pay: 1 },
        ...['new', ...myObjects(ctx)].map((to) => ({ card, pay: 1, to })),
      ]),
    choices: produceChoices,
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => produce(d, p),
  }),
  'play-ability': cpDecision<CpPlayAbilityParams>({
    summary: {
      en: 'Play an ability on the Commander',
      ru: 'Сыграть карту способностей на Командора',
    },
    params: CpPlayAbilityParams,
    example: { card: 'red-c30', variant: 0 },
    examples: (ctx) =>
      inHand(ctx).flatMap((card) => [
        { card, variant: 0 },
        { card, variant: 1 },
      ]),
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => playAbility(d, p),
  }),
  'play-upgrade': cpDecision<CpUpgradeParams>({
    summary: { en: 'Play an upgrade under a built card', ru: 'Сыграть улучшение' },
    params: CpUpgradeParams,
    example: { card: 'red-c25', target: 'red-c18' },
    examples: (ctx) =>
      inHand(ctx).flatMap((card) => hosts(ctx).map((target) => ({ card, target }))),
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => playUpgrade(d, p),
  }),
  'move-upgrade': cpDecision<CpMoveUpgradeParams>({
    summary: { en: 'Move an upgrade to another card', ru: 'Переместить улучшение' },
    params: CpMoveUpgradeParams,
    example: { upgrade: 'red-c25', to: 'red-c19' },
    examples: (ctx) =>
      inZone(ctx, `attached:${ctx.seat}`).flatMap((upgrade) =>
        hosts(ctx).map((to) => ({ upgrade, to })),
      ),
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => moveUpgrade(d, p),
  }),
  'play-situation': cpDecision<CpCardFaceParams>({
    summary: { en: 'Play a situation card', ru: 'Сыграть карту обстановки' },
    params: CpCardFaceParams,
    example: { card: 'red-c27', face: 5 },
    examples: cardFromHand,
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => playSituation(d, p),
  }),
  'discard-situation': cpDecision<CpCardRefParams>({
    summary: {
      en: 'Put an own situation card into Losses',
      ru: 'Поместить свою карту обстановки в потери',
    },
    params: CpCardRefParams,
    example: { card: 'red-c27' },
    examples: (ctx) => inZone(ctx, `situation:${ctx.seat}`).map((card) => ({ card })),
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => discardSituation(d, p),
  }),
  'move-commander': cpDecision<CpMoveCommanderParams>({
    summary: {
      en: 'Move the Commander (production, or the start of a battle phase)',
      ru: 'Переместить Командора (производство или начало фазы сражения)',
    },
    params: CpMoveCommanderParams,
    example: { to: 'red-c19' },
    examples: (ctx) => hosts(ctx).map((to) => ({ to })),
    turn: 'any',
    phases: ['production', 'battle'],
    decide(d, p) {
      if (d.table.turn.phase === 'production') {
        if (!d.table.turn.active.includes(d.seat))
          refuse('not_your_production', NOT_YOUR_PRODUCTION, RULES.productionFirst);
        productionStep(d, PRODUCTION_STEP.commander);
      }
      moveCommander(d, p.to);
    },
  }),
  'buy-action-tokens': cpDecision<CpBuyTokensParams>({
    summary: { en: 'Buy action tokens 1:1', ru: 'Купить фишки действия 1:1' },
    params: CpBuyTokensParams,
    example: { count: 1 },
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => buyTokens(d, p),
  }),
  'end-production': cpDecision<CpEndProductionParams>({
    summary: {
      en: 'Finish production (station and ground damage removed; unspent resources burn)',
      ru: 'Завершить производство (ремонт станций и отрядов; остаток ресурсов сгорает)',
    },
    params: CpEndProductionParams,
    example: { discardAbility: 'red-c31' },
    examples: (ctx) => [{}, ...inHand(ctx).map((discardAbility) => ({ discardAbility }))],
    turn: 'active',
    phases: ['production'],
    decide: (d, p) => endProduction(d, p),
  }),
  'move-ships': cpDecision<CpMoveShipsParams>({
    summary: { en: 'Move ships', ru: 'Переместить корабли' },
    params: CpMoveShipsParams,
    example: { ships: ['red-c18', 'red-c19'], to: 'orbit:blue-c7' },
    examples: (ctx) =>
      myShips(ctx).flatMap((ship) => destinations(ctx).map((to) => ({ ships: [ship], to }))),
    choices: moveShipsChoices,
    turn: 'active',
    phases: ['movement'],
    decide: (d, p) => moveShipsDecision(d, p),
  }),
  'move-ground': cpDecision<CpMoveGroundParams>({
    summary: { en: 'Move a ground unit or building', ru: 'Переместить отряд или постройку' },
    params: CpMoveGroundParams,
    example: { card: 'red-c22', to: 'red-c3' },
    examples: (ctx) =>
      Object.values(ctx.table.pieces)
        .filter((p) => p.owner === ctx.seat && kindOf(p) === 'ground' && !isDestroyed(p))
        .flatMap((p) => objects(ctx).map((to) => ({ card: p.id, to }))),
    turn: 'active',
    phases: ['movement'],
    decide: (d, p) => moveGround(d, p),
  }),
  'end-movement': cpDecision<CpNoParams>({
    summary: {
      en: 'Finish movement: the battle phase follows',
      ru: 'Завершить перемещение: начинается фаза сражения',
    },
    params: CpNoParams,
    example: {},
    examples: nothing,
    turn: 'active',
    phases: ['movement'],
    decide: (d) => endMovement(d),
  }),
  'play-tactical': tacticalDecision,
};
