import { Inject, Injectable } from '@nestjs/common';
import type { Actor, NewEvent, RecordedEvent } from '../../domain/events/recorded-event';
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
 * the expected one, so the chain never forks; the match stream is never touched.
 */
@Injectable()
export class SideStreamLog {
  private readonly lock = new KeyedLock();
  private readonly heads = new LruCache<string, Head>(HEAD_CACHE_SIZE);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RNG) private readonly rng: Rng,
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
    return this.lock.run(stream, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const head = this.heads.get(stream) ?? (await this.readHead(stream));
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

  private async readHead(stream: string): Promise<Head> {
    try {
      for await (const stored of this.store.read(stream, { direction: 'backwards', limit: 1 })) {
        return {
          lastSeq: Number(stored.revision),
          headHash: (stored.meta as Head & { hash: string }).hash,
        };
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { lastSeq: -1, headHash: '' };
  }
}
