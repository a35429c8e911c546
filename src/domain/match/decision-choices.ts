import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import { offerOf, wouldAccept } from './legal-decision-offers';
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
  const ctx = availabilityContext(state, seat);
  const accepts = (p: Record<string, unknown>) =>
    wouldAccept(ruleset, state, seat, kind, p, seed, by);
  /** The ruleset's choices for `params`, each sequence cut to the steps the decider accepts next. */
  const choicesFor = (params: Readonly<Record<string, unknown>>): FieldChoices[] | undefined => {
    try {
      return spec.choices!(ctx, params).map((field) =>
        field.pick === 'sequence' ? nextInSequence(field, accepts, params) : field,
      );
    } catch {
      return undefined;
    }
  };
  const fields = choicesFor(chosen);
  if (!fields) return undefined;
  // A value that opens a sequence no step of which is accepted (a unit that cannot move) is
  // no choice at all: it is left out.
  const leadsSomewhere = (field: FieldChoices, value: unknown): boolean => {
    const next = choicesFor(withValueAt(chosen, field.path, value)) ?? [];
    return next
      .filter((f) => f.pick === 'sequence' && !fields.some((g) => g.path === f.path))
      .every((f) => f.values.length > 0);
  };
  return fields.map((field) =>
    field.pick === 'one' && valueAt(chosen, field.path) === undefined
      ? { ...field, values: field.values.filter((v) => leadsSomewhere(field, v.value)) }
      : field,
  );
}

/** A sequence's next values: those the decider accepts after the items chosen so far. */
function nextInSequence(
  field: Extract<FieldChoices, { pick: 'sequence' }>,
  accepts: (params: Record<string, unknown>) => boolean,
  chosen: Readonly<Record<string, unknown>>,
): FieldChoices {
  const sofar = valueAt(chosen, field.path);
  const items = Array.isArray(sofar) ? sofar : [];
  if (items.length >= field.max) return { ...field, values: [] };
  return {
    ...field,
    values: field.values.filter((v) =>
      accepts(withValueAt(chosen, field.path, [...items, v.value])),
    ),
  };
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
