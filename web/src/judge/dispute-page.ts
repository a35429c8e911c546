import { h, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TableView } from '@domain/match/match-view';
import type { Lang } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import {
  ApiError,
  getState,
  matchPath,
  postJson,
  tournamentNamesOf,
  type RulingPreview,
} from '../api/client';
import { formatDate, label } from '../i18n';
import { download, keepReceipt, receiptsFile, receiptsOf } from '../play/keepsakes';
import type { Receipt } from '../api/client';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';
import { Board } from '../replay/board';
import { recorderOf } from '../replay/event-log';
import { Phraser } from '@domain/naming/phraser';
import {
  cloneClientTable,
  fromTableView,
  ReplayEngine,
  type ClientTable,
  type ViewEvent,
} from '../replay/replay-engine';
import { serverSource, type ReplayData } from '../replay/replay-source';
import { indexNames, localized } from '@domain/naming/name-index';
import { indexTimeline, type TimelineIndex, type Touched } from '../replay/timeline';
import { judgeWords as w } from './judge-words';
import { DisputeTimers } from './dispute-timers';
import { JudgeNotesPanel } from './judge-notes-panel';
import { rulingWords } from './ruling-words';

type Verdict = 'upheld' | 'rejected' | 'amended';
type RemedyKind = 'none' | 'rewind' | 'corrective';

interface Corrective {
  seat: string;
  kind: string;
  params: string;
}

interface RulingFormState {
  decision: Verdict;
  rationale: string;
  ruleRef: string;
  remedy: RemedyKind;
  toSeq: string;
  /** What the rewind does with the cards its voided events revealed (fair rewinds). */
  cardOrder: 'reshuffle' | 'keep';
  keepOrderReason: string;
  corrective: Corrective[];
}

interface DisputeFacts {
  atSeq: number;
  seat: string;
  claim: string;
  ruleRef?: string;
  opened: ViewEvent;
  comments: ViewEvent[];
  ruling?: ViewEvent;
}

interface Loaded extends ReplayData {
  words: RulesetWords;
  seatNames: SeatNames;
  phraser: Phraser;
  engine: ReplayEngine;
  index: TimelineIndex;
  dispute: DisputeFacts | undefined;
  /** The reason of the pause in force, if the match is paused. */
  pause: string | undefined;
  tournament: string | undefined;
}

/** The events of the dispute: who raised it about which event, the comments, the ruling. */
function disputeFacts(events: readonly ViewEvent[], disputeId: string): DisputeFacts | undefined {
  let facts: DisputeFacts | undefined;
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (data.disputeId !== disputeId) continue;
    if (event.type === 'DisputeOpened')
      facts = {
        atSeq: Number(data.atSeq),
        seat: String(data.seat),
        claim: String(data.claim ?? ''),
        ...(typeof data.ruleRef === 'string' ? { ruleRef: data.ruleRef } : {}),
        opened: event,
        comments: [],
      };
    else if (facts && event.type === 'DisputeCommented') facts.comments.push(event);
    else if (facts && event.type === 'RulingIssued') facts.ruling = event;
  }
  return facts;
}

/** The pause in force at the head: the last MatchPaused not followed by MatchResumed. */
function pauseOf(events: readonly ViewEvent[]): string | undefined {
  let reason: string | undefined;
  for (const event of events) {
    if (event.type === 'MatchPaused')
      reason = String((event.data as { reason?: unknown }).reason ?? '');
    else if (event.type === 'MatchResumed') reason = undefined;
  }
  return reason;
}

/** The table after `seq`, folded in the browser; after a rewind, the server's table there. */
export async function tableAt(
  engine: ReplayEngine,
  matchId: string,
  seq: number,
): Promise<ClientTable> {
  for (let anchors = 0; anchors < 100; anchors += 1) {
    const at = engine.at(seq);
    // The engine folds one working table in place: the page keeps a copy of its own.
    if (at.table) return cloneClientTable(at.table);
    engine.addAnchor(at.need, (await getState(matchId, at.need)).table);
  }
  throw new ApiError(500, 'anchors', `The table at event ${seq} needs too many server reads`);
}

/**
 * What differs between the table at the disputed event and the table now: pieces moved,
 * changed, come or gone, the zones they left or reached, tracks, loss piles and the turn.
 * Both boards mark it, so a judge sees at a glance what the dispute is about.
 */
