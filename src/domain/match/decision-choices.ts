import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import { offerOf, wouldAccept } from './legal-decision-offers';
import { fieldChoicesNow } from './field-choices';
import { availabilityContext, legalDecisionKinds, type DecidedBy } from './legal-decisions';
import type { MatchState } from './match-state';

/**
 * The field choices of `kind` for `seat` now, given the params chosen so far: the ruleset's
 * `choices` when the kind is offered now (as `legal-decisions` offers it); undefined when the kind is
 * not offered or its ruleset gives no choices (the page then builds the form from the
 * schema). A ruleset's choices that throw on odd partial params count as none.
 */
export function decisionChoices<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  chosen: Readonly<Record<string, unknown>>,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
): FieldChoices[] | undefined {
  const spec = own(ruleset.decisions, kind);
  if (!spec?.choices) return undefined;
  const allowed = legalDecisionKinds(ruleset, state, seat, by).find((k) => k.kind === kind);
  if (!allowed || !offerOf(ruleset, state, seat, kind, allowed.summary, seed, by)) return undefined;
  return fieldChoicesNow(spec, availabilityContext(state, seat), chosen, (p) =>
    wouldAccept(ruleset, state, seat, kind, p, seed, by),
  );
}

export { valueAt, withValueAt } from './field-choices';
