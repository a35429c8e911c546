import { h, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { ApiError, getUndoTargets, matchPath, postJson, type RecordedResult } from '../api/client';
import { FileButton } from '../file-button';
import { upperFirst } from '@domain/shared/localized-text';
import { safeStorage } from '../i18n';
import { playLabel } from './play-labels';
import type { Phraser } from '@domain/naming/phraser';
import type { ViewEvent } from '../replay/replay-engine';
import { asApiError, ProblemNote } from './decision-form';
import {
  download,
  forgetSeals,
  keepSeal,
  pendingSeals,
  readSealedReceipt,
  restoreSealsFromDevice,
  receiptsFile,
  receiptsOf,
  refusesTheChoice,
  sealedReceiptFile,
  type PendingSeal,
} from './keepsakes';

/** At most this many receipts go with a dispute (the API's bound): the latest ones. */
const MAX_DISPUTE_RECEIPTS = 100;
/** Events offered in the undo and dispute pickers, newest first (the log selects older ones). */
const PICKABLE_EVENTS = 60;

export interface TableRequestsProps {
  lang: Lang;
  matchId: string;
  seat: string;
  seq: number;
  ended: boolean;
  events: readonly ViewEvent[];
  phraser: Phraser;
  /** Kinds legal-decisions offers now: a sealed kind offered again may be revealed. */
  offeredKinds: ReadonlySet<string>;
  /** The ruleset has choices made sealed: the page offers to import a sealed receipt. */
  sealable: boolean;
  selectedSeq: number | undefined;
  /** The seat's writes and where their refusals show. */
  actions: TableActions;
}

interface OpenRequests {
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
  judge: ViewEvent['meta']['actor'];
  decision: 'upheld' | 'rejected' | 'amended';
  ruleRef: string;
  rationale: string;
  dispute?: DisputeNews;
  voided?: { from: number; to: number };
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
      case 'AppealDecided': {
        const appeal = {
          outcome: d.outcome === 'overturned' ? ('overturned' as const) : ('upheld' as const),
          rationale: String(d.rationale ?? ''),
          judge: event.meta.actor,
        };
        const kept = rulings.get(String(d.disputeId));
        if (appeal.outcome === 'overturned') overturning = appeal;
        else if (kept) ruling = { ...kept, seq: event.seq, voided: undefined, appeal };
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
export type ActionPlace = 'answer' | 'seal' | 'undo' | 'dispute' | 'note';

export type SendAction = (
  place: ActionPlace,
  path: string,
  body: unknown,
  onProblem?: (error: ApiError) => void,
) => Promise<RecordedResult | undefined>;

export interface TableActions {
  send: SendAction;
  /** The refusal of the last write made at `place`, until the next action or the next event. */
  refusal(place: ActionPlace): JSX.Element | null;
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
  lang: Lang,
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
  const refusal = (place: ActionPlace): JSX.Element | null =>
    problem && problem.place === place && problem.at === eventCount
      ? h(ProblemNote, { error: problem.error, lang })
      : null;
  const [refusedSeals, setRefusedSeals] = useState<ReadonlySet<string>>(new Set());
  const [, setSealsVersion] = useState(0);
  return {
    send,
    refusal,
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

export interface WaitingForYouProps {
  lang: Lang;
  matchId: string;
  seat: string;
  open: OpenRequests;
  phraser: Phraser;
  offeredKinds: ReadonlySet<string>;
  actions: TableActions;
  onSelectSeq(seq: number): void;
}

/**
 * What the seat must answer now, at the top of the page (above the board on a phone): the
 * other seats' undo requests and reported dice, its sealed choices due for reveal, a pause.
 */
export function WaitingForYou(props: WaitingForYouProps): JSX.Element | null {
  const { lang, matchId, seat, open, phraser, actions } = props;
  const due = sealsDue(matchId, seat, open.closedSeals, props.offeredKinds);
  if (open.toAnswer.length + open.toConfirm.length + due.length === 0 && open.paused === undefined)
    return null;
  const who = (s: string): string => phraser.seats.full(s, lang);
  const send = (path: string, body: unknown) => actions.send('answer', path, body);
  const onlyPaused = open.toAnswer.length + open.toConfirm.length + due.length === 0;
  return h(
    'section',
    { class: 'panel waiting-for-you', 'aria-labelledby': 'answer-title' },
    h('h2', { id: 'answer-title' }, playLabel(onlyPaused ? 'pausedShort' : 'waitsForYou', lang)),
    open.paused === undefined
      ? null
      : h(
          'p',
          { class: 'notice warn', 'data-notice': 'paused' },
          playLabel('pausedByJudge', lang, { reason: open.paused || '—' }),
          open.pausedFor
            ? ` ${playLabel('disputeAbout', lang, {
                seq: open.pausedFor.atSeq,
                name: who(open.pausedFor.seat),
                claim: open.pausedFor.claim,
              })}`
            : null,
        ),
    open.toAnswer.map((r) =>
      h(
        'div',
        { class: 'request', 'data-undo-request': r.requestId },
        h(
          'p',
          null,
          playLabel('undoAsked', lang, { name: who(r.seat), seq: r.toSeq, reason: r.reason }),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'accept-undo',
            onClick: () => void send(`undo-requests/${r.requestId}/accept`, {}),
          },
          playLabel('acceptUndo', lang),
        ),
        ' ',
        h(
          'button',
          {
            type: 'button',
            'data-action': 'reject-undo',
            onClick: () => void send(`undo-requests/${r.requestId}/reject`, {}),
          },
          playLabel('rejectUndo', lang),
        ),
      ),
    ),
    open.toConfirm.map((roll) =>
      h(
        'div',
        { class: 'request', 'data-reported-roll': roll.seq },
        h(
          'p',
          null,
          playLabel('rollReported', lang, {
            name: who(roll.reporter),
            spec: roll.spec,
            faces: roll.faces.join(', '),
            seq: roll.seq,
          }),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'confirm-roll',
            onClick: () => void send(`rolls/${roll.seq}/confirm`, {}),
          },
          playLabel('confirmRoll', lang),
        ),
        ' ',
        h(
          'button',
          {
            type: 'button',
            'data-action': 'dispute-roll',
            onClick: () => {
              props.onSelectSeq(roll.seq);
              document.getElementById('dispute-claim')?.focus();
            },
          },
          playLabel('disputeRoll', lang),
        ),
      ),
    ),
    due.length > 0
      ? h(SealedChoices, {
          sealable: true,
          onlyDue: true,
          lang,
          matchId,
          seat,
          closed: open.closedSeals,
          offeredKinds: props.offeredKinds,
          phraser,
          actions,
        })
      : null,
    actions.refusal('answer'),
  );
}

/**
 * The seat's side of the table talk: its sealed choices to reveal (and their receipts), the
 * other seats' undo requests and reported dice to answer, its own undo requests and disputes,
 * and the receipts of what it recorded.
 */
export function TableRequests(props: TableRequestsProps): JSX.Element {
  const { lang, matchId, seat, events, phraser, ended, actions } = props;
  const open = useMemo(() => openRequests(events, seat), [events, seat]);
  const due = sealsDue(matchId, seat, open.closedSeals, props.offeredKinds);
  return h(
    'div',
    { class: 'table-requests' },
    // Seals due for reveal stand at the top of the page (WaitingForYou) instead.
    due.length > 0
      ? null
      : h(SealedChoices, {
          sealable: props.sealable,
          onlyDue: false,
          lang,
          matchId,
          seat,
          closed: open.closedSeals,
          offeredKinds: props.offeredKinds,
          phraser,
          actions,
        }),
    ended
      ? null
      : h(UndoForm, {
          lang,
          matchId,
          events,
          phraser,
          selectedSeq: props.selectedSeq,
          send: (path, body) => actions.send('undo', path, body),
          refusal: actions.refusal('undo'),
        }),
    h(DisputeForm, {
      lang,
      matchId,
      events,
      phraser,
      selectedSeq: props.selectedSeq,
      send: (path, body) => actions.send('dispute', path, body),
      refusal: actions.refusal('dispute'),
    }),
    h(ReceiptsPanel, { lang, matchId, count: events.length }),
  );
}

/** An event to name in a picker: "#12 · Переместить фигуры: Крейсер → Север". */
function eventChoices(
  events: readonly ViewEvent[],
  phraser: Phraser,
  lang: Lang,
  selected?: number,
) {
  const from = Math.max(0, events.length - PICKABLE_EVENTS);
  const seqs = events.slice(from).map((e) => e.seq);
  if (selected !== undefined && selected < from) seqs.unshift(selected);
  return seqs
    .reverse()
    .map((s) => h('option', { value: String(s) }, `#${s} · ${phraser.logPhrase(events[s], lang)}`));
}

/**
 * Asking for an undo: the events offered are those the server says an undo can reach now
 * (past no roll, draw, reveal or dispute, and as the ruleset allows), asked when the form is
 * opened and again as the match moves.
 */
function UndoForm({
  lang,
  matchId,
  events,
  phraser,
  selectedSeq,
  send,
  refusal,
}: {
  lang: Lang;
  matchId: string;
  events: readonly ViewEvent[];
  phraser: Phraser;
  selectedSeq: number | undefined;
  send(path: string, body: unknown): Promise<RecordedResult | undefined>;
  refusal: JSX.Element | null;
}): JSX.Element {
  const [opened, setOpened] = useState(false);
  const [targets, setTargets] = useState<number[] | undefined>();
  useEffect(() => {
    if (!opened) return;
    let live = true;
    getUndoTargets(matchId).then(
      (found) => live && setTargets(found.targets.map((t) => t.toSeq)),
      () => live && setTargets([]),
    );
    return () => {
      live = false;
    };
  }, [opened, matchId, events.length]);
  const [toSeq, setToSeq] = useState<number | undefined>();
  const [reason, setReason] = useState('');
  const wanted = toSeq ?? selectedSeq;
  const offered = (targets ?? []).filter((s) => s < events.length);
  const target =
    wanted !== undefined && offered.includes(wanted) ? wanted : offered[offered.length - 1];
  return h(
    'details',
    {
      class: 'panel undo-form',
      onToggle: (e: Event) => setOpened((e.target as HTMLDetailsElement).open),
    },
    h('summary', null, playLabel('requestUndo', lang)),
    targets !== undefined && offered.length === 0
      ? h('p', { class: 'muted small', role: 'status' }, playLabel('nothingToUndo', lang))
      : null,
    h(
      'form',
      {
        onSubmit: async (e: Event) => {
          e.preventDefault();
          if (await send('undo-requests', { toSeq: target, reason: reason.trim() })) setReason('');
        },
      },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'undo-to' }, playLabel('undoBackTo', lang)),
        h(
          'select',
          {
            id: 'undo-to',
            value: String(target),
            onChange: (e: Event) => setToSeq(Number((e.target as HTMLSelectElement).value)),
          },
          offered
            .slice(-PICKABLE_EVENTS)
            .reverse()
            .map((s) =>
              h('option', { value: String(s) }, `#${s} · ${phraser.logPhrase(events[s], lang)}`),
            ),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'undo-reason' }, `${playLabel('reason', lang)} *`),
        h('input', {
          id: 'undo-reason',
          type: 'text',
          maxLength: 500,
          value: reason,
          onInput: (e: Event) => setReason((e.target as HTMLInputElement).value),
        }),
      ),
      h(
        'button',
        { type: 'submit', disabled: !reason.trim() || target === undefined },
        playLabel('sendUndo', lang),
      ),
      refusal,
    ),
  );
}

