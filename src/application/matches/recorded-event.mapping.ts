import type { EventMeta, RecordedEvent } from '../../domain/events/recorded-event';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import type { EventToAppend, StoredEvent } from '../ports/event-store.port';

/** The store keeps the envelope's meta as event metadata; matchId and seq come from stream and revision. */
export function toStoredEvent(event: RecordedEvent): EventToAppend {
  return { eventId: event.eventId, type: event.type, data: event.data, meta: event.meta };
}

export function fromStoredEvent(stored: StoredEvent): RecordedEvent {
  return {
    eventId: stored.eventId,
    matchId: stored.stream.startsWith(MATCH_STREAM_PREFIX)
      ? stored.stream.slice(MATCH_STREAM_PREFIX.length)
      : stored.stream,
    seq: Number(stored.revision),
    type: stored.type,
    data: stored.data,
    meta: stored.meta as EventMeta,
  };
}
