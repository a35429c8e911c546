import type { CountedValue, FieldChoices } from '@domain/rulesets/decision-choices';
import type { Lang } from '@domain/rulesets/ruleset';
import { playLabel } from './play-labels';

/** The values of a form with rule choices: paths into them, and what they still lack. */

type Values = Record<string, unknown>;

/** Reads `a.b` of the values. */
export function valueAt(values: Values, path: string): unknown {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Values)[key];
  }
  return at;
}

/** The values with `a.b` set (a copy); undefined removes it. */
export function withValueAt(values: Values, path: string, value: unknown): Values {
  const [head, ...rest] = path.split('.');
  // A numeric key is an item of a list (`effects.0.kind`): lists stay lists.
  const copy = (Array.isArray(values) ? [...(values as unknown[])] : { ...values }) as Values;
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const inner = values[head];
  const next = withValueAt(
    inner && typeof inner === 'object'
      ? (inner as Values)
      : ((/^\d+$/.test(rest[0]) ? [] : {}) as Values),
    rest.join('.'),
    value,
  );
  if (Object.keys(next).length === 0) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** What the rules' choices still ask before the decision can be sent, in the reader's words. */
export function choicesIncomplete(fields: readonly FieldChoices[], values: Values, lang: Lang) {
  const missing: string[] = [];
  for (const field of fields) {
    const value = valueAt(values, field.path);
    if (field.pick === 'counts' && field.total) {
      const sum = countsOf(field, value).reduce((s, e) => s + e.n, 0);
      if (field.total.min !== undefined && sum < field.total.min)
        missing.push(
          playLabel('choicesTotalLow', lang, { n: field.total.min, unit: field.total.unit[lang] }),
        );
      if (field.total.max !== undefined && sum > field.total.max)
        missing.push(
          playLabel('choicesTotalHigh', lang, { n: field.total.max, unit: field.total.unit[lang] }),
        );
    }
    if (field.pick === 'places' && !field.optional) {
      const placed = placesOf(field, value);
      if (field.values.some((v) => placed.get(v.value) === undefined))
        missing.push(playLabel('choicesPlaceEach', lang));
    }
    // A value the rules require now, though the schema makes it optional (a leader on the wheel).
    if (field.pick === 'one' && field.required && value === undefined)
      missing.push(playLabel('formIncomplete', lang));
    if (field.pick === 'many') {
      const n = Array.isArray(value) ? value.length : 0;
      if (n < field.min || n > field.max) missing.push(manyRequirement(field, lang));
    }
  }
  return missing;
}

/**
 * What the rules require of a list of checkboxes, in the reader's words: exactly two, one
 * to two, or up to five (never «1 из 2», which reads as two required).
 */
export function manyRequirement(
  field: Extract<FieldChoices, { pick: 'many' }>,
  lang: Lang,
): string {
  const { min } = field;
  // No more than are offered now (one deck left of two can fire).
  const max = Math.max(min, Math.min(field.max, field.values.filter((v) => !v.refused).length));
  if (min === max) return playLabel('choicesNeedExactly', lang, { min });
  if (min === 0) return playLabel('choicesMayUpTo', lang, { max });
  return playLabel('choicesNeedRange', lang, { min, max });
}

/** A list of checkboxes' status: how many are ticked, and what the rules require. */
export function manyStatus(
  field: Extract<FieldChoices, { pick: 'many' }>,
  chosen: number,
  lang: Lang,
): string {
  // Nothing to pick, or none may be picked (half of a lone ship's fleet is none).
  if (field.values.length === 0 || field.max === 0) return playLabel('choicesNoneToPick', lang);
  return `${playLabel('choicesChosen', lang, { n: chosen })} ${manyRequirement(field, lang)}`;
}

export function countsOf(
  field: Extract<FieldChoices, { pick: 'counts' }>,
  value: unknown,
): { value: unknown; n: number }[] {
  return (Array.isArray(value) ? (value as Values[]) : []).map((e) => ({
    value: e[field.item],
    n: typeof e[field.count] === 'number' ? (e[field.count] as number) : 0,
  }));
}

/**
 * The counts field's value with `item` counted `n` (undefined: left out), in the order the
 * values are offered. A count of 0 is listed only where the rules take one (a battle's
 * points, a share of the dues); elsewhere 0 leaves the entry out.
 */
export function withCount(
  field: Extract<FieldChoices, { pick: 'counts' }>,
  value: unknown,
  item: CountedValue,
  n: number | undefined,
): Values[] | undefined {
  const others = (Array.isArray(value) ? (value as Values[]) : []).filter(
    (e) => e[field.item] !== item.value,
  );
  const listed = n !== undefined && (n > 0 || item.min <= 0);
  const next = listed ? [...others, { [field.item]: item.value, [field.count]: n }] : others;
  const order = field.values.map((v) => v.value);
  next.sort(
    (a, b) => order.indexOf(a[field.item] as never) - order.indexOf(b[field.item] as never),
  );
  return next.length > 0 ? next : undefined;
}

/** Where each value of a places field stands in `value` (grouped entries list their values). */
export function placesOf(
  field: Extract<FieldChoices, { pick: 'places' }>,
  value: unknown,
): Map<unknown, unknown> {
  const at = new Map<unknown, unknown>();
  for (const entry of Array.isArray(value) ? (value as Values[]) : []) {
    const items = entry[field.item];
    for (const item of field.grouped && Array.isArray(items) ? items : [items])
      if (entry[field.place] !== undefined) at.set(item, entry[field.place]);
  }
  return at;
}

/**
 * The places field's value with each value placed as `at` says (unplaced ones left out): one
 * entry per value, or (`grouped`) one per place listing its values in the values' order.
 */
export function placedValue(
  field: Extract<FieldChoices, { pick: 'places' }>,
  at: ReadonlyMap<unknown, unknown>,
): Values[] {
  const placed = field.values.filter((v) => at.get(v.value) !== undefined);
  if (!field.grouped)
    return placed.map((v) => ({ [field.item]: v.value, [field.place]: at.get(v.value) }));
  const entries: Values[] = [];
  for (const v of placed) {
    const place = at.get(v.value);
    const entry = entries.find((e) => e[field.place] === place);
    if (entry) (entry[field.item] as unknown[]).push(v.value);
    else entries.push({ [field.item]: [v.value], [field.place]: place });
  }
  return entries;
}
