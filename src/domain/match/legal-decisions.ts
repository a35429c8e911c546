import type { LocalizedText } from '../shared/localized-text';
import { violation, type RuleViolation } from '../rulesets/rule-violation';
import type { AvailabilityContext, DecisionSpec, Ruleset } from '../rulesets/ruleset';
import type { Turn } from '../table/table';
import type { MatchState } from './match-state';

/**
 * Why the turn refuses `kind` to `seat` (not its turn, or not this phase), or undefined when
 * the turn allows it. The one check both deciding and offering decisions use.
 */
export function turnRefusal(
  kind: string,
  spec: Pick<DecisionSpec<unknown>, 'turn' | 'phases' | 'turnRuleRef'>,
  turn: Readonly<Turn>,
  seat: string,
): RuleViolation | undefined {
  if (spec.turn === 'active' && turn.active.length > 0 && !turn.active.includes(seat)) {
    return violation(
      'not_your_turn',
      `It is ${turn.active.join(', ')}'s turn${turn.phase ? ` (phase ${turn.phase})` : ''}, not ${seat}'s`,
      spec.turnRuleRef,
    );
  }
  if (spec.phases && !spec.phases.includes(turn.phase ?? '')) {
    return violation(
      'wrong_phase',
      `${kind} is allowed in phase ${spec.phases.join(' or ')}, not in ${turn.phase ?? 'no phase'}`,
      spec.turnRuleRef,
    );
  }
  return undefined;
}

/**
 * The decision kinds `seat` may make now: those the turn and phase allow and, where the
 * ruleset says more (`available`), that it would accept with some params.
 */
export function legalDecisionKinds<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
): { kind: string; summary: LocalizedText }[] {
  const ctx = availabilityContext(state, seat);
  return (
    Object.entries(ruleset.decisions)
      // The Game Master's decisions are a judge's, never a seat's.
      .filter(([, spec]) => spec.by !== 'judge')
      .filter(([kind, spec]) => !turnRefusal(kind, spec, state.table.turn, seat))
      .filter(([, spec]) => spec.available?.(ctx) ?? true)
      .map(([kind, spec]) => ({ kind, summary: spec.summary }))
  );
}

/** What a ruleset may read of the match when it says what is available to `seat`. */
export function availabilityContext<RS>(
  state: MatchState<RS>,
  seat: string,
): AvailabilityContext<RS> {
  return {
    matchId: state.matchId,
    seat,
    table: state.table,
    rs: state.rs,
    options: state.options,
    seats: state.seats,
    nextSeq: state.lastSeq + 1,
  };
}
