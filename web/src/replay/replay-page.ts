import { own } from '@domain/shared/id-record';
import { h, type JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  type Annotation,
  type AuditView,
  type RngView,
  type ViewerContext,
} from '../api/client';
import { AnnotateBar, notesOf } from './annotate';
import { icon } from '../icons';
import { describeCondition } from '@domain/naming/event-phrases';
import { isLabel, label } from '../i18n';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords } from '../ruleset-words';
import { Board } from './board';
import { lazyComponent } from '../charts/lazy';
import { EventLog } from './event-log';
import { LogPosition } from './log-position';
import { Phraser } from '@domain/naming/phraser';
import { ReplayEngine, type ClientTable, type ViewEvent } from './replay-engine';
import { ReplayControls } from './replay-controls';
import type { ReplayData, ReplaySource } from './replay-source';
import { indexNames } from '@domain/naming/name-index';
import {
  indexTimeline,
  jumpTarget,
  type Jump,
  touchedBy,
  type Note,
  type TimelineIndex,
} from './timeline';

export interface ReplayPageProps {
  source: ReplaySource;
  /** What the page says above the replay (the checks of a match file). */
  banner?: JSX.Element;
  lang: Lang;
  token: string | undefined;
  onToken(token: string | undefined): void;
  header(badges?: JSX.Element): JSX.Element;
}

interface Loaded extends ReplayData {
  engine: ReplayEngine;
  index: TimelineIndex;
  phraser: Phraser;
}

type LoadState =
  | { status: 'loading'; progress: number }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: Loaded };

/** Anchors fetched ahead for a viewer who cannot fold hidden events: a bound on the requests. */
const MAX_PREFETCH = 500;

/** `#seq=N` (and nothing else) in the address: a judge sends the link to the exact moment. */
function seqFromHash(): string | undefined {
  return new URLSearchParams(location.hash.slice(1)).get('seq') ?? undefined;
}

type Notice = {
  key: 'seqBeyond' | 'seqInvalid' | 'horizonNote';
  params: Record<string, string | number>;
};

/**
 * `/replay/:matchId` and `/replay/file`: the table at one seq, the log beside it, and the ways
 * to move in time.
 */