function DisputeForm({
  lang,
  matchId,
  events,
  phraser,
  selectedSeq,
  send,
  refusal,
}: {
  lang: Lang;
  matchId: string;
  events: readonly ViewEvent[];
  phraser: Phraser;
  selectedSeq: number | undefined;
  send(path: string, body: unknown): Promise<RecordedResult | undefined>;
  refusal: JSX.Element | null;
}): JSX.Element {
  const [atSeq, setAtSeq] = useState<number | undefined>();
  const [claim, setClaim] = useState('');
  const [ruleRef, setRuleRef] = useState('');
  const [attach, setAttach] = useState(true);
  const target = selectedSeq ?? atSeq ?? events.length - 1;
  const receipts = receiptsOf(matchId);
  return h(
    'details',
    { class: 'panel dispute-form' },
    h('summary', null, playLabel('openDispute', lang)),
    h(
      'form',
      {
        onSubmit: async (e: Event) => {
          e.preventDefault();
          const body = {
            atSeq: target,
            claim: claim.trim(),
            ...(ruleRef.trim() ? { ruleRef: ruleRef.trim() } : {}),
            ...(attach && receipts.length > 0
              ? { receipts: receipts.slice(-MAX_DISPUTE_RECEIPTS) }
              : {}),
          };
          if (await send('disputes', body)) {
            setClaim('');
            setRuleRef('');
          }
        },
      },
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'dispute-at' }, playLabel('disputedEvent', lang)),
        h(
          'select',
          {
            id: 'dispute-at',
            value: String(target),
            onChange: (e: Event) => setAtSeq(Number((e.target as HTMLSelectElement).value)),
          },
          eventChoices(events, phraser, lang, target),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'dispute-claim' }, `${playLabel('claim', lang)} *`),
        h('textarea', {
          id: 'dispute-claim',
          rows: 3,
          maxLength: 2000,
          value: claim,
          onInput: (e: Event) => setClaim((e.target as HTMLTextAreaElement).value),
        }),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'dispute-rule' }, playLabel('ruleRef', lang)),
        h('input', {
          id: 'dispute-rule',
          type: 'text',
          maxLength: 500,
          placeholder: '§5.12',
          value: ruleRef,
          onInput: (e: Event) => setRuleRef((e.target as HTMLInputElement).value),
        }),
      ),
      receipts.length > 0
        ? h(
            'label',
            { class: 'check' },
            h('input', {
              type: 'checkbox',
              id: 'dispute-receipts',
              checked: attach,
              onChange: (e: Event) => setAttach((e.target as HTMLInputElement).checked),
            }),
            ` ${playLabel('attachReceipts', lang, { n: Math.min(receipts.length, MAX_DISPUTE_RECEIPTS) })}`,
          )
        : null,
      h('button', { type: 'submit', disabled: !claim.trim() }, playLabel('sendDispute', lang)),
      refusal,
    ),
  );
}

