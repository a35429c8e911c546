import type { Visibility } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import type { FactionId } from './rex-factions';

/**
 * Rex's own events: the state only this ruleset has (phases, auctions, battles, alliances,
 * the prediction). Generic table events carry what a viewer or judge reads (troops in
 * locations, Influence tracks, loss banks, cards). Data shapes are stored forever: change
 * them only by adding optional members.
 */

export type RexPhase =
  | 'setup'
  | 'influence'
  | 'ceasefire'
  | 'bidding'
  | 'recruitment'
  | 'maneuvers'
  | 'combat'
  | 'bombardment'
  | 'prediction'
  | 'ended';

export type Slot = 'none' | 'attack' | 'defense' | 'attack-defense';
export const SLOTS: readonly Slot[] = ['none', 'attack', 'defense', 'attack-defense'];

/** What a Strategy card does: Tactical Retreat in battle, the others played with play-strategy. */
export const STRATEGY_EFFECTS = [
  'retreat',
  'recruits',
  'informant-deployment',
  'informant-cancellation',
  'accelerated-mobilization',
  'diplomatic-intervention',
  'graviton-inverter',
  'radar-tracking',
] as const;
export type StrategyEffect = (typeof STRATEGY_EFFECTS)[number];

/** The race abilities Informant–Cancellation can cancel, as the text's cancellation notes give them. */
export const CANCELLABLE_ABILITIES = [
  'sol-look',
  'lazax-payment',
  'hacan-payment',
  'hacan-discount',
  'xxcha-flip',
] as const;
export type CancellableAbility = (typeof CANCELLABLE_ABILITIES)[number];

export interface Placement {
  location: string;
  amount: number;
}

export interface BattlePlan {
  dial: number;
  leader: string | null;
  slot: Slot;
}

export type BattleStep = 'plans' | 'cards' | 'traitor' | 'losses' | 'keep';

export interface RexEventMap {
  RexGameConfigured: {
    seats: { seat: string; faction: FactionId }[];
    firstPlayer: string;
    startRound: number;
    fleetSector: number;
    map: { id: string; title: LocalizedText; reconstruction: boolean; note: LocalizedText };
    startingCards: Record<string, { traitors: number; strategy: number }>;
  };
  GameBegan: { round: number; order: string[] };
  StartingCardsDealt: { seat: string; traitors: number; strategy: number };
  /** No longer emitted (a shuffle now starts from the draft's deck); kept so stored logs replay. */
  DeckShuffleDeferred: { deck: string; reason: string };
  FirstPlayerMarkerPassed: { from: string; to: string; ruleRef: string };

  // Influence phase
  InfluenceCardRevealed: {
    card: string;
    name: LocalizedText;
    kind: 'standard' | 'sol-offensive' | 'ceasefire';
    places: Placement[];
    round: number;
  };
  InfluencePlaced: { card: string; location: string; amount: number; short?: number };
  InfluencePlacementBlocked: { card: string; location: string; sector: number; ruleRef: string };
  InfluenceCardResolved: { card: string; places: Placement[] };
  SolOffensiveResolved: {
    card: string;
    sourceCard: string | null;
    target: 'top-discard' | 'most-influence';
    locations: string[];
    destroyed: { location: string; troops: string[]; influence: number }[];
    immune: { location: string; seat: string; troops: number }[];
    ruleRef: string;
  };
  SolOffensiveIgnored: {
    card: string;
    reason: 'repeat' | 'first-round' | 'radar';
    ruleRef: string;
  };
  InfluenceCardsReturned: { cards: string[]; ruleRef: string };
  CardBoxed: { card: string; reason: string };
  CeasefireOpened: { card: string; ruleRef: string };
  CeasefireIgnored: { card: string; to: 'deck' | 'box'; ruleRef: string };
  CeasefireSeatDone: { seat: string };
  CeasefireClosed: { card: string; ruleRef: string };
  InfluencePhaseEnded: { round: number; reason: 'standard-card' | 'no-replacement' | 'deck-empty' };

  // Alliances and Influence transfers
  AllianceCardsOffered: { from: string; to: string };
  AllianceFormed: { alliance: string; members: string[]; ruleRef: string };
  AllianceJoined: { alliance: string; member: string; members: string[] };
  AllianceLeft: { alliance: string; member: string; members: string[]; ruleRef: string };
  AllianceDissolved: { alliance: string };
  InfluenceTransferred: {
    from: string;
    to: string;
    amount: number;
    context: 'ceasefire' | 'bidding' | 'any-time';
    ruleRef: string;
  };

