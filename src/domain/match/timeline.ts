import type { Actor, RecordedEvent } from '../events/recorded-event';
import { ROLL_EVENT_TYPES } from '../rulesets/roll-events';
import type { RewindCause } from './match-events';
import type { MatchState } from './match-state';
import { voidedBy } from './rewind';
import { rollSeatReader } from './roll-seat';

/**
 * The line of a match at a glance (DESIGN section 6): decisions, rolls, sealed choices, undo
 * requests and their answers, rewinds, disputes, comments, pauses and rulings, each with its
 * seq. Rolls are `DiceRolled` and every ruleset's own roll events (roll-events.ts). Built
 * from the events as the viewer sees them: a redacted event gives only its public part, and
 * the caller passes only the events within the viewer's horizon. Table events are left out:
 * they are the effects of the decision or roll before them.
 */

export type TimelineKind =
  | 'decision'
  | 'roll'
  | 'seal'
  | 'undo-request'
  | 'undo-answer'
  | 'rewind'
  | 'dispute'
  | 'comment'
  | 'pause'
  | 'resume'
  | 'ruling'
  | 'lifecycle';

export const TIMELINE_KINDS: readonly TimelineKind[] = [
  'decision',
  'roll',
  'seal',
  'undo-request',
  'undo-answer',
  'rewind',
  'dispute',
  'comment',
  'pause',
  'resume',
  'ruling',
  'lifecycle',
];

export interface TimelineEntry {
  seq: number;
  kind: TimelineKind;
  /** The event type the entry summarises. */
  type: string;
  recordedAt: string;
  actor: Actor;
  /** The seat deciding, rolling, sealing, asking, answering, disputing, or claimed. */
  seat?: string;
  /** decision, seal: the decision kind of the ruleset. */
  decisionKind?: string;
  decisionId?: string;
  /** decision: recorded by a judge on the seat's behalf (a corrective ruling). */
  judgeRecorded?: boolean;
  /** seal, and a decision that reveals a seal. */
  sealId?: string;
  /** seal: false when committed (DecisionSealed), true when revealed (SealRevealed). */
  revealed?: boolean;
  /** roll */
  purpose?: string;
  dice?: string;
  faces?: number[];
  source?: 'server' | 'reported';
  /** undo-request, undo-answer. */
  requestId?: string;
  /** undo-request and rewind: the seq the table goes back to. */
  toSeq?: number;
  reason?: string;
  /** undo-answer */
  answer?: 'accepted' | 'rejected' | 'expired';
  /** rewind: the seqs it took back. */
  voided?: { from: number; to: number };
  /** rewind: the undo request or the dispute's ruling that caused it. */
  cause?: RewindCause;
  /** dispute, comment, pause, ruling. */
  disputeId?: string;
  /** dispute: the seq disputed. */
  atSeq?: number;
  claim?: string;
  ruleRef?: string;
  /** comment */
  text?: string;
  /** ruling */
  ruling?: 'upheld' | 'rejected' | 'amended';
  rationale?: string;
  remedy?: { kind: 'none' | 'rewind' | 'corrective'; toSeq?: number; decisions?: number };
  /** lifecycle (MatchFinished) */
  winners?: string[];
  condition?: string;
  /** The event's secret part was not shown to this viewer. */
  redacted?: true;
  /** A line event taken back by a rewind: the rewind's seq and its cause. */
  voidedBy?: { seq: number; cause: RewindCause };
}

const LIFECYCLE = new Set([
  'MatchCreated',
  'SeatClaimed',
  'MatchStarted',
  'MatchFinished',
  'MatchAbandoned',
  'RngRevealed',
]);

type Data = Record<string, unknown>;
type Summary = Omit<TimelineEntry, 'seq' | 'type' | 'recordedAt' | 'actor'>;

export function timelineOf(
  events: Iterable<RecordedEvent & { redacted?: true }>,
  state: Pick<MatchState, 'voided'>,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const rollSeat = rollSeatReader();
  for (const event of events) {
    const seat = rollSeat(event);
    const summary = summarise(event.type, (event.data ?? {}) as Data);
    if (!summary) continue;
    const voiding = voidedBy(state, event);
    entries.push({
      seq: event.seq,
      type: event.type,
      recordedAt: event.meta.recordedAt,
      actor: event.meta.actor,
      ...summary,
      ...(seat !== undefined ? { seat } : {}),
      ...(event.redacted ? { redacted: true as const } : {}),
      ...(voiding ? { voidedBy: { seq: voiding.bySeq, cause: voiding.cause } } : {}),
    });
  }
  return entries;
}

