import { deleteOwn, own, ownOrSet, setOwn } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { CardDef, Distance } from './cp-cards';

/**
 * The Commanders Path slice: the engine state only this ruleset has (card definitions and
 * their binding to pieces, setup progress, priority, production steps, the battle in
 * progress, pending choices). Everything a viewer or a judge reads lives on the generic
 * table: zones, pieces with their stats, damage and tap status, loss piles, tracks.
 * The slice is plain JSON: rewinds restore it by structured clone.
 */

export interface SeatDeck {
  commander: CardDef;
  defs: Record<string, CardDef>;
  /** The registered deck, one key per card, in registration order. */
  cards: string[];
  commanderPiece: string;
}

export interface SetupProgress {
  registered: boolean;
  /** Deals taken: 1 after the first deal, up to 4 with three redeals. */
  deals: number;
  spent: boolean;
  deployed: boolean;
}

export interface ProductionState {
  seat: string;
  /** The furthest step of the rules' production order reached (1..10). */
  step: number;
  tokensAtStart: number;
  tokensSpent: number;
}

export type PendingKind = 'evasive' | 'nova-targets' | 'nova-shields' | 'counter-fire';

export interface PendingChoice {
  kind: PendingKind;
  /** The seat that must answer. */
  seat: string;
  attackId: string;
  /** Everything needed to finish the attack (what was declared and rolled so far). */
  attack: Record<string, unknown>;
}

export interface BattleState {
  id: string;
  location: string;
  object?: string;
  attacker: string;
  defender: string;
  step: 'echelon' | 'withdrawals' | 'attacks' | 'round-end' | 'landing' | 'closed';
  echelonDone: string[];
  /** Seats that will not be asked about withdrawals and manoeuvres in this battle. */
  autoPass: string[];
  /** Second-echelon ships that have not entered yet, per seat. */
  second: Record<string, string[]>;
  /** Every piece that took part (for critical damage and clearing after the battle). */
  participants: string[];
  round: number;
  distance: Distance;
  /** The distance of the round before (tactical superiority counts unchanged distances). */
  previousDistance?: Distance;
  closingStopped: boolean;
  withdrawDone: string[];
  pendingWithdrawals: { ship: string; seat: string; to: string }[];
  withdrawn: string[];
  lastActor?: string;
  passed: string[];
  attacked: Record<string, boolean>;
  attacksThisRound: number;
  pending?: PendingChoice;
  superiority: Record<string, number>;
  awaitingManoeuvre: string[];
  manoeuvres: {
    seat: string;
    kind: 'stop' | 'resume' | 'increase' | 'echelon';
    distance?: Distance;
  }[];
  boardedStations: Record<string, string>;
  destroyedStation?: string;
  /** The winner chose to go on against ground units (the enemy has no fighters left). */
  groundAssault?: string;
  groundChoice?: string;
  groundDeclined?: boolean;
  landingBy?: string;
  attackSerial: number;
}

export interface BattlePhaseState {
  mover: string;
  queue: { location: string; attacker: string; defender: string }[];
  battle?: BattleState;
  started: number;
  roundsBegun: boolean;
  boardingFailed: string[];
  bombedUnits: Record<string, string[]>;
  novaDamaged: string[];
  pendingCivil: { object: string; captor: string; buildings: string[] }[];
  /** Capture and blockade have been settled at the end of this battle phase. */
  controlDone: boolean;
}

export interface PendingManual {
  id: string;
  seat: string;
  kind: string;
  params: unknown;
  seq: number;
}

export interface CpState {
  seats: string[];
  decks: Record<string, SeatDeck>;
  /** Piece id → card key, for cards whose identity is bound (owner and judges know it). */
  cardOf: Record<string, string>;
  setup: Record<string, SetupProgress>;
  priority?: string;
  initiative: Record<string, number>;
  /** Set while a tie waits for the initiative dice: where to continue afterwards. */
  initiativeTie?: 'setup' | 'turn';
  turn: number;
  /** The seat whose movement (and then battle) phase it is. */
  mover?: string;
  resourcesDone: string[];
  productionDone: string[];
  production?: ProductionState;
  /** Ships that made a commercial run or escorted one: they do not move this turn. */
  lockedShips: string[];
  /** Boarding rewards paid in the next resource phase. */
  pendingRewards: Record<string, number>;
  battlePhase?: BattlePhaseState;
  sectors: number;
  /** Seats that are not asked about second echelons, withdrawals and distance manoeuvres. */
  autoPass: string[];
  manual: { next: number; pending: Record<string, PendingManual> };
  over: boolean;
  /** Decks a starting position did not lay out: shuffled before the next decision. */
  owedShuffles?: string[];
}

