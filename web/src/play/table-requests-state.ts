import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { ApiError, matchPath, postJson, type RecordedResult } from '../api/client';
import { safeStorage } from '../i18n';
import { playLabel } from './play-labels';
import type { ViewEvent } from '../replay/replay-engine';
import { asApiError } from './decision-form';
import { pendingSeals, type PendingSeal } from './keepsakes';

/** At most this many receipts go with a dispute (the API's bound): the latest ones. */
export const MAX_DISPUTE_RECEIPTS = 100;

/** Events offered in the undo and dispute pickers, newest first (the log selects older ones). */
export const PICKABLE_EVENTS = 60;

export interface OpenRequests {
  /** Undo requests of other seats that wait for this seat's answer. */
  toAnswer: { requestId: string; seat: string; toSeq: number; reason: string }[];
  /** Reported rolls of other seats nobody confirmed yet. */
  toConfirm: { seq: number; reporter: string; faces: number[]; spec: string }[];
  /** Seals that the log shows revealed or voided. */
  closedSeals: Set<string>;
  /** Why a judge paused the match, while it is paused. */
  paused?: string;
  /** The dispute the pause is for, when the judge named one. */
  pausedFor?: DisputeNews;
  /** The last ruling on the match: its seats are told of it at the top of their pages. */
  ruling?: RulingNews;
}

/** A dispute as a seat reads it: who opened it, on which event, what they claim. */
export interface DisputeNews {
  atSeq: number;
  seat: string;
  claim: string;
}

/** A ruling as its seats are told of it (issue 41): verdict, rule, judge, what it voided. */
export interface RulingNews {
  seq: number;
  disputeId: string;
  judge: ViewEvent['meta']['actor'];
  decision: 'upheld' | 'rejected' | 'amended';
  ruleRef: string;
  rationale: string;
  dispute?: DisputeNews;
  voided?: { from: number; to: number };
  /** The ruling is appealed (by this seat, or none: the organizer); no answer yet. */
  appealed?: { seq: number; seat?: string; reason: string };
  /** The head judge's answer to an appeal of the ruling: kept, or replaced by this one. */
  appeal?: {
    outcome: 'upheld' | 'overturned';
    rationale: string;
    judge: ViewEvent['meta']['actor'];
  };
}

/** What waits for this seat in the log: undo requests to answer, dice to confirm, seals closed. */
export function openRequests(events: readonly ViewEvent[], seat: string): OpenRequests {
  const requests = new Map<string, OpenRequests['toAnswer'][number]>();
  const rolls = new Map<number, OpenRequests['toConfirm'][number]>();
  const closedSeals = new Set<string>();
  const disputes = new Map<string, DisputeNews>();
  let paused: string | undefined;
  let pausedFor: DisputeNews | undefined;
  let ruling: RulingNews | undefined;
  const rulings = new Map<string, RulingNews>();
  // An overturning answer comes right before the ruling that replaces the appealed one.
  let overturning: RulingNews['appeal'] | undefined;
  for (const event of events) {
    const d = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'UndoRequested':
        if (d.seat !== seat && Array.isArray(d.consentFrom) && d.consentFrom.includes(seat))
          requests.set(String(d.requestId), {
            requestId: String(d.requestId),
            seat: String(d.seat),
            toSeq: Number(d.toSeq),
            reason: String(d.reason ?? ''),
          });
        break;
      case 'UndoAccepted':
        if (d.seat === seat) requests.delete(String(d.requestId));
        break;
      case 'UndoRejected':
      case 'UndoRequestExpired':
        requests.delete(String(d.requestId));
        break;
      case 'TimelineRewound':
      case 'MatchRewound': {
        requests.clear();
        const voided = d.voided as { from?: number; to?: number } | undefined;
        const cause = d.cause as { kind?: string; disputeId?: string } | undefined;
        if (ruling && cause?.kind === 'ruling' && typeof voided?.from === 'number')
          ruling = { ...ruling, voided: { from: voided.from, to: Number(voided.to) } };
        for (const s of [...rolls.keys()])
          if (voided && s >= (voided.from ?? 0) && s <= (voided.to ?? -1)) rolls.delete(s);
        break;
      }
      case 'DiceRolled':
        if (d.source === 'reported' && typeof d.reporter === 'string' && d.reporter !== seat)
          rolls.set(event.seq, {
            seq: event.seq,
            reporter: d.reporter,
            faces: Array.isArray(d.faces) ? (d.faces as number[]) : [],
            spec: String(d.spec ?? ''),
          });
        break;
      case 'ReportedRollConfirmed':
        rolls.delete(Number(d.rollSeq));
        break;
      case 'SealRevealed':
      case 'SealVoided':
        if (typeof d.sealId === 'string') closedSeals.add(d.sealId);
        break;
      case 'MatchPaused':
        paused = typeof d.reason === 'string' ? d.reason : '';
        pausedFor = typeof d.disputeId === 'string' ? disputes.get(d.disputeId) : undefined;
        break;
      case 'MatchResumed':
        paused = undefined;
        pausedFor = undefined;
        break;
      case 'DisputeOpened':
        disputes.set(String(d.disputeId), {
          atSeq: Number(d.atSeq),
          seat: String(d.seat),
          claim: String(d.claim ?? ''),
        });
        break;
      case 'RulingIssued':
        ruling = {
          seq: event.seq,
          disputeId: String(d.disputeId),
          judge: event.meta.actor,
          decision: d.decision as RulingNews['decision'],
          ruleRef: String(d.ruleRef ?? ''),
          rationale: String(d.rationale ?? ''),
          dispute: disputes.get(String(d.disputeId)),
          ...(overturning ? { appeal: overturning } : {}),
        };
        rulings.set(String(d.disputeId), ruling);
        overturning = undefined;
        break;
      case 'RulingAppealed': {
        const appealed = {
          seq: event.seq,
          ...(typeof d.seat === 'string' ? { seat: d.seat } : {}),
          reason: String(d.reason ?? ''),
        };
        const appealedRuling = rulings.get(String(d.disputeId));
        if (appealedRuling) rulings.set(String(d.disputeId), { ...appealedRuling, appealed });
        if (ruling?.disputeId === String(d.disputeId)) ruling = { ...ruling, appealed };
        break;
      }
      case 'AppealDecided': {
        const appeal = {
          outcome: d.outcome === 'overturned' ? ('overturned' as const) : ('upheld' as const),
          rationale: String(d.rationale ?? ''),
          judge: event.meta.actor,
        };
        const kept = rulings.get(String(d.disputeId));
        if (appeal.outcome === 'overturned') overturning = appeal;
        else if (kept)
          ruling = { ...kept, seq: event.seq, voided: undefined, appealed: undefined, appeal };
        break;
      }
    }
  }
  return {
    toAnswer: [...requests.values()],
    toConfirm: [...rolls.values()],
    closedSeals,
    ...(paused === undefined ? {} : { paused }),
    ...(pausedFor === undefined ? {} : { pausedFor }),
    ...(ruling === undefined ? {} : { ruling }),
  };
}

