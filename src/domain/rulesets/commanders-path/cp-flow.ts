import { own } from '../../shared/id-record';
import { tableEvent } from '../../table/table-events';
import type { Piece } from '../../table/table';
import type { CardDef } from './cp-cards';
import { RULES } from './cp-rules-text';
import {
  blockadedBy,
  controllerOf,
  isDestroyed,
  kindOf,
  objectsInPlay,
  other,
  statsOf,
  T,
  Z,
  cardAttrs,
  type CpDraft,
} from './cp-table';
import { checkDeckOut, checkTurnStart, initiativeOf } from './decisions/victory';
import { advanceBattle, beginBattlePhase } from './cp-battle-flow';
import type { CpEvents } from './cp-events';

/**
 * The turn as a machine: each function records one step and moves on automatically until
 * the next step needs a player's decision. Order rebuilt from «Порядок хода» and «Фазы и
 * подфазы хода»: start (Trader, Procurator), draw 2, untap, initiative, resources,
 * production (lowest initiative first), movement and battle of the Priority holder, then
 * of the other player.
 */

/** [lower initiative, Priority holder]: who acts first in production and deployment. */
export function lowerFirst(d: CpDraft): [string, string] {
  const priority = d.rs.priority ?? d.seats[0];
  return [other(d.seats, priority), priority];
}

export function determineInitiative(d: CpDraft, context: 'setup' | 'turn'): void {
  const values = Object.fromEntries(d.seats.map((s) => [s, initiativeOf(d.table, d.rs, s)]));
  const [a, b] = d.seats;
  if (values[a] !== values[b]) {
    const priority = values[a] > values[b] ? a : b;
    d.own('InitiativeDetermined', {
      initiative: values,
      method: 'compare',
      priority,
      context,
      ruleRef: RULES.initiative,
    });
    continueAfterInitiative(d, context);
    return;
  }
  if (context === 'turn' && d.rs.priority && d.options.initiativeTie !== 'roll') {
    d.own('InitiativeDetermined', {
      initiative: values,
      method: 'retained',
      priority: d.rs.priority,
      context,
      ruleRef: RULES.priorityPersists,
    });
    continueAfterInitiative(d, context);
    return;
  }
  d.own('InitiativeTied', { initiative: values, context, ruleRef: RULES.initiative });
  d.enterPhase('initiative', []);
}

/** Settles a tie with one d6 per seat (seat order); equal dice are rolled again. */
export function rollForInitiative(d: CpDraft, faces: number[] | undefined): void {
  const context = d.rs.initiativeTie ?? 'setup';
  const rolled = d.rollD6('cp:initiative', 2, faces, {
    en: 'Initiative tie',
    ru: 'Равная инициатива',
  });
  const [a, b] = d.seats;
  const values = Object.fromEntries(d.seats.map((s) => [s, initiativeOf(d.table, d.rs, s)]));
  if (rolled[0] === rolled[1]) {
    d.own('InitiativeRolled', { faces: { [a]: rolled[0], [b]: rolled[1] }, tie: true });
    return;
  }
  const priority = rolled[0] > rolled[1] ? a : b;
  d.own('InitiativeDetermined', {
    initiative: values,
    method: 'roll',
    faces: { [a]: rolled[0], [b]: rolled[1] },
    priority,
    context,
    ruleRef: RULES.initiative,
  });
  continueAfterInitiative(d, context);
}

function continueAfterInitiative(d: CpDraft, context: 'setup' | 'turn'): void {
  if (context === 'setup') d.enterPhase('deploy', [lowerFirst(d)[0]]);
  else beginResources(d);
}

export function startTurn(d: CpDraft, turn: number): void {
  d.own('TurnBegan', { turn });
  d.emit(tableEvent('RoundStarted', { round: turn }));
  if (checkTurnStart(d)) return;
  if (checkDeckOut(d)) return;
  for (const seat of d.seats) {
    const order = own(d.table.decks, Z.deck(seat))?.order ?? [];
    d.emit(
      tableEvent(
        'CardsDrawn',
        { deck: Z.deck(seat), to: Z.hand(seat), count: 2, secret: { pieces: order.slice(0, 2) } },
        `seat:${seat}`,
      ),
    );
  }
  untapAll(d);
  determineInitiative(d, 'turn');
}

function untapAll(d: CpDraft): void {
  for (const piece of Object.values(d.table.pieces))
    if (piece.status === 'tapped')
      d.emit(tableEvent('PieceChanged', { piece: piece.id, status: 'active' }));
}

/** Whether an object's properties work for the seat now (controlled, not blockaded, not new). */
function objectWorks(d: CpDraft, object: Piece, seat: string): boolean {
  const built = typeof object.attrs.builtTurn === 'number' ? object.attrs.builtTurn : 0;
  return controllerOf(object) === seat && !blockadedBy(object) && built < d.rs.turn;
}

