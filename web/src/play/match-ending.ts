import type { Lang } from '@domain/rulesets/ruleset';
import { playLabel } from './play-labels';

/**
 * A decision that ends the match (a declared result confirmed, a concession, in any ruleset)
 * says what it will record before it is sent (issue 39): its dry run's events tell it.
 */

/** The winners a dry run's events would record as the match's end (MatchFinished), if any. */
export function winnersIfEnding(result: {
  events?: { type: string; data: Record<string, unknown> }[];
}): string[] | undefined {
  const finished = result.events?.find((e) => e.type === 'MatchFinished');
  if (!finished) return undefined;
  const winners = finished.data.winners;
  return Array.isArray(winners) ? winners.filter((w): w is string => typeof w === 'string') : [];
}

/** «Матч закончится: победитель — Ольга» (winners — …; a draw) before the end is recorded. */
export function endingText(
  winners: readonly string[],
  lang: Lang,
  seat: (s: string) => string,
): string {
  if (winners.length === 0) return playLabel('endsInDraw', lang);
  return playLabel('endsWith', lang, { n: winners.length, names: winners.map(seat).join(', ') });
}
