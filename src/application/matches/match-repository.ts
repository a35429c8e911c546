import { Inject, Injectable } from '@nestjs/common';
import { ChainVerifier, type ChainVerdict } from '../../domain/events/hash-chain';
import type { NewEvent, RecordedEvent } from '../../domain/events/recorded-event';
import { applyMatchEvent, evolveMatch } from '../../domain/match/evolve-match';
import { matchStreamName } from '../../domain/match/match-events';
import { initialMatchState, type MatchState } from '../../domain/match/match-state';
import type { RecordingContext } from '../../domain/match/record-events';
import { isRejection, type Rejection } from '../../domain/rulesets/rule-violation';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import type { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';
import {
  EventNotApplicableError,
  type StreamChainBreak,
  NotFoundError,
  RejectedError,
  StaleRevisionError,
} from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import {
  EVENT_STORE,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
  type ReadJsonOptions,
  type RecordedJsonOptions,
  type RecordedJsonPage,
  type StoredEvent,
  type StoredEventJson,
} from '../ports/event-store.port';
import { RNG, type Rng } from '../ports/rng.port';
import { RULESET_REGISTRY } from '../ports/ruleset-registry.token';
import { SNAPSHOT_STORE, type SnapshotStore } from '../ports/snapshot-store.port';
import { KeyedLock } from './keyed-lock';
import { MatchStateCache } from './match-state-cache';
import { StreamIntegrity } from './stream-integrity';
import { appendChained, freshIdsFor, fromStoredEvent } from './recorded-event.mapping';

/** How many bytes (by their JSON length) of hot match states the repository keeps. */
export const MATCH_CACHE_BYTES = Symbol('MatchCacheBytes');
/**
 * True when other processes append to the same event store (replicas on EventStoreDB): a match
 * held in memory may then be behind its stream, and is caught up before each use.
 */
export const STORE_SHARED_BY_REPLICAS = Symbol('StoreSharedByReplicas');

export interface AppendRequest {
  actor: RecordingContext['actor'];
  decisionId?: string;
  clientTime?: string;
  /** Pinned by the client (If-Match / expectedSeq): a mismatch is a 409, never retried. */
  expectedSeq?: number;
}

/**
 * Loads match state (hot matches from memory, else snapshot + tail), and appends decided
 * events with the expected revision: persist first, then update memory. Commands on one
 * match run one at a time; a conflict from another writer is retried once on fresh state
 * unless the client pinned the revision. Each load verifies the stream's whole hash chain
 * (the appends that follow extend the verified head); a match whose chain breaks is served
 * as stored but refuses every write (StreamIntegrity).
 */
@Injectable()
export class MatchRepository {
  private readonly cache: MatchStateCache;
  private readonly lock = new KeyedLock();
  /**
   * Appends not yet committed, by match. A decision is applied to the held state before the
   * store commits it (no copy per decision), so a read waits for them: it never shows an event
   * the store may not have, and a reader never sees a head it cannot read events up to.
   */
  private readonly committing = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RNG) private readonly rng: Rng,
    @Inject(MATCH_CACHE_BYTES) cacheBytes: number,
    @Inject(STORE_SHARED_BY_REPLICAS) private readonly shared: boolean,
    private readonly integrity: StreamIntegrity,
  ) {
    this.cache = new MatchStateCache(cacheBytes);
  }

  rulesetOf(state: Pick<MatchState, 'ruleset' | 'matchId'>): Ruleset {
    const ruleset = this.registry.get(state.ruleset.id);
    if (!ruleset)
      throw new Error(
        `Match ${state.matchId} uses ruleset ${state.ruleset.id}, which this server does not have`,
      );
    return ruleset;
  }

  /** The match now, as committed. The object is shared: read it, never change it. */
  async current(matchId: string, options: StateReadOptions = {}): Promise<MatchState> {
    // Catching up changes the held state: never beside a command on the same match.
    if (this.shared) return this.lock.run(matchId, () => this.loaded(matchId, options));
    for (let pending; (pending = this.committing.get(matchId));)
      await pending.then(
        () => undefined,
        () => undefined,
      );
    return this.loaded(matchId, options);
  }

  /**
   * The match now, from memory when it is held there (caught up with what other replicas
   * appended since, when there are any), else from its latest snapshot and the events after.
   * In shared mode the caller holds the match's lock.
   */
  private async loaded(
    matchId: string,
    { keep = true }: StateReadOptions = {},
  ): Promise<MatchState> {
    const cached = this.cache.get(matchId);
    if (cached) return this.shared ? this.caughtUp(cached) : cached;
    // The snapshot saves folding, not reading: the chain is verified from seq 0, or from the
    // head this process verified before (StreamIntegrity says what that does not catch).
    const stream = matchStreamName(matchId);
    const head = this.integrity.verifiedHead(stream);
    const chain = head ? ChainVerifier.resumingAt({ ...head, matchId }) : new ChainVerifier();
    const state = await this.foldFrom(
      matchId,
      await this.snapshots.latestAtOrBefore(matchId, Number.MAX_SAFE_INTEGER),
      undefined,
      undefined,
      { chain, from: head?.seq ?? 0 },
    );
    let verdict = chain.verdict();
    // The remembered event is gone or another, or the tail breaks: the whole chain again, so
    // the break named is the first one.
    if (head && (!verdict.ok || !chain.anchored)) verdict = await this.wholeChainVerdict(matchId);
    this.integrity.loaded(stream, matchId, verdict.ok ? undefined : verdict);
    if (verdict.ok)
      this.integrity.verified(stream, { seq: verdict.count - 1, hash: verdict.headHash });
    if (keep) this.cache.set(matchId, state);
    return state;
  }

  /** Verifies the match's chain from seq 0. */
  private async wholeChainVerdict(matchId: string): Promise<ChainVerdict> {
    const chain = new ChainVerifier();
    for await (const stored of this.stored(matchId, 0))
      if (chain.next(fromStoredEvent(stored), stored.json)) break;
    return chain.verdict();
  }

  /**
   * Where the match's chain breaks, if it does, as found when it was last loaded (nothing is
   * loaded here: a read that reached the match has loaded it).
   */
  knownBreakOf(matchId: string): StreamChainBreak | undefined {
    return this.integrity.breakOf(matchStreamName(matchId));
  }

  /** Refuses (ChainBrokenError) anything that would vouch for or extend a broken chain. */
  refuseIfBroken(matchId: string): void {
    this.integrity.refuseWritesToBroken(matchStreamName(matchId));
  }

  /** The match as it was right after event `seq` (a fresh object). */
  async stateAt(matchId: string, seq: number, read: StateReadOptions = {}): Promise<MatchState> {
    const current = await this.current(matchId, read);
    if (seq >= current.lastSeq) return current;
    return this.foldFrom(matchId, await this.snapshots.latestAtOrBefore(matchId, seq), seq);
  }

  /**
   * Folds the match's log from its first event through `to`, showing `visit` the state after
   * each event: one object changed in place, to read there and never to keep.
   */
  async foldEach(
    matchId: string,
    to: number,
    visit: (state: Readonly<MatchState>, ruleset: Ruleset) => void,
  ): Promise<void> {
    await this.foldFrom(matchId, undefined, to, visit);
  }

  async *events(matchId: string, from = 0, to?: number): AsyncIterable<RecordedEvent> {
    try {
      const options = { from: BigInt(from), ...(to === undefined ? {} : { to: BigInt(to) }) };
      for await (const stored of this.store.read(matchStreamName(matchId), options))
        yield fromStoredEvent(stored);
    } catch (error) {
      if (error instanceof StreamNotFoundError)
        throw new NotFoundError({ en: `There is no match ${matchId}`, ru: 'Такого матча нет' });
      throw error;
    }
  }

  /** The match's events as the store reads them, with their stored JSON text (StoredEvent.json). */
  private stored(matchId: string, from: number, to?: number): AsyncIterable<StoredEvent> {
    const options = { from: BigInt(from), ...(to === undefined ? {} : { to: BigInt(to) }) };
    return ofMatch(matchId, this.store.read(matchStreamName(matchId), options));
  }

  /** The match's events as the store keeps them, data and meta as JSON text (EventStore.readJson). */
  eventsJson(matchId: string, options: ReadJsonOptions = {}): AsyncIterable<StoredEventJson> {
    return ofMatch(matchId, this.store.readJson(matchStreamName(matchId), options));
  }

  /** The match's events as JSON text in pages (EventStore.readRecordedJson). */
  eventPagesJson(
    matchId: string,
    options: Omit<RecordedJsonOptions, 'matchId'> = {},
  ): AsyncIterable<RecordedJsonPage> {
    return ofMatch(
      matchId,
      this.store.readRecordedJson(matchStreamName(matchId), { ...options, matchId }),
    );
  }

  async eventList(matchId: string, from = 0, to?: number): Promise<RecordedEvent[]> {
    const list: RecordedEvent[] = [];
    for await (const event of this.events(matchId, from, to)) list.push(event);
    return list;
  }

  /** Records the first events of a new match. */
  async create(
    matchId: string,
    ruleset: Ruleset,
    events: NewEvent[],
    request: AppendRequest,
  ): Promise<RecordedEvent[]> {
    return this.lock.run(matchId, async () => {
      const state = initialMatchState(matchId, ruleset.initialState());
      return this.appendTo(state, ruleset, events, request);
    });
  }

  /** Decides on the current state and appends the result. */
  async decideAndAppend(
    matchId: string,
    decide: (state: MatchState, ruleset: Ruleset) => NewEvent[] | Rejection,
    request: AppendRequest,
  ): Promise<{ events: RecordedEvent[]; state: MatchState }> {
    return this.lock.run(matchId, async () => {
      for (let attempt = 0; ; attempt += 1) {
        const state = await this.loaded(matchId);
        this.refuseIfBroken(matchId);
        const ruleset = this.rulesetOf(state);
        const decided = decide(state, ruleset);
        if (isRejection(decided)) throw new RejectedError(decided);
        // Nothing to record (an idempotent retry) is never stale.
        if (
          decided.length > 0 &&
          request.expectedSeq !== undefined &&
          request.expectedSeq !== state.lastSeq
        ) {
          throw new StaleRevisionError(request.expectedSeq, state.lastSeq);
        }
        try {
          const events = await this.appendTo(state, ruleset, decided, request);
          return { events, state };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          this.cache.delete(matchId);
          const actual = error.actual === 'no_stream' ? -1 : Number(error.actual);
          if (request.expectedSeq !== undefined || attempt > 0)
            throw new StaleRevisionError(state.lastSeq, actual);
        }
      }
    });
  }

  private async appendTo(
    state: MatchState,
    ruleset: Ruleset,
    events: NewEvent[],
    request: AppendRequest,
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    const { matchId } = state;
    const committed = appendChained(
      this.store,
      matchStreamName(matchId),
      { matchId, lastSeq: state.lastSeq, headHash: state.headHash },
      events,
      {
        actor: request.actor,
        recordedAt: this.clock.nowIso(),
        clientTime: request.clientTime,
        decisionId: request.decisionId,
        ...freshIdsFor(this.rng, events),
        ruleset: { id: ruleset.id, version: ruleset.version },
      },
      // Nothing stored may make a match unreadable: an event the fold cannot apply is
      // refused before it is written. Applied in place (no copy of the state per
      // decision); on any failure the state is dropped and reloaded from the store.
      (recorded) => applyOrRefuse(ruleset, state, recorded, decisionKindOf(events)),
    ).then(
      (recorded) => {
        this.cache.set(matchId, state);
        // Sealed here on a verified head (a broken chain is never appended to).
        this.integrity.verified(matchStreamName(matchId), {
          seq: state.lastSeq,
          hash: state.headHash,
        });
        return recorded;
      },
      (error: unknown) => {
        this.cache.delete(matchId);
        throw error;
      },
    );
    // Settles only once the held state is the stored one again (kept or dropped).
    this.committing.set(matchId, committed);
    try {
      return await committed;
    } finally {
      if (this.committing.get(matchId) === committed) this.committing.delete(matchId);
    }
  }

  /** Applies, in place, the events another replica appended after the state's head. */
  private async caughtUp(state: MatchState): Promise<MatchState> {
    const ruleset = this.rulesetOf(state);
    const chain = new ChainVerifier(state);
    for await (const stored of this.stored(state.matchId, state.lastSeq + 1)) {
      const event = fromStoredEvent(stored);
      chain.next(event, stored.json);
      evolveMatch(ruleset, state, event);
    }
    const stream = matchStreamName(state.matchId);
    if (chain.firstBreak) this.integrity.loaded(stream, state.matchId, chain.firstBreak);
    else this.integrity.verified(stream, { seq: state.lastSeq, hash: state.headHash });
    return state;
  }

  private async foldFrom(
    matchId: string,
    snapshot: { seq: number; state: MatchState } | undefined,
    to: number | undefined,
    visit?: (state: Readonly<MatchState>, ruleset: Ruleset) => void,
    /** Given: every event from `from` is read and verified; those the snapshot holds are not folded. */
    verify?: { chain: ChainVerifier; from: number },
  ): Promise<MatchState> {
    let state = snapshot?.state;
    let ruleset = state ? this.rulesetOf(state) : undefined;
    const foldFrom = snapshot ? snapshot.seq + 1 : 0;
    const readFrom = verify ? Math.min(verify.from, foldFrom) : foldFrom;
    for await (const stored of this.stored(matchId, readFrom, to)) {
      const event = fromStoredEvent(stored);
      if (verify && event.seq >= verify.from) verify.chain.next(event, stored.json);
      if (event.seq < foldFrom) continue;
      if (!state || !ruleset) {
        const created = event.data as { ruleset?: { id: string } };
        ruleset = this.rulesetOf({
          matchId,
          ruleset: { id: created.ruleset?.id ?? '', version: '' },
        });
        state = initialMatchState(matchId, ruleset.initialState());
      }
      evolveMatch(ruleset, state, event);
      visit?.(state, ruleset);
    }
    if (!state)
      throw new NotFoundError({ en: `There is no match ${matchId}`, ru: 'Такого матча нет' });
    return state;
  }
}

