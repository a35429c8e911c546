import type { Cargo, ProductionItem, ShipClass, SupportKind, UnitKind, Vessel } from './sw-catalog';
import type { Hex } from './sw-hex';
import type { SwMission } from './sw-mission';

export type MapId = 'space' | 'ground';

/**
 * The game's own events. Each carries the values it leaves (credits after, shields after,
 * cells after), so that evolve only copies them. Stored forever: change a shape only by
 * adding optional members. Legions are named by their seat.
 */
export interface SwEvents {
  /** Setup: the mission (maps, forces, rosters) and which seat plays which legion. */
  MissionLaidOut: {
    legions: string[];
    mission: SwMission;
    actionPoints: number;
    /** Option tiedTasks, which the scores derived at any moment read. */
    tiedTasks?: 'shared' | 'full' | 'nobody';
    /** Option destroyedDeck, which the orbit points derived at any moment read. */
    destroyedDeck?: 'stays' | 'removed';
  };
  TurnOrderRolled: { map: MapId; order: string[]; rolls: Record<string, number>[] };
  FactionTurnStarted: { map: MapId; legion: string; round: number };
  FactionTurnEnded: { map: MapId; legion: string; round: number };
  /** The GM: time is up for the faction playing; only the end of its turn is accepted. */
  TimeCalled: { map: MapId; legion: string };
  TurnsRemainingAnnounced: { map: MapId; turns: number };
  MapFinished: { map: MapId; reason: 'turns' | 'outright' | 'centrals' };
  IncomeCollected: { legion: string; dice: number; total: number; credits: number };
  ItemPurchased: {
    legion: string;
    item: Vessel | Cargo;
    id: string;
    cost: number;
    credits: number;
    turns?: number;
    transport?: string;
  };
  BuildAdvanced: { legion: string; id: string; turnsLeft: number };
  ShipEntered: {
    ship: string;
    legion: string;
    class: Vessel;
    cells: Hex[];
    heading: number;
    via: 'tunnel' | 'dock';
    captain?: string;
  };
  ShipMoved: { ship: string; cells: Hex[]; heading: number; used: number };
  ReinforcementsDelivered: {
    transport: string;
    legion: string;
    count: number;
    total: number;
    /** Stations aboard lost as the transport leaves (option cargoAfterUnload). */
    cargoLost?: number;
    /** Reinforcements the ground flight receives at its next turn (option reinforcementsOnGround). */
    toGround?: number;
  };
  StationDeployed: { station: string; legion: string; cell: Hex; transport: string };
  VolleyFired: {
    ship: string;
    decks: number[];
    target: string;
    targetDeck?: number;
    faces: number[];
    hits: number;
    damage: number;
  };
  ShipDamaged: {
    ship: string;
    shields: number;
    /** Deck numbers (1 = bow) destroyed by this event, with what they held. */
    decksLost: number[];
    hp?: number;
    cause: 'laser' | 'mine' | 'cannon';
  };
  ShipDestroyed: {
    ship: string;
    legion: string;
    class: Vessel;
    by?: string;
    points: number;
    cargoLost: number;
  };
  ShieldsRegenerated: { ship: string; shields: number };
  MineLaid: { mine: string; legion: string; ship: string; cell: Hex };
  MineTriggered: { mine: string; ship: string; deck: number; removed: boolean };
  MineDestroyed: { mine: string; by: string };
  StationDamaged: { station: string; hp: number; by: string };
  StationDestroyed: { station: string; by: string };
  StationCaptured: { station: string; legion: string; how: 'neutral' | 'commando' };
  CaptainKilled: { legion: string; name: string; class: ShipClass };
  CaptainSaved: { legion: string; name: string; class: ShipClass; medic: string };
  /** `deck`: the lost deck the player chose (1 = bow); absent for the shields alone. */
  RepairStarted: { ship: string; mechanic: string; deck?: number };
  CaptureStarted: { ship: string; station: string; commando: string };
  PersuasionUsed: { legion: string; master: string; target: string; targetLegion: string };
  RepairCompleted: { ship: string; deck?: number; shields: number };
  OrbitalBombardment: { ship: string; hexes: Hex[]; center: Hex };
  BombardmentDamage: { hits: { piece: string; hits: number }[] };
  FighterToGround: { ship: string; unit: string; legion: string; hexes: Hex[]; squad: string };
  // Ground.
  ProductionQueued: {
    legion: string;
    id: string;
    item: ProductionItem;
    hex?: Hex;
    squad?: string;
    turns: number;
  };
  /** A generator lost: an item under way takes the slower table time (option productionSlowdown). */
  ProductionSlowed: {
    legion: string;
    id: string;
    turns: number;
    turnsLeft: number;
    generatorsLost: number;
  };
  /** Delivered reinforcements reach the ground flight (option reinforcementsOnGround). */
  ReinforcementsLanded: { legion: string; count: number; actionPoints: number; left: number };
  ProductionAdvanced: {
    legion: string;
    id: string;
    turnsLeft: number;
    stalled?: 'no-hex' | 'central';
  };
  UnitPlaced: { unit: string; legion: string; kind: UnitKind; hexes: Hex[]; squad: string };
  SupportPlaced: { piece: string; legion: string; kind: SupportKind; hex: Hex };
  ActionPointsSpent: { legion: string; amount: number; left: number; action: string };
  UnitMoved: { unit: string; hexes: Hex[] };
  GroundAttack: {
    attackers: string[];
    target: string;
    attackRolls: number[][];
    defenceRoll: number[];
    trench: boolean;
    attack: number;
    defence: number;
    outcome: 'hit' | 'counter-hit' | 'draw';
  };
  PieceHit: { piece: string; hits: number; destroyed: boolean };
  TrenchDug: { unit: string; hex: Hex; sides: number[] };
  TrenchDestroyed: { hex: Hex; face: number; by: string };
  TrenchShotMissed: { hex: Hex; face: number; by: string };
  GeneratorHit: { generator: string; hits: number; destroyed: boolean; by: string };
  ControlPointHeld: { hex: Hex; legion: string; unit: string; since: number };
  ControlPointCaptured: { hex: Hex; legion: string; value: number };
  OrbitalCannonFired: { legion: string; cell: Hex; ship?: string; deck?: number };
  /**
   * A ground shot waits for the hit legion's specialist (G3.11): a Sword Master may try to
   * deflect the hit on a unit of his squad before it lands, a Medic to heal an infantry unit
   * just destroyed (by a shot, or by an orbital bombardment under option
   * medicAfterBombardment). Reactions queue, answered in order; the ground map waits until
   * the queue is empty.
   */
  ReactionAwaited: {
    kind: 'deflect' | 'medic';
    legion: string;
    by: string;
    unit: string;
    unitKind: UnitKind;
    hexes: Hex[];
    squad: string;
    /** The legion whose shot it was (for the hit a declined or failed deflection lets land). */
    shooter: string;
    /**
     * Answered before the rest of the queue: the Medic's turn on a hit that a Sword Master's
     * answer just let land («сразу после уничтожения»).
     */
    first?: true;
  };
  /** Declined by the legion, or closed by the Game Master (`byGm`) when it was not claimed at once. */
  ReactionDeclined: { kind: 'deflect' | 'medic'; legion: string; unit: string; byGm?: true };
  MedicHeal: { unit: string; medic: string; face: number; healed: boolean; usesLeft: number };
  Deflect: { unit: string; master: string; face: number; deflected: boolean; usesLeft: number };
  FighterShotDown: { unit: string; centre: string };
  LineOfFireRuled: { ship: string; target: string; clear: boolean };
  MissionScored: {
    space: Record<string, number>;
    ground: Record<string, number>;
    combined: Record<string, number>;
    outright?: string;
  };
}