function difference(at: ClientTable, now: ClientTable): Touched {
  const touched: Touched = {
    pieces: new Set(),
    zones: new Set(),
    fleets: new Set(),
    tracks: new Set(),
    owners: new Set(),
    roll: false,
    turn: false,
  };
  const a = at.table;
  const b = now.table;
  for (const id of new Set([...Object.keys(a.pieces), ...Object.keys(b.pieces)])) {
    const before = own(a.pieces, id);
    const after = own(b.pieces, id);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    touched.pieces.add(id);
    if (before) touched.zones.add(before.zone);
    if (after) touched.zones.add(after.zone);
  }
  for (const id of new Set([...Object.keys(a.tracks), ...Object.keys(b.tracks)]))
    if (own(a.tracks, id)?.value !== own(b.tracks, id)?.value) touched.tracks.add(id);
  for (const owner of new Set([...Object.keys(a.losses), ...Object.keys(b.losses)]))
    if ((own(a.losses, owner) ?? []).length !== (own(b.losses, owner) ?? []).length)
      touched.owners.add(owner);
  for (const id of new Set([...Object.keys(a.fleets), ...Object.keys(b.fleets)]))
    if (JSON.stringify(own(a.fleets, id)) !== JSON.stringify(own(b.fleets, id)))
      touched.fleets.add(id);
  touched.turn = JSON.stringify(a.turn) !== JSON.stringify(b.turn);
  return touched;
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'error', String(error));
}

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
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<Loaded | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [tables, setTables] = useState<{ at: ClientTable; now: ClientTable } | undefined>();

  useEffect(() => {
    let live = true;
    (async () => {
      const loaded = await serverSource(matchId).load(() => undefined);
      const words = await loadRulesetWords(loaded.match.ruleset.id);
      const names = indexNames(loaded.events, words);
      const seatNames = new SeatNames(loaded.match.seats, words, names.claims, names.sides);
      seatNames.addPeopleOf(loaded.viewer);
      const engine = new ReplayEngine(loaded.events, {
        everything: loaded.viewer.seesEverything,
        ...(loaded.viewer.viewer.seat ? { seat: loaded.viewer.viewer.seat } : {}),
      });
      const dispute = disputeFacts(loaded.events, disputeId);
      const tournamentId = (loaded.match as { tournamentId?: string }).tournamentId;
      const tournaments = tournamentId ? await tournamentNamesOf([tournamentId]) : new Map();
      const last = loaded.events.length - 1;
      const at = dispute
        ? await tableAt(engine, matchId, Math.min(dispute.atSeq, last))
        : undefined;
      const now = await tableAt(engine, matchId, last);
      if (!live) return;
      setData({
        ...loaded,
        words,
        seatNames,
        phraser: new Phraser(names, seatNames, words, loaded.ruleset),
        engine,
        index: indexTimeline(loaded.events),
        dispute,
        pause: pauseOf(loaded.events),
        tournament: tournamentId ? (tournaments.get(tournamentId) ?? tournamentId) : undefined,
      });
      setTables(at ? { at, now } : undefined);
      setError(undefined);
    })().catch((e: unknown) => live && setError(asApiError(e)));
    return () => {
      live = false;
    };
  }, [matchId, disputeId, version, token]);

  const reload = (): void => setVersion((v) => v + 1);

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
    h('h1', null, w('disputeTitle', lang, { claim: dispute.claim })),
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
      formatDate(dispute.opened.meta.recordedAt, lang),
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
    h(EventsBetween, { lang, data, from: dispute.atSeq }),
    h(Comments, { lang, data, dispute, disputeId, judging, reload }),
    judging && inPlay ? h(PausePanel, { lang, data, disputeId, reload }) : null,
    h(RulingPanel, { lang, data, dispute, disputeId, judging, inPlay, reload, board }),
    judging
      ? h(JudgeNotesPanel, {
          lang,
          matchId: match.matchId,
          disputeId,
          judgeName: (id: string) => data.seatNames.person(id),
        })
      : null,
    judging ? h(JudgeReceipts, { lang, matchId: data.match.matchId }) : null,
  );
}

