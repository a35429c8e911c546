import type { OptionValue } from '../rulesets/ruleset';
import { emptyTable, type Table } from '../table/table';

export type MatchStatus = 'none' | 'created' | 'started' | 'finished' | 'abandoned';

export interface SeatState {
  seat: string;
  side?: string;
  faction?: string;
  player?: { name: string };
  entropy?: string;
}

/** Everything a decision needs to know about a match: the fold of its stream. */
export interface MatchState<RS = unknown> {
  matchId: string;
  status: MatchStatus;
  ruleset: { id: string; version: string };
  title?: string;
  options: Record<string, OptionValue>;
  setup: Record<string, unknown>;
  seats: SeatState[];
  organizer?: string;
  tournamentId?: string;
  public: boolean;
  spectatorDelay: number;
  commitment: string;
  /** The entropy string E, fixed at start. */
  entropy: string;
  /** Next roll number per purpose (server rolls and shuffles). */
  rollCounters: Record<string, number>;
  /** Pieces created so far: the base of generated piece ids. */
  pieceCounter: number;
  /** decisionId → the seqs of its events: a retried decision returns them again. */
  decisions: Record<string, { first: number; last: number }>;
  /** Seq of every DecisionMade, in order (the spectator delay counts decisions). */
  decisionSeqs: number[];
  lastSeq: number;
  headHash: string;
  createdAt?: string;
  startedAt?: string;
  endedAt?: string;
  result?: { winners: string[]; condition: string; ruleRef?: string };
  revealedSeed?: string;
  table: Table;
  rs: RS;
}

export function initialMatchState<RS>(matchId: string, rs: RS): MatchState<RS> {
  return {
    matchId,
    status: 'none',
    ruleset: { id: '', version: '' },
    options: {},
    setup: {},
    seats: [],
    public: false,
    spectatorDelay: 0,
    commitment: '',
    entropy: '',
    rollCounters: {},
    pieceCounter: 0,
    decisions: {},
    decisionSeqs: [],
    lastSeq: -1,
    headHash: '',
    table: emptyTable(),
    rs,
  };
}

export function isLive(state: MatchState): boolean {
  return state.status === 'created' || state.status === 'started';
}