export interface StateReadOptions {
  /**
   * false: a read passing over many matches (the bulk export) folds a match that is not in
   * memory without keeping it there, so it pushes no live match's state out of the cache.
   */
  keep?: boolean;
}

/**
 * Applies events about to be appended to `state`, in place; an event the fold cannot apply
 * refuses the whole write (EventNotApplicableError naming `decision`), so nothing stored can
 * make a match unreadable.
 */
export function applyOrRefuse(
  ruleset: Ruleset,
  state: MatchState,
  recorded: readonly RecordedEvent[],
  decision: string | undefined,
): void {
  for (const event of recorded) {
    try {
      applyMatchEvent(ruleset, state, event);
    } catch {
      throw new EventNotApplicableError(decision, event.type);
    }
  }
}

/** The kind of the decision among `events` (its DecisionMade), if they record one. */
function decisionKindOf(events: readonly NewEvent[]): string | undefined {
  const made = events.find((event) => event.type === 'DecisionMade');
  const kind = (made?.data as { kind?: unknown } | undefined)?.kind;
  return typeof kind === 'string' ? kind : undefined;
}

/** A read of a match's stream, a stream the store does not have told as a match there is not. */
async function* ofMatch<T>(matchId: string, read: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* read;
  } catch (error) {
    if (error instanceof StreamNotFoundError)
      throw new NotFoundError({ en: `There is no match ${matchId}`, ru: 'Такого матча нет' });
    throw error;
  }
}
