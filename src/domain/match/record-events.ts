import { sealEvent } from '../events/hash-chain';
import type { Actor, NewEvent, RecordedEvent } from '../events/recorded-event';
import type { MatchState } from './match-state';

export interface RecordingContext {
  actor: Actor;
  /** Server time, from the Clock port. */
  recordedAt: string;
  clientTime?: string;
  decisionId?: string;
  /** One id per event, from the Rng port. */
  eventIds: string[];
  /** The ruleset of the match (MatchCreated, which sets it, passes it here). */
  ruleset: { id: string; version: string };
}

/**
 * Wraps decided events in the envelope: seq after the state's last, visibility, and the
 * hash chain continuing from the state's head hash.
 */
export function recordEvents(
  state: Pick<MatchState, 'matchId' | 'lastSeq' | 'headHash'>,
  events: NewEvent[],
  context: RecordingContext,
): RecordedEvent[] {
  if (context.eventIds.length !== events.length)
    throw new Error('recordEvents: one event id per event');
  const recorded: RecordedEvent[] = [];
  let prevHash = state.headHash;
  events.forEach((event, index) => {
    const sealed = sealEvent(
      {
        eventId: context.eventIds[index],
        matchId: state.matchId,
        seq: state.lastSeq + 1 + index,
        type: event.type,
        data: event.data,
        meta: {
          actor: context.actor,
          recordedAt: context.recordedAt,
          ...(context.clientTime ? { clientTime: context.clientTime } : {}),
          ...(context.decisionId ? { decisionId: context.decisionId } : {}),
          ruleset: context.ruleset,
          visibility: event.visibility ?? 'public',
        },
      },
      prevHash,
    );
    recorded.push(sealed);
    prevHash = sealed.meta.hash;
  });
  return recorded;
}