export function beginResources(d: CpDraft): void {
  for (const seat of d.seats) {
    const items: { source: string; piece?: string; resources: number; actionTokens: number }[] = [
      { source: 'base', resources: 5, actionTokens: 0 },
    ];
    for (const object of objectsInPlay(d.table)) {
      if (!objectWorks(d, object, seat)) continue;
      const income = statsOf(object).income;
      if (income && (income.resources || income.actionTokens))
        items.push({ source: 'object', piece: object.id, ...income });
      for (const card of Object.values(d.table.pieces)) {
        if (card.zone !== Z.surface(object.id) || isDestroyed(card)) continue;
        if (kindOf(card) !== 'civil-building' || card.owner !== seat) continue;
        const from = typeof card.attrs.worksFromTurn === 'number' ? card.attrs.worksFromTurn : 0;
        const cardIncome = statsOf(card).income;
        if (from <= d.rs.turn && cardIncome && (cardIncome.resources || cardIncome.actionTokens))
          items.push({ source: 'civil-building', piece: card.id, ...cardIncome });
      }
    }
    for (const card of Object.values(d.table.pieces)) {
      if (card.zone !== Z.situation(seat) || kindOf(card) !== 'situation' || isDestroyed(card))
        continue;
      const income = statsOf(card).income;
      if (income && (income.resources || income.actionTokens))
        items.push({ source: 'situation', piece: card.id, ...income });
    }
    const reward = own(d.rs.pendingRewards, seat) ?? 0;
    if (reward > 0) items.push({ source: 'boarding', resources: reward, actionTokens: 0 });
    const resources = items.reduce((sum, i) => sum + i.resources, 0);
    const actionTokens = items.reduce((sum, i) => sum + i.actionTokens, 0);
    d.addResources(seat, resources);
    if (actionTokens) d.addTokens(seat, actionTokens);
    d.own('IncomeReceived', {
      seat,
      items,
      resources,
      actionTokens,
      ...(reward > 0 ? { boardingReward: reward } : {}),
      ruleRef: RULES.income,
    });
  }
  d.enterPhase('resources', [...d.seats]);
}

export function beginProduction(d: CpDraft, seat: string): void {
  d.own('ProductionBegan', {
    seat,
    tokensAtStart: d.track(T.tokens(seat)),
    ruleRef: RULES.productionFirst,
  });
  d.enterPhase('production', [seat]);
}

export function afterProduction(d: CpDraft): void {
  const [lower, higher] = lowerFirst(d);
  if (!d.rs.productionDone.includes(higher) && d.rs.productionDone.includes(lower))
    beginProduction(d, higher);
  else beginMovement(d, higher);
}

export function beginMovement(d: CpDraft, seat: string): void {
  d.own('MovementBegan', { seat });
  d.enterPhase('movement', [seat]);
}

export function afterMovement(d: CpDraft): void {
  const from = d.events.length;
  beginBattlePhase(d, d.rs.mover ?? d.seat);
  continueAfterBattlePhase(d, from);
}

/**
 * Runs the battle phase forward (after any decision taken in it); once the phase has ended,
 * the turn goes on. The battle engine (cp-battle-flow) only ends its phase: what follows is
 * the turn's business, so the battle engine does not depend on the turn.
 */
export function advanceBattlePhase(d: CpDraft): void {
  const from = d.events.length;
  advanceBattle(d);
  continueAfterBattlePhase(d, from);
}

function continueAfterBattlePhase(d: CpDraft, from: number): void {
  const ended = d.events.slice(from).find((e) => e.type === 'BattlePhaseEnded');
  if (ended && !d.finished) afterBattlePhase(d, (ended.data as CpEvents['BattlePhaseEnded']).mover);
}

/** After a battle phase: the other player's movement, or the next turn. */
export function afterBattlePhase(d: CpDraft, mover: string): void {
  if (d.finished) return;
  const priority = d.rs.priority ?? d.seats[0];
  if (mover === priority) beginMovement(d, other(d.seats, priority));
  else startTurn(d, d.rs.turn + 1);
}

/** Brings an object into play: its zone, orbit and surface, and its built-in properties. */
export function placeObject(d: CpDraft, seat: string, object: Piece): void {
  d.emit(tableEvent('PiecesMoved', { pieces: [object.id], to: Z.objects(seat) }));
  d.emit(
    tableEvent('PieceChanged', {
      piece: object.id,
      attrs: { controller: seat, builtTurn: d.rs.turn },
    }),
  );
  const name = String(object.attrs.name ?? object.type);
  d.emit(
    tableEvent('ZonesCreated', {
      zones: [
        {
          id: Z.orbit(object.id),
          kind: 'orbit',
          name: { en: `Orbit of ${name}`, ru: `Орбита: ${name}` },
          attrs: { object: object.id },
        },
        {
          id: Z.surface(object.id),
          kind: 'surface',
          name: { en: `On ${name}`, ru: `На объекте: ${name}` },
          attrs: { object: object.id },
        },
      ],
    }),
  );
  const def = own(own(d.rs.decks, seat)?.defs, own(d.rs.cardOf, object.id) ?? '');
  const builtIn = def?.builtIn ?? [];
  if (builtIn.length > 0)
    d.emit(
      tableEvent('PiecesCreated', {
        pieces: builtIn.map((inner) => ({
          id: d.ctx.newPieceId(`${object.id}-b`),
          type: inner.name,
          owner: seat,
          zone: Z.surface(object.id),
          attrs: builtInAttrs(inner, object.id),
        })),
      }),
    );
}

/** A built-in property is not a card: no cost (the Pirate sum counts cards only). */
function builtInAttrs(inner: CardDef, host: string): Record<string, unknown> {
  const attrs: Record<string, unknown> = { ...cardAttrs(inner), builtIn: true, host };
  delete attrs.cost;
  delete attrs.price;
  return attrs;
}
