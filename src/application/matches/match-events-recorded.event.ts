import type { RecordedEvent } from '../../domain/events/recorded-event';

/** Published on the in-process event bus after events were persisted (never before). */
export class MatchEventsRecorded {
  constructor(
    readonly matchId: string,
    readonly events: RecordedEvent[],
  ) {}
}