function EventsBetween({
  lang,
  data,
  from,
}: {
  lang: Lang;
  data: Loaded;
  from: number;
}): JSX.Element {
  const { events, phraser, index } = data;
  const rows = events.slice(from);
  return h(
    'section',
    { class: 'panel dispute-events', 'aria-labelledby': 'between-title' },
    h('h2', { id: 'between-title' }, w('between', lang, { n: rows.length })),
    h(
      'div',
      { class: 'table-scroll', tabIndex: 0, role: 'region', 'aria-labelledby': 'between-title' },
      h(
        'table',
        { class: 'events-table' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { scope: 'col' }, w('colSeq', lang)),
            h('th', { scope: 'col' }, w('colWhat', lang)),
            h('th', { scope: 'col' }, w('colWho', lang)),
            h('th', { scope: 'col' }, w('colRecorded', lang)),
          ),
        ),
        h(
          'tbody',
          null,
          rows.map((event) => {
            const voided = index.voided.get(event.seq);
            const subject = phraser.subjectOf(event);
            const about =
              subject ??
              (event.meta.actor.kind === 'seat'
                ? (event.meta.actor.seat ?? event.meta.actor.id)
                : undefined);
            return h(
              'tr',
              {
                key: event.seq,
                'data-seq': event.seq,
                class: [event.seq === from ? 'disputed' : '', voided ? 'voided' : '']
                  .filter(Boolean)
                  .join(' '),
              },
              h(
                'td',
                null,
                h(
                  'a',
                  {
                    href: `/replay/${encodeURIComponent(data.match.matchId)}#seq=${event.seq}`,
                  },
                  `#${event.seq}`,
                ),
              ),
              h(
                'td',
                null,
                phraser.logPhrase(event, lang),
                event.seq === from
                  ? h('span', { class: 'tag disputed-tag' }, ` ${w('disputedMark', lang)}`)
                  : null,
                voided
                  ? h(
                      'span',
                      { class: 'muted small' },
                      ` — ${w('voidedMark', lang, { by: voided.by })}`,
                    )
                  : null,
              ),
              h('td', null, about ? phraser.seats.seat(about, lang) : ''),
              h(
                'td',
                { class: 'small' },
                recorderOf(event, phraser, lang),
                h('br', null),
                h('span', { class: 'muted' }, formatDate(event.meta.recordedAt, lang)),
              ),
            );
          }),
        ),
      ),
    ),
  );
}

/** A write of the page: sending, then the problem beside the form or a reload. */
/**
 * The signed receipts of the judge's writes to this match (pause, comments, the ruling and its
 * rewind), kept as the seat pages keep theirs: with them `matchlog verify --receipts` and the
 * browser's file check catch a ruling rewritten or removed later, whoever holds the key.
 */
function JudgeReceipts({ lang, matchId }: { lang: Lang; matchId: string }): JSX.Element {
  const receipts = receiptsOf(matchId);
  return h(
    'section',
    {
      class: 'panel receipts',
      'aria-labelledby': 'judge-receipts-title',
      'data-receipts': receipts.length,
    },
    h('h2', { id: 'judge-receipts-title' }, w('receiptsTitle', lang)),
    h('p', { class: 'muted small' }, w('receiptsHelp', lang, { n: receipts.length })),
    h(
      'button',
      {
        type: 'button',
        'data-action': 'save-receipts',
        disabled: receipts.length === 0,
        onClick: () =>
          download(`receipts-${matchId}.ndjson`, receiptsFile(receipts), 'application/x-ndjson'),
      },
      w('saveReceipts', lang),
    ),
  );
}

