import { own, setOwn } from '../../shared/id-record';
import type { Piece } from '../../table/table';
import {
  battlesOf,
  countsFor,
  controllerOf,
  handOf,
  influenceAt,
  mapOf,
  TRACKS,
  troopsAt,
  ZONES,
} from './rex-board';
import type { RexDraft, RexView } from './rex-draft';
import type { RexPhase } from './rex-events';
import { handLimit, LEADER } from './rex-factions';
import { RULES } from './rex-rules-text';
import { cardEffectsOf, factionOf, seatOf, turnOrder } from './rex-state';
import { declareVictory, roundEightVictory, strongholdVictory } from './decisions/victory';

/**
 * The round's phase machine. Each function runs one automatic step on a RexDraft and moves on
 * to the next step that needs a player's choice; chance steps with no choice (dealing the
 * auction lots) run inside the decision that reaches them.
 */

export const LAST_ROUND = 8;

export function setPhase(d: RexDraft, phase: RexPhase, active: string[]): void {
  d.on('PhaseStarted', { phase, active });
}

/** Draws the top `count` cards of a deck to a zone; returns the ids drawn (none: no event). */
export function draw(
  d: RexDraft,
  deck: string,
  to: string,
  count: number,
  visibility: 'public' | 'judges' | `seat:${string}`,
): string[] {
  if ((own(d.table.decks, deck)?.order.length ?? 0) === 0 || count <= 0) return [];
  return d.draw(deck, count, to, visibility);
}

/**
 * Strategy cards: when the deck runs out, the discard becomes the new deck and is shuffled.
 */
export function drawStrategy(
  d: RexDraft,
  to: string,
  count: number,
  visibility: 'public' | 'judges' | `seat:${string}`,
): string[] {
  // A copy: the list `draw` returns is the one its event records as drawn, and the cards
  // dealt after a refill must not be added to that event.
  const drawn = [...draw(d, ZONES.strategyDeck, to, count, visibility)];
  if ((own(d.table.decks, ZONES.strategyDeck)?.order.length ?? 0) === 0) refillStrategyDeck(d);
  if (drawn.length < count)
    drawn.push(...draw(d, ZONES.strategyDeck, to, count - drawn.length, visibility));
  return drawn;
}

function refillStrategyDeck(d: RexDraft): void {
  const discard = piecesIn(d, ZONES.strategyDiscard);
  if (discard.length === 0) return;
  d.on('PiecesMoved', { pieces: discard.map((p) => p.id), to: ZONES.strategyDeck });
  d.shuffle(ZONES.strategyDeck);
}

