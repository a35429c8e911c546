import type { RecordedEvent } from '../../events/recorded-event';
import { deleteOwn, own, setOwn } from '../../shared/id-record';
import type { GalaxyLeagueEvents, LeagueTechnology } from './gl-events';
import type { LeagueMap } from './gl-map';

/** The round's stages, in order (the text: «Каждый игровой раунд состоит из этапов»). */
export const STAGES = ['preparation', 'attack', 'return', 'joining', 'defence', 'battles'] as const;
export type Stage = (typeof STAGES)[number];

export interface LeaguePlayer {
  seat: string;
  faction: string;
  capital?: string;
  /** 'entrant': a seat kept for a new player who has not entered yet. */
  status: 'active' | 'eliminated' | 'entrant';
  pausesUsed: number;
  /** The round the player sits out (a pause). */
  pausedRound?: number;
  technologies: string[];
  morale?: { status: 'demoralised' | 'inspired'; round: number };
  /** The round it was eliminated in, while it is out. */
  eliminatedRound?: number;
  /** While it is out: the first round it may try to return in. */
  mayReturnFrom?: number;
  /** The round it declared a return in (it takes part in that round's later stages). */
  returning?: number;
  /** A new entrant: the round it entered, and what its attacks that round are. */
  entered?: { round: number; attacks: 'none' | 'next-to-capital' | 'as-return' };
}

/** «В начале 4го и 8го раундов в игру может войти новый, не заявленный ранее игрок». */
export const ENTRY_ROUNDS = [4, 8];

/** The league's own slice: the map, who holds what, and the round's stage. */
export interface GalaxyLeagueState {
  map?: LeagueMap;
  technologies: LeagueTechnology[];
  hostile: [string, string][];
  rounds: number;
  /** Option returnRounds «entry-rounds»: returns only in rounds 4 and 8. */
  returnInEntryRounds: boolean;
  /** Option standingsTie, read from the match's creation: equal totals share a place or not. */
  standingsTie: 'shared' | 'priority' | 'more-wins';
  /** Seats in seat order. */
  order: string[];
  players: Record<string, LeaguePlayer>;
  /** Territory → the seat that controls it; absent: neutral. */
  owner: Record<string, string>;
  round: number;
  stage?: Stage;
  /** Seats done with the current stage. */
  done: string[];
  alliances: Record<string, LeagueAlliance>;
  proposals: Record<
    string,
    {
      members: string[];
      consents: string[];
      shares?: { seat: string; amount: number }[];
      joins?: string;
    }
  >;
  /** Seat → the alliance whose unpaid dues cost it a planet it has still to choose. */
  forfeits: Record<string, string>;
  swapOffers: Record<string, { from: string; mine: string; to: string; theirs: string }>;
  /** This round's income per seat (what a pause may take back). */
  incomes: Record<string, number>;
  /** Each seat's points at the round's start (priority). */
  roundPoints: Record<string, number>;
  /** The round's priority order, once set. */
  priority: string[];
  /** Revealed Attack declarations waiting for every player's (conflicts go by priority). */
  declared: Record<string, GalaxyLeagueEvents['AttacksDeclared'] & { seq: number }>;
  battles: Record<string, LeagueBattle>;
  /** Ship → the battle it is committed to this round. */
  committed: Record<string, string>;
  /** Seats that recalled a ship this round. */
  recalled: string[];
  /** Mercenaries each seat hired this round (their price rises). */
  mercenaries: Record<string, number>;
  /** Mercenaries each seat hired in the whole league (option mercenaryPrices). */
  mercenariesInLeague: Record<string, number>;
  /** This round's battle results per seat (morale is set from them). */
  tally: Record<string, { won: number; lost: number; capitalLost: boolean; capitalTaken: boolean }>;
  /** Winners of a capital still to choose the 2 territories they annex. */
  annexing: Record<string, { from: string; capital: string }>;
  /** Planets already swapped between allies («не чаще одного раза на каждую планету»). */
  swapped: string[];
}

export interface LeagueBattle {
  round: number;
  planet: string;
  kind: 'capture' | 'colonisation';
  owner?: string;
  capital: boolean;
  attackers: {
    seat: string;
    ships: string[];
    ly: number;
    penalty: number;
    cost?: number;
    joined?: boolean;
  }[];
  defenders: { seat: string; ship: string; penalty: number; ally: boolean }[];
  mercenaries: { seat: string; count: number }[];
  report?: GalaxyLeagueEvents['BattleReported'];
  confirmed?: string[];
}

