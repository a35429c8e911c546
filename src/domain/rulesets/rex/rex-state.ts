import { own, ownOrSet, setOwn } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { DecisionSealedData, MatchFinishedData } from '../kit';
import type {
  DeckShuffledData,
  PhaseStartedData,
  RoundStartedData,
} from '../../table/table-events';
import type { FactionId } from './rex-factions';
import {
  REX_EVENT_TYPES,
  type BattlePlan,
  type BattleStep,
  type CancellableAbility,
  type Placement,
  type RexEventMap,
  type RexPhase,
} from './rex-events';

/**
 * Rex's own slice: the engine state a viewer does not read off the table (the phase
 * machine, the auction, the battle in progress, alliances, the sealed prediction). It is
 * folded from the log by `evolveRex`, which never throws and never validates.
 */

export interface RexSeat {
  seat: string;
  faction: FactionId;
}

export interface Alliance {
  id: string;
  members: string[];
}

export interface BattleState {
  id: string;
  location: string;
  aggressor: string;
  /** The two sides, the one earlier in turn order first. */
  sides: string[];
  step: BattleStep;
  /** Seats that act in this step (sealed steps: every one must seal before any reveal). */
  stepSeats: string[];
  /** Of those, the seats that have not acted yet. */
  due: string[];
  /** seq of each due seat's seal made during this step. */
  sealed: Record<string, number>;
  plans: Record<string, BattlePlan>;
  cards: Record<string, { attack?: string; defense?: string }>;
  calls: Record<string, string | null>;
  winner?: string | null;
  losses?: { seat: string; dial: number };
  keep?: { seat: string; cards: string[] };
}

export interface AuctionState {
  /** Card ids of the lots (secret: the table hides the auction zone). */
  cards: string[];
  lot: number;
  bidders: string[];
  high: { seat: string; amount: number } | null;
  passed: string[];
  payee: string;
  /** Seats that have bid in this phase (Lazax gives an ally Influence before it bids). */
  bidSeats: string[];
  /** Lots sold and left unsold so far in this auction (absent from older snapshots). */
  sold?: number;
  unsold?: number;
  /** Lots still to deal (older logs only: the deck ran out and its new deck waited for its shuffle). */
  owed: number;
}

/** What Strategy cards played outside battle leave in force (absent from older snapshots). */
export interface CardEffects {
  /** Bidders Diplomatic Intervention bars from the auction under way. */
  barred: string[];
  /** Free troops Recruits cards give each seat in this Recruitment phase. */
  recruits: Record<string, number>;
  /** Locations whose shield a Graviton Inverter took away. */
  shieldsDown: { location: string; until: 'rest-of-game' | 'this-round' }[];
  /** Radar Tracking was played: the next Sol Offensive revealed in an Influence phase is removed. */
  radar: boolean;
  /** Race abilities Informant–Cancellation cancelled, until used (the Sol look: until Bombardment). */
  cancelled: { seat: string; ability: CancellableAbility }[];
}

export function noCardEffects(): CardEffects {
  return { barred: [], recruits: {}, shieldsDown: [], radar: false, cancelled: [] };
}

/** The card effects in force (a snapshot older than Strategy cards has none). */
export function cardEffectsOf(rs: Pick<RexState, 'cardEffects'>): CardEffects {
  return rs.cardEffects ?? noCardEffects();
}

