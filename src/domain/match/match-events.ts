import type { AttachedReceipt } from '../export/receipt';
import type { OptionValue, SeatSpec } from '../rulesets/ruleset';
import type { Table } from '../table/table';
import type { Position } from '../table/table-position';
import type { DiceModes } from '../dice/dice-modes';

/** Lifecycle events of a match stream (`match-<matchId>`). */

export interface MatchCreatedData {
  matchId: string;
  ruleset: { id: string; version: string };
  title?: string;
  options: Record<string, OptionValue>;
  /** Scenario / setup parameters, as validated by the ruleset. */
  setup: Record<string, unknown>;
  seats: SeatSpec[];
  /**
   * The starting position laid over the setup (issue 45), as every reader may see it: without
   * the pieces it placed in hidden zones (committed with the setup's) and without the orders
   * of the decks it laid out. Absent: the match starts from its setup.
   */
  position?: Position;
  /**
   * Decks the organizer laid out in a given order (the position's `decks`): set, not shuffled,
   * as the verifier and the viewer say. Every other deck keeps its provable shuffle.
   */
  laidOutDecks?: string[];
  /** Seats a player may claim after the start (Ruleset.lateSeats); absent: none. */
  lateSeats?: string[];
  tournamentId?: string;
  organizer: string;
  /** hex(sha256(seed)): the seed is revealed by RngRevealed when the match ends. */
  commitment: string;
  /** Which dice each purpose uses (absent on matches created before it was recorded). */
  dice?: DiceModes;
  public: boolean;
  /** How many decisions spectators of a live public match lag behind. */
  spectatorDelay: number;
  /** How long after the end disputes may still be opened. */
  disputeWindowMinutes?: number;
  /**
   * How long, by event time, a client-chosen decision id (Idempotency-Key) is remembered;
   * absent: DEFAULT_IDEMPOTENCY_KEY_HOURS. Recorded so that every replica and every rebuild
   * keeps the same keys.
   */
  idempotencyKeyHours?: number;
}

export interface SeatClaimedData {
  seat: string;
  /** The name lists show; `playerId` when the seat was claimed by a registered player. */
  player: { name: string; playerId?: string };
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
  /** The sealed decision this one reveals. */
  sealId?: string;
  /**
   * The sealed decision, refused by the rules at its reveal and recorded void, that this one
   * stands for (`DecisionSpec.voidAs`): decided openly, in the same write as the void reveal.
   */
  voidedSeal?: string;
  /** The decision id was chosen by the client (Idempotency-Key): a retry with it returns this decision. */
  clientKey?: boolean;
  /** Secret params (the spec's `secretParams`): `params` is then empty for everyone else. */
  secret?: { params: unknown };
}

