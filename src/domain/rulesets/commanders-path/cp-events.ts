import type { CardDef, Distance } from './cp-cards';

/**
 * Commanders Path's own events and their data: what the generic table events cannot say.
 * `d.own(type, data)` is checked against this map. Stored forever and replayed from old
 * logs: change a shape only by adding optional members.
 */

/** What an attack aims at (cp-weapons.ts reads each kind's damage). */
export type TargetKind =
  'ship' | 'station' | 'military-building' | 'civil-building' | 'ground-unit';

/** A damage formula of the rules as an attack applied it (cp-weapons.ts computes it). */
export interface Formula {
  formula: string;
  inputs: Record<string, number | string>;
  /** Damage before the atmosphere. */
  raw: number;
  atmosphere: number;
  /** Damage dealt. */
  applied: number;
  ruleRef: string;
}

export interface DamageResult {
  damageBefore: number;
  damageAfter: number;
  limit: number;
  destroyed: boolean;
}

export interface ManoeuvreResult {
  attackerDie: number;
  defenderDie: number;
  attackerTotal: number;
  defenderTotal: number;
  outcome: 'applies' | 'no-damage';
  counter: boolean;
}

/** One target of an attack: the formula, the damage, and what spared it. */
export interface TargetRecord extends Formula, DamageResult {
  piece: string;
  name: string;
  evaded?: boolean;
  manoeuvre?: ManoeuvreResult;
  pointDefence?: { faces: number[]; need: number; intercepted: number };
  shieldSacrificed?: boolean;
}

/** A manual adjustment: a freeform decision's kind and params, recorded with who made it. */
interface ManualAdjustment {
  seat: string;
  kind: string;
  params: object;
}