/** The statuses a match enters the public transparency log with. */
const ENDED: ReadonlySet<string> = new Set(['finished', 'abandoned']);
export function ReplayPage({
  source,
  banner,
  lang,
  token,
  onToken,
  header,
}: ReplayPageProps): JSX.Element {
  const [load, setLoad] = useState<LoadState>({ status: 'loading', progress: 0 });
  const [seq, setSeq] = useState(0);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [audit, setAudit] = useState<AuditView | null | undefined>();
  const [rng, setRng] = useState<RngView | null | undefined>();
  const sourceId = source.id;
  const [, setAnchorsLoaded] = useState(0);
  const [notes, setNotes] = useState<Map<number, Note[]>>(new Map());
  const lastShown = useRef<{ seq: number; table: ClientTable } | undefined>(undefined);
  const fetching = useRef(new Set<number>());

  /** The notes as the log and the timeline show them. */
  const showNotes = (list: readonly Annotation[], phraser: Phraser): void => {
    const { all, bySeq } = notesOf(list, phraser);
    setNotes(bySeq);
    setLoad((l) =>
      l.status === 'ready'
        ? { ...l, data: { ...l.data, index: indexTimeline(l.data.events, all) } }
        : l,
    );
  };

  // Load the match, who is looking, every event, the layout and the ruleset.
  useEffect(() => {
    let live = true;
    (async () => {
      const { match, viewer, events, layout, ruleset, scores, fromFile } = await source.load(
        (count) => live && setLoad({ status: 'loading', progress: count }),
      );
      const words = await loadRulesetWords(match.ruleset.id);
      if (!live) return;
      const contiguous = events.every((event, i) => event.seq === i);
      if (!contiguous)
        throw new ApiError(500, 'bad-events', 'The events of this match are not contiguous');
      const engine = new ReplayEngine(events, {
        everything: viewer.seesEverything,
        ...(viewer.viewer.seat ? { seat: viewer.viewer.seat } : {}),
      });
      const names = indexNames(events, words);
      const seatNames = new SeatNames(match.seats, words, names.claims, names.sides);
      seatNames.addPeopleOf(viewer);
      const phraser = new Phraser(names, seatNames, words, ruleset);
      const last = events.length - 1;
      const found: Notice[] = [];
      const raw = seqFromHash();
      let start = last;
      if (raw !== undefined) {
        const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
        if (Number.isNaN(n)) found.push({ key: 'seqInvalid', params: { value: raw } });
        else if (n > last) found.push({ key: 'seqBeyond', params: { seq: n, last } });
        start = Number.isNaN(n) ? 0 : Math.min(n, last);
      }
      if (viewer.delayed) found.push({ key: 'horizonNote', params: { horizon: viewer.horizon } });
      setNotices(found);
      setSeq(Math.max(0, start));
      setLoad({
        status: 'ready',
        data: {
          match,
          viewer,
          events,
          engine,
          index: indexTimeline(events),
          phraser,
          layout,
          ruleset,
          scores,
          fromFile,
        },
      });
      source.annotations().then(
        (list) => live && list.length > 0 && showNotes(list, phraser),
        () => undefined,
      );
      source.audit().then(
        (a) => live && setAudit(a),
        () => live && setAudit(null),
      );
      source.rng().then(
        (r) => live && setRng(r),
        () => live && setRng(null),
      );
    })().catch((error: unknown) => {
      if (live)
        setLoad({
          status: 'error',
          error: error instanceof ApiError ? error : new ApiError(0, 'error', String(error)),
        });
    });
    return () => {
      live = false;
    };
    // The source object may be new at each render; its id says when the match changed.
  }, [sourceId]);

  const data = load.status === 'ready' ? load.data : undefined;
  const last = data ? data.events.length - 1 : 0;
  const seqRef = useRef(seq);
  seqRef.current = seq;

  const jump = (to: Jump): void => {
    if (!data) return;
    const target = jumpTarget(data.index, seqRef.current, last, to);
    if (target === undefined) return;
    setSeq(Math.max(0, Math.min(last, target)));
  };
  const jumpRef = useRef(jump);
  jumpRef.current = jump;

  // Keyboard: ← → Home End, Shift+← → decisions, R rolls, D disputes and notes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type=range]), textarea, select, [contenteditable=true]'))
        return;
      const key = event.key;
      const map: Record<string, Jump | undefined> = {
        ArrowLeft: event.shiftKey ? 'prevDecision' : 'prev',
        ArrowRight: event.shiftKey ? 'nextDecision' : 'next',
        Home: 'first',
        End: 'last',
        PageUp: 'prevDecision',
        PageDown: 'nextDecision',
        r: 'nextRoll',
        R: 'prevRoll',
        d: 'nextMarker',
        D: 'prevMarker',
      };
      const to = map[key];
      if (!to) return;
      event.preventDefault();
      jumpRef.current(to);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The seq in the address, a moment after the last step (browsers throttle history writes).
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => {
      const hash = `#seq=${seq}`;
      if (location.hash !== hash)
        history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
    }, 200);
    return () => clearTimeout(timer);
  }, [seq, data]);

  useEffect(() => {
    const onHash = (): void => {
      const raw = seqFromHash();
      if (raw !== undefined && /^\d+$/.test(raw)) jumpRef.current(Number(raw));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const computed = data ? data.engine.at(seq) : undefined;

  // A step the viewer cannot fold (hidden information): fetch the server's table there.
  useEffect(() => {
    if (!data || !computed?.need) return;
    const need = computed.need;
    if (fetching.current.has(need)) return;
    fetching.current.add(need);
    source.stateAt(need).then(
      (table) => {
        data.engine.addAnchor(need, table);
        fetching.current.delete(need);
        setAnchorsLoaded((n) => n + 1);
      },
      (error: unknown) => {
        fetching.current.delete(need);
        setLoad({
          status: 'error',
          error: error instanceof ApiError ? error : new ApiError(0, 'error', String(error)),
        });
      },
    );
  });

  // Viewers who cannot fold everything fetch the anchors they will need ahead, one at a time.
  useEffect(() => {
    if (!data || data.viewer.seesEverything) return;
    let live = true;
    const timer = setTimeout(async () => {
      let from = 0;
      for (let fetched = 0; live && fetched < MAX_PREFETCH; fetched += 1) {
        const need = data.engine.nextNeed(from);
        if (need === undefined) return;
        from = need;
        if (fetching.current.has(need)) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        fetching.current.add(need);
        try {
          const table = await source.stateAt(need);
          if (live) {
            data.engine.addAnchor(need, table);
            // The step on screen may have been waiting for this very anchor.
            setAnchorsLoaded((n) => n + 1);
          }
        } catch {
          return;
        } finally {
          fetching.current.delete(need);
        }
      }
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data, sourceId]);

  const table = computed?.table;
  if (table) lastShown.current = { seq, table };

  const badges = useMemo(
    () =>
      data
        ? h(Badges, {
            lang,
            viewer: data.viewer,
            fromFile: data.fromFile ?? false,
            audit,
            rng,
            dice: diceCounts(data.events),
            names: data.phraser.seats,
          })
        : undefined,
    [data, lang, audit, rng],
  );

  if (load.status === 'error')
    return h(ErrorView, { lang, error: load.error, header, token, onToken });
  if (!data)
    return h(
      'div',
      { class: 'page' },
      header(),
      h(
        'main',
        { id: 'main', class: 'loading', 'aria-busy': 'true' },
        h(
          'p',
          null,
          `${label('loadingEvents', lang)}… ${load.status === 'loading' && load.progress ? load.progress : ''}`,
        ),
      ),
    );

  const shown = table ? { seq, table } : lastShown.current;
  const event = data.events[seq];
  const pieceOwner = (id: string): string | undefined =>
    own(shown?.table.table.pieces, id)?.owner ?? data.phraser.names.pieceOwners.get(id);
  const touched = touchedBy(event, pieceOwner);
  const seats = data.match.seats.map((s) => s.seat);
  const voided = data.index.voided.get(seq);
  const finished = data.index.finished;
  const ended = finished !== undefined && seq >= finished.seq;
  return h(
    'div',
    { class: 'page replay-page' },
    header(badges),
    h(
      'main',
      { id: 'main' },
      h(
        'div',
        { class: 'replay-title' },
        h('a', { href: '/', class: 'back' }, label('backToList', lang)),
        h('h1', null, data.match.title || label('untitledMatch', lang)),
        h(
          'span',
          { class: `status status-${data.match.status}` },
          label(isLabel(data.match.status) ? data.match.status : 'unknownStatus', lang),
        ),
      ),
      banner ?? null,
      data.viewer.token === 'other-match'
        ? h('p', { class: 'notice warn', role: 'status' }, label('tokenOtherMatch', lang))
        : null,
      notices.map((n) =>
        h(
          'p',
          { class: 'notice warn', role: 'status', 'data-notice': n.key },
          label(n.key, lang, n.params),
        ),
      ),
      h(ReplayControls, {
        lang,
        seq,
        last,
        index: data.index,
        event,
        phrase: event ? data.phraser.logPhrase(event, lang) : '',
        onJump: jump,
      }),
      voided
        ? h(
            'p',
            { class: 'notice voided-banner', role: 'status', 'data-voided-by': voided.by },
            label('voidedBanner', lang, {
              cause: label(
                voided.cause === 'undo' ? 'voidedByUndoCause' : 'voidedByRulingCause',
                lang,
              ),
              by: voided.by,
            }),
            ' ',
            h(
              'button',
              { type: 'button', class: 'link-button', onClick: () => setSeq(voided.by) },
              label('toReplacingLine', lang),
            ),
          )
        : null,
      ended && finished
        ? h(
            'p',
            { class: 'winner-banner', role: 'status', 'data-winners': finished.winners.join(' ') },
            finished.winners.length > 0
              ? label('winner', lang, {
                  n: finished.winners.length,
                  names: finished.winners
                    .map((w: string) => data.phraser.seats.full(w, lang))
                    .join(', '),
                })
              : label('draw', lang),
            finished.condition
              ? h(
                  'span',
                  { class: 'muted' },
                  ` — ${describeCondition(finished.condition, lang, data.phraser.nameOf)}`,
                )
              : null,
          )
        : null,
      ENDED.has(data.match.status) && !data.fromFile
        ? h(LogPosition, { matchId: data.match.matchId, lang })
        : null,
      h(
        'div',
        { class: 'replay-body' },
        shown
          ? h(Board, {
              lang,
              seq: shown.seq,
              pending: shown.seq !== seq,
              ct: shown.table,
              layout: data.layout,
              viewer: data.viewer,
              seats,
              phraser: data.phraser,
              touched: shown.seq === seq ? touched : undefined,
              ended,
              events: data.events,
            })
          : h('div', { class: 'board pending', 'aria-busy': 'true' }, label('loading', lang)),
        h(EventLog, {
          lang,
          seq,
          events: data.events,
          index: data.index,
          notes,
          phraser: data.phraser,
          onSelect: (s: number) => setSeq(s),
        }),
      ),
      token && !data.fromFile
        ? h(AnnotateBar, {
            lang,
            matchId: data.match.matchId,
            seq,
            onAdded: () =>
              void source.annotations().then(
                (list) => showNotes(list, data.phraser),
                () => undefined,
              ),
          })
        : null,
      h(MatchCharts, {
        events: data.events,
        names: data.phraser.seats,
        lang,
        resourceTracks: data.ruleset?.resourceTracks ?? [],
        derivedScores: data.scores,
      }),
    ),
  );
}

/** The charts under the replay load as a chunk of their own (uPlot with them). */
const MatchCharts = lazyComponent(() =>
  import('../charts/match-charts').then((m) => m.MatchCharts),
);

interface DiceCounts {
  serverRolls: number;
  shuffles: number;
  reported: number;
  confirmed: number;
}

/** What the log holds to check: server rolls and shuffles, and physical rolls reported by seats. */
function diceCounts(events: readonly ViewEvent[]): DiceCounts {
  const counts: DiceCounts = { serverRolls: 0, shuffles: 0, reported: 0, confirmed: 0 };
  const confirmedRolls = new Set<unknown>();
  for (const event of events) {
    if (event.type === 'DeckShuffled') counts.shuffles += 1;
    if (event.type === 'ReportedRollConfirmed')
      confirmedRolls.add((event.data as { rollSeq?: unknown } | undefined)?.rollSeq);
    if (event.type !== 'DiceRolled') continue;
    const data = (event.data ?? {}) as { source?: string };
    if (data.source === 'reported') counts.reported += 1;
    else counts.serverRolls += 1;
  }
  counts.confirmed = confirmedRolls.size;
  return counts;
}

/** A note's author: the player of the seat, the judge by name when the reader is that judge. */
function Badges({
  lang,
  viewer,
  fromFile,
  audit,
  rng,
  dice,
  names,
}: {
  lang: Lang;
  viewer: ViewerContext;
  fromFile: boolean;
  audit: AuditView | null | undefined;
  rng: RngView | null | undefined;
  dice: DiceCounts;
  names: SeatNames;
}): JSX.Element {
  const who = fromFile
    ? label('fileView', lang)
    : viewer.viewer.kind === 'seat' && viewer.viewer.seat
      ? label('seatView', lang, { name: names.full(viewer.viewer.seat, lang) })
      : viewer.viewer.kind === 'judge'
        ? label('judgeView', lang)
        : viewer.viewer.kind === 'admin'
          ? label('adminView', lang)
          : // A public viewer whose token applies to the match is its organizer.
            viewer.token === 'applies'
            ? label('organizerView', lang)
            : label('publicView', lang);
  // A spectator behind the delay learns nothing of how far the match has gone: counts stop there.
  const seen = Math.min(audit?.eventCount ?? 0, viewer.horizon + 1);
  const serverChecks = dice.serverRolls + dice.shuffles;
  return h(
    'div',
    { class: 'badges' },
    h(
      'span',
      {
        class: `badge viewer viewer-${viewer.viewer.kind}`,
        'data-viewer': viewer.viewer.kind,
        title: viewer.seesEverything ? label('everythingShown', lang) : undefined,
      },
      icon('eye'),
      ` ${who}`,
    ),
    audit === undefined
      ? null
      : audit === null
        ? h('span', { class: 'badge muted' }, label('auditUnknown', lang))
        : audit.verified
          ? h(
              'span',
              { class: 'badge ok', 'data-audit': 'verified', 'data-count': seen },
              icon('check'),
              ` ${label('chainVerifiedCount', lang, { n: seen })}`,
            )
          : h(
              'span',
              { class: 'badge bad', 'data-audit': 'broken', title: audit.message },
              icon('cross'),
              ` ${label('chainBroken', lang)} ${audit.brokenSeq ?? '?'}`,
            ),
    rng === undefined || rng === null
      ? null
      : !rng.verification.ok
        ? h(
            'span',
            { class: 'badge bad', 'data-dice': 'bad', title: rng.verification.message },
            icon('cross'),
            ` ${label('diceBad', lang)} ${rng.verification.firstBadSeq ?? '?'}`,
          )
        : serverChecks === 0
          ? h(
              'span',
              { class: 'badge muted', 'data-dice': 'none' },
              icon('die'),
              ` ${label('diceNone', lang)}`,
            )
          : rng.revealed
            ? h(
                'span',
                {
                  class: 'badge ok',
                  'data-dice': 'verified',
                  'data-checked': rng.verification.checked ?? 0,
                },
                icon('die'),
                ` ${label('diceVerified', lang, { rolls: dice.serverRolls, shuffles: dice.shuffles })}`,
              )
            : h(
                'span',
                { class: 'badge muted', 'data-dice': 'committed' },
                icon('die'),
                ` ${label('diceCommitted', lang)}`,
              ),
    dice.reported > 0
      ? h(
          'span',
          {
            class: 'badge muted',
            'data-dice-reported': dice.reported,
            'data-dice-confirmed': dice.confirmed,
          },
          icon('die'),
          ` ${label('diceReported', lang, { n: dice.reported, confirmed: dice.confirmed })}`,
        )
      : null,
  );
}

function ErrorView({
  lang,
  error,
  header,
  token,
  onToken,
}: {
  lang: Lang;
  error: ApiError;
  header(badges?: JSX.Element): JSX.Element;
  token: string | undefined;
  onToken(token: string | undefined): void;
}): JSX.Element {
  const summary =
    error.status === 404
      ? label('notFound', lang)
      : error.status === 401
        ? label('tokenRejected', lang)
        : error.status === 403
          ? label('forbidden', lang)
          : error.status === 0
            ? label('networkError', lang)
            : label('errorTitle', lang);
  return h(
    'div',
    { class: 'page' },
    header(),
    h(
      'main',
      { id: 'main', class: 'error-page' },
      h(
        'div',
        { class: 'error-box', role: 'alert', 'data-error': error.code },
        h('h1', null, label('errorTitle', lang)),
        h('p', { class: 'error-summary' }, summary),
        h('p', { class: 'error-detail' }, error.detail),
        h(
          'p',
          null,
          h('a', { href: '/', class: 'button' }, label('backToList', lang)),
          ' ',
          token && (error.status === 401 || error.status === 403)
            ? h(
                'button',
                { type: 'button', onClick: () => onToken(undefined) },
                label('forget', lang),
              )
            : h(
                'button',
                { type: 'button', onClick: () => location.reload() },
                label('retry', lang),
              ),
        ),
      ),
    ),
  );
}
