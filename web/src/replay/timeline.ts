import { ROLL_EVENT_TYPES } from '@domain/rulesets/roll-events';
import { own } from '@domain/shared/id-record';
import type { Lang } from '@domain/rulesets/ruleset';
import type { LocalizedText } from '@domain/shared/localized-text';
import type { Piece } from '@domain/table/table';
import type { ViewEvent } from './replay-engine';

/**
 * How the log and the timeline read events: a category per event type, the markers drawn
 * on the timeline, and which events a later undo or ruling voided. Event types that do not
 * exist yet (disputes, rulings, annotations, undo: the judges' issue) are recognised by
 * name, so they slot in without changing the viewer.
 */
export type EventCategory =
  | 'lifecycle'
  | 'decision'
  | 'roll'
  | 'effect'
  | 'dispute'
  | 'ruling'
  | 'annotation'
  | 'undo'
  | 'other';

const BY_TYPE: Record<string, EventCategory> = {
  MatchCreated: 'lifecycle',
  SeatClaimed: 'lifecycle',
  MatchStarted: 'lifecycle',
  MatchFinished: 'lifecycle',
  MatchAbandoned: 'lifecycle',
  RngRevealed: 'lifecycle',
  DecisionMade: 'decision',
  DecisionSealed: 'decision',
  SealRevealed: 'effect',
  MatchPaused: 'dispute',
  MatchResumed: 'dispute',
  SeatLinkReissued: 'lifecycle',
  DisputeCommented: 'dispute',
  TimelineRewound: 'undo',
};

const BY_NAME: [RegExp, EventCategory][] = [
  [/Dispute/, 'dispute'],
  [/Ruling/, 'ruling'],
  [/Annotat|Comment|Note/, 'annotation'],
  [/Undo|Rewound|Rewind/, 'undo'],
];

export function categoryOf(type: string): EventCategory {
  if (ROLL_EVENT_TYPES.has(type)) return 'roll';
  const known = own(BY_TYPE, type);
  if (known) return known;
  for (const [pattern, category] of BY_NAME) if (pattern.test(type)) return category;
  return 'effect';
}

/** What a rewind takes back: the game's own events, never the judging or the match's lifecycle. */
const VOIDABLE: ReadonlySet<EventCategory> = new Set(['decision', 'roll', 'effect', 'other']);

/** Categories drawn as markers on the timeline and reachable with the marker keys. */
export const MARKER_CATEGORIES: ReadonlySet<EventCategory> = new Set([
  'dispute',
  'ruling',
  'annotation',
  'undo',
]);

export interface Marker {
  /** The event that made the marker. */
  seq: number;
  /** The moment it is about (a dispute at event N, an annotation of move N); else its own seq. */
  at: number;
  category: EventCategory;
}

export interface Voiding {
  /** The undo or ruling event that voided this one. */
  by: number;
  cause?: 'undo' | 'ruling';
}

/** A note on an event (annotations live beside the match stream). */
export interface Note {
  seq: number;
  text: string;
  /** Who wrote it, as a reader names them. */
  author(lang: Lang): string;
  /** Its marks: '!!', '?!', 'blunder', 'rules-question'… */
  tags: string[];
}

/** Where a round or a phase starts: a header in the log, a mark on the timeline. */
export interface Section {
  kind: 'round' | 'phase';
  /** The round that starts (RoundStarted's number), for its mark on the timeline. */
  round?: number;
}

export interface TimelineIndex {
  categories: EventCategory[];
  decisions: number[];
  rolls: number[];
  markers: Marker[];
  /** The moments markers point at, sorted, once each (for the marker keys). */
  markerSeqs: number[];
  /** seq → what voided it (events between a rewind's target and the rewind). */
  voided: Map<number, Voiding>;
  /** seq → the round or phase that starts there. */
  sections: Map<number, Section>;
  /** The end of the match, once it is in the log. */
  finished?: { seq: number; winners: string[]; condition: string };
}

type CauseLike = { kind?: unknown } | string | undefined;

function causeOf(cause: CauseLike): Voiding['cause'] {
  const kind = typeof cause === 'string' ? cause : cause?.kind;
  return kind === 'ruling' ? 'ruling' : kind === 'undo' ? 'undo' : undefined;
}

