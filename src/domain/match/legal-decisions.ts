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
  spec: Pick<DecisionSpec<unknown>, 'turn' | 'phases' | 'turnRuleRef'> &
    Partial<Pick<DecisionSpec<unknown>, 'summary'>>,
  turn: Readonly<Turn>,
  seat: string,
  /** How the Russian message names a seat (its player); the id when not given. */
  seatName: (seat: string) => string = (id) => id,
): RuleViolation | undefined {
  if (spec.turn === 'active' && turn.active.length > 0 && !turn.active.includes(seat)) {
    const active = turn.active.map(seatName);
    return violation(
      'not_your_turn',
      {
        en: `It is ${turn.active.join(', ')}'s turn${turn.phase ? ` (phase ${turn.phase})` : ''}, not ${seat}'s`,
        ru: `Сейчас не ваш ход: ${active.length > 1 ? 'ходят' : 'ходит'} ${active.join(', ')}`,
      },
      spec.turnRuleRef,
    );
  }
  if (spec.phases && !spec.phases.includes(turn.phase ?? '')) {
    return violation(
      'wrong_phase',
      {
        en: `${kind} is allowed in phase ${spec.phases.join(' or ')}, not in ${turn.phase ?? 'no phase'}`,
        ru: `${spec.summary ? `«${spec.summary.ru}»` : 'Это решение'} принимается в другой фазе хода, не в нынешней`,
      },
      spec.turnRuleRef,
    );
  }
  return undefined;
}

/**
 * Who asks what may be decided: the seat itself; a judge of the match recording on its
 * behalf directly (the Game Master's decisions); or a judge choosing a ruling's corrective
 * decision for it (the seat's own decisions, recorded by the ruling as the judge's).
 */
export type DecidedBy = 'seat' | 'judge' | 'corrective';

/** Whether `by` records decisions of this kind (DecisionSpec.by). */
export const recordsKind = (spec: Pick<DecisionSpec<unknown>, 'by'>, by: DecidedBy): boolean =>
  by === 'judge' ? spec.by === 'judge' || spec.by === 'seat-or-judge' : spec.by !== 'judge';

/** Whether decisions asked for `by` are recorded by a judge (`judgeRecorded`). */
export const judgeRecords = (by: DecidedBy): boolean => by !== 'seat';

/**
 * The decision kinds `seat` may make now, or a judge on its behalf (`by`): those the turn
 * and phase allow and, where the ruleset says more (`available`), that it would accept with
 * some params. A seat is never offered the Game Master's decisions; a judge only the kinds
 * a judge records (the Game Master's, and those either may make).
 */
export function legalDecisionKinds<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  by: DecidedBy = 'seat',
): { kind: string; summary: LocalizedText }[] {
  const ctx = availabilityContext(state, seat);
  return Object.entries(ruleset.decisions)
    .filter(([, spec]) => recordsKind(spec, by))
    .filter(([kind, spec]) => !turnRefusal(kind, spec, state.table.turn, seat))
    .filter(([, spec]) => spec.available?.(ctx) ?? true)
    .map(([kind, spec]) => ({ kind, summary: spec.summary }));
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
