import { MAX_DISPUTE_RECEIPTS, PICKABLE_EVENTS } from './table-requests-state';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { getUndoTargets, type RecordedResult } from '../api/client';
import { playLabel } from './play-labels';
import type { Phraser } from '@domain/naming/phraser';
import type { ViewEvent } from '../replay/replay-engine';
import { receiptsOf } from './keepsakes';

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
    .map((s) => (
      <option value={String(s)}>{`#${s} · ${phraser.logPhrase(events[s], lang)}`}</option>
    ));
}

/**
 * Asking for an undo: the events offered are those the server says an undo can reach now
 * (past no roll, draw, reveal or dispute, and as the ruleset allows), asked when the form is
 * opened and again as the match moves.
 */
export function UndoForm({
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
  return (
    <details
      class="panel undo-form"
      onToggle={(e: Event) => setOpened((e.target as HTMLDetailsElement).open)}
    >
      <summary>{playLabel('requestUndo', lang)}</summary>
      {targets !== undefined && offered.length === 0 ? (
        <p class="muted small" role="status">
          {playLabel('nothingToUndo', lang)}
        </p>
      ) : null}
      <form
        onSubmit={async (e: Event) => {
          e.preventDefault();
          if (await send('undo-requests', { toSeq: target, reason: reason.trim() })) setReason('');
        }}
      >
        <div class="field">
          <label for="undo-to">{playLabel('undoBackTo', lang)}</label>
          <select
            id="undo-to"
            value={String(target)}
            onChange={(e: Event) => setToSeq(Number((e.target as HTMLSelectElement).value))}
          >
            {offered
              .slice(-PICKABLE_EVENTS)
              .reverse()
              .map((s) => (
                <option value={String(s)}>{`#${s} · ${phraser.logPhrase(events[s], lang)}`}</option>
              ))}
          </select>
        </div>
        <div class="field">
          <label for="undo-reason">{`${playLabel('reason', lang)} *`}</label>
          <input
            id="undo-reason"
            type="text"
            maxLength={500}
            value={reason}
            onInput={(e: Event) => setReason((e.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" disabled={!reason.trim() || target === undefined}>
          {playLabel('sendUndo', lang)}
        </button>
        {refusal}
      </form>
    </details>
  );
}

export function DisputeForm({
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
  return (
    <details class="panel dispute-form">
      <summary>{playLabel('openDispute', lang)}</summary>
      <form
        onSubmit={async (e: Event) => {
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
        }}
      >
        <div class="field">
          <label for="dispute-at">{playLabel('disputedEvent', lang)}</label>
          <select
            id="dispute-at"
            value={String(target)}
            onChange={(e: Event) => setAtSeq(Number((e.target as HTMLSelectElement).value))}
          >
            {eventChoices(events, phraser, lang, target)}
          </select>
        </div>
        <div class="field">
          <label for="dispute-claim">{`${playLabel('claim', lang)} *`}</label>
          <textarea
            id="dispute-claim"
            rows={3}
            maxLength={2000}
            value={claim}
            onInput={(e: Event) => setClaim((e.target as HTMLTextAreaElement).value)}
          />
        </div>
        <div class="field">
          <label for="dispute-rule">{playLabel('ruleRef', lang)}</label>
          <input
            id="dispute-rule"
            type="text"
            maxLength={500}
            placeholder="§5.12"
            value={ruleRef}
            onInput={(e: Event) => setRuleRef((e.target as HTMLInputElement).value)}
          />
        </div>
        {receipts.length > 0 ? (
          <label class="check">
            <input
              type="checkbox"
              id="dispute-receipts"
              checked={attach}
              onChange={(e: Event) => setAttach((e.target as HTMLInputElement).checked)}
            />
            {` ${playLabel('attachReceipts', lang, { n: Math.min(receipts.length, MAX_DISPUTE_RECEIPTS) })}`}
          </label>
        ) : null}
        <button type="submit" disabled={!claim.trim()}>
          {playLabel('sendDispute', lang)}
        </button>
        {refusal}
      </form>
    </details>
  );
}