function summarise(type: string, data: Data): Summary | undefined {
  switch (type) {
    case 'DecisionMade':
      return defined({
        kind: 'decision',
        seat: text(data.seat),
        decisionKind: text(data.kind),
        decisionId: text(data.decisionId),
        judgeRecorded: data.judgeRecorded === true ? true : undefined,
        sealId: text(data.sealId),
      });
    case 'DiceRolled':
      return defined({
        kind: 'roll',
        purpose: text(data.purpose),
        dice: text(data.spec),
        faces: numbers(data.faces),
        source: data.source === 'server' || data.source === 'reported' ? data.source : undefined,
      });
    case 'DecisionSealed':
    case 'SealRevealed':
      return defined({
        kind: 'seal',
        seat: text(data.seat),
        decisionKind: text(data.kind),
        sealId: text(data.sealId),
        revealed: type === 'SealRevealed',
      });
    case 'UndoRequested':
      return defined({
        kind: 'undo-request',
        seat: text(data.seat),
        requestId: text(data.requestId),
        toSeq: integer(data.toSeq),
        reason: text(data.reason),
      });
    case 'UndoAccepted':
    case 'UndoRejected':
    case 'UndoRequestExpired':
      return defined({
        kind: 'undo-answer',
        seat: text(data.seat),
        requestId: text(data.requestId),
        answer:
          type === 'UndoAccepted' ? 'accepted' : type === 'UndoRejected' ? 'rejected' : 'expired',
        reason: text(data.reason),
      });
    case 'TimelineRewound':
      return defined({
        kind: 'rewind',
        toSeq: integer(data.toSeq),
        voided: range(data.voided),
        cause: cause(data.cause),
      });
    case 'DisputeOpened':
      return defined({
        kind: 'dispute',
        seat: text(data.seat),
        disputeId: text(data.disputeId),
        atSeq: integer(data.atSeq),
        claim: text(data.claim),
        ruleRef: text(data.ruleRef),
      });
    case 'DisputeCommented':
      return defined({ kind: 'comment', disputeId: text(data.disputeId), text: text(data.text) });
    case 'MatchPaused':
      return defined({ kind: 'pause', reason: text(data.reason), disputeId: text(data.disputeId) });
    case 'MatchResumed':
      return { kind: 'resume' };
    case 'RulingIssued':
      return defined({
        kind: 'ruling',
        disputeId: text(data.disputeId),
        ruling:
          data.decision === 'upheld' || data.decision === 'rejected' || data.decision === 'amended'
            ? data.decision
            : undefined,
        rationale: text(data.rationale),
        ruleRef: text(data.ruleRef),
        remedy: remedy(data.remedy),
      });
    default:
      // A ruleset's own roll (a Fate card read as dice): the roll's seat, purpose and faces.
      if (ROLL_EVENT_TYPES.has(type))
        return defined({
          kind: 'roll',
          seat: text(data.seat),
          purpose: text(data.purpose),
          faces: numbers(data.faces) ?? numbers(data.dice),
        });
      if (!LIFECYCLE.has(type)) return undefined;
      return defined({
        kind: 'lifecycle',
        seat: text(data.seat),
        winners: Array.isArray(data.winners) ? data.winners.filter(isString) : undefined,
        condition: text(data.condition),
        reason: text(data.reason),
      });
  }
}

/** Stored events replay forever: a member of an unexpected shape is left out, never trusted. */
function defined(summary: Summary): Summary {
  return Object.fromEntries(
    Object.entries(summary).filter(([, value]) => value !== undefined),
  ) as Summary;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function integer(value: unknown): number | undefined {
  return Number.isInteger(value) ? (value as number) : undefined;
}

function numbers(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'number') ? value : undefined;
}

function range(value: unknown): { from: number; to: number } | undefined {
  const r = value as Data | undefined;
  const from = integer(r?.from);
  const to = integer(r?.to);
  return from === undefined || to === undefined ? undefined : { from, to };
}

function cause(value: unknown): RewindCause | undefined {
  const c = value as Data | undefined;
  if (c?.kind === 'undo' && typeof c.requestId === 'string')
    return { kind: 'undo', requestId: c.requestId };
  if (c?.kind === 'ruling' && typeof c.disputeId === 'string')
    return { kind: 'ruling', disputeId: c.disputeId };
  return undefined;
}

function remedy(value: unknown): TimelineEntry['remedy'] {
  const r = value as Data | undefined;
  if (r?.kind === 'none') return { kind: 'none' };
  if (r?.kind === 'rewind') {
    const toSeq = integer(r.toSeq);
    return toSeq === undefined ? { kind: 'rewind' } : { kind: 'rewind', toSeq };
  }
  if (r?.kind === 'corrective')
    return {
      kind: 'corrective',
      decisions: Array.isArray(r.decisions) ? r.decisions.length : 0,
    };
  return undefined;
}
