import type { LeagueMap, PlanetColour } from './gl-map';

/** The league's own events: what the generic table events cannot say. */

export interface LeagueTechnology {
  id: string;
  name: { en: string; ru: string };
  cost: number;
  points: number;
  income: number;
  wormholes: boolean;
  structure: boolean;
}

export interface LeaguePlayerStart {
  seat: string;
  faction: string;
  capital: string;
  planets: string[];
}

export interface GalaxyLeagueEvents {
  /** Setup: the map, the organizer's catalogue, hostilities, and where each player starts. */
  LeagueSetUp: {
    map: LeagueMap;
    technologies: LeagueTechnology[];
    hostile: [string, string][];
    rounds: number;
    players: LeaguePlayerStart[];
    /** Seats kept for new players, who enter at the start of round 4 or 8 (absent: none). */
    entrants?: { seat: string; faction: string }[];
    /** Option returnRounds «entry-rounds»: eliminated players return only in rounds 4 and 8. */
    returnInEntryRounds?: boolean;
  };
  /** A stage of the round opens (the table's PhaseStarted says it to every reader too). */
  StageOpened: { round: number; stage: string };
  /** A player is done with the current stage. */
  StageDone: { seat: string; round: number; stage: string };
  /** Round-start income, line by line («В начале каждого раунда … доход со всех подконтрольных им планет»). */
  IncomeReceived: {
    seat: string;
    round: number;
    lines: { territory: string; colour: PlanetColour; connected: boolean; amount: number }[];
    bonus: number;
    total: number;
  };
  /** A territory changes hands (or becomes neutral: `to` absent). */
  ControlChanged: { territory: string; from?: string; to?: string; cause: string };
  CapitalSet: { seat: string; territory: string; cause: string; cost?: number };
  /** `shares`: the members' parts of the dues as proposed («Пропорциональность оплаты члены Альянса определяют самостоятельно»). */
  AllianceProposed: {
    proposal: string;
    members: string[];
    by: string;
    shares?: { seat: string; amount: number }[];
    /** The existing alliance the proposal's new players join («вступает в Альянс»). */
    joins?: string;
  };
  AllianceConsented: { proposal: string; seat: string };
  AllianceFormed: {
    alliance: string;
    members: string[];
    round: number;
    lastBoundRound: number;
    /** The split every member consented to with the proposal, which holds until they agree another. */
    shares?: { seat: string; amount: number }[];
  };
  /** New players join an existing alliance with every member's consent; the term restarts. */
  AllianceJoined: {
    alliance: string;
    seats: string[];
    members: string[];
    round: number;
    lastBoundRound: number;
    shares?: { seat: string; amount: number }[];
  };
  /** A member leaves once the round ends, before the next round's dues are taken. */
  AllianceExitNoted: { alliance: string; seat: string; round: number };
  /** The round's dues, each member's part («взносы взимаются равномерно из имеющихся средств» unless agreed). */
  DuesCharged: { alliance: string; round: number; charges: { seat: string; amount: number }[] };
  /** The dues cannot be paid: every member loses a planet of its choice, the alliance stays (line 114). */
  DuesDefaulted: { alliance: string; round: number; members: string[] };
  PlanetForfeited: { seat: string; territory: string; alliance: string };
  AllianceDissolved: {
    alliance: string;
    members: string[];
    reason: 'dues-unpaid' | 'members-left' | 'eliminated' | 'dues-declined';
  };
  AllianceLeft: { alliance: string; seat: string };
  /** A member's proposal of how the dues are split; the split holds once every member proposes the same. */
  DuesSplitProposed: { alliance: string; seat: string; shares: { seat: string; amount: number }[] };
  SwapOffered: { offer: string; from: string; mine: string; to: string; theirs: string };
  PlanetsSwapped: { offer: string; a: string; planetOfA: string; b: string; planetOfB: string };
  TechnologyResearched: {
    seat: string;
    technology: string;
    cost: number;
    points: number;
    structureAt?: string;
    free?: boolean;
  };
  PauseTaken: { seat: string; round: number; used: number; incomeReturned: number };
  /** Points at the round's start, which priority goes by («на момент начала раунда»). */
  RoundPointsNoted: { round: number; points: Record<string, number> };
  /** The round's priority: points, then faction order, then a provable lot (its roll recorded before). */
  PriorityOrderSet: { round: number; order: string[]; lot?: string[] };
  /** A seat's revealed declarations of the Attack stage (each checked when revealed). */
  AttacksDeclared: {
    seat: string;
    attacks: { ship: string; planet: string; ly: number; penalty: number }[];
    colonisations: { ships: string[]; planet: string; ly: number; cost: number }[];
    /** An eliminated player's return: its attacks on territories next to one another. */
    returning?: boolean;
    /** A new entrant's attacks on the territories next to its capital. */
    entry?: boolean;
  };
  /** A declaration on a planet another player declared first in priority: it lapses (join instead). */
  DeclarationLapsed: { seat: string; planet: string; ships: string[]; before: string };
  /** A contested planet: a capture or a colonisation, with who fights for it. */
  BattleOpened: {
    battle: string;
    planet: string;
    kind: 'capture' | 'colonisation';
    owner?: string;
    capital: boolean;
    attackers: { seat: string; ships: string[]; ly: number; penalty: number; cost?: number }[];
  };
  ShipRecalled: { seat: string; ship: string; battle: string; lapsed: boolean };
  /** A seat's revealed joins of the Joining stage. */
  JoinsDeclared: {
    seat: string;
    joins: { ship: string; battle: string; ly: number; penalty: number; cost?: number }[];
  };
  DefenderAssigned: { seat: string; ship: string; battle: string; penalty: number; ally: boolean };
  MercenariesHired: {
    seat: string;
    battle: string;
    count: number;
    prices: number[];
    total: number;
  };
  /** A battle whose result is recorded by its participants, to be confirmed by the others. */
  BattleReported: {
    battle: string;
    by: string;
    winner?: string;
    points: { seat: string; points: number }[];
    destroyed: string[];
  };
  BattleConfirmed: { battle: string; seat: string };
  /**
   * A battle's result applied: who won (none: every ship destroyed), how it was known (a linked
   * match, a confirmed report, or no battle at all), and each participant's payout («по итогам
   * боя количество ИК равное … очков, за вычетом боевых штрафов», with the minimums).
   */
  BattleSettled: {
    battle: string;
    planet: string;
    kind: 'capture' | 'colonisation';
    source:
      | 'linked'
      | 'reported'
      | 'no-defender'
      | 'sole-coloniser'
      | 'mercenaries'
      | 'first-in-priority'
      | 'no-show';
    match?: string;
    winner?: string;
    payouts: {
      seat: string;
      points: number;
      penalty: number;
      amount: number;
      basis: 'points' | 'winner-minimum' | 'loser-minimum';
    }[];
  };
  /** A colonisation's winner cannot pay its cost: nobody colonises the planet (option colonisationFunds). */
  ColonisationUnpaid: {
    battle: string;
    planet: string;
    seat: string;
    cost: number;
    credits: number;
  };
  CapitalCaptured: { battle: string; planet: string; from: string; to: string };
  /** The winner of a capital takes 2 of the loser's territories next to it. */
  TerritoriesAnnexed: { seat: string; from: string; territories: string[] };
  /** Next round's morale («Деморализации», «Воодушевления»), from this round's results. */
  MoraleSet: {
    seat: string;
    round: number;
    status: 'demoralised' | 'inspired';
    reason: 'four-losses' | 'capital-lost' | 'four-wins' | 'capital-taken';
  };
  /**
   * A player who lost every territory is out («считается выбывшим из игры, и пропускает
   * следующий раунд»); its alliance membership ends. It may try to return from `mayReturnFrom`.
   */
  PlayerEliminated: { seat: string; round: number; mayReturnFrom: number };
  /**
   * An eliminated player captured a territory and is back («она становится столицей игрока, и
   * он возвращается в игру»); its capital follows as CapitalSet (or, under option
   * returnCapital «player-chooses», it names one).
   */
  PlayerReturned: { seat: string; round: number; territory: string };
  /**
   * A new player enters at the start of round 4 or 8: its capital and neighbours (none when no
   * neutral planet is left: it enters as a returning player), its gifts, and whether its
   * round's actions are the 3 attacks next to its capital.
   */
  PlayerEntered: {
    seat: string;
    round: number;
    capital?: string;
    planets: string[];
    attacks: 'none' | 'next-to-capital' | 'as-return';
    credits: number;
    wins: number;
    technologies: string[];
  };
  /** Participants who did not show up for their battle by the round's end: they drop out of it. */
  NoShowRecorded: { battle: string; planet: string; absent: string[]; by: string };
}

export type GalaxyLeagueEventType = keyof GalaxyLeagueEvents;