const IMPORT_PROBLEMS = {
  unreadable: 'sealImportUnreadable',
  'other-match': 'sealImportOtherMatch',
  mismatch: 'sealImportMismatch',
} as const;

/** The seat's sealed choices not yet revealed: reveal, save as a file, or import one. */
function SealedChoices({
  sealable,
  onlyDue,
  lang,
  matchId,
  seat,
  closed,
  offeredKinds,
  phraser,
  actions,
}: {
  sealable: boolean;
  /** Only the seals due for reveal, without the import (at the top of the page). */
  onlyDue: boolean;
  lang: Lang;
  matchId: string;
  seat: string;
  closed: ReadonlySet<string>;
  offeredKinds: ReadonlySet<string>;
  phraser: Phraser;
  actions: TableActions;
}): JSX.Element | null {
  const [importProblem, setImportProblem] = useState<string | undefined>();
  const refused = actions.refusedSeals;
  // Seals kept on the device come back into this tab (a reload, another tab with the link).
  useEffect(() => {
    void restoreSealsFromDevice(matchId, seat).then((added) => {
      if (added > 0) actions.sealsChanged();
    });
  }, [matchId, seat]);
  if (closed.size > 0) void forgetSeals(matchId, seat, closed);
  const seals = pendingSeals(matchId, seat).filter(
    (s) => !closed.has(s.sealId) && (!onlyDue || offeredKinds.has(s.kind)),
  );
  if (!sealable && seals.length === 0) return null;
  const reveal = async (seal: PendingSeal, voidIfRefused = false): Promise<void> => {
    const body = {
      params: seal.params,
      salt: seal.salt,
      ...(voidIfRefused ? { voidIfRefused } : {}),
    };
    const recorded = await actions.send(
      'seal',
      `decisions/sealed/${seal.sealId}/reveal`,
      body,
      (error) => {
        if (refusesTheChoice(error)) actions.sealRefused(seal.sealId);
      },
    );
    if (recorded) actions.sealsChanged();
  };
  const importFile = async (file: File | undefined): Promise<void> => {
    setImportProblem(undefined);
    if (!file) return;
    const read = await readSealedReceipt(await file.text(), matchId, seat);
    if (typeof read === 'string') setImportProblem(playLabel(IMPORT_PROBLEMS[read], lang));
    else if (closed.has(read.sealId)) setImportProblem(playLabel('sealImportClosed', lang));
    else {
      await keepSeal(read);
      actions.sealsChanged();
    }
  };
  return h(
    'section',
    {
      class: `${onlyDue ? '' : 'panel '}sealed-choices`,
      'aria-labelledby': onlyDue ? undefined : 'sealed-title',
    },
    onlyDue ? null : h('h2', { id: 'sealed-title' }, playLabel('sealedChoices', lang)),
    seals.length === 0
      ? h('p', { class: 'muted small' }, playLabel('noSealedChoices', lang))
      : null,
    seals.map((seal) =>
      h(
        'div',
        { class: 'request', 'data-seal': seal.sealId, 'data-seal-kind': seal.kind },
        h(
          'p',
          null,
          h('strong', null, upperFirst(phraser.nameOf.decision?.(seal.kind, lang) ?? seal.kind)),
          `: ${phraser.paramsText(seal.params, lang) || '—'}`,
        ),
        offeredKinds.has(seal.kind)
          ? null
          : h('p', { class: 'muted small' }, playLabel('revealWhenAllSealed', lang)),
        refused.has(seal.sealId)
          ? h(
              'p',
              { class: 'choice-refused' },
              playLabel('choiceRefused', lang),
              ' ',
              h(
                'button',
                {
                  type: 'button',
                  'data-action': 'void-seal',
                  onClick: () => void reveal(seal, true),
                },
                playLabel('voidChoice', lang),
              ),
            )
          : null,
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'reveal',
            onClick: () => void reveal(seal),
          },
          playLabel('revealChoice', lang),
        ),
        ' ',
        h(
          'button',
          {
            type: 'button',
            'data-action': 'save-seal',
            onClick: () =>
              download(
                `sealed-${matchId}-${seal.sealId}.json`,
                sealedReceiptFile(seal),
                'application/json',
              ),
          },
          playLabel('saveSealedReceipt', lang),
        ),
      ),
    ),
    actions.refusal('seal'),
    onlyDue
      ? null
      : h(
          'div',
          { class: 'field' },
          h('label', { for: 'seal-import' }, playLabel('importSealedReceipt', lang)),
          h(FileButton, {
            id: 'seal-import',
            text: playLabel('chooseSealedReceipt', lang),
            accept: 'application/json,.json',
            onFile: (file) => void importFile(file),
          }),
          importProblem ? h('p', { class: 'field-problem', role: 'alert' }, importProblem) : null,
        ),
  );
}

