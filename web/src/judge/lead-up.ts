import type { ViewEvent } from '../replay/replay-engine';
import type { TimelineIndex } from '../replay/timeline';

/**
 * What led up to a disputed event, and where a ruling's rewind should go by default: both
 * follow the decision that recorded the disputed event (its events share `meta.decisionId`).
 */

/** Types that bring chance or hidden cards to the table: what a disputed decision may have used. */
const CHANCE_TYPES: ReadonlySet<string> = new Set(['CardsDrawn', 'DeckShuffled', 'CardsRevealed']);

/** How many events before the disputed decision the page shows, whatever they are. */
export const LEAD_UP_CONTEXT = 4;
/** How far back the page looks for the rolls and cards the disputed decision may rest on. */
export const LEAD_UP_REACH = 30;

/** Why an event stands in «what led up to it». */
export type LeadUpWhy = 'decision' | 'chance' | 'before';

/** The first seq of the decision that recorded the event at `atSeq` (the event itself if no decision did). */
export function disputedDecisionStart(events: readonly ViewEvent[], atSeq: number): number {
  const decisionId = events[atSeq]?.meta.decisionId;
  if (decisionId === undefined) return atSeq;
  let first = atSeq;
  while (first > 0 && events[first - 1]?.meta.decisionId === decisionId) first -= 1;
  return first;
}

/**
 * What led up to the disputed event: the events of the decision that recorded it before it,
 * the rolls and cards of the few dozen events before that decision (what it may have used),
 * and the last few events before it, in log order. Voided events are left out of the search
 * for chance (they were taken back) but stay when they are right before the decision.
 */
export function leadUpOf(
  events: readonly ViewEvent[],
  atSeq: number,
  index: Pick<TimelineIndex, 'rolls' | 'voided'>,
): { event: ViewEvent; why: LeadUpWhy }[] {
  const start = disputedDecisionStart(events, atSeq);
  const rolls = new Set(index.rolls);
  const rows: { event: ViewEvent; why: LeadUpWhy }[] = [];
  for (let seq = Math.max(0, start - LEAD_UP_REACH); seq < atSeq; seq += 1) {
    const event = events[seq];
    if (!event) continue;
    if (seq >= start) rows.push({ event, why: 'decision' });
    else if ((rolls.has(seq) || CHANCE_TYPES.has(event.type)) && !index.voided.has(seq))
      rows.push({ event, why: 'chance' });
    else if (seq >= start - LEAD_UP_CONTEXT) rows.push({ event, why: 'before' });
  }
  return rows;
}

/**
 * The rewind target a ruling starts from: the event before the disputed decision, so the
 * decision goes with its effect (never the decision itself, which would stay with no effect).
 */
export function defaultRewindTarget(events: readonly ViewEvent[], atSeq: number): number {
  return Math.max(0, disputedDecisionStart(events, atSeq) - 1);
}
