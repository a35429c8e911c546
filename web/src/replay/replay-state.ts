import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type Annotation, type AuditView, type RngView } from '../api/client';
import { notesOf } from './annotate';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords } from '../ruleset-words';
import { Phraser } from '@domain/naming/phraser';
import { ReplayEngine, type ClientTable, type ViewEvent } from './replay-engine';
import type { ReplayData, ReplaySource } from './replay-source';
import { indexNames } from '@domain/naming/name-index';
import { indexTimeline, jumpTarget, type Jump, type Note, type TimelineIndex } from './timeline';

export interface Loaded extends ReplayData {
  engine: ReplayEngine;
  index: TimelineIndex;
  phraser: Phraser;
}

export type LoadState =
  | { status: 'loading'; progress: number }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: Loaded };

/** Anchors fetched ahead for a viewer who cannot fold hidden events: a bound on the requests. */
const MAX_PREFETCH = 500;

/** `#seq=N` (and nothing else) in the address: a judge sends the link to the exact moment. */
function seqFromHash(): string | undefined {
  return new URLSearchParams(location.hash.slice(1)).get('seq') ?? undefined;
}

export type Notice = {
  key: 'seqBeyond' | 'seqInvalid' | 'horizonNote';
  params: Record<string, string | number>;
};

export interface DiceCounts {
  serverRolls: number;
  shuffles: number;
  reported: number;
  confirmed: number;
}

/** What the log holds to check: server rolls and shuffles, and physical rolls reported by seats. */
export function diceCounts(events: readonly ViewEvent[]): DiceCounts {
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

/**
 * The state of `/replay/:matchId` and `/replay/file` (its view is `replay-page.tsx`): the match
 * loaded from its source, the seq shown and the ways to move to another (keys, the address),
 * the tables the viewer cannot fold fetched from the server, and the notes.
 */
export function useReplay(source: ReplaySource) {
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

  const shown = table ? { seq, table } : lastShown.current;
  return { load, data, seq, setSeq, last, jump, notices, audit, rng, notes, shown, showNotes };
}