function useWrite(
  reload: () => void,
  matchId: string,
): {
  busy: boolean;
  problem: ApiError | undefined;
  send(path: string, body?: unknown): Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  return {
    busy,
    problem,
    async send(path, body = {}) {
      setBusy(true);
      try {
        const result = await postJson<{ receipt?: Receipt }>(path, body);
        keepReceipt(matchId, result?.receipt);
        setProblem(undefined);
        reload();
        return true;
      } catch (error) {
        setProblem(asApiError(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

function Problem({
  lang,
  problem,
  id,
}: {
  lang: Lang;
  problem: ApiError | undefined;
  id: string;
}): JSX.Element | null {
  if (!problem) return null;
  const fields = problem.problem?.errors ?? [];
  return h(
    'div',
    { class: 'field-problem refusal', role: 'alert', id, 'data-problem': problem.code },
    w('refused', lang, { detail: problem.detail }),
    fields.length > 0
      ? h(
          'ul',
          null,
          fields.map((f) => h('li', null, `${f.path}: ${f.messages.join('; ')}`)),
        )
      : null,
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
                `— ${recorderOf(c, data.phraser, lang)}, ${formatDate(c.meta.recordedAt, lang)} · #${c.seq}`,
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

type RulingBody = {
  decision: Verdict;
  rationale: string;
  ruleRef: string;
  remedy:
    | { kind: 'none' }
    | { kind: 'rewind'; toSeq: number; cardOrder: 'reshuffle' | 'keep'; keepOrderReason?: string }
    | { kind: 'corrective'; decisions: { seat: string; kind: string; params: unknown }[] };
};

/** The body the form says, or what keeps it from being one (params that are not JSON). */
function rulingBody(form: RulingFormState, lang: Lang): RulingBody | string {
  // What the server would refuse in English is said here first, in the page's language.
  if (form.rationale.trim() === '') return w('rationaleMissing', lang);
  if (form.ruleRef.trim() === '') return w('ruleRefMissing', lang);
  const base = { decision: form.decision, rationale: form.rationale, ruleRef: form.ruleRef };
  if (form.remedy === 'none' || form.decision === 'rejected')
    return { ...base, remedy: { kind: 'none' } };
  if (form.remedy === 'rewind') {
    const toSeq = Number(form.toSeq);
    if (form.toSeq.trim() === '' || !Number.isInteger(toSeq) || toSeq < 0)
      return w('toSeqInvalid', lang);
    if (form.cardOrder === 'keep') {
      if (form.keepOrderReason.trim() === '') return w('keepOrderReasonMissing', lang);
      return {
        ...base,
        remedy: { kind: 'rewind', toSeq, cardOrder: 'keep', keepOrderReason: form.keepOrderReason },
      };
    }
    return { ...base, remedy: { kind: 'rewind', toSeq, cardOrder: 'reshuffle' } };
  }
  const decisions: { seat: string; kind: string; params: unknown }[] = [];
  for (const [i, c] of form.corrective.entries()) {
    let params: unknown;
    try {
      params = c.params.trim() === '' ? {} : JSON.parse(c.params);
    } catch {
      return w('paramsNotJson', lang, { n: i + 1 });
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params))
      return w('paramsNotJson', lang, { n: i + 1 });
    decisions.push({ seat: c.seat, kind: c.kind, params });
  }
  return { ...base, remedy: { kind: 'corrective', decisions } };
}

function RulingPanel({
  lang,
  data,
  dispute,
  disputeId,
  judging,
  inPlay,
  reload,
  board,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  judging: boolean;
  inPlay: boolean;
  reload(): void;
  board(ct: ClientTable, seq: number, idPrefix: string, touched?: Touched): JSX.Element;
}): JSX.Element {
  const { match, phraser } = data;
  const seats = match.seats.map((s) => s.seat);
  const kinds = data.ruleset?.decisions ?? [];
  const exampleOf = (kind: string): string => {
    const example = kinds.find((k) => k.kind === kind)?.example;
    return example ? JSON.stringify(example) : '{}';
  };
  const newCorrective = (): Corrective => ({
    seat: dispute.seat,
    kind: kinds[0]?.kind ?? '',
    params: exampleOf(kinds[0]?.kind ?? ''),
  });
  const [form, setForm] = useState<RulingFormState>(() => ({
    decision: 'upheld',
    rationale: '',
    ruleRef: dispute.ruleRef ?? '',
    remedy: 'none',
    toSeq: String(Math.max(0, dispute.atSeq - 1)),
    cardOrder: 'reshuffle',
    keepOrderReason: '',
    corrective: [newCorrective()],
  }));
  const [preview, setPreview] = useState<
    { key: string; result?: RulingPreview; problem?: ApiError; invalid?: string } | undefined
  >();
  const [busy, setBusy] = useState(false);
  const issue = useWrite(reload, data.match.matchId);
  const built = useMemo(() => rulingBody(form, lang), [form, lang]);
  const key = typeof built === 'string' ? built : JSON.stringify(built);
  const fresh = preview?.key === key;
  const rulingPath = matchPath(match.matchId, `disputes/${encodeURIComponent(disputeId)}/ruling`);

  if (dispute.ruling) return h(RulingShown, { lang, data, ruling: dispute.ruling });
  if (!judging) return h('div', null);

  const set = (patch: Partial<RulingFormState>): void => setForm((f) => ({ ...f, ...patch }));
  const setCorrective = (i: number, patch: Partial<Corrective>): void =>
    setForm((f) => ({
      ...f,
      corrective: f.corrective.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    }));
  const runPreview = async (): Promise<void> => {
    if (typeof built === 'string') {
      setPreview({ key, invalid: built });
      return;
    }
    setBusy(true);
    try {
      const result = await postJson<RulingPreview>(`${rulingPath}/dry-run`, built);
      setPreview({ key, result });
    } catch (error) {
      setPreview({ key, problem: asApiError(error) });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    if (typeof built === 'string' || !fresh || !preview?.result) return;
    void issue.send(rulingPath, built);
  };
  const toSeq = Number(form.toSeq);
  const toEvent = Number.isInteger(toSeq) ? data.events[toSeq] : undefined;
  const radio = <T extends string>(
    name: string,
    value: T,
    checked: boolean,
    text: string,
    onPick: (v: T) => void,
    disabled = false,
  ): JSX.Element =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'radio',
        name,
        value,
        checked,
        disabled,
        onChange: () => onPick(value),
      }),
      ` ${text}`,
    );
  const remedyAllowed = form.decision !== 'rejected' && inPlay;

  return h(
    'section',
    { class: 'panel dispute-ruling', 'aria-labelledby': 'ruling-title' },
    h('h2', { id: 'ruling-title' }, w('rulingTitle', lang)),
    !inPlay ? h('p', { class: 'muted small' }, w('notInPlay', lang)) : null,
    h(
      'form',
      { class: 'ruling-form', onSubmit, noValidate: true },
      h(
        'fieldset',
        { class: 'field' },
        h('legend', null, w('decisionLegend', lang)),
        (['upheld', 'rejected', 'amended'] as const).map((v) =>
          radio('decision', v, form.decision === v, w(v, lang), (decision) => set({ decision })),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'f-rationale' }, w('rationale', lang)),
        h('textarea', {
          id: 'f-rationale',
          rows: 3,
          required: true,
          maxLength: 4000,
          value: form.rationale,
          onInput: (e: Event) => set({ rationale: (e.target as HTMLTextAreaElement).value }),
        }),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'f-rule-ref' }, w('ruleRef', lang)),
        h('input', {
          id: 'f-rule-ref',
          required: true,
          maxLength: 500,
          value: form.ruleRef,
          onInput: (e: Event) => set({ ruleRef: (e.target as HTMLInputElement).value }),
        }),
      ),
      h(
        'fieldset',
        { class: 'field', 'aria-describedby': remedyAllowed ? undefined : 'remedy-note' },
        h('legend', null, w('remedyLegend', lang)),
        radio(
          'remedy',
          'none',
          form.remedy === 'none' || !remedyAllowed,
          w('remedyNone', lang),
          (remedy) => set({ remedy }),
        ),
        radio(
          'remedy',
          'rewind',
          remedyAllowed && form.remedy === 'rewind',
          w('remedyRewind', lang),
          (remedy) => set({ remedy }),
          !remedyAllowed,
        ),
        radio(
          'remedy',
          'corrective',
          remedyAllowed && form.remedy === 'corrective',
          w('remedyCorrective', lang),
          (remedy) => set({ remedy }),
          !remedyAllowed,
        ),
        form.decision === 'rejected'
          ? h('p', { id: 'remedy-note', class: 'muted small' }, w('rejectedNoRemedy', lang))
          : null,
      ),
      remedyAllowed && form.remedy === 'rewind'
        ? h(
            'div',
            { class: 'field' },
            h('label', { for: 'f-to-seq' }, w('rewindTo', lang)),
            h('input', {
              id: 'f-to-seq',
              type: 'number',
              min: 0,
              max: data.events.length - 2,
              value: form.toSeq,
              'aria-describedby': 'f-to-seq-help',
              onInput: (e: Event) => set({ toSeq: (e.target as HTMLInputElement).value }),
            }),
            h(
              'p',
              { id: 'f-to-seq-help', class: 'field-help muted small' },
              toEvent
                ? w('rewindToHint', lang, { seq: toSeq, what: phraser.logPhrase(toEvent, lang) })
                : '',
            ),
            h(
              'fieldset',
              { class: 'field', 'data-card-order': form.cardOrder },
              h('legend', null, w('cardOrderLegend', lang)),
              radio(
                'card-order',
                'reshuffle',
                form.cardOrder === 'reshuffle',
                w('cardOrderReshuffle', lang),
                (cardOrder) => set({ cardOrder }),
              ),
              radio(
                'card-order',
                'keep',
                form.cardOrder === 'keep',
                w('cardOrderKeep', lang),
                (cardOrder) => set({ cardOrder }),
              ),
            ),
            form.cardOrder === 'keep'
              ? h(
                  'div',
                  { class: 'field' },
                  h('label', { for: 'f-keep-order-reason' }, w('keepOrderReason', lang)),
                  h('textarea', {
                    id: 'f-keep-order-reason',
                    rows: 2,
                    required: true,
                    maxLength: 1000,
                    value: form.keepOrderReason,
                    onInput: (e: Event) =>
                      set({ keepOrderReason: (e.target as HTMLTextAreaElement).value }),
                  }),
                )
              : null,
          )
        : null,
      remedyAllowed && form.remedy === 'corrective'
        ? h(
            'div',
            { class: 'corrective-list' },
            form.corrective.map((c, i) =>
              h(
                'fieldset',
                { key: i, class: 'field group corrective', 'data-corrective': i },
                h('legend', null, w('correctiveNumber', lang, { n: i + 1 })),
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: `f-c${i}-seat` }, w('correctiveSeat', lang)),
                  h(
                    'select',
                    {
                      id: `f-c${i}-seat`,
                      value: c.seat,
                      onChange: (e: Event) =>
                        setCorrective(i, { seat: (e.target as HTMLSelectElement).value }),
                    },
                    seats.map((s) => h('option', { value: s }, data.seatNames.full(s, lang))),
                  ),
                ),
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: `f-c${i}-kind` }, w('correctiveKind', lang)),
                  h(
                    'select',
                    {
                      id: `f-c${i}-kind`,
                      value: c.kind,
                      onChange: (e: Event) => {
                        const kind = (e.target as HTMLSelectElement).value;
                        setCorrective(i, { kind, params: exampleOf(kind) });
                      },
                    },
                    kinds.map((k) =>
                      h('option', { value: k.kind }, localized(k.summary, lang) ?? k.kind),
                    ),
                  ),
                ),
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: `f-c${i}-params` }, w('correctiveParams', lang)),
                  h('textarea', {
                    id: `f-c${i}-params`,
                    rows: 2,
                    class: 'mono',
                    spellcheck: false,
                    value: c.params,
                    onInput: (e: Event) =>
                      setCorrective(i, { params: (e.target as HTMLTextAreaElement).value }),
                  }),
                ),
                form.corrective.length > 1
                  ? h(
                      'button',
                      {
                        type: 'button',
                        class: 'link-button',
                        onClick: () =>
                          set({ corrective: form.corrective.filter((_, j) => j !== i) }),
                      },
                      w('correctiveRemove', lang, { n: i + 1 }),
                    )
                  : null,
              ),
            ),
            h(
              'button',
              {
                type: 'button',
                onClick: () => set({ corrective: [...form.corrective, newCorrective()] }),
              },
              w('correctiveAdd', lang),
            ),
          )
        : null,
      h(
        'div',
        { class: 'form-actions' },
        h(
          'button',
          { type: 'button', 'data-action': 'preview', disabled: busy, onClick: runPreview },
          busy ? w('sending', lang) : w('previewButton', lang),
        ),
        h(
          'button',
          {
            type: 'submit',
            class: 'primary',
            'data-action': 'issue',
            disabled: issue.busy || !fresh || !preview?.result,
            'aria-describedby': 'issue-help',
          },
          issue.busy ? w('sending', lang) : w('issueButton', lang),
        ),
        h(
          'p',
          { id: 'issue-help', class: 'muted small' },
          !fresh || !preview?.result
            ? preview && !fresh
              ? w('previewStale', lang)
              : w('issueNeedsPreview', lang)
            : '',
        ),
      ),
      h(Problem, { lang, problem: issue.problem, id: 'issue-problem' }),
    ),
    preview ? h(PreviewView, { lang, data, preview, fresh, board }) : null,
  );
}

