import { h, type JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { matchPath } from '../api/client';
import { formatDateSeconds, label } from '../i18n';
import { Board } from '../board-kit/board';
import { recorderOf } from '../replay/event-log';
import type { ClientTable } from '../replay/replay-engine';
import type { Touched } from '../replay/timeline';
import {
  DisputeClaim,
  EventsSince,
  JumpToRuling,
  LeadUp,
  MatchOptions,
  RulingSlot,
  TableDifferenceList,
  VoidedDisputeBanner,
} from './dispute-evidence';
import { RulingPanel } from './dispute-ruling';
import { AppealPanel } from './appeal-panel';
import { useDisputeData, difference, type DisputeFacts, type Loaded } from './dispute-state';
import { JudgeReceipts, Problem, useWrite } from './dispute-writes';
import { judgeWords as w } from './judge-words';
import { DisputeTimers } from './dispute-timers';
import { JudgeNotesPanel } from './judge-notes-panel';

/**
 * `/judge/:matchId/:disputeId`: one dispute heard. The table at the disputed event beside the
 * table now, the events between them with who recorded each and when, the discussion, the
 * pause, and the ruling: its form, a preview of the table it would leave (POST
 * …/ruling/dry-run), then the ruling itself. Everything through the API the judge's token opens.
 */
export function DisputePage({
  lang,
  token,
  header,
  matchId,
  disputeId,
}: {
  lang: Lang;
  token: string | undefined;
  header(): JSX.Element;
  matchId: string;
  disputeId: string;
}): JSX.Element {
  const { data, error, tables, reload } = useDisputeData(matchId, disputeId, token);

  const body = (): JSX.Element => {
    if (error)
      return h(
        'p',
        { class: 'notice error', role: 'alert', 'data-error': error.code },
        error.status === 401 || error.status === 403
          ? label('judgeNotJudge', lang)
          : error.status === 404
            ? label('notFound', lang)
            : `${label('errorTitle', lang)}: ${error.detail}`,
      );
    if (!data) return h('p', { class: 'muted', 'aria-busy': 'true' }, label('loading', lang));
    if (!data.dispute)
      return h(
        'p',
        { class: 'notice error', role: 'alert', 'data-error': 'no-dispute' },
        w('disputeMissing', lang),
      );
    return h(DisputeView, { lang, data, dispute: data.dispute, tables, disputeId, reload });
  };

  return h(
    'div',
    { class: 'page judge-page dispute-page' },
    header(),
    h(
      'main',
      { id: 'main' },
      h('a', { href: '/judge', class: 'back' }, w('backToDesk', lang)),
      body(),
    ),
  );
}

function DisputeView({
  lang,
  data,
  dispute,
  tables,
  disputeId,
  reload,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  tables: { at: ClientTable; now: ClientTable } | undefined;
  disputeId: string;
  reload(): void;
}): JSX.Element {
  const { match, events, phraser } = data;
  const last = events.length - 1;
  const judging = data.viewer.viewer.kind === 'judge' || data.viewer.viewer.kind === 'admin';
  const inPlay = match.status === 'started';
  const seats = match.seats.map((s) => s.seat);
  const replayHref = `/replay/${encodeURIComponent(match.matchId)}#seq=${dispute.atSeq}`;
  // A map wider than its column scrolls in a region the keyboard can reach.
  const board = (ct: ClientTable, seq: number, idPrefix: string, touched?: Touched): JSX.Element =>
    h(
      'div',
      {
        class: 'board-scroll',
        tabIndex: 0,
        role: 'region',
        'aria-labelledby': `${idPrefix}board-title`,
      },
      h(Board, {
        lang,
        seq,
        pending: false,
        ct,
        layout: data.layout,
        viewer: data.viewer,
        seats,
        phraser,
        ended: data.index.finished !== undefined && seq >= data.index.finished.seq,
        events: data.events,
        idPrefix,
        ...(touched ? { touched } : {}),
      }),
    );
  const mapped = data.layout.kind !== 'areas';
  const changed = useMemo(() => tables && difference(tables.at, tables.now), [tables]);
  return h(
    'div',
    { 'data-dispute': disputeId, 'data-status': dispute.ruling ? 'ruled' : 'open' },
    h(DisputeClaim, { lang, claim: dispute.claim }),
    h(
      'p',
      { class: 'dispute-meta' },
      h('a', { href: replayHref }, match.title || match.matchId),
      data.tournament ? ` · ${data.tournament}` : '',
      ' · ',
      w('raisedBy', lang, {
        name: data.seatNames.full(dispute.seat, lang),
        seq: dispute.atSeq,
      }),
      ', ',
      formatDateSeconds(dispute.opened.meta.recordedAt, lang),
      dispute.ruleRef ? ` · ${w('ruleCited', lang, { rule: dispute.ruleRef })}` : '',
      ' ',
      h(
        'span',
        { class: `status status-${dispute.ruling ? 'ruled' : 'open'}` },
        label(dispute.ruling ? 'disputeRuled' : 'disputeOpen', lang),
      ),
    ),
    data.pause !== undefined
      ? h(
          'p',
          { class: 'notice warn', role: 'status', 'data-paused': 'true' },
          w('pausedReason', lang, { reason: data.pause }),
        )
      : null,
    !judging ? h('p', { class: 'notice warn', role: 'status' }, w('judgeOnly', lang)) : null,
    h(DisputeTimers, {
      lang,
      events,
      openedAt: dispute.opened.meta.recordedAt,
      ...(dispute.ruling ? { ruledAt: dispute.ruling.meta.recordedAt } : {}),
    }),
    h(VoidedDisputeBanner, { lang, data, dispute }),
    h(JumpToRuling, { lang }),
    h(
      'section',
      {
        class: `dispute-tables${mapped ? ' with-map' : ''}`,
        'aria-labelledby': 'tables-title',
      },
      h('h2', { id: 'tables-title', class: 'sr-only' }, w('tablesTitle', lang)),
      h('p', { class: 'muted small tables-note' }, w('changedMarked', lang)),
      tables
        ? [
            h(
              'details',
              { class: 'dispute-table', 'data-table': 'at', open: true },
              h(
                'summary',
                null,
                h('h3', null, w('tableAtDispute', lang, { seq: dispute.atSeq })),
                h('p', { class: 'muted small' }, phraser.logPhrase(events[dispute.atSeq], lang)),
              ),
              board(tables.at, dispute.atSeq, 'at-', changed),
            ),
            h(
              'details',
              { class: 'dispute-table', 'data-table': 'now', open: true },
              h(
                'summary',
                null,
                h('h3', null, w('tableNow', lang, { seq: last })),
                h('p', { class: 'muted small' }, phraser.logPhrase(events[last], lang)),
              ),
              board(tables.now, last, 'now-', changed),
            ),
          ]
        : h('p', { class: 'muted', 'aria-busy': 'true' }, label('loading', lang)),
    ),
    tables ? h(TableDifferenceList, { lang, data, tables, atSeq: dispute.atSeq }) : null,
    h(LeadUp, { lang, data, dispute }),
    h(EventsSince, { lang, data, from: dispute.atSeq }),
    h(MatchOptions, { lang, data }),
    h(Comments, { lang, data, dispute, disputeId, judging, reload }),
    judging && inPlay ? h(PausePanel, { lang, data, disputeId, reload }) : null,
    h(RulingPanel, {
      lang,
      data,
      dispute,
      disputeId,
      judging,
      inPlay,
      reload,
      board,
      now: tables?.now,
    }),
    h(AppealPanel, {
      lang,
      data,
      dispute,
      disputeId,
      judging,
      reload,
      board,
      now: tables?.now,
    }),
    h(
      RulingSlot,
      { name: 'judge-notes' },
      judging
        ? h(JudgeNotesPanel, {
            lang,
            matchId: data.match.matchId,
            disputeId,
            judgeName: (id: string) => data.seatNames.person(id),
          })
        : null,
    ),
    judging ? h(JudgeReceipts, { lang, matchId: data.match.matchId }) : null,
  );
}

function Comments({
  lang,
  data,
  dispute,
  disputeId,
  judging,
  reload,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  judging: boolean;
  reload(): void;
}): JSX.Element {
  const [text, setText] = useState('');
  const write = useWrite(reload, data.match.matchId);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const path = matchPath(
      data.match.matchId,
      `disputes/${encodeURIComponent(disputeId)}/comments`,
    );
    if (await write.send(path, { text })) setText('');
  };
  return h(
    'section',
    { class: 'panel dispute-comments', 'aria-labelledby': 'comments-title' },
    h('h2', { id: 'comments-title' }, w('commentsTitle', lang)),
    dispute.comments.length === 0
      ? h('p', { class: 'muted small' }, w('noComments', lang))
      : h(
          'ul',
          { class: 'comment-list' },
          dispute.comments.map((c) =>
            h(
              'li',
              { key: c.seq, 'data-seq': c.seq },
              h('p', null, String((c.data as { text?: unknown }).text ?? '')),
              h(
                'p',
                { class: 'muted small' },
                `— ${recorderOf(c, data.phraser, lang)}, ${formatDateSeconds(c.meta.recordedAt, lang)} · #${c.seq}`,
              ),
            ),
          ),
        ),
    judging
      ? h(
          'form',
          { class: 'comment-form', onSubmit: submit },
          h(
            'div',
            { class: 'field' },
            h('label', { for: 'f-comment' }, w('commentLabel', lang)),
            h('textarea', {
              id: 'f-comment',
              rows: 2,
              required: true,
              maxLength: 4000,
              value: text,
              'aria-describedby': write.problem ? 'comment-problem' : undefined,
              onInput: (e: Event) => setText((e.target as HTMLTextAreaElement).value),
            }),
          ),
          h(Problem, { lang, problem: write.problem, id: 'comment-problem' }),
          h(
            'button',
            { type: 'submit', disabled: write.busy || text.trim() === '' },
            write.busy ? w('sending', lang) : w('commentSend', lang),
          ),
        )
      : null,
  );
}

