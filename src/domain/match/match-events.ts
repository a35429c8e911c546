import type { OptionValue, SeatSpec } from '../rulesets/ruleset';

/** Lifecycle events of a match stream (`match-<matchId>`). */

export interface MatchCreatedData {
  matchId: string;
  ruleset: { id: string; version: string };
  title?: string;
  options: Record<string, OptionValue>;
  /** Scenario / setup parameters, as validated by the ruleset. */
  setup: Record<string, unknown>;
  seats: SeatSpec[];
  tournamentId?: string;
  organizer: string;
  /** hex(sha256(seed)): the seed is revealed by RngRevealed when the match ends. */
  commitment: string;
  public: boolean;
  /** How many decisions spectators of a live public match lag behind. */
  spectatorDelay: number;
}

export interface SeatClaimedData {
  seat: string;
  player: { name: string };
  /** Public entropy mixed into every server roll (DESIGN section 5). */
  entropy?: string;
}

export interface MatchStartedData {
  /** The entropy string E, fixed for the rest of the match. */
  entropy: string;
}

export interface DecisionMadeData {
  decisionId: string;
  kind: string;
  seat: string;
  params: unknown;
  /** Recorded by a judge on the seat's behalf (a ruling's corrective decision). */
  judgeRecorded?: boolean;
}

export interface DiceRolledData {
  purpose: string;
  /** The dice as asked for, e.g. '2d6'. */
  spec: string;
  sides: number[];
  faces: number[];
  source: 'server' | 'reported';
  /** Roll number of the purpose, for server rolls. */
  k?: number;
  /** The seat that reported physical dice. */
  reporter?: string;
  /** Seats that confirmed reported faces. */
  confirmedBy?: string[];
}

export interface MatchFinishedData {
  winners: string[];
  condition: string;
  ruleRef?: string;
}

export interface MatchAbandonedData {
  reason: string;
}

export interface RngRevealedData {
  /** hex of the 32-byte seed whose sha256 is the commitment. */
  seed: string;
}

export interface MatchEventMap {
  MatchCreated: MatchCreatedData;
  SeatClaimed: SeatClaimedData;
  MatchStarted: MatchStartedData;
  DecisionMade: DecisionMadeData;
  DiceRolled: DiceRolledData;
  MatchFinished: MatchFinishedData;
  MatchAbandoned: MatchAbandonedData;
  RngRevealed: RngRevealedData;
}

export type MatchEventType = keyof MatchEventMap;

export function matchEvent<K extends MatchEventType>(
  type: K,
  data: MatchEventMap[K],
): { type: K; data: MatchEventMap[K] } {
  return { type, data };
}

export function matchStreamName(matchId: string): string {
  return `match-${matchId}`;
}

export const MATCH_STREAM_PREFIX = 'match-';