/**
 * Categories, markers and voided events of the log. The server marks voided events
 * (`voidedBy`, with line=all); a TimelineRewound's `voided` range (or its `toSeq`) is the
 * fallback. Disputes are marked at the event they dispute, rulings at their dispute's.
 */
export function indexTimeline(
  events: readonly ViewEvent[],
  notes: readonly Note[] = [],
): TimelineIndex {
  const categories: EventCategory[] = [];
  const decisions: number[] = [];
  const rolls: number[] = [];
  const markers: Marker[] = [];
  const voided = new Map<number, Voiding>();
  const sections = new Map<number, Section>();
  let finished: TimelineIndex['finished'];
  const disputedAt = new Map<string, number>();
  // The server marks what a rewind voided (line=all); a log without marks (a match file) falls
  // back to the rewind's range, but never voids the judging itself: the dispute, the pause, the
  // comments and the ruling stand.
  const serverMarks = events.some((e) => 'voidedBy' in e);
  const isSeq = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    let category = categoryOf(event.type);
    if (event.type === 'TimelineRewound' && causeOf(data.cause as CauseLike) === 'ruling')
      category = 'ruling';
    categories.push(category);
    if (event.type === 'MatchFinished' && finished === undefined)
      finished = {
        seq: event.seq,
        winners: Array.isArray(data.winners)
          ? data.winners.filter((w) => typeof w === 'string')
          : [],
        condition: typeof data.condition === 'string' ? data.condition : '',
      };
    if (event.type === 'RoundStarted')
      sections.set(event.seq, {
        kind: 'round',
        ...(typeof data.round === 'number' ? { round: data.round } : {}),
      });
    else if (event.type === 'PhaseStarted') sections.set(event.seq, { kind: 'phase' });
    if (category === 'decision') decisions.push(event.seq);
    else if (category === 'roll') rolls.push(event.seq);
    if (event.type === 'DisputeOpened' && typeof data.disputeId === 'string' && isSeq(data.atSeq))
      disputedAt.set(data.disputeId, data.atSeq);
    if (MARKER_CATEGORIES.has(category)) {
      const dispute =
        typeof data.disputeId === 'string' ? disputedAt.get(data.disputeId) : undefined;
      const at = event.type === 'TimelineRewound' ? undefined : [data.atSeq, dispute].find(isSeq);
      markers.push({ seq: event.seq, at: at ?? event.seq, category });
    }
    const mark = (event as { voidedBy?: { seq?: unknown; cause?: CauseLike } }).voidedBy;
    if (mark && isSeq(mark.seq)) {
      const cause = causeOf(mark.cause);
      voided.set(event.seq, { by: mark.seq, ...(cause ? { cause } : {}) });
    }
    if (event.type === 'TimelineRewound' && !serverMarks) {
      const range = data.voided as { from?: unknown; to?: unknown } | undefined;
      const from = isSeq(range?.from) ? range.from : isSeq(data.toSeq) ? data.toSeq + 1 : undefined;
      const to = isSeq(range?.to) ? range.to : event.seq - 1;
      const cause = causeOf(data.cause as CauseLike);
      if (from !== undefined)
        for (let s = from; s <= to && s < event.seq; s += 1)
          if (!voided.has(s) && VOIDABLE.has(categories[s]))
            voided.set(s, { by: event.seq, ...(cause ? { cause } : {}) });
    }
  }
  for (const note of notes) markers.push({ seq: note.seq, at: note.seq, category: 'annotation' });
  const markerSeqs = [...new Set(markers.map((m) => m.at))].sort((a, b) => a - b);
  return { categories, decisions, rolls, markers, markerSeqs, voided, sections, finished };
}

/** The nearest seq in a sorted list strictly after (dir 1) or before (dir -1) `seq`. */
export function nearest(sorted: readonly number[], seq: number, dir: 1 | -1): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= seq) lo = mid + 1;
    else hi = mid;
  }
  // lo: first index with value > seq
  if (dir === 1) return sorted[lo];
  let i = lo - 1;
  while (i >= 0 && sorted[i] >= seq) i -= 1;
  return i >= 0 ? sorted[i] : undefined;
}

