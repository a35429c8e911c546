import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import type { LineState } from '../../domain/match/match-events';
import { voidedBy, lineStateOf } from '../../domain/match/rewind';
import { StaleRevisionError } from '../errors';
import type { Decide, RecordedResult } from './commands/record-match-events';
import type { Principal } from '../auth/principal';
import { redactEvent } from '../../domain/match/match-view';
import { resolveMatchView } from './match-access';
import { MatchEventsRecorded } from './match-events-recorded.event';
import { MatchRepository, type AppendRequest } from './match-repository';

export interface RecordRequest extends AppendRequest {
  /** When given, the returned events are redacted for this caller. */
  viewer?: Principal;
}

/** Decide, append, then publish: the one path every match command takes. */
@Injectable()
export class MatchRecorder {
  constructor(
    readonly matches: MatchRepository,
    private readonly eventBus: EventBus,
  ) {}

  /** Returned events are redacted for `request.viewer` (a shuffle's order stays secret from the seat that shuffled). */
  async record(matchId: string, decide: Decide, request: RecordRequest): Promise<RecordedResult> {
    const { viewer, ...append } = request;
    const { events, state } = await this.matches.decideAndAppend(matchId, decide, append);
    if (events.length > 0) this.eventBus.publish(new MatchEventsRecorded(matchId, events));
    return {
      matchId,
      seq: state.lastSeq,
      events: viewer ? await this.visibleTo(viewer, matchId, events) : events,
    };
  }

  async visibleTo(
    principal: Principal,
    matchId: string,
    events: RecordedEvent[],
  ): Promise<RecordedEvent[]> {
    const view = resolveMatchView(principal, await this.matches.current(matchId));
    return events.map((event) => redactEvent(event, view.viewer, view.everything));
  }

  /**
   * Reads what a rewind to `toSeq` needs (the line state there and the effective events
   * since), then records with the revision pinned to the head those reads saw: if the
   * match moved in between, the inputs are stale and the whole step runs once more.
   */
  async recordRewinding(
    matchId: string,
    toSeq: number | undefined,
    decide: (inputs: { restore?: LineState; since: RecordedEvent[] }) => Decide,
    request: Omit<RecordRequest, 'expectedSeq'>,
  ): Promise<RecordedResult> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.matches.current(matchId);
      const head = current.lastSeq;
      const inRange = toSeq !== undefined && Number.isInteger(toSeq) && toSeq >= 0 && toSeq < head;
      const restore = inRange ? lineStateOf(await this.matches.stateAt(matchId, toSeq)) : undefined;
      const since = inRange
        ? (await this.matches.eventList(matchId, toSeq + 1, head)).filter(
            (e) => !voidedBy(current, e),
          )
        : [];
      try {
        return await this.record(matchId, decide({ restore, since }), {
          ...request,
          expectedSeq: head,
        });
      } catch (error) {
        if (attempt > 0 || !(error instanceof StaleRevisionError)) throw error;
      }
    }
  }
}
