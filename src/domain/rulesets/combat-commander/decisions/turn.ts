import { own } from '../../../shared/id-record';
import type { LocalizedText } from '../../../shared/localized-text';
import type { Piece } from '../../../table/table';
import {
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../../decision-choices';
import { cardWord } from '../cc-cards';
import { isUnit, pieceOnMap, piecesOf, values, type Ctx } from '../cc-choice-values';
import type { AvailabilityContext, DecisionSpec } from '../../ruleset';
import {
  ccDecision,
  cardOf,
  cardsIn,
  opponentOf,
  pieceLabel,
  pieceNames,
  sideOf,
  triggerWaiting,
  UNIT_KINDS,
  Z,
  type CcDraft,
} from '../cc-draft';
import { hexDistance, hexOfZone } from '../cc-map';
import { RULES } from '../cc-rules-text';
import type { CcState } from '../cc-state';
import { CcActionParams, CcDiscardParams, CcNoParams, CcOrderParams } from './turn.params';

/**
 * The Turn [5]: the active player gives one or more Orders (at most the order capability,
 * each unit activated once) or discards zero or more cards; Actions by either player where
 * the option allows; at the end of one's own Turn the hand is filled up to its size.
 */

function beginTurn(d: CcDraft, seat: string): void {
  const number = (d.rs.turn?.number ?? 0) + 1;
  d.on('PhaseStarted', { phase: 'turn', active: [seat] });
  d.own('TurnBegan', { seat, number });
}

/** The end of one's own Turn: draw up to the hand size [1.1]; the other player's Turn begins. */
function endTurn(d: CcDraft): void {
  const seat = d.seat;
  const side = sideOf(d.rs, seat);
  const missing = Math.max(0, (side?.handSize ?? 0) - d.handOf(seat).length);
  const drew = d.drawToHand(seat, missing);
  d.own('TurnEnded', { seat, orders: d.rs.turn?.orders ?? 0, drew });
  beginTurn(d, opponentOf(d.rs, seat));
}

/** The seat's units on the map not yet activated for an Order this Turn [3.3.1]. */
const activatable = (ctx: Ctx) =>
  piecesOf(
    ctx,
    (p) =>
      p.owner === ctx.seat &&
      isUnit(p) &&
      pieceOnMap(p) &&
      !(ctx.rs.turn?.activated ?? []).includes(p.id),
  );

const command = (p: Readonly<Piece>) => Number(p.attrs.command ?? 0);

/**
 * The Leaders that may activate `units` through their Command [3.3.1.1]: the seat's, on the
 * map, with a Command, not yet activated, reaching every unit under option commandReach.
 */
function leadersFor(ctx: Ctx, units: readonly string[]): Readonly<Piece>[] {
  return activatable(ctx).filter((leader) => {
    if (leader.type !== 'leader' || !(command(leader) > 0)) return false;
    if (ctx.options.commandReach !== 'within-command') return true;
    const at = hexOfZone(leader.zone)!;
    return units.every((id) => {
      const there = own(ctx.table.pieces, id)?.zone;
      const hex = there ? hexOfZone(there) : undefined;
      return id === leader.id || !hex || hexDistance(at, hex) <= command(leader);
    });
  });
}

const commandHint = (p: Readonly<Piece>): LocalizedText => ({
  en: `Command ${command(p)}`,
  ru: `Командование ${command(p)}`,
});

/** The hand's cards, each named by the part played: «Движение», with the card's other words. */
function handValues(ctx: Ctx, cards: readonly string[], part: 'order' | 'action'): ChoiceValue[] {
  const counted = new Map<string, number>();
  const named = cards.map((id) => {
    const c = cardOf(ctx.table, id)!;
    const name =
      part === 'order'
        ? { en: cardWord(c.order, 'en', c.orderTitle), ru: cardWord(c.order, 'ru', c.orderTitle) }
        : {
            en: cardWord(c.action, 'en', c.actionTitle),
            ru: cardWord(c.action, 'ru', c.actionTitle),
          };
    counted.set(name.ru, (counted.get(name.ru) ?? 0) + 1);
    return { id, c, name };
  });
  const seen = new Map<string, number>();
  return named
    .map(({ id, c, name }) => {
      // Cards alike are told apart by their number: «Движение №2».
      const n = (seen.get(name.ru) ?? 0) + 1;
      seen.set(name.ru, n);
      const suffix = (counted.get(name.ru) ?? 0) > 1 ? ` №${n}` : '';
      const other =
        part === 'order'
          ? {
              en: `Action ${cardWord(c.action, 'en', c.actionTitle)}`,
              ru: `Действие «${cardWord(c.action, 'ru', c.actionTitle)}»`,
            }
          : {
              en: `Order ${cardWord(c.order, 'en', c.orderTitle)}`,
              ru: `Приказ «${cardWord(c.order, 'ru', c.orderTitle)}»`,
            };
      return { value: id, name: { en: name.en + suffix, ru: name.ru + suffix }, hint: other };
    })
    .sort(byName());
}

const handOf = (ctx: Ctx) =>
  cardsIn(ctx.table, Z.hand(ctx.seat))
    .filter((p) => cardOf(ctx.table, p.id))
    .map((p) => p.id)
    .sort();

const listed = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** An Order: a card of the hand, the units it activates, the Leader through whose Command. */
const orderChoices: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    { path: 'card', pick: 'one', values: handValues(ctx, handOf(ctx), 'order') },
  ];
  const units = activatable(ctx);
  fields.push({
    path: 'units',
    pick: 'many',
    // A player may be activated without a unit («Подразделение или игрока можно активировать»).
    min: 0,
    max: units.length,
    tried: true,
    values: values(units),
  });
  const leaders = leadersFor(ctx, listed(chosen.units));
  if (leaders.length > 0)
    fields.push({ path: 'leader', pick: 'one', tried: true, values: values(leaders, commandHint) });
  return fields;
};