export function initialCpState(): CpState {
  return {
    seats: [],
    decks: {},
    cardOf: {},
    setup: {},
    initiative: {},
    turn: 0,
    resourcesDone: [],
    productionDone: [],
    lockedShips: [],
    pendingRewards: {},
    sectors: 0,
    autoPass: [],
    manual: { next: 1, pending: {} },
    over: false,
  };
}

type Data = Record<string, unknown>;
type Handler = (rs: CpState, data: Data, event: RecordedEvent) => void;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strs = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const obj = (value: unknown): Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {};

function battleOf(rs: CpState, data: Data): BattleState | undefined {
  const battle = rs.battlePhase?.battle;
  return battle && battle.id === data.battle ? battle : undefined;
}

function pushUnique(list: string[], value: string): void {
  if (value && !list.includes(value)) list.push(value);
}

/** Per-event changes of the slice. Unknown events and malformed data change nothing. */
const handlers: Record<string, Handler> = {
  MatchCreated(rs, data) {
    rs.seats = (Array.isArray(data.seats) ? data.seats : []).map((s) => str(obj(s).seat));
    for (const seat of rs.seats)
      setOwn(rs.setup, seat, { registered: false, deals: 0, spent: false, deployed: false });
  },
  DeckRegistered(rs, data) {
    const seat = str(data.seat);
    if (!own(rs.setup, seat)) return;
    // The list travels in the seat-only `secret` member (the server always folds full events).
    const list = obj(data.secret);
    // Decks never change after registration: a new object, shared (not cloned) afterwards.
    rs.decks = {
      ...rs.decks,
      [seat]: {
        commander: obj(list.commander) as unknown as CardDef,
        defs: obj(list.defs) as unknown as Record<string, CardDef>,
        cards: strs(list.cards),
        commanderPiece: str(data.commanderPiece),
      },
    };
    own(rs.setup, seat)!.registered = true;
    for (const [piece, key] of Object.entries(obj(list.bound))) setOwn(rs.cardOf, piece, str(key));
  },
  DeckBound(rs, data) {
    for (const [piece, key] of Object.entries(obj(obj(data.secret).cards)))
      setOwn(rs.cardOf, piece, str(key));
  },
  HandDealt(rs, data) {
    const progress = own(rs.setup, str(data.seat));
    if (progress) progress.deals = num(data.deal) + 1;
  },
  SetupSpent(rs, data) {
    const progress = own(rs.setup, str(data.seat));
    if (progress) progress.spent = true;
  },
  InitiativeTied(rs, data) {
    rs.initiativeTie = data.context === 'turn' ? 'turn' : 'setup';
  },
  InitiativeDetermined(rs, data) {
    rs.initiative = Object.fromEntries(
      Object.entries(obj(data.initiative)).map(([seat, value]) => [seat, num(value)]),
    );
    if (typeof data.priority === 'string') rs.priority = data.priority;
    delete rs.initiativeTie;
  },
  Deployed(rs, data) {
    const progress = own(rs.setup, str(data.seat));
    if (progress) progress.deployed = true;
  },
  PositionSet(rs, data) {
    rs.turn = num(data.turn);
    rs.priority = str(data.priority);
    rs.initiative = Object.fromEntries(
      Object.entries(obj(data.initiative)).map(([seat, value]) => [seat, num(value)]),
    );
    // Registration, the deal, the setup spending and the deployment are the position's.
    for (const progress of Object.values(rs.setup))
      Object.assign(progress, { deals: 1, spent: true, deployed: true });
    const owed = strs(data.owedShuffles);
    if (owed.length > 0) rs.owedShuffles = owed;
  },
  DeckShuffled(rs, data) {
    if (rs.owedShuffles) rs.owedShuffles = rs.owedShuffles.filter((deck) => deck !== data.deck);
  },
  TurnBegan(rs, data) {
    rs.turn = num(data.turn);
    rs.resourcesDone = [];
    rs.productionDone = [];
    rs.lockedShips = [];
    delete rs.production;
    delete rs.mover;
    delete rs.battlePhase;
  },
  IncomeReceived(rs, data) {
    if (data.boardingReward) deleteOwn(rs.pendingRewards, str(data.seat));
  },
  ResourcesDone(rs, data) {
    pushUnique(rs.resourcesDone, str(data.seat));
  },
  CommercialRunCompleted(rs, data) {
    for (const ship of [str(data.ship), ...strs(data.escorts)]) pushUnique(rs.lockedShips, ship);
  },
  SmugglingRunResolved(rs, data) {
    if (data.success) pushUnique(rs.lockedShips, str(data.ship));
  },
  ProductionBegan(rs, data) {
    rs.production = {
      seat: str(data.seat),
      step: 1,
      tokensAtStart: num(data.tokensAtStart),
      tokensSpent: 0,
    };
  },
  ProductionStepReached(rs, data) {
    if (rs.production && rs.production.seat === data.seat)
      rs.production.step = Math.max(rs.production.step, num(data.step));
  },
  ActionTokensSpent(rs, data) {
    if (rs.production && rs.production.seat === data.seat)
      rs.production.tokensSpent += num(data.count);
  },
  ProductionEnded(rs, data) {
    pushUnique(rs.productionDone, str(data.seat));
    delete rs.production;
  },
  MovementBegan(rs, data) {
    rs.mover = str(data.seat);
  },
  BoardingRewardOwed(rs, data) {
    const seat = str(data.seat);
    setOwn(rs.pendingRewards, seat, (own(rs.pendingRewards, seat) ?? 0) + num(data.amount));
  },
  BattlePhaseBegan(rs, data) {
    rs.battlePhase = {
      mover: str(data.mover),
      queue: (Array.isArray(data.battles) ? data.battles : []).map((b) => ({
        location: str(obj(b).location),
        attacker: str(obj(b).attacker),
        defender: str(obj(b).defender),
      })),
      started: 0,
      roundsBegun: false,
      boardingFailed: [],
      bombedUnits: {},
      novaDamaged: [],
      pendingCivil: [],
      controlDone: false,
    };
  },
  BattleStarted(rs, data) {
    const phase = rs.battlePhase;
    if (!phase) return;
    const location = str(data.location);
    phase.queue = phase.queue.filter((b) => b.location !== location);
    phase.started += 1;
    const attacker = str(data.attacker);
    const defender = str(data.defender);
    phase.battle = {
      id: str(data.battle),
      location,
      ...(typeof data.object === 'string' ? { object: data.object } : {}),
      attacker,
      defender,
      step: 'echelon',
      echelonDone: strs(data.noEchelonChoice),
      autoPass: [...rs.autoPass],
      second: { [attacker]: [], [defender]: [] },
      participants: strs(data.participants),
      round: 0,
      distance: 'long',
      closingStopped: false,
      withdrawDone: [],
      pendingWithdrawals: [],
      withdrawn: [],
      passed: [],
      attacked: {},
      attacksThisRound: 0,
      superiority: { [attacker]: 0, [defender]: 0 },
      awaitingManoeuvre: [],
      manoeuvres: [],
      boardedStations: {},
      attackSerial: 0,
    };
  },
  EchelonDesignated(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    const seat = str(data.seat);
    pushUnique(battle.echelonDone, seat);
    setOwn(battle.second, seat, strs(data.second));
    if (data.autoPass) pushUnique(battle.autoPass, seat);
  },
  BattleRoundBegan(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle || !rs.battlePhase) return;
    rs.battlePhase.roundsBegun = true;
    battle.previousDistance = battle.round > 0 ? battle.distance : undefined;
    battle.round = num(data.round);
    battle.distance = (str(data.distance) || 'long') as Distance;
    battle.closingStopped = data.closingStopped === true;
    battle.step = 'withdrawals';
    battle.withdrawDone = strs(data.noWithdrawalChoice);
    battle.pendingWithdrawals = [];
    battle.passed = [];
    battle.attacked = {};
    battle.attacksThisRound = 0;
    delete battle.lastActor;
    battle.awaitingManoeuvre = [];
    battle.manoeuvres = [];
    if (data.resetSuperiority)
      for (const seat of Object.keys(battle.superiority)) setOwn(battle.superiority, seat, 0);
  },
  SecondEchelonEntered(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) setOwn(battle.second, str(data.seat), []);
  },
  WithdrawalsDeclared(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    const seat = str(data.seat);
    pushUnique(battle.withdrawDone, seat);
    for (const entry of Array.isArray(data.pending) ? data.pending : [])
      battle.pendingWithdrawals.push({ ship: str(obj(entry).ship), seat, to: str(obj(entry).to) });
  },
  ShipsWithdrew(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    const ships = strs(data.ships);
    for (const ship of ships) pushUnique(battle.withdrawn, ship);
    battle.pendingWithdrawals = battle.pendingWithdrawals.filter((p) => !ships.includes(p.ship));
    for (const seat of Object.keys(battle.second))
      setOwn(
        battle.second,
        seat,
        (own(battle.second, seat) ?? []).filter((s) => !ships.includes(s)),
      );
  },
  WithdrawalRefused(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    const ships = strs(data.ships);
    battle.pendingWithdrawals = battle.pendingWithdrawals.filter((p) => !ships.includes(p.ship));
  },
  AttacksBegan(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) battle.step = 'attacks';
  },
  AttackPending(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    if (data.newAttack) battle.attackSerial += 1;
    battle.pending = {
      kind: str(data.kind) as PendingKind,
      seat: str(data.awaiting),
      attackId: str(data.attackId),
      attack: obj(data.attack),
    };
  },
  AttackResolved(rs, data) {
    actedIn(rs, data);
    const phase = rs.battlePhase;
    if (!phase) return;
    for (const target of Array.isArray(data.targets) ? data.targets : []) {
      if (obj(target).shieldSacrificed) pushUnique(phase.novaDamaged, str(obj(target).piece));
    }
  },
  RamResolved(rs, data) {
    actedIn(rs, data);
  },
  BoardingResolved(rs, data) {
    actedIn(rs, data);
    const phase = rs.battlePhase;
    const battle = battleOf(rs, data);
    if (!phase || !battle) return;
    if (!data.success) pushUnique(phase.boardingFailed, str(data.ship));
    if (data.success && data.station)
      setOwn(battle.boardedStations, str(data.target), str(data.seat));
  },
  BombingResolved(rs, data) {
    actedIn(rs, data);
    const phase = rs.battlePhase;
    if (!phase || data.targetKind !== 'ground-unit') return;
    for (const ship of strs(data.ships)) {
      const list = ownOrSet(phase.bombedUnits, ship, () => []);
      pushUnique(list, str(data.target));
    }
  },
  AttackPassed(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    pushUnique(battle.passed, str(data.seat));
    battle.lastActor = str(data.seat);
  },
  BattleRoundEnded(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    battle.step = 'round-end';
    battle.superiority = Object.fromEntries(
      Object.entries(obj(data.superiority)).map(([seat, n]) => [seat, num(n)]),
    );
    battle.awaitingManoeuvre = strs(data.awaiting);
    battle.manoeuvres = [];
  },
  ManoeuvreDeclared(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    const seat = str(data.seat);
    battle.awaitingManoeuvre = battle.awaitingManoeuvre.filter((s) => s !== seat);
    const kind = str(data.kind);
    if (kind === 'stop' || kind === 'resume' || kind === 'increase' || kind === 'echelon')
      battle.manoeuvres.push({
        seat,
        kind,
        ...(typeof data.distance === 'string' ? { distance: data.distance as Distance } : {}),
      });
    for (const extra of strs(data.nowAwaiting)) pushUnique(battle.awaitingManoeuvre, extra);
  },
  GroundAssaultChosen(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    delete battle.groundChoice;
    if (data.continue) battle.groundAssault = str(data.seat);
    else battle.groundDeclined = true;
  },
  GroundAssaultOffered(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) battle.groundChoice = str(data.seat);
  },
  StationDestroyed(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) battle.destroyedStation = str(data.station);
  },
  BattleEnded(rs, data) {
    const battle = battleOf(rs, data);
    if (!battle) return;
    battle.step = 'landing';
    delete battle.pending;
    if (typeof data.landingBy === 'string') battle.landingBy = data.landingBy;
  },
  LandingResolved(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) delete battle.landingBy;
  },
  BattleClosed(rs, data) {
    const phase = rs.battlePhase;
    if (phase && phase.battle?.id === data.battle) delete phase.battle;
  },
  CivilBuildingsPending(rs, data) {
    rs.battlePhase?.pendingCivil.push({
      object: str(data.object),
      captor: str(data.captor),
      buildings: strs(data.buildings),
    });
  },
  CivilBuildingsResolved(rs, data) {
    const phase = rs.battlePhase;
    if (phase) phase.pendingCivil = phase.pendingCivil.filter((p) => p.object !== data.object);
  },
  AutoPassSet(rs, data) {
    const seat = str(data.seat);
    rs.autoPass = rs.autoPass.filter((s) => s !== seat);
    if (data.on) rs.autoPass.push(seat);
    const battle = rs.battlePhase?.battle;
    if (battle) {
      battle.autoPass = battle.autoPass.filter((s) => s !== seat);
      if (data.on) {
        battle.autoPass.push(seat);
        // An open window closes for this seat as if it had passed.
        if (battle.step === 'echelon') pushUnique(battle.echelonDone, seat);
        if (battle.step === 'withdrawals') pushUnique(battle.withdrawDone, seat);
        battle.awaitingManoeuvre = battle.awaitingManoeuvre.filter((s) => s !== seat);
      }
    }
  },
  ControlChecked(rs) {
    if (rs.battlePhase) rs.battlePhase.controlDone = true;
  },
  FleetRetreated(rs, data) {
    const battle = battleOf(rs, data);
    if (battle) for (const ship of strs(data.ships)) pushUnique(battle.withdrawn, ship);
  },
  BattlePhaseEnded(rs) {
    delete rs.battlePhase;
  },
  ZonesCreated(rs, data) {
    for (const zone of Array.isArray(data.zones) ? data.zones : []) {
      const match = /^sector:(\d+)$/.exec(str(obj(zone).id));
      if (match) rs.sectors = Math.max(rs.sectors, Number(match[1]));
    }
  },
  ManualAdjustmentProposed(rs, data, event) {
    const id = str(data.id);
    setOwn(rs.manual.pending, id, {
      id,
      seat: str(data.seat),
      kind: str(data.kind),
      params: data.params,
      seq: event.seq,
    });
    rs.manual.next = Math.max(rs.manual.next, Number(id.replace(/\D/g, '')) + 1 || rs.manual.next);
  },
  ManualAdjustmentApproved(rs, data) {
    deleteOwn(rs.manual.pending, str(data.id));
  },
  ManualAdjustmentRejected(rs, data) {
    deleteOwn(rs.manual.pending, str(data.id));
  },
  MatchFinished(rs) {
    rs.over = true;
  },
};

/** Every attack-like event: the acting seat attacked this round. */
function actedIn(rs: CpState, data: Data): void {
  const battle = battleOf(rs, data);
  if (!battle) return;
  const seat = str(data.seat);
  if (!data.counter) {
    battle.lastActor = seat;
    setOwn(battle.attacked, seat, true);
    battle.attacksThisRound += 1;
  }
  if (data.newAttack) battle.attackSerial += 1;
  delete battle.pending;
}

/** The slice's evolve: pure, total, and in place on a draft the caller owns. */
export function applyCpEvent(rs: CpState, event: RecordedEvent): void {
  const handler = own(handlers, event.type);
  const data = event.data;
  if (handler && data !== null && typeof data === 'object') handler(rs, data as Data, event);
}

export function evolveCp(rs: CpState, event: RecordedEvent): CpState {
  if (!own(handlers, event.type)) return rs;
  const { decks, ...rest } = rs;
  const next: CpState = { ...structuredClone(rest), decks };
  try {
    applyCpEvent(next, event);
  } catch {
    // evolve never throws: a malformed stored event changes nothing.
    return rs;
  }
  return next;
}