export interface RexState {
  configured: boolean;
  seats: RexSeat[];
  firstPlayer: string;
  startRound: number;
  startingCards: Record<string, { traitors: number; strategy: number }>;
  round: number;
  phase: RexPhase;
  fleetSector: number;
  /** The sector under bombardment, null while the Fleet moves. */
  bombarded: number | null;
  alliances: Alliance[];
  allianceSerial: number;
  /** Alliance Benefit card offers of the open Ceasefire: from → to. */
  offers: { from: string; to: string }[];
  /** Decks to shuffle at the start of the next decision: only logs recorded before shuffles came from the draft's deck (DeckShuffleDeferred) have any. */
  pendingShuffles: string[];
  influencePhase: {
    solOffensives: number;
    ceasefires: number;
    setAside: string[];
    /** The last Sol Offensive's locations and the seats it spared, who may move out until the next card. */
    struck?: { locations: string[]; seats: string[]; moved: string[] };
  };
  /** The Influence discard, oldest first, with what each card names. */
  influenceDiscard: { card: string; places: Placement[] }[];
  ceasefire: { card: string; done: string[] } | null;
  auction: AuctionState | null;
  recruited: string[];
  maneuvers: {
    order: string[];
    turn: string | null;
    deployed: boolean;
    /** Locations deployed into this turn (Informant–Deployment: two different ones). */
    deployedTo?: string[];
    done: string[];
    bonus: Record<string, string[]>;
  } | null;
  battle: BattleState | null;
  battleSerial: number;
  /** leader → the location it fought in this round. */
  leaderUse: Record<string, string>;
  solPeekRound: number | null;
  prediction: {
    seat: string;
    sealSeq: number;
    revealed?: { seat: string; round: number; valid: boolean; matched: boolean };
  } | null;
  pendingVictory: { winners: string[]; condition: string; round: number; ruleRef: string } | null;
  cardEffects?: CardEffects;
  /** Seats that conceded, in order: out of the turn order, their race out of play (absent from older snapshots). */
  conceded?: string[];
  result: { winners: string[]; condition: string; ruleRef?: string } | null;
}

export function initialRexState(): RexState {
  return {
    configured: false,
    seats: [],
    firstPlayer: '',
    startRound: 1,
    startingCards: {},
    round: 0,
    phase: 'setup',
    fleetSector: 18,
    bombarded: null,
    alliances: [],
    allianceSerial: 0,
    offers: [],
    pendingShuffles: [],
    influencePhase: { solOffensives: 0, ceasefires: 0, setAside: [] },
    influenceDiscard: [],
    ceasefire: null,
    auction: null,
    recruited: [],
    maneuvers: null,
    battle: null,
    battleSerial: 0,
    leaderUse: {},
    solPeekRound: null,
    prediction: null,
    pendingVictory: null,
    cardEffects: noCardEffects(),
    conceded: [],
    result: null,
  };
}

/** The seats in turn order: from the first player, to the left (seating order). */
export function turnOrder(rs: Pick<RexState, 'seats' | 'firstPlayer' | 'conceded'>): string[] {
  const seats = rs.seats.map((s) => s.seat);
  const start = Math.max(0, seats.indexOf(rs.firstPlayer));
  const out = rs.conceded ?? [];
  return [...seats.slice(start), ...seats.slice(0, start)].filter((seat) => !out.includes(seat));
}

export function factionOf(rs: Pick<RexState, 'seats'>, seat: string): FactionId | undefined {
  return rs.seats.find((s) => s.seat === seat)?.faction;
}

/** The seat playing a race, unless it conceded (its race is then out of play). */
export function seatOf(
  rs: Pick<RexState, 'seats' | 'conceded'>,
  faction: FactionId,
): string | undefined {
  const seat = rs.seats.find((s) => s.faction === faction)?.seat;
  return seat !== undefined && !(rs.conceded ?? []).includes(seat) ? seat : undefined;
}

export function allianceOf(rs: Pick<RexState, 'alliances'>, seat: string): Alliance | undefined {
  return rs.alliances.find((a) => a.members.includes(seat));
}

export function alliesOf(rs: Pick<RexState, 'alliances'>, seat: string): string[] {
  return allianceOf(rs, seat)?.members.filter((m) => m !== seat) ?? [];
}

const HANDLED = new Set<string>([
  ...REX_EVENT_TYPES,
  'RoundStarted',
  'PhaseStarted',
  'DecisionSealed',
  'DeckShuffled',
  'MatchFinished',
]);

/** The ruleset's evolve: pure, total, never throws (a malformed event is skipped). */
export function evolveRex(
  rs: RexState,
  event: Pick<RecordedEvent, 'type' | 'data' | 'seq'>,
): RexState {
  if (!HANDLED.has(event.type) || event.data === null || typeof event.data !== 'object') return rs;
  const next = structuredClone(rs);
  try {
    apply(next, event.type, event.data as never, event.seq);
    return next;
  } catch {
    return rs;
  }
}

type Handler<T> = (rs: RexState, data: T, seq: number) => void;
type Handlers = { [K in keyof RexEventMap]?: Handler<RexEventMap[K]> } & {
  RoundStarted?: Handler<RoundStartedData>;
  PhaseStarted?: Handler<PhaseStartedData>;
  DecisionSealed?: Handler<DecisionSealedData>;
  DeckShuffled?: Handler<DeckShuffledData>;
  MatchFinished?: Handler<MatchFinishedData>;
};

