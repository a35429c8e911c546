import { refusalNote } from './refusal-note';
import {
  openRequests,
  sealsDue,
  rulingRead,
  rulingReadKey,
  type OpenRequests,
  type RulingNews,
  type TableActions,
} from './table-requests-state';
import { DisputeForm, UndoForm } from './undo-dispute-forms';
import { ReceiptsPanel, SealedChoices } from './sealed-choices';
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { safeStorage } from '../i18n';
import { playLabel } from './play-labels';
import type { Phraser } from '@domain/naming/phraser';
import type { ViewEvent } from '../replay/replay-engine';

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
  return (
    <section class="panel waiting-for-you" aria-labelledby="answer-title">
      <h2 id="answer-title">{playLabel(onlyPaused ? 'pausedShort' : 'waitsForYou', lang)}</h2>
      {open.paused === undefined ? null : (
        <p class="notice warn" data-notice="paused">
          {playLabel('pausedByJudge', lang, { reason: open.paused || '—' })}
          {open.pausedFor
            ? ` ${playLabel('disputeAbout', lang, {
                seq: open.pausedFor.atSeq,
                name: who(open.pausedFor.seat),
                claim: open.pausedFor.claim,
              })}`
            : null}
        </p>
      )}
      {open.toAnswer.map((r) => (
        <div class="request" data-undo-request={r.requestId}>
          <p>
            {playLabel('undoAsked', lang, { name: who(r.seat), seq: r.toSeq, reason: r.reason })}
          </p>
          <button
            type="button"
            class="primary"
            data-action="accept-undo"
            onClick={() => void send(`undo-requests/${r.requestId}/accept`, {})}
          >
            {playLabel('acceptUndo', lang)}
          </button>{' '}
          <button
            type="button"
            data-action="reject-undo"
            onClick={() => void send(`undo-requests/${r.requestId}/reject`, {})}
          >
            {playLabel('rejectUndo', lang)}
          </button>
        </div>
      ))}
      {open.toConfirm.map((roll) => (
        <div class="request" data-reported-roll={roll.seq}>
          <p>
            {playLabel('rollReported', lang, {
              name: who(roll.reporter),
              spec: roll.spec,
              faces: roll.faces.join(', '),
              seq: roll.seq,
            })}
          </p>
          <button
            type="button"
            class="primary"
            data-action="confirm-roll"
            onClick={() => void send(`rolls/${roll.seq}/confirm`, {})}
          >
            {playLabel('confirmRoll', lang)}
          </button>{' '}
          <button
            type="button"
            data-action="dispute-roll"
            onClick={() => {
              props.onSelectSeq(roll.seq);
              document.getElementById('dispute-claim')?.focus();
            }}
          >
            {playLabel('disputeRoll', lang)}
          </button>
        </div>
      ))}
      {due.length > 0 ? (
        <SealedChoices
          sealable
          onlyDue
          lang={lang}
          matchId={matchId}
          seat={seat}
          closed={open.closedSeals}
          offeredKinds={props.offeredKinds}
          phraser={phraser}
          actions={actions}
        />
      ) : null}
      {refusalNote(actions, 'answer', lang)}
    </section>
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
  return (
    <div class="table-requests">
      {due.length > 0 ? null : (
        <SealedChoices
          sealable={props.sealable}
          onlyDue={false}
          lang={lang}
          matchId={matchId}
          seat={seat}
          closed={open.closedSeals}
          offeredKinds={props.offeredKinds}
          phraser={phraser}
          actions={actions}
        />
      )}
      {ended ? null : (
        <UndoForm
          lang={lang}
          matchId={matchId}
          events={events}
          phraser={phraser}
          selectedSeq={props.selectedSeq}
          send={(path, body) => actions.send('undo', path, body)}
          refusal={refusalNote(actions, 'undo', lang)}
        />
      )}
      <DisputeForm
        lang={lang}
        matchId={matchId}
        events={events}
        phraser={phraser}
        selectedSeq={props.selectedSeq}
        send={(path, body) => actions.send('dispute', path, body)}
        refusal={refusalNote(actions, 'dispute', lang)}
      />
      <ReceiptsPanel lang={lang} matchId={matchId} count={events.length} />
    </div>
  );
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
  /** The seat's writes: its appeal of the ruling goes through them. */
  actions: TableActions;
}): JSX.Element | null {
  const { lang, matchId, ruling, phraser, actions } = props;
  const [read, setRead] = useState(() => rulingRead(matchId));
  if (read >= ruling.seq) return null;
  const judge = phraser.seats.person(ruling.judge.id) ?? playLabel('aJudge', lang);
  const dispute = ruling.dispute;
  const markRead = (): void => {
    // Without storage the banner goes for this page only.
    safeStorage(() => localStorage.setItem(rulingReadKey(matchId), String(ruling.seq)));
    setRead(ruling.seq);
  };
  return (
    <section
      class="panel ruling-notice"
      role="status"
      aria-labelledby="ruling-title"
      data-ruling={ruling.seq}
    >
      <h2 id="ruling-title">{playLabel('rulingTitle', lang, { judge })}</h2>
      {ruling.appeal ? (
        <p class="notice" data-appeal={ruling.appeal.outcome}>
          {playLabel(`appeal_${ruling.appeal.outcome}`, lang, {
            judge: phraser.seats.person(ruling.appeal.judge.id) ?? playLabel('aJudge', lang),
          })}
          {ruling.appeal.rationale ? ` ${ruling.appeal.rationale}` : null}
        </p>
      ) : null}
      <p class="ruling-verdict">
        {playLabel(`ruling_${ruling.decision}`, lang)}
        {dispute
          ? ` ${playLabel('disputeAbout', lang, {
              seq: dispute.atSeq,
              name: phraser.seats.full(dispute.seat, lang),
              claim: dispute.claim,
            })}`
          : null}
      </p>
      {ruling.ruleRef ? <p>{playLabel('rulingRule', lang, { rule: ruling.ruleRef })}</p> : null}
      {ruling.rationale ? <p class="muted">{ruling.rationale}</p> : null}
      {ruling.voided ? (
        <p class="notice warn">
          {playLabel('rulingVoided', lang, {
            from: ruling.voided.from,
            to: ruling.voided.to,
            back: ruling.voided.from - 1,
          })}
        </p>
      ) : null}
      {ruling.appealed ? (
        <p class="notice" data-appealed={ruling.appealed.seq}>
          {ruling.appealed.seat
            ? playLabel('appealPendingSeat', lang, {
                name: phraser.seats.full(ruling.appealed.seat, lang),
                reason: ruling.appealed.reason,
              })
            : playLabel('appealPendingOrganizer', lang, { reason: ruling.appealed.reason })}
        </p>
      ) : null}
      {ruling.appeal || ruling.appealed ? null : (
        <AppealForm lang={lang} disputeId={ruling.disputeId} actions={actions} />
      )}
      <p class="ruling-actions">
        <a href={`/replay/${encodeURIComponent(matchId)}#seq=${dispute?.atSeq ?? ruling.seq}`}>
          {playLabel('rulingMoment', lang)}
        </a>{' '}
        <button type="button" onClick={markRead}>
          {playLabel('rulingRead', lang)}
        </button>
      </p>
    </section>
  );
}