function PausePanel({
  lang,
  data,
  disputeId,
  reload,
}: {
  lang: Lang;
  data: Loaded;
  disputeId: string;
  reload(): void;
}): JSX.Element {
  const [reason, setReason] = useState(() => w('pauseReasonDefault', lang));
  const write = useWrite(reload, data.match.matchId);
  const paused = data.pause !== undefined;
  const submit = (event: Event): void => {
    event.preventDefault();
    const id = data.match.matchId;
    void (paused
      ? write.send(matchPath(id, 'resume'))
      : write.send(matchPath(id, 'pause'), { reason, disputeId }));
  };
  return h(
    'section',
    { class: 'panel dispute-pause', 'aria-labelledby': 'pause-title' },
    h('h2', { id: 'pause-title' }, w('pauseTitle', lang)),
    h('p', { class: 'muted small' }, w('pauseHint', lang)),
    h(
      'form',
      { class: 'pause-form', onSubmit: submit },
      paused
        ? null
        : h(
            'div',
            { class: 'field' },
            h('label', { for: 'f-pause-reason' }, w('pauseReason', lang)),
            h('input', {
              id: 'f-pause-reason',
              required: true,
              maxLength: 500,
              value: reason,
              onInput: (e: Event) => setReason((e.target as HTMLInputElement).value),
            }),
          ),
      h(Problem, { lang, problem: write.problem, id: 'pause-problem' }),
      h(
        'button',
        {
          type: 'submit',
          'data-action': paused ? 'resume' : 'pause',
          disabled: write.busy || (!paused && reason.trim() === ''),
        },
        paused ? w('resumeButton', lang) : w('pauseButton', lang),
      ),
    ),
  );
}
