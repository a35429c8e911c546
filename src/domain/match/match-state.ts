import type { OptionValue } from '../rulesets/ruleset';
import { emptyTable, type Table } from '../table/table';
import type { DiceModes } from '../dice/dice-modes';
import type { RewindCause, SealState, UnconfirmedRoll } from './match-events';

export type MatchStatus = 'none' | 'created' | 'started' | 'finished' | 'abandoned';

export interface SeatState {
  seat: string;
  side?: string;
  faction?: string;
  /** `playerId` when a registered player claimed the seat. */
  player?: { name: string; playerId?: string };
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
  /** Decks laid out in a given order by the organizer (MatchCreated): set, not shuffled. */
  laidOutDecks?: string[];
  seats: SeatState[];
  /** Seats a player may claim after the start (MatchCreated's lateSeats). */
  lateSeats: string[];
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
   * The setup committed pieces in hidden zones (hidden-zones.ts): nobody else knows what they
   * are, so a draw of them tells its readers what was drawn (`CardsDrawn.secret.cards`).
   * Absent on matches created before.
   */
  hiddenSetup?: true;
  /**
   * The decisions whose ids the clients chose (Idempotency-Key) in the last
   * `idempotencyKeyHours` of event time, oldest first: a retry with such an id by the same
   * token returns them again.
   */
  clientDecisions: ClientDecision[];
  /** How long client-chosen decision ids are kept (from MatchCreated). */
  idempotencyKeyHours: number;
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
  /**
   * Reported rolls of the current line no other seat has confirmed, by seq (a rewind restores
   * them with the table). Absent in snapshots taken before confirmations existed.
   */
  unconfirmedRolls?: Record<string, UnconfirmedRoll>;
  table: Table;
  rs: RS;
}

/** A decision whose id a client chose (Idempotency-Key): a key is scoped to the token that sent it. */
export interface ClientDecision {
  /** The client's key (the decision id). */
  id: string;
  /** The actor id that sent it: the token's holder. */
  by: string;
  /** Seqs of the decision's events. */
  first: number;
  last: number;
  /** When it was recorded, ms since the epoch (from recordedAt: the domain has no clock). */
  at: number;
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
  /** The appeal of the ruling, once a seat or the organizer made it (one per dispute). */
  appeal?: DisputeAppeal;
}

export interface DisputeAppeal {
  seq: number;
  /** The seat that appealed; absent when the organizer did. */
  seat?: string;
  /** Set when the head judge answered it; the dispute is then closed for good. */
  outcome?: 'upheld' | 'overturned';
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
/** How long client-chosen decision ids are remembered for idempotent retries, by default. */
export const DEFAULT_IDEMPOTENCY_KEY_HOURS = 24;

/** The decision a client recorded with this key from this token, if it is still remembered. */
export function clientDecisionOf(
  state: Pick<MatchState, 'clientDecisions'>,
  by: string,
  key: string,
): ClientDecision | undefined {
  // Newest first: a retry comes soon after its original.
  for (let i = state.clientDecisions.length - 1; i >= 0; i -= 1) {
    const decision = state.clientDecisions[i];
    if (decision.id === key && decision.by === by) return decision;
  }
  return undefined;
}

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
    lateSeats: [],
    public: false,
    spectatorDelay: 0,
    commitment: '',
    entropy: '',
    rollCounters: {},
    pieceCounter: 0,
    clientDecisions: [],
    idempotencyKeyHours: DEFAULT_IDEMPOTENCY_KEY_HOURS,
    decisionSeqs: [],
    lastSeq: -1,
    headHash: '',
    disputeWindowMinutes: DEFAULT_DISPUTE_WINDOW_MINUTES,
    undoRequests: {},
    disputes: {},
    voided: [],
    seals: {},
    unconfirmedRolls: {},
    table: emptyTable(),
    rs,
  };
}

export function isLive(state: Pick<MatchState, 'status'>): boolean {
  return state.status === 'created' || state.status === 'started';
}

/** Finished or abandoned: for good, since no event makes an ended match live again. */
export function hasEnded(match: { status: MatchStatus }): boolean {
  return match.status === 'finished' || match.status === 'abandoned';
}