/** Where on the page a write was made: its refusal is shown there, beside its button. */
export type ActionPlace = 'answer' | 'seal' | 'undo' | 'dispute' | 'appeal' | 'note';

export type SendAction = (
  place: ActionPlace,
  path: string,
  body: unknown,
  onProblem?: (error: ApiError) => void,
) => Promise<RecordedResult | undefined>;

export interface TableActions {
  send: SendAction;
  /** The refusal of the last write made at `place`, until the next action or the next event. */
  refused(place: ActionPlace): ApiError | undefined;
  /**
   * Seals whose reveal the rules refused (they can only be recorded void now): kept by the
   * page, as a seal moves to the top of it once due.
   */
  refusedSeals: ReadonlySet<string>;
  sealRefused(sealId: string): void;
  /** A seal was kept, revealed or imported: the page places its seals again. */
  sealsChanged(): void;
  /** Another action on the page (a decision chosen, a note): the last refusal goes. */
  clear(): void;
}

/**
 * The seat's writes beside its decisions (answers, reveals, undo, dispute, notes): one
 * refusal at a time, shown next to what caused it, gone with the next write or event.
 */
export function useTableActions(
  matchId: string,
  eventCount: number,
  onRecorded: (result: RecordedResult) => void,
  onStale: (problem: ApiError) => void,
): TableActions {
  const [problem, setProblem] = useState<
    { place: ActionPlace; error: ApiError; at: number } | undefined
  >();
  const send: SendAction = async (place, path, body, onProblem) => {
    setProblem(undefined);
    try {
      const result = await postJson<RecordedResult>(matchPath(matchId, path), body);
      onRecorded(result);
      return result;
    } catch (e) {
      const error = asApiError(e);
      if (error.status === 409 && error.code.startsWith('stale')) onStale(error);
      else setProblem({ place, error, at: eventCount });
      onProblem?.(error);
      return undefined;
    }
  };
  const refused = (place: ActionPlace): ApiError | undefined =>
    problem && problem.place === place && problem.at === eventCount ? problem.error : undefined;
  const [refusedSeals, setRefusedSeals] = useState<ReadonlySet<string>>(new Set());
  const [, setSealsVersion] = useState(0);
  return {
    send,
    refused,
    refusedSeals,
    sealRefused: (sealId) => setRefusedSeals((before) => new Set([...before, sealId])),
    sealsChanged: () => setSealsVersion((v) => v + 1),
    clear: () => setProblem(undefined),
  };
}

/** Sealed choices of the seat that the rules let it reveal now. */
export function sealsDue(
  matchId: string,
  seat: string,
  closed: ReadonlySet<string>,
  offeredKinds: ReadonlySet<string>,
): PendingSeal[] {
  return pendingSeals(matchId, seat).filter(
    (s) => !closed.has(s.sealId) && offeredKinds.has(s.kind),
  );
}

/** What the header says waits for the seat: its answers due, a reveal, a pause. */
export function waitingSummary(
  open: OpenRequests,
  revealsDue: number,
  lang: Lang,
): string | undefined {
  const items = [
    ...(open.toAnswer.length > 0 ? [playLabel('waitsUndo', lang)] : []),
    ...(open.toConfirm.length > 0 ? [playLabel('waitsRoll', lang)] : []),
    ...(revealsDue > 0 ? [playLabel('waitsReveal', lang)] : []),
  ];
  if (items.length > 0) return playLabel('waitsSummary', lang, { items: items.join(', ') });
  return open.paused === undefined ? undefined : playLabel('pausedShort', lang);
}

/** Where a seat keeps the last ruling it has read, so the banner goes once it is read. */
export const rulingReadKey = (matchId: string): string => `matchlog.ruling-read.${matchId}`;

export function rulingRead(matchId: string): number {
  return Number(safeStorage(() => localStorage.getItem(rulingReadKey(matchId))) ?? -1);
}
