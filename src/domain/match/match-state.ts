import type { OptionValue } from '../rulesets/ruleset';
import { emptyTable, type Table } from '../table/table';
import type { DiceModes, RewindCause, SealState } from './match-events';

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
  /** Which dice each purpose uses (MatchCreated); undefined for matches created before. */
  dice?: DiceModes;
  /** The entropy string E, fixed at start. */
  entropy: string;
  /** Next roll number per purpose (server rolls and shuffles). */
  rollCounters: Record<string, number>;
  /** Pieces created so far: the base of generated piece ids. */
  pieceCounter: number;
  /**
   * The latest decisions whose ids the clients chose (Idempotency-Key), with the seqs of
   * their events: a retry with such an id returns them again. Bounded: retries come soon.
   */
  clientDecisions: { id: string; first: number; last: number }[];
  /** Seqs of the last MAX_SPECTATOR_DELAY DecisionMade events (the spectator delay counts decisions). */
  decisionSeqs: number[];
  lastSeq: number;
  headHash: string;
  createdAt?: string;
  startedAt?: string;
  /** Seq of MatchStarted: nothing before it can be undone or rewound to. */
  startedSeq?: number;
  endedAt?: string;
  result?: { winners: string[]; condition: string; ruleRef?: string };
  revealedSeed?: string;
  disputeWindowMinutes: number;
  paused?: { reason: string; disputeId?: string; seq: number };
  undoRequests: Record<string, UndoRequestState>;
  disputes: Record<string, DisputeState>;
  /** Seq ranges taken back by a rewind; they stay in the log, marked. */
  voided: VoidedRange[];
  /** Sealed decisions of the current line (a rewind restores them with the table). */
  seals: Record<string, SealState>;
  table: Table;
  rs: RS;
}

export interface UndoRequestState {
  seat: string;
  toSeq: number;
  reason: string;
  consentFrom: string[];
  accepted: string[];
  status: 'pending' | 'accepted' | 'rejected' | 'expired';
  seq: number;
}

export interface DisputeState {
  seat: string;
  atSeq: number;
  claim: string;
  ruleRef?: string;
  status: 'open' | 'ruled';
  openedSeq: number;
  ruling?: { decision: 'upheld' | 'rejected' | 'amended'; seq: number };
}

export interface VoidedRange {
  from: number;
  to: number;
  /** The TimelineRewound that voided them. */
  bySeq: number;
  cause: RewindCause;
}

/** The longest spectator delay a match may ask for, in decisions. */
export const MAX_SPECTATOR_DELAY = 100;
/** How many client-chosen decision ids a match remembers for idempotent retries. */
export const CLIENT_DECISIONS_KEPT = 256;

/** DEFAULT for matches created before the option existed, and when none is given. */
export const DEFAULT_DISPUTE_WINDOW_MINUTES = 60;

/** The rewind that voided `seq`, if one did (the latest, when rewinds nest). */
export function voidingOf(state: Pick<MatchState, 'voided'>, seq: number): VoidedRange | undefined {
  for (let i = state.voided.length - 1; i >= 0; i -= 1) {
    const range = state.voided[i];
    if (seq >= range.from && seq <= range.to) return range;
  }
  return undefined;
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
    clientDecisions: [],
    decisionSeqs: [],
    lastSeq: -1,
    headHash: '',
    disputeWindowMinutes: DEFAULT_DISPUTE_WINDOW_MINUTES,
    undoRequests: {},
    disputes: {},
    voided: [],
    seals: {},
    table: emptyTable(),
    rs,
  };
}

export function isLive(state: MatchState): boolean {
  return state.status === 'created' || state.status === 'started';
}
