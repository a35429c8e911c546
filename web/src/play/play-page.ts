import { h, type JSX } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { localCheckOf } from './local-check';
import type { BoardLayout, Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  getAllEvents,
  getAnnotations,
  getHeadState,
  getLayout,
  getLegalDecisions,
  getMatch,
  getRuleset,
  getViewer,
  matchPath,
  postJson,
  type Annotation,
  type LegalDecisions,
  type MatchSummary,
  type RecordedResult,
  type RulesetDetail,
  type StateView,
  type ViewerContext,
} from '../api/client';
import { isLabel, label } from '../i18n';
import { playLabel } from './play-labels';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';
import type { ZonePicking } from '../board-kit/board-ctx';
import { Board } from '../replay/board';
import { EventLog } from '../replay/event-log';
import { AnnotateBar, notesOf } from '../replay/annotate';
import { Phraser } from '@domain/naming/phraser';
import { fromTableView, type ViewEvent } from '../replay/replay-engine';
import { indexNames } from '@domain/naming/name-index';
import { indexTimeline } from '../replay/timeline';
import { asApiError, DecisionForm, ProblemNote, type DecisionKind } from './decision-form';
import { keepReceipt } from './keepsakes';
import { followMatch } from './live';
import type { SchemaIndex } from './params-schema';
import { zonesOnMap } from './pickers';
import {
  openRequests,
  sealsDue,
  TableRequests,
  useTableActions,
  RulingNotice,
  WaitingForYou,
  waitingSummary,
} from './table-requests';

export interface PlayPageProps {
  matchId: string;
  lang: Lang;
  token: string | undefined;
  header(badges?: JSX.Element): JSX.Element;
}

interface Loaded {
  match: MatchSummary;
  viewer: ViewerContext;
  events: ViewEvent[];
  layout: BoardLayout;
  ruleset?: RulesetDetail;
  words: RulesetWords;
  state: StateView;
  legal?: LegalDecisions;
}

type Notice = { key: 'staleReloaded'; params: Record<string, string | number> };

/**
 * `/play/:matchId`: the table as the seat's link shows it. The board from the seat's view,
 * whose turn it is, the decisions the seat can make now (each a form generated from its
 * schema), its sealed choices, undo requests, disputes and the other seats' reported dice to
 * confirm, and the receipts of everything it recorded. It follows the match live; a page
 * behind the match reloads rather than record against an old table.
 */
