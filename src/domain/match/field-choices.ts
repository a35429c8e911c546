import type { FieldChoices } from '../rulesets/decision-choices';
import type { AvailabilityContext, DecisionSpec } from '../rulesets/ruleset';

/**
 * A decision kind's field choices for params chosen so far (decision-choices.ts), with what
 * the match adds to the ruleset's lists by asking the decider (`accepts`): a sequence's next
 * items, the values of a `tried` field, and no value that opens a sequence going nowhere.
 * Undefined when the ruleset gives no choices or they throw. `firstOnly`: each field's values
 * up to the first one kept, enough to tell whether a field offers anything (and far fewer
 * decider probes when it does).
 */
export function fieldChoicesNow<RS>(
  spec: Pick<DecisionSpec<RS, never>, 'choices'>,
  ctx: AvailabilityContext<RS>,
  chosen: Readonly<Record<string, unknown>>,
  accepts: (params: Record<string, unknown>) => boolean,
  { firstOnly = false }: { firstOnly?: boolean } = {},
): FieldChoices[] | undefined {
  if (!spec.choices) return undefined;
  const kept = <V>(values: V[], keep: (value: V) => boolean, first: boolean): V[] => {
    if (!first) return values.filter(keep);
    const found = values.find(keep);
    return found === undefined ? [] : [found];
  };
  /**
   * The ruleset's choices for `params`, each sequence cut to the steps the decider accepts
   * next (all of them, the first one, or none tried when no sequence is read).
   */
  const choicesFor = (
    params: Readonly<Record<string, unknown>>,
    steps: 'all' | 'first' | 'untried' = firstOnly ? 'first' : 'all',
  ): FieldChoices[] | undefined => {
    try {
      return spec.choices!(ctx, params).map((field) =>
        field.pick === 'sequence' && steps !== 'untried'
          ? nextInSequence(field, accepts, params, (values, keep) =>
              kept(values, keep, steps === 'first'),
            )
          : field,
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
    const next = choicesFor(withValueAt(chosen, field.path, value), 'first') ?? [];
    return next
      .filter((f) => f.pick === 'sequence' && !fields.some((g) => g.path === f.path))
      .every((f) => f.values.length > 0);
  };
  // A tried value is kept when the fields after it can be chosen so that the decider accepts
  // (searched in order, a few values of each, within a budget: past it, nothing is hidden).
  const budget = { left: TRIES_PER_ASK };
  // `left`: the optional checkbox fields left with nothing ticked (who joins a shot: nobody).
  const completes = (
    params: Readonly<Record<string, unknown>>,
    left: ReadonlySet<string> = new Set(),
  ): boolean => {
    if ((budget.left -= 1) < 0) return true;
    const open = (choicesFor(params, 'untried') ?? []).find(
      (f) => !left.has(f.path) && unchosen(f, params),
    );
    if (!open) return accepts({ ...params });
    if (open.pick === 'many' && open.min === 0 && completes(params, new Set([...left, open.path])))
      return true;
    const fills = open.values.slice(0, 6).map((v) => (open.pick === 'many' ? [v.value] : v.value));
    return fills.some((fill) => completes(withValueAt(params, open.path, fill), left));
  };
  const tried = (field: FieldChoices, value: unknown): boolean => {
    if (field.pick === 'many') {
      const sofar = valueAt(chosen, field.path);
      const items = Array.isArray(sofar) ? sofar : [];
      return items.includes(value) || completes(withValueAt(chosen, field.path, [...items, value]));
    }
    return completes(withValueAt(chosen, field.path, value));
  };
  return fields.map((field) => {
    if (field.pick === 'many' && field.tried)
      return { ...field, values: kept(field.values, (v) => tried(field, v.value), firstOnly) };
    if (field.pick !== 'one' || valueAt(chosen, field.path) !== undefined) return field;
    return {
      ...field,
      values: kept(
        field.values,
        (v) => leadsSomewhere(field, v.value) && (!field.tried || tried(field, v.value)),
        firstOnly,
      ),
    };
  });
}

/**
 * A field still to choose: a select with no value, or checkboxes none of which is ticked (the
 * page sends an untouched group as an empty list).
 */
function unchosen(field: FieldChoices, params: Readonly<Record<string, unknown>>): boolean {
  const value = valueAt(params, field.path);
  if (field.pick === 'one') return value === undefined;
  return (
    field.pick === 'many' && (value === undefined || (Array.isArray(value) && value.length === 0))
  );
}

/** Decider probes one ask of a tried field's values may make. */
const TRIES_PER_ASK = 400;

/** A sequence's next values: those the decider accepts after the items chosen so far. */
function nextInSequence(
  field: Extract<FieldChoices, { pick: 'sequence' }>,
  accepts: (params: Record<string, unknown>) => boolean,
  chosen: Readonly<Record<string, unknown>>,
  kept: <V>(values: V[], keep: (value: V) => boolean) => V[],
): FieldChoices {
  const sofar = valueAt(chosen, field.path);
  const items = Array.isArray(sofar) ? sofar : [];
  if (items.length >= field.max) return { ...field, values: [] };
  const accepted = (list: unknown[]): boolean => accepts(withValueAt(chosen, field.path, list));
  if (!field.complete)
    return { ...field, values: kept(field.values, (v) => accepted([...items, v.value])) };
  // A list accepted only once longer: some continuation of the values offered is accepted
  // (searched depth first within a budget; past it, nothing is hidden).
  const next = field.values.filter((v) => v.refused === undefined).map((v) => v.value);
  const budget = { left: TRIES_PER_ASK };
  const completes = (list: unknown[]): boolean => {
    if ((budget.left -= 1) < 0) return true;
    if (accepted(list)) return true;
    return list.length < field.max && next.some((v) => completes([...list, v]));
  };
  return {
    ...field,
    values: kept(field.values, (v) => v.refused !== undefined || completes([...items, v.value])),
  };
}

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
  // A numeric key is an item of a list (`effects.0.kind`): lists stay lists.
  const set = (key: string, v: unknown): Record<string, unknown> =>
    Array.isArray(params)
      ? (Object.assign([...(params as unknown[])], { [key]: v }) as unknown as Record<
          string,
          unknown
        >)
      : { ...params, [key]: v };
  if (rest.length === 0) return set(head, value);
  const inner = params[head];
  return set(
    head,
    withValueAt(
      inner && typeof inner === 'object'
        ? (inner as Record<string, unknown>)
        : ((/^\d+$/.test(rest[0]) ? [] : {}) as Record<string, unknown>),
      rest.join('.'),
      value,
    ),
  );
}
