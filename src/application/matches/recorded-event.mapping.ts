import type { EventMeta, NewEvent, RecordedEvent } from '../../domain/events/recorded-event';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import { SECRET_SALT_BYTES } from '../../domain/events/secret-commitment';
import {
  carriesSecret,
  recordEvents,
  type RecordingContext,
} from '../../domain/match/record-events';
import { PayloadRejectedError } from '../errors';
import {
  InvalidEventError,
  type EventStore,
  type EventToAppend,
  type StoredEvent,
} from '../ports/event-store.port';
import type { Rng } from '../ports/rng.port';

/** Fresh event ids, and a fresh 128-bit salt for each event with a secret, from the Rng port. */
export function freshIdsFor(
  rng: Rng,
  events: readonly NewEvent[],
): Pick<RecordingContext, 'eventIds' | 'secretSalts'> {
  return {
    eventIds: events.map(() => rng.timeOrderedUuid()),
    secretSalts: events
      .filter(carriesSecret)
      .map(() => Buffer.from(rng.bytes(SECRET_SALT_BYTES)).toString('hex')),
  };
}

/** The store keeps the envelope's meta as event metadata; matchId and seq come from stream and revision. */
export function toStoredEvent(event: RecordedEvent): EventToAppend {
  return { eventId: event.eventId, type: event.type, data: event.data, meta: event.meta };
}

/**
 * `matchId` defaults to what the match stream's name says; events of the side streams
 * (`notes-<id>`, `audit-<id>`) pass it, since the hash covers the match's id.
 */
export function fromStoredEvent(
  stored: Pick<StoredEvent, 'stream' | 'revision' | 'eventId' | 'type' | 'data' | 'meta'>,
  matchId = stored.stream.startsWith(MATCH_STREAM_PREFIX)
    ? stored.stream.slice(MATCH_STREAM_PREFIX.length)
    : stored.stream,
): RecordedEvent {
  return {
    eventId: stored.eventId,
    matchId,
    seq: Number(stored.revision),
    type: stored.type,
    data: stored.data,
    meta: stored.meta as EventMeta,
  };
}

/**
 * Seals `events` after the given head (seq and hash chain) and appends them with that head
 * as the expected revision. An event the store refuses before writing is the caller's fault.
 * `beforeAppend` sees the sealed events before anything is written; a throw there appends
 * nothing.
 */
export async function appendChained(
  store: EventStore,
  stream: string,
  head: { matchId: string; lastSeq: number; headHash: string },
  events: NewEvent[],
  context: RecordingContext,
  beforeAppend?: (recorded: RecordedEvent[]) => void,
): Promise<RecordedEvent[]> {
  const recorded = recordEvents(head, events, context);
  const expected = head.lastSeq < 0 ? 'no_stream' : BigInt(head.lastSeq);
  beforeAppend?.(recorded);
  try {
    await store.append(stream, recorded.map(toStoredEvent), expected);
  } catch (error) {
    if (error instanceof InvalidEventError)
      throw new PayloadRejectedError(
        {
          en: error.message,
          ru:
            error.reason === 'too_large'
              ? 'Решение не записано: его событие больше, чем принимает хранилище'
              : 'Решение не записано: его событие нельзя сохранить как JSON',
        },
        error.reason,
      );
    throw error;
  }
  return recorded;
}