export function PlayPage({ matchId, lang, token, header }: PlayPageProps): JSX.Element {
  const [data, setData] = useState<Loaded | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [connected, setConnected] = useState(true);
  const [chosen, setChosen] = useState<string | undefined>();
  // A form's zone field waiting for the player to pick the zone on the board.
  const [picking, setPicking] = useState<ZonePicking | undefined>();
  useEffect(() => setPicking(undefined), [chosen]);
  const [selectedSeq, setSelectedSeq] = useState<number | undefined>();
  const events = useRef<ViewEvent[]>([]);
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const loadNotes = useCallback(
    () =>
      void getAnnotations(matchId).then(
        (list) => setAnnotations(list),
        () => undefined,
      ),
    [matchId],
  );

  /** The match, the table and what the seat may decide, as they are now. */
  const refresh = useCallback(async (): Promise<void> => {
    const [match, viewer, state] = await Promise.all([
      getMatch(matchId),
      getViewer(matchId),
      getHeadState(matchId),
    ]);
    const legal =
      viewer.viewer.kind === 'seat' && match.status === 'started'
        ? await getLegalDecisions(matchId).catch(() => undefined)
        : undefined;
    setData((old) => (old ? { ...old, match, viewer, state, legal, events: events.current } : old));
  }, [matchId]);

  // First load: everything the board and the log need.
  useEffect(() => {
    let live = true;
    (async () => {
      const [match, viewer] = await Promise.all([getMatch(matchId), getViewer(matchId)]);
      const [all, layout, ruleset, words, state] = await Promise.all([
        getAllEvents(matchId),
        getLayout(matchId).then(
          (l) => l.layout,
          () => ({ kind: 'areas' }) as BoardLayout,
        ),
        getRuleset(match.ruleset.id).catch(() => undefined),
        loadRulesetWords(match.ruleset.id),
        getHeadState(matchId),
      ]);
      const legal =
        viewer.viewer.kind === 'seat' && match.status === 'started'
          ? await getLegalDecisions(matchId).catch(() => undefined)
          : undefined;
      if (!live) return;
      events.current = all;
      setData({ match, viewer, events: all, layout, ruleset, words, state, legal });
      loadNotes();
    })().catch((e: unknown) => live && setError(asApiError(e)));
    return () => {
      live = false;
    };
  }, [matchId, loadNotes]);

  // Live: the match's stream from the last event loaded; each batch refreshes the table.
  const loaded = data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = followMatch(
      matchId,
      token,
      events.current.length - 1,
      (batch) => {
        const known = events.current.length;
        const fresh = batch.filter((e) => e.seq >= known);
        if (fresh.length === 0) return;
        events.current = [...events.current, ...fresh];
        clearTimeout(timer);
        timer = setTimeout(() => {
          void refresh().catch((e: unknown) => setError(asApiError(e)));
          loadNotes(); // the other seats' notes, which live beside the match's stream
        }, 80);
      },
      setConnected,
    );
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [loaded, matchId, token, refresh, loadNotes]);

  const onStale = useCallback(
    (problem: ApiError) => {
      const actual = (problem.problem as { actualSeq?: unknown } | undefined)?.actualSeq;
      setNotice({
        key: 'staleReloaded',
        params: { seq: typeof actual === 'number' ? actual : '?' },
      });
      void refresh().catch((e: unknown) => setError(asApiError(e)));
    },
    [refresh],
  );

  const onRecorded = useCallback(
    (result: RecordedResult) => {
      keepReceipt(matchId, result.receipt);
      setNotice(undefined);
      setChosen(undefined);
      void refresh().catch((e: unknown) => setError(asApiError(e)));
    },
    [matchId, refresh],
  );

  const actions = useTableActions(matchId, lang, data?.events.length ?? 0, onRecorded, onStale);

  const view = useMemo(() => {
    if (!data) return undefined;
    const names = indexNames(data.events, data.words);
    const seatNames = new SeatNames(data.match.seats, data.words, names.claims, names.sides);
    // The match's judges by name (a ruling says who ruled), as the replay names them.
    seatNames.addPeopleOf(data.viewer);
    const phraser = new Phraser(names, seatNames, data.words, data.ruleset);
    return {
      phraser,
      index: indexTimeline(data.events),
      ct: fromTableView(data.state.table, data.viewer.seesEverything),
      onMap: zonesOnMap(data.layout),
    };
  }, [data]);
  const notes = useMemo(
    () => (view ? notesOf(annotations, view.phraser) : undefined),
    [annotations, view],
  );
  // What waits for the seat in the log, read once per change of the log (not per keystroke).
  const viewerSeat = data?.viewer.viewer.kind === 'seat' ? data.viewer.viewer.seat : undefined;
  const open = useMemo(
    () => (data && viewerSeat ? openRequests(data.events, viewerSeat) : undefined),
    [data?.events, viewerSeat],
  );
  // A sealed choice is checked in this browser, on the match as this page folds it.
  const localCheck = useMemo(() => {
    const viewer = data?.viewer.viewer;
    return data && viewer?.kind === 'seat' && viewer.seat
      ? localCheckOf(matchId, data.match.ruleset.id, data.events, viewer.seat, lang)
      : undefined;
  }, [data, lang]);

  if (error)
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
          h('h1', null, playLabel('playErrorTitle', lang)),
          error.status === 401 || error.status === 403
            ? h(
                'p',
                { class: 'error-summary', 'data-notice': 'private' },
                playLabel('privateNoSeat', lang),
              )
            : null,
          h('p', { class: 'error-detail' }, error.detail),
          h('p', null, h('a', { href: '/', class: 'button' }, label('backToList', lang))),
        ),
      ),
    );
  if (!data || !view)
    return h(
      'div',
      { class: 'page' },
      header(),
      h(
        'main',
        { id: 'main', class: 'loading', 'aria-busy': 'true' },
        h('p', null, label('loading', lang)),
      ),
    );

  const { match, viewer, state, legal, ruleset, words } = data;
  const seat = viewer.viewer.kind === 'seat' ? viewer.viewer.seat : undefined;
  const seats = match.seats.map((s) => s.seat);
  const ended = match.status === 'finished' || match.status === 'abandoned';
  const seq = match.seq;
  const kinds = new Map((ruleset?.decisions ?? []).map((d) => [d.kind, d as DecisionKind]));
  const offered = (legal?.kinds ?? []).filter((k) => kinds.has(k.kind));
  const adjustments = offered.filter((k) => k.adjustment);
  const kindButton = (k: (typeof offered)[number]): JSX.Element =>
    h(
      'button',
      {
        key: k.kind,
        type: 'button',
        class: 'kind-button',
        'data-kind': k.kind,
        'aria-pressed': chosen === k.kind,
        onClick: () => {
          actions.clear();
          setChosen(chosen === k.kind ? undefined : k.kind);
        },
      },
      k.summary[lang] || k.kind,
    );
  const chosenSpec = chosen ? kinds.get(chosen) : undefined;
  const picker = { table: view.ct.table, phraser: view.phraser, lang, seat, onMap: view.onMap };
  const schemas = (ruleset?.schemas ?? {}) as SchemaIndex;
  const diceSource =
    typeof match.options?.diceSource === 'string' ? match.options.diceSource : undefined;
  const offeredKinds = new Set(offered.map((k) => k.kind));
  const waiting =
    seat && open && !ended
      ? waitingSummary(open, sealsDue(matchId, seat, open.closedSeals, offeredKinds).length, lang)
      : undefined;
  const yourTurn =
    seat !== undefined && !ended && state.table.turn.active.includes(seat) && offered.length > 0;
  const badge = h(
    'span',
    { class: 'badges' },
    h(
      'span',
      { class: `badge viewer viewer-${viewer.viewer.kind}`, 'data-viewer': viewer.viewer.kind },
      seat
        ? label('seatView', lang, { name: view.phraser.seats.full(seat, lang) })
        : playLabel('readOnlyBadge', lang),
    ),
    // What the seat must answer now, said in the header too (a phone shows the header first).
    waiting || yourTurn
      ? h(
          'span',
          { class: 'badge waits', 'data-waits': waiting ? 'answer' : 'turn' },
          waiting ?? playLabel('yourTurn', lang),
        )
      : null,
  );

  return h(
    'div',
    { class: 'page play-page' },
    header(badge),
    h(
      'main',
      { id: 'main' },
      h(
        'div',
        { class: 'replay-title' },
        h(
          'a',
          { href: `/replay/${encodeURIComponent(matchId)}`, class: 'back' },
          playLabel('openReplay', lang),
        ),
        h('h1', null, match.title || label('untitledMatch', lang)),
        h(
          'span',
          { class: `status status-${match.status}` },
          label(isLabel(match.status) ? match.status : 'unknownStatus', lang),
        ),
      ),
      seat
        ? null
        : h(
            'p',
            { class: 'notice warn', role: 'status', 'data-notice': 'read-only' },
            playLabel(
              viewer.token === 'other-match' ? 'readOnlyOtherMatch' : 'readOnlyNoSeat',
              lang,
            ),
          ),
      notice
        ? h(
            'p',
            { class: 'notice warn', role: 'alert', 'data-notice': notice.key },
            playLabel(notice.key, lang, notice.params),
          )
        : null,
      connected
        ? null
        : h(
            'p',
            { class: 'notice', role: 'status', 'data-notice': 'offline' },
            playLabel('liveLost', lang),
          ),
      h(TurnBanner, {
        lang,
        state,
        seat,
        ended,
        phraser: view.phraser,
        canAct: offered.length > 0,
      }),
      seat && open?.ruling
        ? h(RulingNotice, { lang, matchId, ruling: open.ruling, phraser: view.phraser })
        : null,
      seat && open && !ended
        ? h(WaitingForYou, {
            lang,
            matchId,
            seat,
            open,
            phraser: view.phraser,
            offeredKinds,
            actions,
            onSelectSeq: setSelectedSeq,
          })
        : null,
      h(
        'div',
        { class: 'play-body' },
        h(
          'div',
          { class: 'play-actions' },
          seat && match.status === 'created'
            ? h(SeatStart, { lang, match, seat, phraser: view.phraser, onRecorded })
            : null,
          seat && match.status === 'started'
            ? h(
                'section',
                { class: 'panel decisions', 'aria-labelledby': 'decisions-title' },
                h('h2', { id: 'decisions-title' }, playLabel('yourDecisions', lang)),
                offered.length === 0
                  ? h(
                      'p',
                      { class: 'muted' },
                      open?.paused !== undefined
                        ? playLabel('pausedShort', lang)
                        : (legal?.reason ?? playLabel('nothingToDecide', lang)),
                    )
                  : [
                      h(
                        'div',
                        {
                          class: 'kind-list',
                          role: 'group',
                          'aria-label': playLabel('yourDecisions', lang),
                        },
                        offered.filter((k) => !k.adjustment).map(kindButton),
                      ),
                      // Corrections of the table (a card text no catalogue knows) stay folded
                      // below the game's own decisions, open while one of them is chosen.
                      adjustments.length > 0
                        ? h(
                            'details',
                            {
                              class: 'kind-adjustments',
                              open: adjustments.some((k) => k.kind === chosen),
                            },
                            h(
                              'summary',
                              null,
                              playLabel('adjustments', lang, { n: adjustments.length }),
                            ),
                            h(
                              'div',
                              {
                                class: 'kind-list',
                                role: 'group',
                                'aria-label': playLabel('adjustmentsGroup', lang),
                              },
                              adjustments.map(kindButton),
                            ),
                          )
                        : null,
                    ],
                chosenSpec
                  ? h(DecisionForm, {
                      key: `${chosenSpec.kind}`,
                      lang,
                      matchId,
                      seat: seat,
                      seq,
                      spec: chosenSpec,
                      schemas,
                      picker,
                      words,
                      ruleChoices:
                        legal?.kinds.find((k) => k.kind === chosenSpec.kind)?.choices === true,
                      diceSource,
                      localCheck,
                      onRecorded,
                      onStale,
                      onCancel: () => setChosen(undefined),
                      picking,
                      onPicking: setPicking,
                    })
                  : null,
              )
            : null,
          seat
            ? h(TableRequests, {
                lang,
                matchId,
                seat,
                seq,
                ended,
                events: data.events,
                phraser: view.phraser,
                offeredKinds,
                sealable: [...kinds.values()].some((k) => k.sealing !== undefined),
                selectedSeq,
                actions,
              })
            : null,
        ),
        h(
          'div',
          { class: 'play-table' },
          h(Board, {
            lang,
            seq: state.seq,
            pending: false,
            ct: view.ct,
            layout: data.layout,
            viewer,
            seats,
            phraser: view.phraser,
            ended,
            events: data.events,
            picking,
          }),
          h(EventLog, {
            lang,
            seq: selectedSeq ?? data.events.length - 1,
            events: data.events,
            index: view.index,
            notes: notes?.bySeq ?? new Map(),
            phraser: view.phraser,
            onSelect: (s: number) => setSelectedSeq(s),
          }),
          seat
            ? h(AnnotateBar, {
                lang,
                matchId,
                seq: selectedSeq ?? data.events.length - 1,
                onAdded: loadNotes,
                onAction: actions.clear,
              })
            : null,
        ),
      ),
    ),
  );
}