  // Bidding and Recruitment
  AuctionOpened: {
    lots: number;
    bidders: string[];
    payee: string;
    /** Lots still to deal once the Strategy discard, become the deck, is shuffled. */
    owed?: number;
    secret?: { cards: string[] };
  };
  AuctionLotsDealt: { count: number; owed: number; secret?: { cards: string[] } };
  AuctionLotOpened: { lot: number; bidders: string[] };
  AuctionLotPeeked: { seat: string; lot: number; secret?: { card: string; name: LocalizedText } };
  BidPlaced: { lot: number; seat: string; amount: number };
  BidPassed: { lot: number; seat: string };
  AuctionLotWon: { lot: number; seat: string; price: number; payee: string };
  AuctionLotUnsold: { lot: number };
  AuctionClosed: { sold: number; unsold: number };
  TroopsRecruited: {
    seat: string;
    troops: string[];
    leader?: string;
    cost: number;
    free: number;
    ruleRef: string;
  };

  // Maneuvers
  ManeuversStarted: { order: string[]; bonus: Record<string, string[]>; ruleRef: string };
  TroopsDeployed: {
    seat: string;
    location: string;
    troops: string[];
    base: number;
    cost: number;
    payee: string;
    enemiesPresent: boolean;
    ruleRef: string;
    /** The additional deployment of Informant–Deployment. */
    informant?: boolean;
  };
  TroopsMoved: {
    seat: string;
    from: string;
    to: string;
    troops: string[];
    path: string[];
    range: number;
  };
  ManeuverTurnEnded: { seat: string; next: string | null };
  /** Xxcha turns troops face down, or they turn face up where face-up Xxcha troops share the location. */
  TroopsFlipped: {
    seat: string;
    location: string;
    troops: string[];
    faceDown: boolean;
    automatic?: boolean;
    ruleRef: string;
  };
  /** Sol or an ally uses a Sol Offensive to move troops out of a struck location, to any location. */
  SolOffensiveMoved: { seat: string; from: string; to: string; troops: string[]; ruleRef: string };

  // Combat
  CombatStarted: { order: string[]; battles: { location: string; seats: string[] }[] };
  BattleOpened: {
    battle: string;
    location: string;
    aggressor: string;
    sides: string[];
    report: {
      seat: string;
      troops: number;
      strength: number;
      handSize: number;
      leaders: { leader: string; strength: number; available: boolean }[];
    }[];
    ruleRef: string;
  };
  BattleStepStarted: {
    battle: string;
    step: BattleStep;
    due: string[];
    /** losses: the dial the winner must lose at least. */
    dial?: number;
    /** keep: the cards the winner played. */
    cards?: string[];
  };
  BattlePlanRevealed: {
    battle: string;
    seat: string;
    plan: BattlePlan;
    leaderName?: LocalizedText;
  };
  BattleWheelsRevealed: { battle: string; plans: Record<string, BattlePlan>; ruleRef: string };
  BattleCardsRevealed: {
    battle: string;
    seat: string;
    attack?: string;
    defense?: string;
    names?: LocalizedText[];
  };
  TraitorCallRevealed: { battle: string; seat: string; traitor: string | null };
  TraitorRevealed: { battle: string; seat: string; card: string; leader: string; ruleRef: string };
  LeaderKilled: {
    battle: string;
    leader: string;
    owner: string;
    by: string;
    ruleRef: string;
    name?: LocalizedText;
  };
  AttackStopped: {
    battle: string;
    card: string;
    by: string;
    ruleRef: string;
    names?: { card: LocalizedText; by: LocalizedText };
  };
  InfluenceGained: { seat: string; amount: number; cause: string; short?: number; ruleRef: string };
  TacticalRetreatResolved: { battle: string; seats: string[]; ruleRef: string };
  BattleResolved: {
    battle: string;
    winner: string | null;
    losers: string[];
    totals: Record<string, { dial: number; leader: number; total: number }>;
    tieBreak: boolean;
    byTraitor: boolean;
    retreat: boolean;
    ruleRef: string;
  };
  BattleLossesTaken: {
    battle: string;
    seat: string;
    troops: string[];
    strength: number;
    ruleRef: string;
  };
  BattleCardsKept: { battle: string; seat: string; kept: string[]; discarded: string[] };
  BattleClosed: { battle: string };
  CombatEnded: { round: number };

  // Collection and Bombardment
  InfluenceCollected: { seat: string; location: string; troops: number; amount: number };
  SupportFleetPaid: { seat: string; amount: number; short?: number };
  BombardmentCardRevealed: {
    card: string;
    value: number;
    mode: 'steps' | 'sector';
    ruleRef: string;
  };
  DreadnoughtFleetStepped: { from: number; to: number };
  BombardmentHit: {
    sector: number;
    location: string;
    troops: string[];
    influence: number;
    ruleRef: string;
  };
  DreadnoughtFleetStopped: { sector: number; ruleRef: string };
  BombardmentTopPeeked: { seat: string; round: number; secret?: { card: string; value: number } };