export interface LeagueAlliance {
  members: string[];
  formedRound: number;
  /** The last round of its minimum term (the current one and 2 more). */
  lastBoundRound: number;
  /** Each member's proposed split of the dues. */
  splits: Record<string, { seat: string; amount: number }[]>;
  /** The last dues taken: their round and each member's part. */
  paid?: { round: number; charges: { seat: string; amount: number }[] };
  /** Members who leave when the round ends (after the minimum term). */
  leaving?: string[];
}

export function initialGalaxyLeagueState(): GalaxyLeagueState {
  return {
    technologies: [],
    hostile: [],
    rounds: 12,
    returnInEntryRounds: false,
    standingsTie: 'shared',
    order: [],
    players: {},
    owner: {},
    round: 0,
    done: [],
    alliances: {},
    proposals: {},
    forfeits: {},
    swapOffers: {},
    swapped: [],
    incomes: {},
    roundPoints: {},
    priority: [],
    declared: {},
    battles: {},
    committed: {},
    recalled: [],
    mercenaries: {},
    mercenariesInLeague: {},
    tally: {},
    annexing: {},
  };
}

type Own<K extends keyof GalaxyLeagueEvents> = GalaxyLeagueEvents[K];

/** The league's evolve: applies its own events; ignores the rest. Never throws on a known shape. */
export function evolveGalaxyLeague(rs: GalaxyLeagueState, event: RecordedEvent): GalaxyLeagueState {
  switch (event.type) {
    case 'MatchCreated': {
      const options = (event.data as { options?: Record<string, unknown> }).options;
      const tie = options?.standingsTie;
      rs.standingsTie = tie === 'priority' || tie === 'more-wins' ? tie : 'shared';
      return rs;
    }
    case 'LeagueSetUp': {
      const data = event.data as Own<'LeagueSetUp'>;
      rs.map = data.map;
      rs.technologies = data.technologies ?? [];
      rs.hostile = data.hostile ?? [];
      rs.rounds = data.rounds ?? 12;
      rs.returnInEntryRounds = data.returnInEntryRounds === true;
      rs.order = [...(data.players ?? []), ...(data.entrants ?? [])].map((p) => p.seat);
      for (const entrant of data.entrants ?? [])
        setOwn(rs.players, entrant.seat, {
          seat: entrant.seat,
          faction: entrant.faction,
          status: 'entrant',
          pausesUsed: 0,
          technologies: [],
        });
      for (const start of data.players ?? []) {
        setOwn(rs.players, start.seat, {
          seat: start.seat,
          faction: start.faction,
          capital: start.capital,
          status: 'active',
          pausesUsed: 0,
          technologies: [],
        });
        for (const territory of [start.capital, ...(start.planets ?? [])])
          setOwn(rs.owner, territory, start.seat);
      }
      return rs;
    }
    case 'StageOpened': {
      const data = event.data as Own<'StageOpened'>;
      if (data.round !== rs.round) {
        rs.incomes = {};
        rs.priority = [];
        rs.battles = {};
        rs.committed = {};
        rs.recalled = [];
        rs.mercenaries = {};
        rs.tally = {};
      }
      rs.declared = {};
      rs.round = data.round;
      rs.stage = data.stage as Stage;
      rs.done = [];
      return rs;
    }
    case 'IncomeReceived': {
      const data = event.data as Own<'IncomeReceived'>;
      setOwn(rs.incomes, data.seat, data.total);
      return rs;
    }
    case 'RoundPointsNoted': {
      rs.roundPoints = { ...(event.data as Own<'RoundPointsNoted'>).points };
      return rs;
    }
    case 'PriorityOrderSet': {
      rs.priority = [...(event.data as Own<'PriorityOrderSet'>).order];
      return rs;
    }
    case 'AttacksDeclared': {
      const d = event.data as Own<'AttacksDeclared'>;
      setOwn(rs.declared, d.seat, { ...d, seq: event.seq });
      const player = own(rs.players, d.seat);
      if (d.returning && player) player.returning = rs.round;
      return rs;
    }
    case 'PlayerReturned': {
      const player = own(rs.players, (event.data as Own<'PlayerReturned'>).seat);
      if (player) {
        player.status = 'active';
        delete player.eliminatedRound;
        delete player.mayReturnFrom;
      }
      return rs;
    }
    case 'PlayerEntered': {
      const d = event.data as Own<'PlayerEntered'>;
      const player = own(rs.players, d.seat);
      if (!player) return rs;
      player.entered = { round: d.round, attacks: d.attacks };
      if (d.attacks === 'as-return') {
        // «входит в игру как если бы он возвратился в нее»: out until a return captures land.
        player.status = 'eliminated';
        player.mayReturnFrom = d.round;
      } else player.status = 'active';
      return rs;
    }
    case 'NoShowRecorded': {
      const d = event.data as Own<'NoShowRecorded'>;
      const battle = own(rs.battles, d.battle);
      if (!battle) return rs;
      battle.attackers = battle.attackers.filter((a) => !d.absent.includes(a.seat));
      battle.defenders = battle.defenders.filter((x) => !d.absent.includes(x.seat));
      return rs;
    }
    case 'BattleOpened': {
      const d = event.data as Own<'BattleOpened'>;
      setOwn(rs.battles, d.battle, {
        round: rs.round,
        planet: d.planet,
        kind: d.kind,
        ...(d.owner !== undefined ? { owner: d.owner } : {}),
        capital: d.capital,
        attackers: d.attackers.map((a) => ({ ...a, ships: [...a.ships] })),
        defenders: [],
        mercenaries: [],
      });
      for (const a of d.attackers) for (const ship of a.ships) setOwn(rs.committed, ship, d.battle);
      return rs;
    }
    case 'ShipRecalled': {
      const d = event.data as Own<'ShipRecalled'>;
      rs.recalled.push(d.seat);
      const battle = own(rs.battles, d.battle);
      if (!battle) return rs;
      const attacker = battle.attackers.find((a) => a.seat === d.seat);
      const freed = d.lapsed ? (attacker?.ships ?? [d.ship]) : [d.ship];
      for (const ship of freed) deleteOwn(rs.committed, ship);
      if (attacker) attacker.ships = attacker.ships.filter((ship) => !freed.includes(ship));
      battle.attackers = battle.attackers.filter((a) => a.ships.length > 0);
      if (battle.attackers.length === 0) deleteOwn(rs.battles, d.battle);
      return rs;
    }
    case 'JoinsDeclared': {
      const d = event.data as Own<'JoinsDeclared'>;
      for (const join of d.joins) {
        const battle = own(rs.battles, join.battle);
        if (!battle) continue;
        battle.attackers.push({
          seat: d.seat,
          ships: [join.ship],
          ly: join.ly,
          penalty: join.penalty,
          ...(join.cost !== undefined ? { cost: join.cost } : {}),
          joined: true,
        });
        setOwn(rs.committed, join.ship, join.battle);
      }
      return rs;
    }
    case 'DefenderAssigned': {
      const d = event.data as Own<'DefenderAssigned'>;
      own(rs.battles, d.battle)?.defenders.push({
        seat: d.seat,
        ship: d.ship,
        penalty: d.penalty,
        ally: d.ally,
      });
      setOwn(rs.committed, d.ship, d.battle);
      return rs;
    }
    case 'MercenariesHired': {
      const d = event.data as Own<'MercenariesHired'>;
      own(rs.battles, d.battle)?.mercenaries.push({ seat: d.seat, count: d.count });
      setOwn(rs.mercenaries, d.seat, (own(rs.mercenaries, d.seat) ?? 0) + d.count);
      setOwn(rs.mercenariesInLeague, d.seat, (own(rs.mercenariesInLeague, d.seat) ?? 0) + d.count);
      return rs;
    }
    case 'BattleReported': {
      const d = event.data as Own<'BattleReported'>;
      const battle = own(rs.battles, d.battle);
      if (battle) {
        battle.report = {
          ...d,
          points: d.points.map((p) => ({ ...p })),
          destroyed: [...d.destroyed],
        };
        battle.confirmed = [d.by];
      }
      return rs;
    }
    case 'BattleConfirmed': {
      const d = event.data as Own<'BattleConfirmed'>;
      own(rs.battles, d.battle)?.confirmed?.push(d.seat);
      return rs;
    }
    case 'BattleSettled': {
      const d = event.data as Own<'BattleSettled'>;
      deleteOwn(rs.battles, d.battle);
      const count = (seat: string) => {
        const t = own(rs.tally, seat) ?? {
          won: 0,
          lost: 0,
          capitalLost: false,
          capitalTaken: false,
        };
        setOwn(rs.tally, seat, t);
        return t;
      };
      for (const payout of d.payouts) {
        if (payout.seat === d.winner) count(payout.seat).won += 1;
        else count(payout.seat).lost += 1;
      }
      return rs;
    }
    case 'CapitalCaptured': {
      const d = event.data as Own<'CapitalCaptured'>;
      setOwn(rs.annexing, d.to, { from: d.from, capital: d.planet });
      const loser = own(rs.players, d.from);
      if (loser) delete loser.capital;
      for (const [seat, key] of [
        [d.from, 'capitalLost'],
        [d.to, 'capitalTaken'],
      ] as const) {
        const t = own(rs.tally, seat) ?? {
          won: 0,
          lost: 0,
          capitalLost: false,
          capitalTaken: false,
        };
        t[key] = true;
        setOwn(rs.tally, seat, t);
      }
      return rs;
    }
    case 'TerritoriesAnnexed': {
      deleteOwn(rs.annexing, (event.data as Own<'TerritoriesAnnexed'>).seat);
      return rs;
    }
    case 'MoraleSet': {
      const d = event.data as Own<'MoraleSet'>;
      const player = own(rs.players, d.seat);
      if (player) player.morale = { status: d.status, round: d.round };
      return rs;
    }
    case 'PlayerEliminated': {
      const d = event.data as Own<'PlayerEliminated'>;
      const player = own(rs.players, d.seat);
      if (player) {
        player.status = 'eliminated';
        player.eliminatedRound = d.round;
        player.mayReturnFrom = d.mayReturnFrom;
        delete player.capital;
        delete player.morale;
      }
      return rs;
    }
    case 'StageDone': {
      const data = event.data as Own<'StageDone'>;
      if (!rs.done.includes(data.seat)) rs.done.push(data.seat);
      return rs;
    }
    case 'ControlChanged': {
      const data = event.data as Own<'ControlChanged'>;
      if (data.to === undefined) deleteOwn(rs.owner, data.territory);
      else setOwn(rs.owner, data.territory, data.to);
      return rs;
    }
    case 'CapitalSet': {
      const data = event.data as Own<'CapitalSet'>;
      const player = own(rs.players, data.seat);
      if (player) player.capital = data.territory;
      return rs;
    }
    case 'AllianceProposed': {
      const d = event.data as Own<'AllianceProposed'>;
      setOwn(rs.proposals, d.proposal, {
        members: [...d.members],
        consents: [d.by],
        ...(d.shares ? { shares: d.shares.map((s) => ({ ...s })) } : {}),
        ...(d.joins !== undefined ? { joins: d.joins } : {}),
      });
      return rs;
    }
    case 'AllianceConsented': {
      const d = event.data as Own<'AllianceConsented'>;
      const proposal = own(rs.proposals, d.proposal);
      if (proposal && !proposal.consents.includes(d.seat)) proposal.consents.push(d.seat);
      return rs;
    }
    case 'AllianceFormed': {
      const d = event.data as Own<'AllianceFormed'>;
      setOwn(rs.alliances, d.alliance, {
        members: [...d.members],
        formedRound: d.round,
        lastBoundRound: d.lastBoundRound,
        // Consenting to the proposal agreed its split: every member proposes it alike.
        splits: Object.fromEntries(
          d.shares ? d.members.map((m) => [m, d.shares!.map((s) => ({ ...s }))]) : [],
        ),
      });
      // Every other proposal naming one of its members lapses: a player is in one alliance.
      for (const [id, proposal] of Object.entries(rs.proposals))
        if (proposal.members.some((m) => d.members.includes(m))) deleteOwn(rs.proposals, id);
      return rs;
    }
    case 'DuesDefaulted': {
      const d = event.data as Own<'DuesDefaulted'>;
      for (const seat of d.members) setOwn(rs.forfeits, seat, d.alliance);
      return rs;
    }
    case 'PlanetForfeited': {
      const d = event.data as Own<'PlanetForfeited'>;
      deleteOwn(rs.forfeits, d.seat);
      return rs;
    }
    case 'AllianceDissolved': {
      const d = event.data as Own<'AllianceDissolved'>;
      deleteOwn(rs.alliances, d.alliance);
      return rs;
    }
    case 'AllianceLeft': {
      const d = event.data as Own<'AllianceLeft'>;
      const alliance = own(rs.alliances, d.alliance);
      if (alliance) {
        alliance.members = alliance.members.filter((m) => m !== d.seat);
        alliance.leaving = alliance.leaving?.filter((m) => m !== d.seat);
        // The split was agreed by other members: the rest agree a new one, else even.
        alliance.splits = {};
      }
      return rs;
    }
    case 'AllianceJoined': {
      const d = event.data as Own<'AllianceJoined'>;
      const alliance = own(rs.alliances, d.alliance);
      if (!alliance) return rs;
      alliance.members = [...d.members];
      alliance.lastBoundRound = d.lastBoundRound;
      alliance.splits = Object.fromEntries(
        d.shares ? d.members.map((m) => [m, d.shares!.map((s) => ({ ...s }))]) : [],
      );
      // Every other proposal naming one of its members lapses: a player is in one alliance.
      for (const [id, proposal] of Object.entries(rs.proposals))
        if (proposal.members.some((m) => d.members.includes(m))) deleteOwn(rs.proposals, id);
      return rs;
    }
    case 'AllianceExitNoted': {
      const d = event.data as Own<'AllianceExitNoted'>;
      const alliance = own(rs.alliances, d.alliance);
      if (alliance) alliance.leaving = [...(alliance.leaving ?? []), d.seat];
      return rs;
    }
    case 'DuesCharged': {
      const d = event.data as Own<'DuesCharged'>;
      const alliance = own(rs.alliances, d.alliance);
      if (!alliance) return rs;
      // A second charge in one round (new members' part when they join) adds to the first.
      const earlier = alliance.paid?.round === d.round ? alliance.paid.charges : [];
      alliance.paid = {
        round: d.round,
        charges: [...earlier, ...d.charges.map((c) => ({ ...c }))],
      };
      return rs;
    }
    case 'DuesSplitProposed': {
      const d = event.data as Own<'DuesSplitProposed'>;
      const alliance = own(rs.alliances, d.alliance);
      if (alliance)
        setOwn(
          alliance.splits,
          d.seat,
          d.shares.map((s) => ({ ...s })),
        );
      return rs;
    }
    case 'SwapOffered': {
      const d = event.data as Own<'SwapOffered'>;
      setOwn(rs.swapOffers, d.offer, { from: d.from, mine: d.mine, to: d.to, theirs: d.theirs });
      return rs;
    }
    case 'PlanetsSwapped': {
      const d = event.data as Own<'PlanetsSwapped'>;
      deleteOwn(rs.swapOffers, d.offer);
      setOwn(rs.owner, d.planetOfA, d.b);
      setOwn(rs.owner, d.planetOfB, d.a);
      rs.swapped.push(d.planetOfA, d.planetOfB);
      return rs;
    }
    case 'TechnologyResearched': {
      const d = event.data as Own<'TechnologyResearched'>;
      own(rs.players, d.seat)?.technologies.push(d.technology);
      return rs;
    }
    case 'PauseTaken': {
      const d = event.data as Own<'PauseTaken'>;
      const player = own(rs.players, d.seat);
      if (player) {
        player.pausesUsed = d.used;
        player.pausedRound = d.round;
      }
      return rs;
    }
    default:
      return rs;
  }
}