/** The signed receipts of this seat's writes, as the file `matchlog verify --receipts` reads. */
function ReceiptsPanel({
  lang,
  matchId,
  count,
}: {
  lang: Lang;
  matchId: string;
  count: number;
}): JSX.Element {
  const receipts = receiptsOf(matchId);
  return h(
    'section',
    {
      class: 'panel receipts',
      'aria-labelledby': 'receipts-title',
      'data-receipts': receipts.length,
      'data-events': count,
    },
    h('h2', { id: 'receipts-title' }, playLabel('receipts', lang)),
    h('p', { class: 'muted small' }, playLabel('receiptsHelp', lang, { n: receipts.length })),
    h(
      'button',
      {
        type: 'button',
        'data-action': 'save-receipts',
        disabled: receipts.length === 0,
        onClick: () =>
          download(`receipts-${matchId}.ndjson`, receiptsFile(receipts), 'application/x-ndjson'),
      },
      playLabel('saveReceipts', lang),
    ),
  );
}

/** Where a seat keeps the last ruling it has read, so the banner goes once it is read. */
const rulingReadKey = (matchId: string): string => `matchlog.ruling-read.${matchId}`;

function rulingRead(matchId: string): number {
  return Number(safeStorage(() => localStorage.getItem(rulingReadKey(matchId))) ?? -1);
}

