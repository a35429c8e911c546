import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import { acceptsNow, offerOf, type DecisionVerdicts } from './legal-decision-offers';
import { fieldChoicesNow } from './field-choices';
import { availabilityContext, legalDecisionKinds, type DecidedBy } from './legal-decisions';
import type { MatchState } from './match-state';

/**
 * The field choices of `kind` for `seat` now, given the params chosen so far: the ruleset's
 * `choices` when the kind is offered now (as `legal-decisions` offers it); undefined when the kind is
 * not offered or its ruleset gives no choices (the page then builds the form from the
 * schema). A ruleset's choices that throw on odd partial params count as none. `verdicts`:
 * the decider's verdicts kept from earlier asks for this seat at this seq.
 */
export function decisionChoices<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  chosen: Readonly<Record<string, unknown>>,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
  verdicts?: DecisionVerdicts,
): FieldChoices[] | undefined {
  const spec = own(ruleset.decisions, kind);
  if (!spec?.choices) return undefined;
  const allowed = legalDecisionKinds(ruleset, state, seat, by).find((k) => k.kind === kind);
  if (!allowed) return undefined;
  // Whether the kind is offered needs one accepted example only; its verdicts serve the
  // choices' probes after it.
  const accepts = acceptsNow(ruleset, state, seat, kind, seed, by, verdicts);
  if (!offerOf(ruleset, state, seat, kind, allowed.summary, seed, by, { examples: 1, accepts }))
    return undefined;
  return fieldChoicesNow(spec, availabilityContext(state, seat), chosen, accepts);
}

export { valueAt, withValueAt } from './field-choices';