function PreviewView({
  lang,
  data,
  preview,
  fresh,
  board,
}: {
  lang: Lang;
  data: Loaded;
  preview: { result?: RulingPreview; problem?: ApiError; invalid?: string };
  fresh: boolean;
  board(ct: ClientTable, seq: number, idPrefix: string, touched?: Touched): JSX.Element;
}): JSX.Element {
  const { result, problem, invalid } = preview;
  const synthetic = useMemo(() => previewEvents(data, result), [data, result]);
  const phraser = useMemo(
    () =>
      new Phraser(
        indexNames([...data.events, ...synthetic]),
        data.seatNames,
        data.words,
        data.ruleset,
      ),
    [data, synthetic],
  );
  return h(
    'section',
    {
      class: `ruling-preview${fresh ? '' : ' stale'}`,
      'aria-labelledby': 'preview-title',
      'aria-live': 'polite',
      'data-preview': result ? (result.withheld ? 'withheld' : 'shown') : 'refused',
    },
    invalid
      ? h('p', { class: 'field-problem refusal', role: 'alert', id: 'preview-title' }, invalid)
      : problem
        ? h('div', { id: 'preview-title' }, h(Problem, { lang, problem, id: 'preview-problem' }))
        : result
          ? [
              h('h3', { id: 'preview-title' }, w('previewTitle', lang, { seq: result.resultSeq })),
              !fresh ? h('p', { class: 'notice warn' }, w('previewStale', lang)) : null,
              voidedBranchSummary(result, lang),
              result.withheld
                ? h(
                    'p',
                    { class: 'notice warn', 'data-withheld': 'true' },
                    w('previewWithheld', lang),
                  )
                : [
                    h('p', { class: 'muted small' }, w('previewEvents', lang)),
                    h(
                      'ol',
                      { class: 'preview-events', start: result.seq + 1 },
                      synthetic.map((e) => h('li', { key: e.seq }, phraser.logPhrase(e, lang))),
                    ),
                    result.table
                      ? board(
                          fromTableView(result.table as unknown as TableView, true),
                          result.resultSeq,
                          'preview-',
                        )
                      : null,
                  ],
            ]
          : null,
  );
}

