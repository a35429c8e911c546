import type { RecordedEvent } from '../events/recorded-event';
import { markCardRoll } from '../rulesets/roll-events';
import type { Ruleset } from '../rulesets/ruleset';
import { evolveTable } from '../table/evolve-table';
import { isTable } from '../table/table';
import {
  TABLE_EVENT_TYPES,
  type DeckShuffledData,
  type PiecesCreatedData,
} from '../table/table-events';
import { shufflePurpose } from '../dice';
import { deleteOwn, own, setOwn } from '../shared/id-record';
import type { DecisionMadeData, MatchEventMap, TimelineRewoundData } from './match-events';
import {
  DEFAULT_IDEMPOTENCY_KEY_HOURS,
  initialMatchState,
  MAX_SPECTATOR_DELAY,
  type MatchState,
  type VoidedRange,
} from './match-state';

/**
 * Applies one recorded event to the match state, in place (see evolveTable for why),
 * and never throws: every event once stored must replay forever. The appliers are written
 * to skip what they cannot apply; should one still throw on a hostile or old log, the rest
 * of that event is skipped, the same way on every replay, and the match stays readable.
 */
export function evolveMatch<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  event: RecordedEvent,
): void {
  try {
    applyMatchEvent(ruleset, state, event);
  } catch {
    // Skipped (see above); the position still moves on, so the chain and the seqs stay right.
    state.lastSeq = event.seq;
    state.headHash = event.meta?.hash ?? state.headHash;
  }
}

/**
 * Applies one event like evolveMatch, but lets a throw through: the check that an event
 * can be applied before it is appended (MatchRepository), and the domain's own tests.
 * Lifecycle events change the match, generic events the table, and every event is
 * offered to the ruleset's own slice.
 */
export function applyMatchEvent<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  event: RecordedEvent,
): void {
  const data = (isObject(event.data) ? event.data : {}) as Record<string, unknown>;
  const apply = own(lifecycle, event.type) as
    ((s: MatchState, d: unknown, e: RecordedEvent) => void) | undefined;
  if (apply) apply(state as MatchState, data, event);
  if (TABLE_EVENT_TYPES.has(event.type)) {
    evolveTable(state.table, event.type, data, event.seq);
    if (event.type === 'PiecesCreated') {
      const { pieces, secret } = data as unknown as PiecesCreatedData;
      if (Array.isArray(pieces)) state.pieceCounter += pieces.length;
      if (Array.isArray(secret?.pieces)) {
        state.pieceCounter += secret.pieces.length;
        state.hiddenSetup = true;
      }
    }
    if (event.type === 'DeckShuffled')
      countDraw(state, shufflePurpose((data as unknown as DeckShuffledData).deck));
  }
  markCardRoll(state.table, event.type, data, event.seq);
  state.rs = ruleset.evolve(state.rs, event);
  trackDecisions(state, event);
  state.lastSeq = event.seq;
  state.headHash = event.meta.hash;
}

/**
 * The decision bookkeeping a match needs, kept bounded so that state (and its snapshots)
 * stays the size of the table, however long the match: the last decisions' seqs for the
 * spectator delay, and the client-chosen decision ids of the last `idempotencyKeyHours` (by
 * event time) for idempotent retries.
 */
function trackDecisions(state: MatchState, event: RecordedEvent): void {
  const decisionId = event.meta.decisionId;
  if (!decisionId) return;
  if (event.type === 'DecisionMade') {
    state.decisionSeqs.push(event.seq);
    if (state.decisionSeqs.length > MAX_SPECTATOR_DELAY) state.decisionSeqs.shift();
    const clientKey = (event.data as DecisionMadeData).clientKey === true;
    if (!clientKey && state.clientDecisions.length === 0) return;
    const at = Date.parse(event.meta.recordedAt);
    forgetOldKeys(state, at);
    if (clientKey) {
      const by = event.meta.actor.id;
      state.clientDecisions.push({ id: decisionId, by, first: event.seq, last: event.seq, at });
    }
    return;
  }
  const latest = state.clientDecisions[state.clientDecisions.length - 1];
  if (latest?.id === decisionId) latest.last = event.seq;
}

