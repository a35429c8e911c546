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
  status: 'active' | 'eliminated';
  pausesUsed: number;
  /** The round the player sits out (a pause). */
  pausedRound?: number;
  technologies: string[];
}

/** The league's own slice: the map, who holds what, and the round's stage. */
export interface GalaxyLeagueState {
  map?: LeagueMap;
  technologies: LeagueTechnology[];
  hostile: [string, string][];
  rounds: number;
  /** Seats in seat order. */
  order: string[];
  players: Record<string, LeaguePlayer>;
  /** Territory → the seat that controls it; absent: neutral. */
  owner: Record<string, string>;
  round: number;
  stage?: Stage;
  /** Seats done with the current stage. */
  done: string[];
}

export function initialGalaxyLeagueState(): GalaxyLeagueState {
  return {
    technologies: [],
    hostile: [],
    rounds: 12,
    order: [],
    players: {},
    owner: {},
    round: 0,
    done: [],
  };
}

type Own<K extends keyof GalaxyLeagueEvents> = GalaxyLeagueEvents[K];

/** The league's evolve: applies its own events; ignores the rest. Never throws on a known shape. */
export function evolveGalaxyLeague(rs: GalaxyLeagueState, event: RecordedEvent): GalaxyLeagueState {
  switch (event.type) {
    case 'LeagueSetUp': {
      const data = event.data as Own<'LeagueSetUp'>;
      rs.map = data.map;
      rs.technologies = data.technologies ?? [];
      rs.hostile = data.hostile ?? [];
      rs.rounds = data.rounds ?? 12;
      rs.order = (data.players ?? []).map((p) => p.seat);
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
      rs.round = data.round;
      rs.stage = data.stage as Stage;
      rs.done = [];
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
    default:
      return rs;
  }
}