/** What the rewind's voided events revealed, and what the ruling does with those cards (fair rewinds). */
function voidedBranchSummary(result: RulingPreview, lang: Lang): JSX.Element | null {
  const summary = (result.voidedBranch as { summary?: { en: string; ru: string } } | undefined)
    ?.summary;
  return summary
    ? h(
        'p',
        { class: 'notice', 'data-voided-branch': 'true' },
        lang === 'ru' ? summary.ru : summary.en,
      )
    : null;
}

/** The preview's events as the log would hold them, so that they are phrased as the log is. */
function previewEvents(data: Loaded, result: RulingPreview | undefined): ViewEvent[] {
  if (!result?.events) return [];
  const actor = { kind: 'judge' as const, id: data.viewer.actorId ?? 'judge' };
  return result.events.map((e, i) => ({
    eventId: `preview-${i}`,
    matchId: data.match.matchId,
    seq: result.seq + 1 + i,
    type: e.type,
    data: e.data,
    meta: {
      actor,
      recordedAt: new Date().toISOString(),
      ruleset: data.match.ruleset,
      visibility: e.visibility as ViewEvent['meta']['visibility'],
      prevHash: '',
      hash: '',
    },
  }));
}

function RulingShown({
  lang,
  data,
  ruling,
}: {
  lang: Lang;
  data: Loaded;
  ruling: ViewEvent;
}): JSX.Element {
  const d = (ruling.data ?? {}) as { decision?: string; rationale?: string; ruleRef?: string };
  const verdict: Verdict | undefined =
    d.decision === 'upheld' || d.decision === 'rejected' || d.decision === 'amended'
      ? d.decision
      : undefined;
  return h(
    'section',
    { class: 'panel dispute-ruling', 'aria-labelledby': 'ruling-title', 'data-ruled': d.decision },
    h('h2', { id: 'ruling-title' }, w('rulingTitle', lang)),
    h(
      'p',
      null,
      h(
        'strong',
        null,
        w('rulingIssued', lang, {
          decision: verdict ? w(verdict, lang) : String(d.decision),
          judge: recorderOf(ruling, data.phraser, lang),
          when: formatDate(ruling.meta.recordedAt, lang),
        }),
      ),
    ),
    d.rationale ? h('p', null, d.rationale) : null,
    d.ruleRef ? h('p', { class: 'muted small' }, `${w('ruleRef', lang)}: ${d.ruleRef}`) : null,
    h('p', { class: 'muted small' }, `#${ruling.seq}: ${data.phraser.logPhrase(ruling, lang)}`),
    h(
      'p',
      null,
      h(
        'a',
        { href: `/judge/ruling/${encodeURIComponent(data.match.matchId)}/${ruling.seq}` },
        rulingWords('printable', lang),
      ),
    ),
  );
}