export interface CpEvents {
  AbilityPlayed: {
    ruleRef: string;
    replaced?: string | undefined;
    seat: string;
    piece: string;
    name: string;
    variant: number;
    text: string;
  };
  ActionTokensBought: {
    seat: string;
    count: number;
    ruleRef: string;
  };
  ActionTokensSpent: {
    seat: string;
    count: number;
    for: string;
  };
  AttackPassed: {
    battle: string;
    seat: string;
    round: number;
  };
  AttackPending: {
    battle: string;
    attackId: string;
    kind: string;
    awaiting: string | undefined;
    target?: string;
    newAttack: boolean;
    attack: Record<string, unknown> | { from: string; at: string };
    ruleRef: string;
    count?: number;
    shielded?: string[];
  };
  AttackResolved: {
    newAttack: boolean;
    targets: TargetRecord[];
    ruleRef: string;
    counter?: boolean;
    nova?:
      | {
          activation: number;
          countFace?: number | undefined;
          count?: number | undefined;
          fired: boolean;
        }
      | undefined;
    hitDice?: { faces: number[]; need: number; hits: number } | undefined;
    battle: string;
    attackId: string;
    seat: string;
    round?: number;
    distance?: Distance;
    attacker: { piece: string; name: string };
    weapon?: {
      kind:
        'plasma' | 'turbolaser' | 'nova' | 'bombs' | 'maser' | 'lasers' | 'missiles' | 'torpedoes';
      text: string;
    };
    declined?: boolean;
  };
  AttacksBegan: {
    battle: string;
    round: number;
  };
  AutoPassSet: {
    seat: string;
    on: boolean;
  };
  BattleClosed: {
    battle: string;
  };
  BattleEnded: {
    ruleRef: string;
    landingBy?: string | undefined;
    holder: string | null;
    battle: string;
    location: string;
  };
  BattlePhaseBegan: {
    mover: string;
    battles: { location: string; attacker: string; defender: string }[];
    ruleRef: string;
  };
  BattlePhaseEnded: {
    mover: string;
  };
  BattleRoundBegan: {
    battle: string;
    round: number;
    distance: Distance;
    closingStopped: boolean;
    noWithdrawalChoice: string[];
    resetSuperiority: boolean;
    ruleRef: string;
  };
  BattleRoundEnded: {
    battle: string;
    round: number;
    distance: Distance;
    attacks: number;
    superiority: Record<string, number>;
    awaiting: string[];
  };
  BattleStalemate: {
    battle: string;
    why: 'stalemate' | 'deadlock';
    ruleRef: string;
  };
  BattleStarted: {
    attacker: string;
    defender: string;
    participants: string[];
    noEchelonChoice: string[];
    ruleRef: string;
    object?: string | undefined;
    battle: string;
    location: string;
  };
  BlockadeChanged: {
    object: string;
    by: string | null;
    ruleRef: string;
  };
  BoardingResolved: {
    ruleRef: string;
    reward?: number | undefined;
    station?: boolean | undefined;
    battle: string;
    attackId: string;
    seat: string;
    newAttack: boolean;
    round: number;
    ship: string;
    target: string;
    boarding: number;
    crew: number;
    crewBonus: number;
    rolls: {
      boarderDie: number;
      defenderDie: number;
      boarderTotal: number;
      defenderTotal: number;
    }[];
    success: boolean;
  };
  BoardingRewardOwed: {
    seat: string;
    amount: number;
    ship: string;
    ruleRef: string;
  };
  BombingResolved: {
    ruleRef: string;
    damageBefore: number;
    damageAfter: number;
    limit: number;
    destroyed: boolean;
    battle: string;
    attackId: string;
    seat: string;
    newAttack: boolean;
    round: number;
    ships: string[];
    powers: { piece: string; power: number }[];
    target: string;
    targetKind: TargetKind | undefined;
    formula: string;
    total: number;
  };
  BuiltInDestroyed: {
    piece: string;
    host?: string;
    cause: string;
    ruleRef: string;
  };
  CardsRevealed: {
    seat: string;
    cards: { piece: string; key: string; name: string; kind: string }[];
    reason: string;
  };
  CivilBuildingsPending: {
    object: string;
    captor: string;
    buildings: string[];
    ruleRef: string;
  };
  CivilBuildingsResolved: {
    object: string;
    captor: string;
    choice: string;
    buildings: string[];
    ruleRef: string;
  };
  CommanderMoved: {
    seat: string;
    from: string;
    to: string;
    ruleRef: string;
  };
  CommanderPlaced: {
    seat: string;
    host: string;
    ruleRef: string;
  };
  CommandersRevealed: {
    commanders: Record<string, unknown>;
  };
  CommercialRunCompleted: {
    seat: string;
    ship: string;
    from: string;
    to: string;
    escorts: string[];
    resources: number;
    actionTokens: number;
    runTokens: number;
    ruleRef: string;
  };
  ControlChecked: Record<string, never>;
  CriticalDamageApplied: {
    battle: string;
    destroyed: { piece: string; damage: number; critical: number }[];
    cleared: { piece: string; damage: number }[];
    ruleRef: string;
  };
  DeckBound: {
    seat: string;
    count: number;
    secret: { cards: Record<string, string> };
  };
  DeckRegistered: {
    seat: string;
    count: number;
    commanderPiece: string;
    ruleRef: string;
    secret: {
      commander: CardDef;
      defs: Record<string, CardDef>;
      cards: string[];
      abilities: { piece: string; key: string; variant: number }[];
      bound: Record<string, string>;
    };
  };
  Deployed: {
    seat: string;
    ships: number;
    objects: number;
    hand: number;
  };
  EchelonDesignated: {
    battle: string;
    seat: string;
    second: string[];
    autoPass: boolean;
    ruleRef: string;
  };
  EvasionDecided: {
    battle: string;
    attackId: string;
    ship: string;
    evade: boolean;
    ruleRef: string;
  };
  FleetRetreated: {
    battle: string;
    seat: string;
    ships: string[];
    to: string;
    why: string;
  };
  ForcedRetreat: {
    battle: string;
    seat: string;
    ruleRef: string;
  };
  GroundAssaultChosen: {
    battle: string;
    seat: string;
    continue: boolean;
    ruleRef: string;
  };
  GroundAssaultOffered: {
    battle: string;
    seat: string;
    ruleRef: string;
  };
  GroundCardLost: {
    seat: string;
    piece: string;
    ruleRef: string;
  };
  GroundCardMoved: {
    seat: string;
    piece: string;
    from: string;
    to: string;
  };
  HandDealt: {
    seat: string;
    deal: number;
    size: number;
    ruleRef: string;
    returned?: number;
  };
  HandDrawn: {
    seat: string;
    count: number;
    reason: string;
  };
  IncomeReceived: {
    ruleRef: string;
    boardingReward?: number | undefined;
    seat: string;
    items: {
      source: string;
      piece?: string | undefined;
      resources: number;
      actionTokens: number;
    }[];
    resources: number;
    actionTokens: number;
  };
  InitiativeDetermined: {
    initiative: Record<string, number>;
    method: string;
    priority: string;
    context: 'turn' | 'setup';
    ruleRef: string;
    faces?: Record<string, number>;
  };
  InitiativeRolled: {
    faces: Record<string, number>;
    tie: boolean;
  };
  InitiativeTied: {
    initiative: Record<string, number>;
    context: 'turn' | 'setup';
    ruleRef: string;
  };
  LandingResolved: {
    battle: string;
    seat: string;
    ships: string[];
    declined?: boolean;
    ruleRef: string;
    landing?: number;
    ground?: number;
    destroyed?: string[];
  };
  ManoeuvreDeclared: {
    ruleRef?: string | undefined;
    nowAwaiting: string[];
    distance?: string | undefined;
    battle: string;
    seat: string;
    kind: string;
  };
  ManualAdjustmentApplied: ManualAdjustment & { consent: 'none'; ruleRef: string };
  ManualAdjustmentApproved: {
    id: string;
    seat: string;
    kind: string;
    approvedBy: string;
    proposedAt: number;
  };
  ManualAdjustmentProposed: {
    id: string;
    seat: string;
    kind: string;
    params: object;
    ruleRef: string;
  };
  ManualAdjustmentRejected: {
    id: string;
    seat: string;
    by: string;
  };
  MovementBegan: {
    seat: string;
  };
  MovementEnded: {
    seat: string;
  };
  NovaShieldsDecided: {
    battle: string;
    attackId: string;
    sacrifice: string[];
    ruleRef: string;
  };
  NovaTargetsChosen: {
    battle: string;
    attackId: string;
    targets: string[];
    ruleRef: string;
  };
  ObjectCaptured: {
    object: string;
    by: string;
    ruleRef: string;
  };
  ObjectControlChanged: {
    object: string;
    from: string | undefined;
    to: string;
    via: string;
  };
  /**
   * The match starts from a position set by the organizer (issue 45): the turn, the Priority
   * holder, the Commanders' initiative, and the decks not laid out that the first decision
   * shuffles (`owedShuffles`).
   */
  PositionSet: {
    turn: number;
    priority: string;
    initiative: Record<string, number>;
    owedShuffles?: string[];
  };
  ProductionBegan: {
    seat: string;
    tokensAtStart: number;
    ruleRef: string;
  };
  ProductionEnded: {
    ruleRef: string;
    discardedAbility?: string | undefined;
    seat: string;
    burned: number;
    repairs: { piece: string; removed: number }[];
  };
  ProductionProgressed: {
    seat: string;
    piece: string;
    paid: number;
    tokens: number;
    complete: boolean;
    step: number;
    ruleRef?: string;
    name?: string;
    cost?: number;
  };
  ProductionStepReached: {
    seat: string;
    step: number;
  };
  RamResolved: {
    ruleRef: string;
    toRammer?: (Formula & DamageResult) | undefined;
    toTarget?: (Formula & DamageResult) | undefined;
    evaded: boolean;
    manoeuvre?: ManoeuvreResult | undefined;
    evasion?: { face: number; need: number; evaded: boolean } | undefined;
    battle: string;
    attackId: string;
    seat: string;
    newAttack: boolean;
    round: number;
    rammer: { piece: string; name: string; speed: number };
    target: { piece: string; name: string; speed: number };
  };
  ResourcesDone: {
    seat: string;
  };
  SecondEchelonEntered: {
    battle: string;
    seat: string;
    ships: string[];
    ruleRef: string;
  };
  SetupSpent: {
    seat: string;
    started: { piece: string; tokens: number }[];
    built: number;
    spent: number;
    leftover: number;
    ruleRef: string;
  };
  ShipsCastAdrift: {
    battle: string;
    seat: string;
    ships: string[];
    to: string;
    ruleRef: string;
  };
  ShipsMoved: {
    seat: string;
    ships: string[];
    to: string;
  };
  ShipsWithdrew: {
    battle: string;
    seat: string;
    ships: string[];
    to: string;
    ruleRef: string;
    consentedBy?: string;
  };
  SituationDiscarded: {
    seat: string;
    piece: string;
    ruleRef: string;
  };
  SituationFailed: {
    seat: string;
    piece: string;
    need: number | undefined;
    back?: boolean;
    ruleRef: string;
  };
  SituationPlayed: {
    seat: string;
    piece: string;
    name: string;
    ruleRef: string;
  };
  SmugglingRunResolved: {
    ruleRef: string;
    resources?: number | undefined;
    actionTokens?: number | undefined;
    seat: string;
    ship: string;
    target: string;
    face: number;
    need: number;
    success: boolean;
  };
  StationBoardingResolved: {
    battle: string;
    station: string;
    boarder: string;
    outcome: string;
    ruleRef: string;
  };
  StationDestroyed: {
    battle: string;
    station: string;
    ruleRef: string;
  };
  TacticalCardFailed: {
    seat: string;
    piece: string;
    need?: number | undefined;
    back?: boolean;
    ruleRef: string;
    note?: string | undefined;
    name?: string;
    text?: string;
    actionTokens?: number;
  };
  TacticalCardPlayed: {
    ruleRef: string;
    note?: string | undefined;
    need?: number | undefined;
    seat: string;
    piece: string;
    name: string;
    text: string;
    actionTokens: number;
  };
  TacticalSuperiorityApplied: {
    battle: string;
    loser: string;
    ships: string[];
    rounds: number | undefined;
    ruleRef: string;
  };
  TurnBegan: {
    turn: number;
  };
  UpgradeAttached: {
    seat: string;
    piece: string;
    name: string;
    target: string;
    ruleRef: string;
  };
  UpgradeMoved: {
    seat: string;
    piece: string;
    from: string;
    to: string;
    ruleRef: string;
  };
  WithdrawalRefused: {
    battle: string;
    seat: string;
    ships: string[];
    refusedBy: string;
    ruleRef: string;
  };
  WithdrawalsDeclared: {
    battle: string;
    seat: string;
    withdrawn: string[];
    pending: { ship: string; to: string }[];
    ruleRef: string;
  };
}
