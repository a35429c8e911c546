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
}

export type GalaxyLeagueEventType = keyof GalaxyLeagueEvents;