/** An Action: a card playable now, the seat's pieces it uses, a Leader for Op Fire. */
const actionChoices: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'card',
      pick: 'one',
      tried: true,
      values: handValues(ctx, playableActions(ctx), 'action'),
    },
  ];
  const card = typeof chosen.card === 'string' ? cardOf(ctx.table, chosen.card) : undefined;
  if (!card) return fields;
  const pieces = piecesOf(
    ctx,
    (p) =>
      p.owner === ctx.seat &&
      p.type !== 'fate-card' &&
      p.status !== 'destroyed' &&
      (isUnit(p) || p.status !== 'broken') &&
      (hexOfZone(p.zone) !== undefined || !isUnit(p)),
  );
  fields.push({
    path: 'pieces',
    pick: 'many',
    min: 0,
    max: Math.min(20, pieces.length),
    tried: true,
    values: values(pieces),
  });
  if (card.action.toLowerCase() === 'fire') {
    const leaders = leadersFor(ctx, listed(chosen.pieces));
    if (leaders.length > 0)
      fields.push({
        path: 'leader',
        pick: 'one',
        tried: true,
        values: values(leaders, commandHint),
      });
  }
  return fields;
};

/** A discard: any cards of the hand, none at all too. */
const discardChoices: ChoicesOf<CcState> = (ctx) => {
  const hand = handOf(ctx);
  return [
    {
      path: 'cards',
      pick: 'many',
      min: 0,
      max: hand.length,
      values: handValues(ctx, hand, 'order'),
    },
  ];
};