function apply(rs: RexState, type: string, data: never, seq: number): void {
  const handler = own(HANDLERS as Record<string, Handler<never> | undefined>, type);
  handler?.(rs, data, seq);
}

/** The slice's card effects, created on an older snapshot that has none. */
function effects(rs: RexState): CardEffects {
  rs.cardEffects ??= noCardEffects();
  return rs.cardEffects;
}

const without = (list: string[], ...items: string[]) => list.filter((x) => !items.includes(x));

const HANDLERS: Handlers = {
  RexGameConfigured(rs, d) {
    rs.configured = true;
    rs.seats = d.seats.map((s) => ({ ...s }));
    rs.firstPlayer = d.firstPlayer;
    rs.startRound = d.startRound;
    rs.startingCards = structuredClone(d.startingCards);
    rs.fleetSector = d.fleetSector;
    rs.bombarded = d.fleetSector;
  },
  RoundStarted(rs, d) {
    rs.round = d.round;
    effects(rs).shieldsDown = effects(rs).shieldsDown.filter((s) => s.until !== 'this-round');
    effects(rs).cancelled = effects(rs).cancelled.filter((c) => c.ability !== 'xxcha-flip');
    rs.leaderUse = {};
    rs.influencePhase = { solOffensives: 0, ceasefires: 0, setAside: [] };
  },
  PhaseStarted(rs, d) {
    rs.phase = d.phase as RexState['phase'];
    if (d.phase === 'bombardment')
      effects(rs).cancelled = effects(rs).cancelled.filter((c) => c.ability !== 'sol-look');
  },
  DecisionSealed(rs, d, seq) {
    if (d.kind === 'predict') {
      if (!rs.prediction && rs.phase === 'setup' && factionOf(rs, d.seat) === 'xxcha')
        rs.prediction = { seat: d.seat, sealSeq: seq };
      return;
    }
    const battle = rs.battle;
    if (battle && battle.due.includes(d.seat) && d.kind === own(STEP_KIND, battle.step))
      ownOrSet(battle.sealed, d.seat, () => seq);
  },
  DeckShuffled(rs, d) {
    rs.pendingShuffles = without(rs.pendingShuffles, d.deck);
  },
  DeckShuffleDeferred(rs, d) {
    if (!rs.pendingShuffles.includes(d.deck)) rs.pendingShuffles.push(d.deck);
  },
  FirstPlayerMarkerPassed(rs, d) {
    rs.firstPlayer = d.to;
  },
  InfluenceCardResolved(rs, d) {
    rs.influenceDiscard.push({ card: d.card, places: d.places.map((p) => ({ ...p })) });
  },
  SolOffensiveResolved(rs, d) {
    rs.influencePhase.solOffensives += 1;
    rs.influencePhase.struck = {
      locations: [...d.locations],
      seats: [...new Set(d.immune.map((i) => i.seat))],
      moved: [],
    };
  },
  SolOffensiveMoved(rs, d) {
    rs.influencePhase.struck?.moved.push(d.seat);
  },
  InfluenceCardRevealed(rs) {
    delete rs.influencePhase.struck;
  },
  SolOffensiveIgnored(rs, d) {
    if (d.reason === 'first-round') rs.influencePhase.setAside.push(d.card);
  },
  InfluenceCardsReturned(rs) {
    rs.influencePhase.setAside = [];
  },
  CeasefireOpened(rs, d) {
    rs.influencePhase.ceasefires += 1;
    rs.ceasefire = { card: d.card, done: [] };
    rs.offers = [];
  },
  CeasefireSeatDone(rs, d) {
    if (rs.ceasefire && !rs.ceasefire.done.includes(d.seat)) rs.ceasefire.done.push(d.seat);
  },
  CeasefireClosed(rs) {
    rs.ceasefire = null;
    rs.offers = [];
  },
  AllianceCardsOffered(rs, d) {
    if (!rs.offers.some((o) => o.from === d.from && o.to === d.to))
      rs.offers.push({ from: d.from, to: d.to });
    if (rs.ceasefire) rs.ceasefire.done = without(rs.ceasefire.done, d.from, d.to);
  },
  AllianceFormed(rs, d) {
    rs.allianceSerial += 1;
    rs.alliances.push({ id: d.alliance, members: [...d.members] });
    rs.offers = rs.offers.filter((o) => !d.members.includes(o.from) && !d.members.includes(o.to));
  },
  AllianceJoined(rs, d) {
    const alliance = rs.alliances.find((a) => a.id === d.alliance);
    if (alliance) alliance.members = [...d.members];
    rs.offers = rs.offers.filter((o) => !d.members.includes(o.from) && !d.members.includes(o.to));
  },
  AllianceLeft(rs, d) {
    const alliance = rs.alliances.find((a) => a.id === d.alliance);
    if (alliance) alliance.members = [...d.members];
    if (rs.ceasefire) rs.ceasefire.done = without(rs.ceasefire.done, d.member);
  },
  AllianceDissolved(rs, d) {
    rs.alliances = rs.alliances.filter((a) => a.id !== d.alliance);
  },
  InfluenceTransferred(rs, d) {
    if (rs.ceasefire) rs.ceasefire.done = without(rs.ceasefire.done, d.from);
  },
  AuctionOpened(rs, d) {
    rs.auction = {
      cards: [...(d.secret?.cards ?? [])],
      lot: -1,
      bidders: [],
      high: null,
      passed: [],
      payee: d.payee,
      bidSeats: [],
      owed: d.owed ?? 0,
      sold: 0,
      unsold: 0,
    };
  },
  AuctionLotWon(rs) {
    if (rs.auction) rs.auction.sold = (rs.auction.sold ?? 0) + 1;
  },
  AuctionLotUnsold(rs) {
    if (rs.auction) rs.auction.unsold = (rs.auction.unsold ?? 0) + 1;
  },
  AuctionLotsDealt(rs, d) {
    if (!rs.auction) return;
    rs.auction.cards.push(...(d.secret?.cards ?? []));
    rs.auction.owed = d.owed;
  },
  AuctionLotOpened(rs, d) {
    if (!rs.auction) return;
    rs.auction.lot = d.lot;
    rs.auction.bidders = [...d.bidders];
    rs.auction.high = null;
    rs.auction.passed = [];
  },
  BidPlaced(rs, d) {
    if (!rs.auction) return;
    rs.auction.high = { seat: d.seat, amount: d.amount };
    if (!rs.auction.bidSeats.includes(d.seat)) rs.auction.bidSeats.push(d.seat);
  },
  BidPassed(rs, d) {
    if (rs.auction && !rs.auction.passed.includes(d.seat)) rs.auction.passed.push(d.seat);
  },
  AuctionClosed(rs) {
    rs.auction = null;
    effects(rs).barred = [];
  },
  TroopsRecruited(rs, d) {
    if (!rs.recruited.includes(d.seat)) rs.recruited.push(d.seat);
  },
  ManeuversStarted(rs, d) {
    rs.recruited = [];
    effects(rs).recruits = {};
    rs.maneuvers = {
      order: [...d.order],
      turn: d.order[0] ?? null,
      deployed: false,
      done: [],
      bonus: structuredClone(d.bonus),
    };
  },
  TroopsDeployed(rs, d) {
    if (!rs.maneuvers) return;
    if (!d.informant) rs.maneuvers.deployed = true;
    rs.maneuvers.deployedTo = [...(rs.maneuvers.deployedTo ?? []), d.location];
  },
  ManeuverTurnEnded(rs, d) {
    if (!rs.maneuvers) return;
    rs.maneuvers.done.push(d.seat);
    rs.maneuvers.turn = d.next;
    rs.maneuvers.deployed = false;
    rs.maneuvers.deployedTo = [];
  },
  CombatStarted(rs) {
    rs.maneuvers = null;
  },
  BattleOpened(rs, d) {
    rs.battleSerial += 1;
    rs.battle = {
      id: d.battle,
      location: d.location,
      aggressor: d.aggressor,
      sides: [...d.sides],
      step: 'plans',
      stepSeats: [...d.sides],
      due: [...d.sides],
      sealed: {},
      plans: {},
      cards: {},
      calls: {},
    };
  },
  BattleStepStarted(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    rs.battle.step = d.step;
    rs.battle.stepSeats = [...d.due];
    rs.battle.due = [...d.due];
    if (d.step === 'losses' && d.dial !== undefined && d.due[0])
      rs.battle.losses = { seat: d.due[0], dial: d.dial };
    if (d.step === 'keep' && d.cards && d.due[0])
      rs.battle.keep = { seat: d.due[0], cards: [...d.cards] };
    rs.battle.sealed = {};
  },
  BattlePlanRevealed(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    setOwn(rs.battle.plans, d.seat, { ...d.plan });
    rs.battle.due = without(rs.battle.due, d.seat);
    if (d.plan.leader) setOwn(rs.leaderUse, d.plan.leader, rs.battle.location);
  },
  BattleCardsRevealed(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    setOwn(rs.battle.cards, d.seat, {
      ...(d.attack ? { attack: d.attack } : {}),
      ...(d.defense ? { defense: d.defense } : {}),
    });
    rs.battle.due = without(rs.battle.due, d.seat);
  },
  TraitorCallRevealed(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    setOwn(rs.battle.calls, d.seat, d.traitor);
    rs.battle.due = without(rs.battle.due, d.seat);
  },
  BattleResolved(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    rs.battle.winner = d.winner;
  },
  BattleLossesTaken(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    delete rs.battle.losses;
    rs.battle.due = without(rs.battle.due, d.seat);
  },
  BattleCardsKept(rs, d) {
    if (!rs.battle || rs.battle.id !== d.battle) return;
    delete rs.battle.keep;
    rs.battle.due = without(rs.battle.due, d.seat);
  },
  BattleClosed(rs) {
    rs.battle = null;
  },
  BombardmentTopPeeked(rs, d) {
    rs.solPeekRound = d.round;
  },
  DreadnoughtFleetStepped(rs, d) {
    rs.fleetSector = d.to;
    rs.bombarded = null;
  },
  DreadnoughtFleetStopped(rs, d) {
    rs.fleetSector = d.sector;
    rs.bombarded = d.sector;
  },
  StrategyCardPlayed(rs, d) {
    if (d.effect === 'recruits') {
      const recruits = effects(rs).recruits;
      setOwn(recruits, d.seat, (own(recruits, d.seat) ?? 0) + 1);
    }
    if (d.effect === 'radar-tracking') effects(rs).radar = true;
  },
  InfluencePhaseEnded(rs) {
    effects(rs).radar = false;
    delete rs.influencePhase.struck;
  },
  BidderBarred(rs, d) {
    effects(rs).barred.push(d.seat);
    if (rs.auction) rs.auction.bidders = without(rs.auction.bidders, d.seat);
  },
  AuctionLotWithdrawn(rs) {
    rs.auction?.cards.pop();
  },
  ShieldInverted(rs, d) {
    if (d.until !== 'text-only')
      effects(rs).shieldsDown.push({ location: d.location, until: d.until });
  },
  AbilityCancelled(rs, d) {
    effects(rs).cancelled.push({ seat: d.seat, ability: d.ability });
  },
  CancellationUsed(rs, d) {
    const list = effects(rs).cancelled;
    const i = list.findIndex((c) => c.seat === d.seat && c.ability === d.ability);
    if (i >= 0) list.splice(i, 1);
  },
  SeatConceded(rs, d) {
    rs.conceded = [...(rs.conceded ?? []), d.seat];
    rs.offers = rs.offers.filter((o) => o.from !== d.seat && o.to !== d.seat);
    if (rs.ceasefire && !rs.ceasefire.done.includes(d.seat)) rs.ceasefire.done.push(d.seat);
    const auction = rs.auction;
    if (auction) {
      auction.bidders = without(auction.bidders, d.seat);
      auction.passed = without(auction.passed, d.seat);
      if (auction.high?.seat === d.seat) auction.high = null;
    }
  },
  PredictionRevealed(rs, d) {
    if (rs.prediction)
      rs.prediction.revealed = { ...d.predicted, valid: d.valid, matched: d.matched };
  },
  VictoryPending(rs, d) {
    rs.pendingVictory = {
      winners: [...d.winners],
      condition: d.condition,
      round: d.round,
      ruleRef: d.ruleRef,
    };
  },
  MatchFinished(rs, d) {
    rs.result = {
      winners: [...(d.winners ?? [])],
      condition: d.condition,
      ...(d.ruleRef ? { ruleRef: d.ruleRef } : {}),
    };
    rs.pendingVictory = null;
  },
};

/** The sealed decision kind each battle step collects. */
export const STEP_KIND: Record<BattleStep, string | undefined> = {
  plans: 'battle-plan',
  cards: 'battle-cards',
  traitor: 'call-traitor',
  losses: undefined,
  keep: undefined,
};