/** Drops the keys recorded more than `idempotencyKeyHours` before `now` (event time). */
function forgetOldKeys(state: MatchState, now: number): void {
  const hours = state.idempotencyKeyHours ?? DEFAULT_IDEMPOTENCY_KEY_HOURS;
  const cutoff = now - hours * 3_600_000;
  let expired = 0;
  // `!(at >= cutoff)`: keys kept before they had a time (snapshots of old) go too.
  while (expired < state.clientDecisions.length && !(state.clientDecisions[expired].at >= cutoff))
    expired += 1;
  if (expired > 0) state.clientDecisions.splice(0, expired);
}

export function foldMatch<RS>(
  ruleset: Ruleset<RS>,
  matchId: string,
  events: Iterable<RecordedEvent>,
): MatchState<RS> {
  const state = initialMatchState(matchId, ruleset.initialState());
  for (const event of events) evolveMatch(ruleset, state, event);
  return state;
}

export function cloneMatchState<RS>(state: MatchState<RS>): MatchState<RS> {
  return structuredClone(state);
}

function countDraw(state: MatchState, purpose: string): void {
  setOwn(state.rollCounters, purpose, (own(state.rollCounters, purpose) ?? 0) + 1);
}

/**
 * The range a TimelineRewound takes back, as the fold records it; undefined when its data
 * names none (evolve never throws). Readers that only need the rewinds use it too.
 */
