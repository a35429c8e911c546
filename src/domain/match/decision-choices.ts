import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import { offerOf } from './legal-decision-offers';
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
  try {
    return spec.choices(availabilityContext(state, seat), chosen);
  } catch {
    return undefined;
  }
}

/** Whether the ruleset computes the field choices of `kind` (a page then offers only those). */
export const hasChoices = <RS>(ruleset: Ruleset<RS>, kind: string): boolean =>
  own(ruleset.decisions, kind)?.choices !== undefined;

/** Reads `a.b` of params (the path of a field choice). */
export function valueAt(params: Readonly<Record<string, unknown>>, path: string): unknown {
  let at: unknown = params;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Params with `a.b` set (a copy). */
export function withValueAt(
  params: Readonly<Record<string, unknown>>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...params, [head]: value };
  const inner = params[head];
  return {
    ...params,
    [head]: withValueAt(
      inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
      rest.join('.'),
      value,
    ),
  };
}