/** Whose turn it is, in words: the seat's own turn stands out. */
function TurnBanner({
  lang,
  state,
  seat,
  ended,
  phraser,
  canAct,
}: {
  lang: Lang;
  state: StateView;
  seat: string | undefined;
  ended: boolean;
  phraser: Phraser;
  canAct: boolean;
}): JSX.Element | null {
  if (state.status === 'created') return null;
  if (ended)
    return h(
      'p',
      { class: 'turn-banner ended', role: 'status', 'data-turn': 'ended' },
      playLabel('matchEnded', lang),
    );
  const active = state.table.turn.active;
  const mine = seat !== undefined && active.includes(seat);
  const others = active.filter((s) => s !== seat).map((s) => phraser.seats.full(s, lang));
  // The seat's turn with nothing to decide (its choice sealed, the others' awaited) is theirs.
  const text =
    mine && canAct
      ? playLabel('yourTurn', lang)
      : others.length > 0
        ? playLabel('waitingFor', lang, { names: others.join(', ') })
        : canAct
          ? playLabel('anyoneActs', lang)
          : playLabel('waitingForOthers', lang);
  return h(
    'p',
    {
      class: `turn-banner${mine && canAct ? ' mine' : ''}`,
      role: 'status',
      'aria-live': 'polite',
      'data-turn': mine && canAct ? 'mine' : 'other',
    },
    text,
  );
}