export interface DiceRolledData {
  /**
   * The seat whose decision rolled. Absent on rolls recorded before it was named: read those
   * through `rollSeatReader`, which takes it from the decision that caused the roll.
   */
  seat?: string;
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

/** A seat other than the reporter saw the physical dice and confirms the reported faces. */
export interface ReportedRollConfirmedData {
  /** The seq of the DiceRolled (source reported) confirmed. */
  rollSeq: number;
  seat: string;
}

export interface MatchFinishedData {
  winners: string[];
  condition: string;
  ruleRef?: string;
}

/**
 * A decision cited another, finished match (a campaign link): which match, its head as it was
 * (seq and hash, checked against the match's own stream when the decision was made, and by
 * `matchlog verify` against its export), and what the citing match took from its result.
 */
export interface MatchCitedData {
  matchId: string;
  ruleset: string;
  headSeq: number;
  headHash: string;
  took: { winners: string[]; points: Record<string, number> };
  seats: { seat: string; player?: string; faction?: string }[];
}

export interface MatchAbandonedData {
  reason: string;
}

export interface RngRevealedData {
  /** hex of the 32-byte seed whose sha256 is the commitment. */
  seed: string;
}

export interface DecisionSealedData {
  sealId: string;
  seat: string;
  kind: string;
  /** hex(sha256(salt + canonicalJson(params))): the choice itself stays with the seat until the reveal. */
  commitment: string;
}

export interface SealRevealedData {
  sealId: string;
  seat: string;
  salt: string;
  params: unknown;
  /**
   * The rules refused the revealed choice and its seat recorded it void (`voidIfRefused`): the
   * seal is closed, the choice has no effect, and this is why. `matchlog verify` decides the
   * choice again and checks it is refused the same way.
   */
  void?: SealVoid;
}

/** Why a revealed sealed choice is void: the refusal the rules gave it. */
export interface SealVoid {
  kind: 'invalid_params' | 'rule_violation';
  code?: string;
  message: string;
  ruleRef?: string;
}

export interface UndoRequestedData {
  requestId: string;
  seat: string;
  toSeq: number;
  reason: string;
  /** Seats whose consent is needed; empty when the ruleset grants the undo without consent. */
  consentFrom: string[];
}

export interface UndoAnsweredData {
  requestId: string;
  seat: string;
  reason?: string;
}

export interface UndoRequestExpiredData {
  requestId: string;
}

export type RewindCause =
  { kind: 'undo'; requestId: string } | { kind: 'ruling'; disputeId: string };

/** What a rewind restores: the part of the match that belongs to the line of play. */
export interface LineState {
  table: Table;
  rs: unknown;
  seals: Record<string, SealState>;
  /** Absent in rewinds recorded before reported rolls were confirmed. */
  unconfirmedRolls?: Record<string, UnconfirmedRoll>;
}

/** A reported roll of the current line that no other seat has confirmed yet. */
export interface UnconfirmedRoll {
  seq: number;
  reporter: string;
  purpose: string;
  spec: string;
  faces: number[];
}

export interface SealState {
  seat: string;
  kind: string;
  commitment: string;
  seq: number;
  revealed: boolean;
}

export interface TimelineRewoundData {
  toSeq: number;
  cause: RewindCause;
  /** The seqs this rewind voids: from toSeq + 1 to the seq before this event. */
  voided: { from: number; to: number };
  /** The line state at toSeq, which the table returns to (hidden parts for judges only). */
  secret?: { restore: LineState };
}

export interface DisputeOpenedData {
  disputeId: string;
  seat: string;
  atSeq: number;
  claim: string;
  ruleRef?: string;
  /** Receipts the seat attached, each with what the server found when the dispute was opened. */
  receipts?: AttachedReceipt[];
}

export interface DisputeCommentedData {
  disputeId: string;
  text: string;
}

/** The organizer gave a seat a new link: every earlier token of the seat is revoked. */
export interface SeatLinkReissuedData {
  seat: string;
}

export interface MatchPausedData {
  reason: string;
  disputeId?: string;
}

export type Remedy =
  | { kind: 'none' }
  | { kind: 'rewind'; toSeq: number; cards?: RewindCards }
  | { kind: 'corrective'; decisions: { seat: string; kind: string; params: unknown }[] };

/**
 * What a ruling's rewind does with the cards the voided branch revealed (fair-rewind.ts):
 * `reshuffle` (the default) shuffles their decks again in the ruling's write; `keep` leaves
 * the order, with the judge's reason. Absent on rulings recorded before the choice existed.
 */
export interface RewindCards {
  order: 'reshuffle' | 'keep';
  reason?: string;
}

export interface RulingIssuedData {
  disputeId: string;
  decision: 'upheld' | 'rejected' | 'amended';
  rationale: string;
  ruleRef: string;
  remedy: Remedy;
}

/** A seat of the match (or its organizer) asks the head judge to look at a ruling again. */
export interface RulingAppealedData {
  disputeId: string;
  /** The seq of the RulingIssued appealed. */
  rulingSeq: number;
  /** The seat that appealed; absent when the organizer did. */
  seat?: string;
  reason: string;
}

/**
 * The head judge's answer to an appeal: `upheld` keeps the ruling; `overturned` is followed,
 * in the same write, by a new RulingIssued (and its remedy's events) that replaces it.
 */
export interface AppealDecidedData {
  disputeId: string;
  /** The seq of the RulingAppealed answered. */
  appealSeq: number;
  outcome: 'upheld' | 'overturned';
  rationale: string;
}

export interface MatchEventMap {
  MatchCreated: MatchCreatedData;
  SeatClaimed: SeatClaimedData;
  MatchStarted: MatchStartedData;
  DecisionMade: DecisionMadeData;
  DiceRolled: DiceRolledData;
  ReportedRollConfirmed: ReportedRollConfirmedData;
  MatchFinished: MatchFinishedData;
  MatchAbandoned: MatchAbandonedData;
  MatchCited: MatchCitedData;
  RngRevealed: RngRevealedData;
  DecisionSealed: DecisionSealedData;
  SealRevealed: SealRevealedData;
  UndoRequested: UndoRequestedData;
  UndoAccepted: UndoAnsweredData;
  UndoRejected: UndoAnsweredData;
  UndoRequestExpired: UndoRequestExpiredData;
  TimelineRewound: TimelineRewoundData;
  DisputeOpened: DisputeOpenedData;
  DisputeCommented: DisputeCommentedData;
  MatchPaused: MatchPausedData;
  MatchResumed: Record<string, never>;
  SeatLinkReissued: SeatLinkReissuedData;
  RulingIssued: RulingIssuedData;
  RulingAppealed: RulingAppealedData;
  AppealDecided: AppealDecidedData;
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