/**
 * May the eliminated `seat` declare a return this round: from the round after the one it
 * skipped («Через раунд»), only in rounds 4 and 8 under option returnRounds «entry-rounds»
 * (a new player entering as a returning one does so in its entry round).
 */
export function mayReturnNow(rs: Readonly<GalaxyLeagueState>, seat: string): boolean {
  const player = own(rs.players, seat);
  if (player?.status !== 'eliminated' || player.mayReturnFrom === undefined) return false;
  if (rs.round < player.mayReturnFrom) return false;
  return (
    !rs.returnInEntryRounds || ENTRY_ROUNDS.includes(rs.round) || player.entered?.round === rs.round
  );
}

/**
 * Whether the stage waits for `seat`: an active player not paused; an eliminated one at the
 * Attack stage of a round it may return in, and through the round it declared a return in;
 * a seat kept for a new player at the Preparation stage of rounds 4 and 8 (it enters or not).
 */
export function actsInStage(rs: Readonly<GalaxyLeagueState>, seat: string): boolean {
  const player = own(rs.players, seat);
  if (!player) return false;
  if (player.status === 'active') return player.pausedRound !== rs.round;
  if (player.status === 'entrant')
    return rs.stage === 'preparation' && ENTRY_ROUNDS.includes(rs.round);
  if (player.returning === rs.round) return true;
  return rs.stage === 'attack' && mayReturnNow(rs, seat);
}

/** The alliance a seat belongs to, if any. */
export function allianceOf(
  rs: Readonly<GalaxyLeagueState>,
  seat: string,
): { id: string; alliance: LeagueAlliance } | undefined {
  for (const [id, alliance] of Object.entries(rs.alliances))
    if (alliance.members.includes(seat)) return { id, alliance };
  return undefined;
}

export function allied(rs: Readonly<GalaxyLeagueState>, a: string, b: string): boolean {
  return a !== b && allianceOf(rs, a)?.alliance.members.includes(b) === true;
}