export function piecesIn(d: Pick<RexView, 'table'>, zone: string): Piece[] {
  return Object.values(d.table.pieces)
    .filter((p) => p.zone === zone)
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

// ---- Rounds ---------------------------------------------------------------------------------

export function startRound(d: RexDraft, round: number): void {
  d.on('RoundStarted', { round, active: [d.rs.firstPlayer], priority: d.rs.firstPlayer });
  setPhase(d, 'influence', [d.rs.firstPlayer]);
}

/** The Influence phase is over: round-1 Sol Offensives go back into the deck, Bidding starts. */
export function endInfluencePhase(
  d: RexDraft,
  reason: 'standard-card' | 'no-replacement' | 'deck-empty',
): void {
  const aside = [...d.rs.influencePhase.setAside];
  if (aside.length > 0) {
    d.on('PiecesMoved', { pieces: aside, to: ZONES.influenceDeck });
    d.own('InfluenceCardsReturned', { cards: aside, ruleRef: RULES.solOffensiveFirstRound });
    d.shuffle(ZONES.influenceDeck);
  }
  d.own('InfluencePhaseEnded', { round: d.rs.round, reason });
  startBidding(d);
}

// ---- Bidding ----------------------------------------------------------------------------------

export function eligibleBidders(d: RexDraft): string[] {
  const barred = cardEffectsOf(d.rs).barred;
  return d.order.filter((seat) => {
    if (barred.includes(seat)) return false;
    const faction = factionOf(d.rs, seat);
    return (
      faction !== undefined && handOf(d.table, seat).length < handLimit(faction, d.opts.handLimit)
    );
  });
}

export function auctionPayee(d: RexDraft): string {
  const lazax = seatOf(d.rs, 'lazax');
  return d.opts.auctionPayee === 'lazax' && lazax ? lazax : 'bank';
}

export function startBidding(d: RexDraft): void {
  const bidders = eligibleBidders(d);
  const available =
    (own(d.table.decks, ZONES.strategyDeck)?.order.length ?? 0) +
    piecesIn(d, ZONES.strategyDiscard).length;
  const lots = Math.min(bidders.length, available);
  if (lots === 0) {
    d.own('AuctionOpened', { lots: 0, bidders, payee: auctionPayee(d) });
    d.own('AuctionClosed', { sold: 0, unsold: 0 });
    startRecruitment(d);
    return;
  }
  setPhase(d, 'bidding', []);
  const cards = drawStrategy(d, ZONES.auction, lots, 'judges');
  d.own(
    'AuctionOpened',
    {
      lots,
      bidders,
      payee: auctionPayee(d),
      ...(cards.length < lots ? { owed: lots - cards.length } : {}),
      secret: { cards },
    },
    'judges',
  );
  openLot(d, 0);
}

/**
 * Opens lot `lot` (0-based). Lots still owed because the Strategy deck ran out are dealt
 * first (only a log recorded when that deck's shuffle waited for the next decision owes
 * any: then the first player deals them with `deal-auction`).
 */
export function openLot(d: RexDraft, lot: number): void {
  const auction = d.rs.auction;
  if (!auction) return;
  if (lot >= auction.cards.length && auction.owed > 0) {
    const more = drawStrategy(d, ZONES.auction, auction.owed, 'judges');
    if (more.length > 0)
      d.own(
        'AuctionLotsDealt',
        { count: more.length, owed: auction.owed - more.length, secret: { cards: more } },
        'judges',
      );
  }
  const current = d.rs.auction as NonNullable<typeof d.rs.auction>;
  if (lot >= current.cards.length) {
    closeAuction(d);
    return;
  }
  const bidders = eligibleBidders(d);
  d.own('AuctionLotOpened', { lot: lot + 1, bidders });
  const jolnar = seatOf(d.rs, 'jolnar');
  const card = current.cards[lot];
  if (jolnar && card) {
    const name = own(d.table.pieces, card)?.attrs.name as { en: string; ru: string } | undefined;
    d.own(
      'AuctionLotPeeked',
      { seat: jolnar, lot: lot + 1, secret: { card, name: name ?? { en: card, ru: card } } },
      `seat:${jolnar}`,
    );
  }
  if (bidders.length === 0) {
    closeLot(d);
    return;
  }
  setPhase(d, 'bidding', bidders);
}

/** Closes the current lot when every bidder but the highest has passed (all passed: unsold). */
export function closeLotIfDone(d: RexDraft): void {
  const auction = d.rs.auction;
  if (!auction) return;
  const open = auction.bidders.filter(
    (s) => !auction.passed.includes(s) && s !== auction.high?.seat,
  );
  if (open.length > 0) {
    setPhase(d, 'bidding', open);
    return;
  }
  closeLot(d);
}

function closeLot(d: RexDraft): void {
  const auction = d.rs.auction;
  if (!auction) return;
  const lot = auction.lot;
  const card = auction.cards[lot - 1];
  if (auction.high) {
    const { seat, amount } = auction.high;
    let payee = auction.payee !== 'bank' && auction.payee !== seat ? auction.payee : 'bank';
    if (
      payee !== 'bank' &&
      cardEffectsOf(d.rs).cancelled.some((c) => c.seat === payee && c.ability === 'lazax-payment')
    ) {
      // Informant–Cancellation: this one purchase is paid to the Bank.
      d.own('CancellationUsed', { seat: payee, ability: 'lazax-payment' });
      payee = 'bank';
    }
    d.pay(seat, payee, amount);
    d.own('AuctionLotWon', { lot, seat, price: amount, payee });
    d.on(
      'CardsDrawn',
      { deck: ZONES.auction, to: ZONES.hand(seat), count: 1, secret: { pieces: [card] } },
      `seat:${seat}`,
    );
  } else {
    d.own('AuctionLotUnsold', { lot });
    d.on(
      'CardsDrawn',
      { deck: ZONES.auction, to: ZONES.strategyDeck, count: 1, secret: { pieces: [card] } },
      'judges',
    );
  }
  openLot(d, lot);
}

export function closeAuction(d: RexDraft): void {
  // Every lot of the phase, not only this decision's: the lots were sold over many decisions.
  d.own('AuctionClosed', { sold: d.rs.auction?.sold ?? 0, unsold: d.rs.auction?.unsold ?? 0 });
  startRecruitment(d);
}

// ---- Recruitment ------------------------------------------------------------------------------

/** Seats with troops or leaders in their Loss Bank, who have not recruited yet this phase. */
export function recruitmentDue(d: Pick<RexView, 'table' | 'rs'>): string[] {
  return turnOrder(d.rs).filter(
    (seat) =>
      !d.rs.recruited.includes(seat) &&
      piecesIn(d, ZONES.losses(seat)).some((p) => p.owner === seat),
  );
}

export function startRecruitment(d: RexDraft): void {
  const due = recruitmentDue(d);
  if (due.length === 0) {
    startManeuvers(d);
    return;
  }
  setPhase(d, 'recruitment', due);
}

// ---- Maneuvers ----------------------------------------------------------------------------------

export function startManeuvers(d: RexDraft): void {
  const order = d.order;
  const bonusLocations = d.map.locations.filter((l) => l.roles.includes('movement-bonus'));
  const bonus: Record<string, string[]> = {};
  for (const seat of order) {
    const held = bonusLocations
      .filter((l) => controllerOf(d.table, l.id) === seat)
      .map((l) => l.id);
    if (held.length > 0) setOwn(bonus, seat, held);
  }
  d.own('ManeuversStarted', { order, bonus, ruleRef: RULES.moveBonus });
  setPhase(d, 'maneuvers', [order[0]]);
}

export function endManeuverTurn(d: RexDraft, seat: string): void {
  const order = d.rs.maneuvers?.order ?? d.order;
  const out = d.rs.conceded ?? [];
  const next = order.slice(order.indexOf(seat) + 1).find((s) => !out.includes(s)) ?? null;
  d.own('ManeuverTurnEnded', { seat, next });
  if (next) setPhase(d, 'maneuvers', [next]);
  else startCombat(d);
}

// ---- Combat --------------------------------------------------------------------------------------

export function startCombat(d: RexDraft): void {
  const order = d.order;
  const seen = new Set<string>();
  const battles: { location: string; seats: string[] }[] = [];
  for (const seat of order)
    for (const b of battlesOf(d.table, d.rs, seat, order))
      if (!seen.has(b.location)) {
        seen.add(b.location);
        battles.push({ location: b.location, seats: [seat, ...b.opponents] });
      }
  d.own('CombatStarted', { order, battles });
  nextCombatStep(d);
}

/** The first player in turn order with a battle left fights next; none left: Collection. */
export function nextCombatStep(d: RexDraft): void {
  const order = d.order;
  const aggressor = order.find((seat) => battlesOf(d.table, d.rs, seat, order).length > 0);
  if (aggressor) {
    setPhase(d, 'combat', [aggressor]);
    return;
  }
  d.own('CombatEnded', { round: d.rs.round });
  collection(d);
  if (d.opts.victoryCheck === 'collection') {
    const won = strongholdVictory(d.table, d.rs);
    if (won) {
      declareVictory(d, won);
      return;
    }
  }
  setPhase(d, 'bombardment', [d.rs.firstPlayer]);
}

// ---- Collection ----------------------------------------------------------------------------------

export function collection(d: RexDraft): void {
  const order = d.order;
  for (const location of mapOf(d.table).locations) {
    for (const seat of order) {
      const troops = troopsAt(d.table, location.id, seat).filter((p) =>
        countsFor(p, 'collection'),
      ).length;
      if (troops === 0) continue;
      if (
        d.opts.collectionScope === 'controlled-only' &&
        controllerOf(d.table, location.id) !== seat
      )
        continue;
      const amount = Math.min(2 * troops, influenceAt(d.table, location.id));
      if (amount <= 0) continue;
      d.track(TRACKS.location(location.id), -amount);
      d.track(TRACKS.seat(seat), amount);
      d.own('InfluenceCollected', { seat, location: location.id, troops, amount });
    }
  }
  for (const seat of order) {
    const short = d.bankPays(seat, 2);
    d.own('SupportFleetPaid', { seat, amount: 2 - short, ...(short > 0 ? { short } : {}) });
  }
}

// ---- The end of the round -------------------------------------------------------------------------

/** The First Player marker goes to the next seat on the left still playing. */
export function passFirstPlayerMarker(d: RexDraft): void {
  const from = d.rs.firstPlayer;
  const seats = d.rs.seats.map((s) => s.seat);
  const out = d.rs.conceded ?? [];
  const start = seats.indexOf(from);
  const to =
    seats.map((_, i) => seats[(start + 1 + i) % seats.length]).find((s) => !out.includes(s)) ??
    from;
  d.own('FirstPlayerMarkerPassed', { from, to, ruleRef: RULES.firstPlayerPasses });
}

/** After the Bombardment: the marker passes, victory is checked, and the next round begins. */
export function endRound(d: RexDraft): void {
  passFirstPlayerMarker(d);
  d.own('RoundEnded', { round: d.rs.round });
  if (d.opts.victoryCheck === 'end-of-round') {
    const won = strongholdVictory(d.table, d.rs);
    if (won) {
      declareVictory(d, won);
      return;
    }
  }
  if (d.rs.round >= LAST_ROUND) {
    declareVictory(d, roundEightVictory(d.table, d.rs, d.opts));
    return;
  }
  startRound(d, d.rs.round + 1);
}

/** Leaders of a seat that are alive (not in the Loss Bank). */
export function livingLeaders(d: RexDraft, seat: string): Piece[] {
  return Object.values(d.table.pieces).filter(
    (p) => p.type === LEADER && p.owner === seat && p.status !== 'destroyed',
  );
}