/** Before the start: the seat claims its place (its player's name, its dice entropy), then anyone starts. */
function SeatStart({
  lang,
  match,
  seat,
  phraser,
  onRecorded,
}: {
  lang: Lang;
  match: MatchSummary;
  seat: string;
  phraser: Phraser;
  onRecorded(result: RecordedResult): void;
}): JSX.Element {
  const [name, setName] = useState('');
  const [entropy, setEntropy] = useState('');
  const [problem, setProblem] = useState<ApiError | undefined>();
  const mine = match.seats.find((s) => s.seat === seat);
  const waiting = match.seats
    .filter((s) => !s.claimed)
    .map((s) => phraser.seats.full(s.seat, lang));
  const send = (path: string, body: unknown): void => {
    setProblem(undefined);
    postJson<RecordedResult>(matchPath(match.matchId, path), body).then(onRecorded, (e: unknown) =>
      setProblem(asApiError(e)),
    );
  };
  return h(
    'section',
    { class: 'panel seat-start', 'aria-labelledby': 'start-title' },
    h('h2', { id: 'start-title' }, playLabel('beforeStart', lang)),
    mine?.claimed
      ? h('p', null, playLabel('seatClaimedAs', lang, { name: phraser.seats.full(seat, lang) }))
      : h(
          'form',
          {
            class: 'claim-form',
            onSubmit: (e: Event) => {
              e.preventDefault();
              send(`seats/${encodeURIComponent(seat)}/claim`, {
                name: name.trim(),
                ...(entropy.trim() ? { entropy: entropy.trim() } : {}),
              });
            },
          },
          h(
            'div',
            { class: 'field' },
            h('label', { for: 'claim-name' }, `${playLabel('yourName', lang)} *`),
            h('input', {
              id: 'claim-name',
              type: 'text',
              maxLength: 100,
              required: true,
              autoComplete: 'name',
              value: name,
              onInput: (e: Event) => setName((e.target as HTMLInputElement).value),
            }),
          ),
          h(
            'div',
            { class: 'field' },
            h('label', { for: 'claim-entropy' }, playLabel('diceEntropy', lang)),
            h('input', {
              id: 'claim-entropy',
              type: 'text',
              maxLength: 128,
              'aria-describedby': 'claim-entropy-help',
              value: entropy,
              onInput: (e: Event) => setEntropy((e.target as HTMLInputElement).value),
            }),
            h(
              'p',
              { id: 'claim-entropy-help', class: 'muted small' },
              playLabel('diceEntropyHelp', lang),
            ),
          ),
          h(
            'button',
            { type: 'submit', class: 'primary', disabled: !name.trim() },
            playLabel('claimSeat', lang),
          ),
        ),
    waiting.length > 0
      ? h(
          'p',
          { class: 'muted' },
          playLabel('waitingForClaims', lang, { names: waiting.join(', ') }),
        )
      : h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'start',
            onClick: () => send('start', {}),
          },
          playLabel('startMatch', lang),
        ),
    problem ? h(ProblemNote, { error: problem, lang }) : null,
  );
}