  // Strategy cards played outside battle
  StrategyCardPlayed: {
    seat: string;
    card: string;
    effect: StrategyEffect;
    name: LocalizedText;
    location?: string;
    target?: string;
    ability?: CancellableAbility;
    ruleRef: string;
  };
  /** Diplomatic Intervention: the last lot of the auction goes back under the Strategy deck. */
  AuctionLotWithdrawn: { lot: number; ruleRef: string };
  BidderBarred: { seat: string; by: string; ruleRef: string };
  ShieldInverted: {
    location: string;
    until: 'rest-of-game' | 'this-round' | 'text-only';
    destroyed: string[];
    ruleRef: string;
  };
  AbilityCancelled: { seat: string; ability: CancellableAbility; by: string; ruleRef: string };
  /** A cancellation took effect (the payment went to the Bank, the discount or look was refused). */
  CancellationUsed: { seat: string; ability: CancellableAbility };

  // Concession
  SeatConceded: {
    seat: string;
    faction: FactionId;
    /** Troops and leaders taken out of play (to the box), wherever they were. */
    removed: string[];
    /** Influence of the Reserve returned to the Bank. */
    influence: number;
    strategyCards: number;
    traitorCards: number;
    ruleRef: string;
  };

  // Victory
  PredictionRevealed: {
    seat: string;
    predicted: { seat: string; round: number };
    valid: boolean;
    matched: boolean;
    ruleRef: string;
  };
  VictoryPending: {
    winners: string[];
    condition: string;
    round: number;
    ruleRef: string;
  };
  RoundEnded: { round: number };
  SealVoided: { seat: string; kind: string; reason: string };
}

export type RexEventType = keyof RexEventMap;

export const REX_EVENT_TYPES: ReadonlySet<string> = new Set<RexEventType>([
  'RexGameConfigured',
  'GameBegan',
  'StartingCardsDealt',
  'DeckShuffleDeferred',
  'FirstPlayerMarkerPassed',
  'InfluenceCardRevealed',
  'InfluencePlaced',
  'InfluencePlacementBlocked',
  'InfluenceCardResolved',
  'SolOffensiveResolved',
  'SolOffensiveIgnored',
  'InfluenceCardsReturned',
  'CardBoxed',
  'CeasefireOpened',
  'CeasefireIgnored',
  'CeasefireSeatDone',
  'CeasefireClosed',
  'InfluencePhaseEnded',
  'AllianceCardsOffered',
  'AllianceFormed',
  'AllianceJoined',
  'AllianceLeft',
  'AllianceDissolved',
  'InfluenceTransferred',
  'AuctionOpened',
  'AuctionLotsDealt',
  'AuctionLotOpened',
  'AuctionLotPeeked',
  'BidPlaced',
  'BidPassed',
  'AuctionLotWon',
  'AuctionLotUnsold',
  'AuctionClosed',
  'TroopsRecruited',
  'ManeuversStarted',
  'TroopsDeployed',
  'TroopsMoved',
  'ManeuverTurnEnded',
  'TroopsFlipped',
  'SolOffensiveMoved',
  'CombatStarted',
  'BattleOpened',
  'BattleStepStarted',
  'BattlePlanRevealed',
  'BattleWheelsRevealed',
  'BattleCardsRevealed',
  'TraitorCallRevealed',
  'TraitorRevealed',
  'LeaderKilled',
  'AttackStopped',
  'InfluenceGained',
  'TacticalRetreatResolved',
  'BattleResolved',
  'BattleLossesTaken',
  'BattleCardsKept',
  'BattleClosed',
  'CombatEnded',
  'InfluenceCollected',
  'SupportFleetPaid',
  'BombardmentCardRevealed',
  'DreadnoughtFleetStepped',
  'BombardmentHit',
  'DreadnoughtFleetStopped',
  'BombardmentTopPeeked',
  'StrategyCardPlayed',
  'AuctionLotWithdrawn',
  'BidderBarred',
  'ShieldInverted',
  'AbilityCancelled',
  'CancellationUsed',
  'SeatConceded',
  'PredictionRevealed',
  'VictoryPending',
  'RoundEnded',
  'SealVoided',
]);

export interface RexEvent<K extends RexEventType = RexEventType> {
  type: K;
  data: RexEventMap[K];
  visibility?: Visibility;
}

export function rexEvent<K extends RexEventType>(
  type: K,
  data: RexEventMap[K],
  visibility?: Visibility,
): RexEvent<K> {
  return visibility ? { type, data, visibility } : { type, data };
}