export const turnDecisions: Record<string, DecisionSpec<CcState, never>> = {
  begin: ccDecision({
    summary: {
      en: 'Shuffle the Fate decks and deal the hands',
      ru: 'Перемешать колоды Судьбы и раздать руки',
    },
    params: CcNoParams,
    example: {},
    turn: 'any',
    available: (ctx) => !ctx.rs.begun && ctx.rs.sides.some((s) => s.seat === ctx.seat),
    decide(d) {
      if (d.rs.begun)
        d.refuse(
          'already_begun',
          { en: 'The battle has begun', ru: 'Бой уже начался' },
          RULES.handSize,
        );
      for (const side of d.rs.sides) d.shuffle(Z.deck(side.seat));
      // Both players draw at once: the inactive player first.
      for (const side of d.inactiveFirst()) d.drawToHand(side.seat, side.handSize);
      d.own('BattleBegun', { first: d.rs.first });
      d.updateControl();
      beginTurn(d, d.rs.first);
    },
  }),

  order: ccDecision<CcOrderParams>({
    summary: { en: 'Play a card for its Order', ru: 'Сыграть карту как Приказ' },
    params: CcOrderParams,
    examples: (ctx) => {
      const units = Object.values(ctx.table.pieces)
        .filter((p) => p.owner === ctx.seat && UNIT_KINDS.has(p.type) && p.status !== 'destroyed')
        .filter((p) => !(ctx.rs.turn?.activated ?? []).includes(p.id))
        .map((p) => p.id)
        .sort();
      return handCards(ctx.table, ctx.seat)
        .slice(0, 3)
        .map((card) => ({ card, units: units.slice(0, 1) }));
    },
    example: { card: 'axis-fate-07', units: ['de-squad-1'] },
    choices: orderChoices,
    turn: 'active',
    phases: ['turn'],
    turnRuleRef: RULES.ordersOwnTurn,
    available: (ctx) =>
      !triggerWaiting(ctx) &&
      cardsIn(ctx.table, Z.hand(ctx.seat)).length > 0 &&
      (ctx.rs.turn?.orders ?? 0) < (sideOf(ctx.rs, ctx.seat)?.orderCapability ?? 0),
    decide(d, { card, units, leader }) {
      d.requireBegun();
      d.requireNoTrigger();
      const attrs = d.requireInHand(d.seat, card);
      const command = commandFor(d, leader, units);
      const side = sideOf(d.rs, d.seat);
      const turn = d.rs.turn;
      if (!side || !turn)
        return d.refuse(
          'no_turn',
          { en: 'No Turn is under way', ru: 'Сейчас ничей Ход' },
          RULES.turn,
        );
      if (turn.orders >= side.orderCapability)
        d.refuse(
          'order_capability',
          {
            en: `Your order capability is ${side.orderCapability}: ${turn.orders} Orders given this Turn`,
            ru: `Ваша способность отдавать Приказы — ${side.orderCapability}: в этот Ход отдано Приказов: ${turn.orders}`,
          },
          RULES.orders,
        );
      if (new Set(units).size !== units.length)
        d.refuse(
          'already_activated',
          { en: 'A unit is listed twice', ru: 'Подразделение указано дважды' },
          RULES.activate,
        );
      for (const id of units) {
        const unit = own(d.table.pieces, id);
        if (
          !unit ||
          !UNIT_KINDS.has(unit.type) ||
          unit.owner !== d.seat ||
          unit.status === 'destroyed'
        )
          return d.refuse(
            'not_your_unit',
            {
              en: `${pieceNames(unit, id).en} is none of your units on the map`,
              ru: `«${pieceNames(unit, id).ru}» — не ваше подразделение на карте`,
            },
            RULES.activate,
          );
      }
      for (const id of leader ? [leader, ...units] : units) {
        if (turn.activated.includes(id))
          d.refuse(
            'already_activated',
            {
              en: `${pieceLabel(own(d.table.pieces, id), id)} was already activated for an Order this Turn`,
              ru: `Подразделение «${pieceNames(own(d.table.pieces, id), id).ru}» уже активировано для Приказа в этот Ход`,
            },
            RULES.activate,
          );
      }
      d.on('CardsPlayed', { pieces: [card], to: Z.discard(d.seat), types: ['fate-card'] });
      d.own('OrderGiven', {
        seat: d.seat,
        card,
        order: attrs.order,
        units: units.filter((id) => id !== leader),
        number: turn.orders + 1,
        ...(leader ? { leader, command } : {}),
        ...(attrs.orderTitle ? { title: attrs.orderTitle } : {}),
      });
    },
  }),

  action: ccDecision<CcActionParams>({
    summary: { en: 'Play a card for its Action', ru: 'Сыграть карту как Действие' },
    params: CcActionParams,
    examples: (ctx) => playableActions(ctx).map((card) => ({ card, pieces: [] })),
    example: { card: 'allies-fate-12', pieces: ['su-squad-2'] },
    choices: actionChoices,
    turn: 'any',
    available: (ctx) =>
      ctx.rs.begun &&
      !ctx.rs.ended &&
      !triggerWaiting(ctx) &&
      (ctx.options.actionTiming !== 'own-turn' || ctx.rs.turn?.seat === ctx.seat) &&
      playableActions(ctx).length > 0,
    decide(d, { card, pieces = [], leader }) {
      d.requireBegun();
      d.requireNoTrigger();
      const attrs = d.requireInHand(d.seat, card);
      const turnOf = d.rs.turn?.seat ?? d.seat;
      if (d.options.actionTiming === 'own-turn' && turnOf !== d.seat)
        d.refuse(
          'not_your_turn',
          {
            en: 'Under option actionTiming "own-turn" Actions are played in one’s own Turn',
            ru: 'По выбранному правилу Действия играются только в свой Ход',
          },
          RULES.actionsOwnTurn,
        );
      for (const id of pieces) {
        const piece = own(d.table.pieces, id);
        if (
          !piece ||
          piece.owner !== d.seat ||
          piece.type === 'fate-card' ||
          piece.status === 'destroyed'
        )
          return d.refuse(
            'not_your_piece',
            {
              en: `${pieceNames(piece, id).en} is none of your pieces`,
              ru: `«${pieceNames(piece, id).ru}» — не ваша фишка`,
            },
            RULES.actionsOwnTurn,
          );
        if (
          piece.status === 'broken' &&
          piece.type !== 'squad' &&
          piece.type !== 'team' &&
          piece.type !== 'leader'
        )
          d.refuse(
            'broken',
            {
              en: `${pieceLabel(piece, id)} is broken and cannot be used`,
              ru: `Фишка «${pieceNames(piece, id).ru}» сломана и не может быть использована`,
            },
            RULES.brokenUnusable,
          );
      }
      // Fire as an Action is Op Fire: against enemy forces moving now, never by Ordnance.
      const opFire = attrs.action.toLowerCase() === 'fire';
      if (leader !== undefined && !opFire)
        d.refuse(
          'not_op_fire',
          {
            en: 'A Leader’s Command activates units for Orders and Op Fire, not for this Action',
            ru: 'Командование Командира активирует подразделения для Приказов и Огня по Обстоятельствам, а не для этого Действия',
          },
          RULES.command,
        );
      const units = pieces.filter((id) => UNIT_KINDS.has(own(d.table.pieces, id)?.type ?? ''));
      const command = opFire ? commandFor(d, leader, units) : undefined;
      if (opFire) {
        if (turnOf === d.seat || d.rs.turn?.lastOrder?.toLowerCase() !== 'move')
          d.refuse(
            'action_condition',
            {
              en: 'Op Fire is played against moving enemy forces: the enemy is not moving now',
              ru: 'Огонь по Обстоятельствам ведётся по движущимся силам противника, а противник сейчас не движется',
            },
            RULES.opFire,
          );
        const ordnance = pieces.find((id) => own(d.table.pieces, id)?.attrs.ordnance === true);
        if (ordnance)
          d.refuse(
            'action_condition',
            {
              en: `${pieceNames(own(d.table.pieces, ordnance), ordnance).en} is Ordnance: it cannot Op Fire`,
              ru: `«${pieceNames(own(d.table.pieces, ordnance), ordnance).ru}» — Тяжёлое Вооружение: Огонь по Обстоятельствам ему недоступен`,
            },
            RULES.ordnance,
          );
      }
      d.on('CardsPlayed', { pieces: [card], to: Z.discard(d.seat), types: ['fate-card'] });
      d.own('ActionPlayed', {
        seat: d.seat,
        card,
        action: attrs.action,
        pieces: [...pieces],
        duringTurnOf: turnOf,
        ...(opFire ? { opFire: true } : {}),
        ...(leader ? { leader, command } : {}),
        ...(attrs.actionTitle ? { title: attrs.actionTitle } : {}),
      });
    },
  }),

  discard: ccDecision<CcDiscardParams>({
    summary: {
      en: 'Make the Turn a discard of zero or more cards',
      ru: 'Сбросить ноль или больше карт вместо Приказов',
    },
    params: CcDiscardParams,
    examples: () => [{ cards: [] }],
    example: { cards: ['axis-fate-03'] },
    choices: discardChoices,
    turn: 'active',
    phases: ['turn'],
    turnRuleRef: RULES.ordersOwnTurn,
    available: (ctx) =>
      !triggerWaiting(ctx) &&
      ((ctx.rs.turn?.orders ?? 0) === 0 || ctx.options.turnDiscard === 'orders-then-discard'),
    decide(d, { cards }) {
      d.requireBegun();
      d.requireNoTrigger();
      // Under option turnDiscard "orders-then-discard" a discard may follow the Orders.
      if ((d.rs.turn?.orders ?? 0) > 0 && d.options.turnDiscard !== 'orders-then-discard')
        d.refuse(
          'orders_given',
          {
            en: 'A Turn is Orders or a discard: Orders were given this Turn',
            ru: 'Ход — это Приказы или сброс, а в этот Ход уже отданы Приказы',
          },
          RULES.turn,
        );
      if (new Set(cards).size !== cards.length)
        d.refuse(
          'not_in_hand',
          { en: 'A card is listed twice', ru: 'Карта указана дважды' },
          RULES.noCard,
        );
      for (const card of cards) d.requireInHand(d.seat, card);
      if (cards.length > 0) d.on('CardsDiscarded', { pieces: [...cards], to: Z.discard(d.seat) });
      d.own('CardsDiscardedForTurn', { seat: d.seat, cards: [...cards] });
      endTurn(d);
    },
  }),

  'end-turn': ccDecision({
    summary: {
      en: 'End the Turn and draw up to the hand size',
      ru: 'Закончить Ход и добрать карты',
    },
    params: CcNoParams,
    example: {},
    turn: 'active',
    phases: ['turn'],
    turnRuleRef: RULES.ordersOwnTurn,
    available: (ctx) => !triggerWaiting(ctx) && (ctx.rs.turn?.orders ?? 0) > 0,
    decide(d) {
      d.requireBegun();
      d.requireNoTrigger();
      if ((d.rs.turn?.orders ?? 0) === 0)
        d.refuse(
          'no_orders',
          {
            en: 'A Turn is one or more Orders or a discard: give an Order or discard',
            ru: 'Ход — это один или несколько Приказов или сброс: отдайте Приказ или сбросьте карты',
          },
          RULES.turn,
        );
      endTurn(d);
    },
  }),
};