/** Where a step, a key or a button leads from `seq`: a seq, or undefined when there is none that way. */
export type Jump =
  | 'first'
  | 'last'
  | 'prev'
  | 'next'
  | 'prevDecision'
  | 'nextDecision'
  | 'prevRoll'
  | 'nextRoll'
  | 'prevMarker'
  | 'nextMarker'
  | number;

export function jumpTarget(
  index: TimelineIndex,
  seq: number,
  last: number,
  to: Jump,
): number | undefined {
  const clamp = (n: number | undefined): number | undefined =>
    n === undefined ? undefined : Math.max(0, Math.min(last, n));
  switch (to) {
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'prev':
      return seq > 0 ? seq - 1 : undefined;
    case 'next':
      return seq < last ? seq + 1 : undefined;
    case 'prevDecision':
      return nearest(index.decisions, seq, -1);
    case 'nextDecision':
      return nearest(index.decisions, seq, 1);
    case 'prevRoll':
      return nearest(index.rolls, seq, -1);
    case 'nextRoll':
      return nearest(index.rolls, seq, 1);
    case 'prevMarker':
      return clamp(nearest(index.markerSeqs, seq, -1));
    case 'nextMarker':
      return clamp(nearest(index.markerSeqs, seq, 1));
    default:
      return clamp(to);
  }
}

/** What an event changed on the board: highlighted at its seq. */
export interface Touched {
  pieces: Set<string>;
  zones: Set<string>;
  fleets: Set<string>;
  tracks: Set<string>;
  owners: Set<string>;
  roll: boolean;
  turn: boolean;
}

export function touchedBy(
  event: ViewEvent | undefined,
  pieceOwner: (id: string) => string | undefined,
): Touched {
  const touched: Touched = {
    pieces: new Set(),
    zones: new Set(),
    fleets: new Set(),
    tracks: new Set(),
    owners: new Set(),
    roll: false,
    turn: false,
  };
  if (!event) return touched;
  const data = (event.data ?? {}) as Record<string, unknown>;
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  for (const id of [...strings(data.pieces), ...strings(data.add), ...strings(data.remove)])
    touched.pieces.add(id);
  if (typeof data.piece === 'string') touched.pieces.add(data.piece);
  if (event.type === 'PiecesCreated' && Array.isArray(data.pieces)) {
    // Setup pieces in hidden zones are the secret (where this reader sees it), else counts.
    const secret = data.secret as { pieces?: unknown } | null | undefined;
    const hidden = Array.isArray(secret?.pieces) ? secret.pieces : [];
    for (const spec of [...data.pieces, ...hidden] as { id?: unknown; zone?: unknown }[]) {
      if (typeof spec?.id === 'string') touched.pieces.add(spec.id);
      if (typeof spec?.zone === 'string') touched.zones.add(spec.zone);
    }
    if (Array.isArray(data.hidden))
      for (const spec of data.hidden as { zone?: unknown }[])
        if (typeof spec?.zone === 'string') touched.zones.add(spec.zone);
  }
  if (event.type === 'ZonesCreated' && Array.isArray(data.zones))
    for (const spec of data.zones as { id?: unknown }[])
      if (typeof spec?.id === 'string') touched.zones.add(spec.id);
  for (const key of ['to', 'deck'] as const)
    if (typeof data[key] === 'string') touched.zones.add(data[key] as string);
  if (typeof data.fleet === 'string') touched.fleets.add(data.fleet);
  if (typeof data.track === 'string') touched.tracks.add(data.track);
  if (event.type === 'PiecesDestroyed' || event.type === 'PiecesRestored')
    for (const id of touched.pieces) touched.owners.add(pieceOwner(id) ?? 'none');
  if (ROLL_EVENT_TYPES.has(event.type)) touched.roll = true;
  if (event.type === 'PhaseStarted' || event.type === 'RoundStarted') touched.turn = true;
  return touched;
}

/** A piece's own name recorded in its attributes (a leader's, a revealed card's). */
export function attrLocalized(piece: Pick<Piece, 'attrs'>): LocalizedText | undefined {
  const name = piece.attrs.name;
  if (typeof name === 'string') return { en: name, ru: name };
  if (name && typeof name === 'object' && typeof (name as { en?: unknown }).en === 'string')
    return name as LocalizedText;
  return undefined;
}
