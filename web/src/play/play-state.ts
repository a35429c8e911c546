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
  type Annotation,
  type LegalDecisions,
  type MatchSummary,
  type RecordedResult,
  type RulesetDetail,
  type StateView,
  type ViewerContext,
} from '../api/client';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';
import type { ZonePicking } from '../board-kit/board-ctx';
import { notesOf } from '../replay/annotate';
import { Phraser } from '@domain/naming/phraser';
import { fromTableView, type ViewEvent } from '../replay/replay-engine';
import { indexNames } from '@domain/naming/name-index';
import { indexTimeline } from '../replay/timeline';
import { asApiError } from './decision-form';
import { keepReceipt } from './keepsakes';
import { followMatch } from './live';
import { zonesOnMap } from './pickers';
import { openRequests, useTableActions } from './table-requests-state';

export interface Loaded {
  match: MatchSummary;
  viewer: ViewerContext;
  events: ViewEvent[];
  layout: BoardLayout;
  ruleset?: RulesetDetail;
  words: RulesetWords;
  state: StateView;
  legal?: LegalDecisions;
}

export type Notice = { key: 'staleReloaded'; params: Record<string, string | number> };

/**
 * The state of `/play/:matchId` (its view is `play-page.tsx`): the match as loaded and followed
 * live, the decision chosen and the zone a form is picking, the seat's writes beside its
 * decisions, and what the log holds for the seat.
 */
export function usePlayTable(matchId: string, lang: Lang, token: string | undefined) {
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

  const actions = useTableActions(matchId, data?.events.length ?? 0, onRecorded, onStale);

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

  return {
    data,
    error,
    notice,
    connected,
    chosen,
    setChosen,
    picking,
    setPicking,
    selectedSeq,
    setSelectedSeq,
    loadNotes,
    onStale,
    onRecorded,
    actions,
    view,
    notes,
    open,
    localCheck,
  };
}