/**
 * The units an Order (or Op Fire) activates beyond one come through a Leader's Command
 * [3.3.1.1] (option orderActivation); how far it reaches is option commandReach. Returns the
 * Leader's Command, or undefined when no Leader is named.
 */
function commandFor(d: CcDraft, leader: string | undefined, units: string[]): number | undefined {
  const others = units.filter((id) => id !== leader);
  if (leader === undefined) {
    if (d.options.orderActivation === 'one-unless-command' && others.length > 1)
      d.refuse(
        'needs_command',
        {
          en: `${others.length} units without a Leader: one unit is activated, more through a Leader’s Command (name the Leader)`,
          ru: `Без Командира активируется одно подразделение, а выбрано ${others.length}: больше — только через Командование Командира (выберите Командира)`,
        },
        RULES.command,
      );
    return undefined;
  }
  const piece = own(d.table.pieces, leader);
  const at = piece ? hexOfZone(piece.zone) : undefined;
  if (
    !piece ||
    piece.type !== 'leader' ||
    piece.owner !== d.seat ||
    !at ||
    piece.status === 'destroyed'
  )
    return d.refuse(
      'not_your_leader',
      {
        en: `${pieceNames(piece, leader).en} is none of your Leaders on the map`,
        ru: `«${pieceNames(piece, leader).ru}» — не ваш Командир на карте`,
      },
      RULES.command,
    );
  const command = Number(piece.attrs.command ?? 0);
  if (!(command > 0))
    d.refuse(
      'no_command',
      {
        en: `${pieceLabel(piece, leader)} has no Command to activate other units`,
        ru: `У «${pieceNames(piece, leader).ru}» нет Командования, чтобы активировать другие подразделения`,
      },
      RULES.command,
    );
  if (d.options.commandReach === 'within-command')
    for (const id of others) {
      const unit = own(d.table.pieces, id);
      const there = unit ? hexOfZone(unit.zone) : undefined;
      if (there && hexDistance(at, there) > command)
        d.refuse(
          'beyond_command',
          {
            en: `${pieceLabel(unit, id)} is ${hexDistance(at, there)} hexes from ${pieceLabel(piece, leader)}, beyond its Command ${command}`,
            ru: `«${pieceNames(unit, id).ru}» дальше Командования ${command} Командира «${pieceNames(piece, leader).ru}»: ${hexesAway(hexDistance(at, there))}`,
          },
          RULES.command,
        );
    }
  return command;
}

/** «в 3 гексах», «в 1 гексе». */
function hexesAway(n: number): string {
  return `в ${n} ${n % 10 === 1 && n % 100 !== 11 ? 'гексе' : 'гексах'}`;
}

/** The cards of a hand, for examples. */
export function handCards(table: Parameters<typeof cardsIn>[0], seat: string): string[] {
  return cardsIn(table, Z.hand(seat))
    .filter((p) => cardOf(table, p.id))
    .map((p) => p.id)
    .sort();
}

/** The hand's cards playable for their Action now: a Fire Action (Op Fire) only against an enemy Move. */
export function playableActions(
  ctx: Pick<AvailabilityContext<CcState>, 'table' | 'rs' | 'seat'>,
): string[] {
  const opFireNow =
    ctx.rs.turn?.seat !== ctx.seat && ctx.rs.turn?.lastOrder?.toLowerCase() === 'move';
  return handCards(ctx.table, ctx.seat).filter(
    (card) => opFireNow || cardOf(ctx.table, card)?.action.toLowerCase() !== 'fire',
  );
}
