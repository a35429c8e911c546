import type { RecordedEvent } from '../../../domain/events/recorded-event';
import {
  markOf,
  rewindsWithin,
  type LineChoice,
  type VoidedMark,
} from '../../../domain/match/line';
import type { MatchState } from '../../../domain/match/match-state';
import { redactEvent } from '../../../domain/match/match-view';
import { voidedBy } from '../../../domain/match/rewind';
import type { Principal } from '../../auth/principal';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView, type MatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

// Shared by GetEventsQuery and StreamEventsQuery: the range a reader may see, each event as seen.

/** An event as a reader sees it: secrets redacted, and with line=all the rewind that voided it. */
export type VisibleEvent = RecordedEvent & { redacted?: true; voidedBy?: VoidedMark };

/**
 * What the caller may read of [from, to] (up to `limit` events): the range ends at their
 * horizon, and a judge's read of a live match is recorded before anything is shown.
 */
export async function openRange(
  matches: MatchRepository,
  audit: HiddenInformationAudit,
  principal: Principal,
  matchId: string,
  from: number,
  to: number | undefined,
  line: LineChoice,
  limit = Number.POSITIVE_INFINITY,
) {
  const current = await matches.current(matchId);
  const view = resolveMatchView(principal, current);
  const end = Math.min(to ?? view.horizon, view.horizon);
  const last = Math.min(end, from + limit - 1);
  if (from <= last)
    await audit.viewed(principal, current, view, { scope: 'events', fromSeq: from, toSeq: last });
  return { horizon: view.horizon, end, last, visible: visibility(current, view, line) };
}

/** The event as this reader sees it on this line, or undefined when the line leaves it out. */
function visibility(
  current: MatchState,
  view: MatchView,
  line: LineChoice,
): (event: RecordedEvent) => VisibleEvent | undefined {
  // The rewinds known now, as far as the reader may see: voided ranges are fixed once recorded.
  const rewinds = rewindsWithin(current, view.horizon);
  return (event) => {
    const voiding = voidedBy(rewinds, event);
    if (voiding && line === 'effective') return undefined;
    const shown = redactEvent(event, view.viewer, view.everything);
    return voiding ? { ...shown, voidedBy: markOf(voiding) } : shown;
  };
}
