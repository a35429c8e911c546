import { evolveMatch } from '@domain/match/evolve-match';
import { decideDecision } from '@domain/match/match-decider';
import { initialMatchState, type MatchState } from '@domain/match/match-state';
import { RULESETS } from '@domain/rulesets';
import type { Lang, Ruleset } from '@domain/rulesets/ruleset';
import { isRejection } from '@domain/rulesets/rule-violation';
import { ApiError } from '../api/client';
import type { ViewEvent } from '../replay/replay-engine';

/**
 * A sealed choice checked in the browser before it is sealed (issue 39): the ruleset's own
 * `decide`, run on the match as the seat's page folds it, so the choice never leaves the
 * browser before its reveal. Undefined when the page cannot fold the match (an unknown
 * ruleset, a redacted event): the choice is then checked at its reveal, as before.
 */
export type LocalCheck = (kind: string, params: object) => ApiError | undefined;

/** No dice are rolled by a sealed choice's check: a fixed seed keeps it pure. */
const NO_ROLLS = new Uint8Array(32);

export function localCheckOf(
  matchId: string,
  rulesetId: string,
  events: readonly ViewEvent[],
  seat: string,
  lang: Lang,
): LocalCheck | undefined {
  const ruleset = RULESETS.find((r) => r.id === rulesetId) as Ruleset | undefined;
  if (!ruleset || events.some((e) => e.redacted)) return undefined;
  let state: MatchState;
  try {
    state = initialMatchState(matchId, ruleset.initialState());
    for (const event of events) evolveMatch(ruleset, state, event);
  } catch {
    return undefined;
  }
  return (kind, params) => {
    const decided = decideDecision(
      ruleset,
      state,
      { decisionId: 'browser-check', kind, seat, params, judgeRecorded: true },
      NO_ROLLS,
    );
    if (!isRejection(decided)) return undefined;
    const detail = decided.localized?.[lang] ?? decided.message;
    return new ApiError(422, 'rule-violation', detail, {
      type: 'rule-violation',
      title: detail,
      status: 422,
      detail,
      instance: '',
    });
  };
}