/**
 * A seat appeals the ruling to the tournament's head judge (POST …/disputes/:id/appeal): once
 * per dispute, with its reason; the head judge answers from the desk.
 */
function AppealForm({
  lang,
  disputeId,
  actions,
}: {
  lang: Lang;
  disputeId: string;
  actions: TableActions;
}): JSX.Element {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <p>
        <button type="button" onClick={() => setOpen(true)}>
          {playLabel('appealButton', lang)}
        </button>
      </p>
    );
  return (
    <form
      class="appeal-form"
      onSubmit={async (e: Event) => {
        e.preventDefault();
        const body = { reason: reason.trim() };
        if (await actions.send('appeal', `disputes/${encodeURIComponent(disputeId)}/appeal`, body))
          setOpen(false);
      }}
    >
      <div class="field">
        <label for="appeal-reason">{`${playLabel('appealReason', lang)} *`}</label>
        <textarea
          id="appeal-reason"
          rows={3}
          maxLength={2000}
          value={reason}
          onInput={(e: Event) => setReason((e.target as HTMLTextAreaElement).value)}
        />
      </div>
      {refusalNote(actions, 'appeal', lang)}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={reason.trim() === ''}>
          {playLabel('appealSend', lang)}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          {playLabel('cancel', lang)}
        </button>
      </div>
    </form>
  );
}
