import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { redactEvent } from '../../domain/match/match-view';
import type { Principal } from '../auth/principal';
import { resolveMatchView } from './match-access';
import { MatchRepository } from './match-repository';

/** Streams a match's events as the caller may see them, for NDJSON reads of any length. */
@Injectable()
export class MatchExport {
  constructor(private readonly matches: MatchRepository) {}

  /** Access is checked before the first byte, so a refusal is still a proper problem response. */
  async visibleEvents(
    principal: Principal,
    matchId: string,
    from: number,
    to?: number,
  ): Promise<AsyncIterable<RecordedEvent>> {
    const view = resolveMatchView(principal, await this.matches.current(matchId));
    const last = Math.min(to ?? view.horizon, view.horizon);
    const source = this.matches.events(matchId, from, last);
    return (async function* () {
      if (from > last) return;
      for await (const event of source) yield redactEvent(event, view.viewer, view.everything);
    })();
  }
}
