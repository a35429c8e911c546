import { Inject, Injectable } from '@nestjs/common';
import { ChainVerifier } from '../../domain/events/hash-chain';
import type { Actor, NewEvent, RecordedEvent } from '../../domain/events/recorded-event';
import { matchStreamName } from '../../domain/match/match-events';
import type { MatchState } from '../../domain/match/match-state';
import { sideStreamName, type SideStreamKind } from '../../domain/match/side-streams';
import { CLOCK, type Clock } from '../ports/clock.port';
import {
  EVENT_STORE,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
} from '../ports/event-store.port';
import { RNG, type Rng } from '../ports/rng.port';
import { KeyedLock } from './keyed-lock';
import { LruCache } from '../lru-cache';
import { appendChained, freshIdsFor, fromStoredEvent } from './recorded-event.mapping';
import { StreamIntegrity } from './stream-integrity';

/** The head of a side stream: the seq and hash the next event continues from. */
interface Head {
  lastSeq: number;
  headHash: string;
}

const HEAD_CACHE_SIZE = 2000;
/** Appends to one side stream by other replicas are rare: a conflict is retried on a fresh head. */
const MAX_ATTEMPTS = 3;

export interface SideStreamRead {
  /** Inclusive, the stream's own seq. */
  from?: number;
  /** Inclusive. */
  to?: number;
  limit?: number;
}

/**
 * Streams beside a match stream (`notes-<matchId>`, `audit-<matchId>`): the same envelope and
 * hash chain as the match (recordEvents), with the match id in the envelope and a seq of their
 * own. Appends to one stream queue one behind another and name the stream's last revision as
 * the expected one, so the chain never forks; the match stream is never touched. A stream's
 * chain is verified when its head is first read; nothing is appended to a broken one, and no
 * note to a match whose own chain breaks.
 */
@Injectable()
export class SideStreamLog {
  private readonly lock = new KeyedLock();
  private readonly heads = new LruCache<string, Head>(HEAD_CACHE_SIZE);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RNG) private readonly rng: Rng,
    private readonly integrity: StreamIntegrity = new StreamIntegrity(),
  ) {}

  /** Records `events` at the end of the match's `kind` stream, acting as `actor`. */
  append(
    kind: SideStreamKind,
    match: Pick<MatchState, 'matchId' | 'ruleset'>,
    events: NewEvent[],
    actor: Actor,
  ): Promise<RecordedEvent[]> {
    const stream = sideStreamName(kind, match.matchId);
    if (events.length === 0) return Promise.resolve([]);
    // Who looked at hidden parts is still recorded beside a broken match: only notes about it stop.
    if (kind === 'notes') this.integrity.refuseWritesToBroken(matchStreamName(match.matchId));
    return this.lock.run(stream, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const head = this.heads.get(stream) ?? (await this.verifiedHead(stream, match.matchId));
        this.integrity.refuseWritesToBroken(stream);
        let recorded: RecordedEvent[];
        try {
          recorded = await appendChained(
            this.store,
            stream,
            { matchId: match.matchId, ...head },
            events,
            {
              actor,
              recordedAt: this.clock.nowIso(),
              ...freshIdsFor(this.rng, events),
              ruleset: { id: match.ruleset.id, version: match.ruleset.version },
            },
          );
        } catch (error) {
          this.heads.delete(stream);
          if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
        const last = recorded[recorded.length - 1];
        this.heads.set(stream, { lastSeq: last.seq, headHash: last.meta.hash });
        this.integrity.verified(stream, { seq: last.seq, hash: last.meta.hash });
        return recorded;
      }
    });
  }

  /** The events of the match's `kind` stream, in order; none when nothing was recorded yet. */
  async read(
    kind: SideStreamKind,
    matchId: string,
    options: SideStreamRead = {},
  ): Promise<RecordedEvent[]> {
    const stream = sideStreamName(kind, matchId);
    const list: RecordedEvent[] = [];
    try {
      for await (const stored of this.store.read(stream, {
        from: BigInt(options.from ?? 0),
        ...(options.to === undefined ? {} : { to: BigInt(options.to) }),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      })) {
        list.push(fromStoredEvent(stored, matchId));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return list;
  }

  /**
   * The stream's head, its chain verified on the way (a break is recorded, not thrown): from
   * the head this process verified before when it remembers one (StreamIntegrity), else, or
   * when that head is no longer there as it was, from seq 0.
   */
  private async verifiedHead(stream: string, matchId: string): Promise<Head> {
    const remembered = this.integrity.verifiedHead(stream);
    let read = remembered
      ? await this.readVerified(
          stream,
          matchId,
          remembered.seq,
          ChainVerifier.resumingAt(remembered),
        )
      : undefined;
    if (!read?.chain.anchored || read.chain.firstBreak)
      read = await this.readVerified(stream, matchId, 0, new ChainVerifier());
    this.integrity.loaded(stream, matchId, read.chain.firstBreak);
    if (!read.chain.firstBreak)
      this.integrity.verified(stream, { seq: read.head.lastSeq, hash: read.head.headHash });
    return read.head;
  }

  /** Reads `stream` from `from` through `chain`; the last event read is the head. */
  private async readVerified(
    stream: string,
    matchId: string,
    from: number,
    chain: ChainVerifier,
  ): Promise<{ chain: ChainVerifier; head: Head }> {
    let head: Head = { lastSeq: -1, headHash: '' };
    try {
      for await (const stored of this.store.read(stream, { from: BigInt(from) })) {
        const event = fromStoredEvent(stored, matchId);
        chain.next(event, stored.json);
        head = { lastSeq: event.seq, headHash: event.meta.hash };
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { chain, head };
  }
}