export function voidedRangeOf(
  data: Partial<TimelineRewoundData>,
  seq: number,
): VoidedRange | undefined {
  if (!isObject(data.voided)) return undefined;
  return { from: data.voided.from, to: data.voided.to, bySeq: seq, cause: data.cause! };
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

function list<T>(items: T[] | undefined): T[] {
  return Array.isArray(items) ? items : [];
}

type Lifecycle = {
  [K in keyof MatchEventMap]: (
    state: MatchState,
    data: MatchEventMap[K],
    event: RecordedEvent,
  ) => void;
};

const lifecycle: Lifecycle = {
  MatchCreated(state, data, event) {
    state.status = 'created';
    state.ruleset = { ...data.ruleset };
    state.title = data.title;
    state.options = { ...data.options };
    state.setup = { ...data.setup };
    const laidOut = list(data.laidOutDecks).filter((deck) => typeof deck === 'string');
    if (laidOut.length > 0) state.laidOutDecks = laidOut;
    state.seats = list(data.seats)
      .filter(isObject)
      .map((seat) => ({ ...seat }));
    state.lateSeats = list(data.lateSeats).filter((seat) => typeof seat === 'string');
    state.organizer = data.organizer;
    state.tournamentId = data.tournamentId;
    state.public = data.public === true;
    state.spectatorDelay = data.spectatorDelay ?? 0;
    if (data.disputeWindowMinutes !== undefined)
      state.disputeWindowMinutes = data.disputeWindowMinutes;
    state.commitment = data.commitment;
    state.dice = data.dice;
    state.idempotencyKeyHours = data.idempotencyKeyHours ?? DEFAULT_IDEMPOTENCY_KEY_HOURS;
    state.createdAt = event.meta.recordedAt;
  },
  SeatClaimed(state, data) {
    const seat = state.seats.find((s) => s.seat === data.seat);
    if (!seat) return;
    seat.player = { ...data.player };
    if (data.entropy !== undefined) seat.entropy = data.entropy;
  },
  MatchStarted(state, data, event) {
    state.status = 'started';
    state.entropy = data.entropy ?? '';
    state.startedAt = event.meta.recordedAt;
    state.startedSeq = event.seq;
  },
  DecisionMade() {
    // Counted by evolveMatch through meta.decisionId.
  },
  DiceRolled(state, data, event) {
    if (data.source === 'server') countDraw(state, data.purpose);
    state.table.lastRoll = {
      seq: event.seq,
      purpose: data.purpose,
      sides: [...list(data.sides)],
      faces: [...list(data.faces)],
      source: data.source,
    };
    if (data.source === 'reported') {
      state.unconfirmedRolls ??= {};
      setOwn(state.unconfirmedRolls, String(event.seq), {
        seq: event.seq,
        reporter: data.reporter ?? data.seat ?? event.meta.actor?.seat ?? '',
        purpose: data.purpose,
        spec: data.spec,
        faces: [...list(data.faces)],
      });
    }
  },
  ReportedRollConfirmed(state, data) {
    if (state.unconfirmedRolls) deleteOwn(state.unconfirmedRolls, String(data.rollSeq));
  },
  MatchFinished(state, data, event) {
    state.status = 'finished';
    state.result = {
      winners: [...list(data.winners)],
      condition: data.condition,
      ruleRef: data.ruleRef,
    };
    state.endedAt = event.meta.recordedAt;
  },
  MatchAbandoned(state, _data, event) {
    state.status = 'abandoned';
    state.endedAt = event.meta.recordedAt;
  },
  MatchCited() {
    // Read by the citing ruleset's own evolve and by the match index (campaign links).
  },
  RngRevealed(state, data) {
    state.revealedSeed = data.seed;
  },
  DecisionSealed(state, data, event) {
    setOwn(state.seals, data.sealId, {
      seat: data.seat,
      kind: data.kind,
      commitment: data.commitment,
      seq: event.seq,
      revealed: false,
    });
  },
  SealRevealed(state, data) {
    const seal = own(state.seals, data.sealId);
    if (!seal) return;
    seal.revealed = true;
    // A step is complete when every seal of its kind is revealed: the next step starts afresh.
    const step = Object.entries(state.seals).filter(([, s]) => s.kind === seal.kind);
    if (step.every(([, s]) => s.revealed)) for (const [id] of step) deleteOwn(state.seals, id);
  },
  UndoRequested(state, data, event) {
    const consentFrom = [...list(data.consentFrom)];
    setOwn(state.undoRequests, data.requestId, {
      seat: data.seat,
      toSeq: data.toSeq,
      reason: data.reason,
      consentFrom,
      accepted: [],
      status: consentFrom.length === 0 ? 'accepted' : 'pending',
      seq: event.seq,
    });
  },
  UndoAccepted(state, data) {
    const request = own(state.undoRequests, data.requestId);
    if (!request) return;
    if (!request.accepted.includes(data.seat)) request.accepted.push(data.seat);
    if (request.consentFrom.every((seat) => request.accepted.includes(seat)))
      request.status = 'accepted';
  },
  UndoRejected(state, data) {
    const request = own(state.undoRequests, data.requestId);
    if (request) request.status = 'rejected';
  },
  UndoRequestExpired(state, data) {
    const request = own(state.undoRequests, data.requestId);
    if (request) request.status = 'expired';
  },
  TimelineRewound(state, data, event) {
    const range = voidedRangeOf(data, event.seq);
    if (!range) return;
    state.voided.push(range);
    const restore = data.secret?.restore;
    if (!isObject(restore) || !isTable(restore.table) || !isObject(restore.rs)) return;
    state.table = structuredClone(restore.table);
    state.rs = structuredClone(restore.rs);
    state.seals = isObject(restore.seals) ? structuredClone(restore.seals) : {};
    state.unconfirmedRolls = isObject(restore.unconfirmedRolls)
      ? structuredClone(restore.unconfirmedRolls)
      : {};
  },
  DisputeOpened(state, data, event) {
    setOwn(state.disputes, data.disputeId, {
      seat: data.seat,
      atSeq: data.atSeq,
      claim: data.claim,
      ruleRef: data.ruleRef,
      status: 'open',
      openedSeq: event.seq,
    });
  },
  DisputeCommented() {
    // Comments are read from the log; they change nothing.
  },
  MatchPaused(state, data, event) {
    state.paused = { reason: data.reason, disputeId: data.disputeId, seq: event.seq };
  },
  MatchResumed(state) {
    delete state.paused;
  },
  SeatLinkReissued() {
    // Who holds the seat's token is the token store's business; the table is unchanged.
  },
  RulingIssued(state, data, event) {
    const dispute = own(state.disputes, data.disputeId);
    if (dispute) {
      dispute.status = 'ruled';
      dispute.ruling = { decision: data.decision, seq: event.seq };
    }
  },
  RulingAppealed(state, data, event) {
    const dispute = own(state.disputes, data.disputeId);
    if (dispute)
      dispute.appeal = { seq: event.seq, ...(data.seat === undefined ? {} : { seat: data.seat }) };
  },
  AppealDecided(state, data) {
    const appeal = own(state.disputes, data.disputeId)?.appeal;
    if (appeal) appeal.outcome = data.outcome;
  },
};