/**
 * The judge's last ruling, at the top of each seat's page until the seat has read it (issue
 * 41): the verdict, the rule, the judge, the dispute, what a rewind voided, and the moment.
 */
export function RulingNotice(props: {
  lang: Lang;
  matchId: string;
  ruling: RulingNews;
  phraser: Phraser;
}): JSX.Element | null {
  const { lang, matchId, ruling, phraser } = props;
  const [read, setRead] = useState(() => rulingRead(matchId));
  if (read >= ruling.seq) return null;
  const judge = phraser.seats.person(ruling.judge.id) ?? playLabel('aJudge', lang);
  const dispute = ruling.dispute;
  const markRead = (): void => {
    // Without storage the banner goes for this page only.
    safeStorage(() => localStorage.setItem(rulingReadKey(matchId), String(ruling.seq)));
    setRead(ruling.seq);
  };
  return h(
    'section',
    {
      class: 'panel ruling-notice',
      role: 'status',
      'aria-labelledby': 'ruling-title',
      'data-ruling': ruling.seq,
    },
    h('h2', { id: 'ruling-title' }, playLabel('rulingTitle', lang, { judge })),
    ruling.appeal
      ? h(
          'p',
          { class: 'notice', 'data-appeal': ruling.appeal.outcome },
          playLabel(`appeal_${ruling.appeal.outcome}`, lang, {
            judge: phraser.seats.person(ruling.appeal.judge.id) ?? playLabel('aJudge', lang),
          }),
          ruling.appeal.rationale ? ` ${ruling.appeal.rationale}` : null,
        )
      : null,
    h(
      'p',
      { class: 'ruling-verdict' },
      playLabel(`ruling_${ruling.decision}`, lang),
      dispute
        ? ` ${playLabel('disputeAbout', lang, {
            seq: dispute.atSeq,
            name: phraser.seats.full(dispute.seat, lang),
            claim: dispute.claim,
          })}`
        : null,
    ),
    ruling.ruleRef ? h('p', null, playLabel('rulingRule', lang, { rule: ruling.ruleRef })) : null,
    ruling.rationale ? h('p', { class: 'muted' }, ruling.rationale) : null,
    ruling.voided
      ? h(
          'p',
          { class: 'notice warn' },
          playLabel('rulingVoided', lang, {
            from: ruling.voided.from,
            to: ruling.voided.to,
            back: ruling.voided.from - 1,
          }),
        )
      : null,
    h(
      'p',
      { class: 'ruling-actions' },
      h(
        'a',
        {
          href: `/replay/${encodeURIComponent(matchId)}#seq=${dispute?.atSeq ?? ruling.seq}`,
        },
        playLabel('rulingMoment', lang),
      ),
      ' ',
      h('button', { type: 'button', onClick: markRead }, playLabel('rulingRead', lang)),
    ),
  );
}
