import type { LocalizedText } from './localized-text';
/**
 * Records keyed by ids (pieces, zones, fleets, decks, tracks, losses, disputes, seals, undo
 * requests, roll purposes, a ruleset's factions, battles, decks, ...). The one way to read
 * and write them.
 *
 * Ids come from outside, and a plain object answers for members it does not own:
 * `record['toString']` finds a function, `record['__proto__']` the prototype of every
 * object, and `record['__proto__'] = x` replaces the record's prototype. A prototype-free
 * object would not stay one: states are cloned with structuredClone, spread and stored as
 * JSON, which all give Object.prototype back. So records stay plain objects (of any
 * prototype) and safety lives in access: only own properties are read, and writes define
 * own properties (never invoke the `__proto__` setter).
 */
export type IdRecord<T> = Record<string, T>;

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** Whether the record itself holds `id` (never an inherited member). */
export function hasOwn(record: object, id: string): boolean {
  return hasOwnProperty.call(record, id);
}

/**
 * The record's own entry for `id`, or undefined (also when there is no record, and when a
 * stored event's id is neither a string nor a number: hostile data never makes a fold throw).
 */
export function own<T>(record: Readonly<IdRecord<T>> | undefined, id: string): T | undefined {
  const key: unknown = id;
  return record !== undefined &&
    (typeof key === 'string' || typeof key === 'number') &&
    hasOwnProperty.call(record, id)
    ? record[id]
    : undefined;
}

/** Sets the record's own entry for `id` (an own data property, whatever the id). */
export function setOwn<T>(record: IdRecord<T>, id: string, value: NoInfer<T>): T {
  // Defined, not assigned: an assignment to "__proto__" would call the inherited setter.
  Object.defineProperty(record, id, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return value;
}

/** The record's own entry for `id`, created by `make` when there is none. */
export function ownOrSet<T>(record: IdRecord<T>, id: string, make: () => NoInfer<T>): T {
  return hasOwnProperty.call(record, id) ? record[id] : setOwn(record, id, make());
}

/** Removes the record's own entry for `id`, if it has one (inherited members stay untouched). */
export function deleteOwn(record: IdRecord<unknown>, id: string): void {
  if (hasOwnProperty.call(record, id)) delete record[id];
}

/**
 * The keys, anywhere in a parsed JSON value, that validation would drop silently, each with
 * its path and what the request is told: names of members every object inherits
 * (`constructor`, `toString`, `__proto__`, ...), which class-transformer copies into objects
 * that already answer to them, and `prototype`, which Nest's ValidationPipe deletes at any
 * depth before validating (its stripProtoKeys). A request that uses one as a key is refused
 * instead (see validate-params and the HTTP pipe), so what is recorded is what was sent.
 */
export function reservedKeys(
  value: unknown,
  prefix = '',
): { path: string; messages: string[]; localized: LocalizedText[] }[] {
  if (value === null || typeof value !== 'object') return [];
  const found: { path: string; messages: string[]; localized: LocalizedText[] }[] = [];
  const isArray = Array.isArray(value);
  const reserved = (path: string, en: string) => ({
    path,
    messages: [en],
    localized: [{ en, ru: `Поле «${path}»: это имя зарезервировано, выберите другое` }],
  });
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!isArray && key in Object.prototype)
      found.push(reserved(path, `${path} ${INHERITED_MEMBER_RULE}`));
    else if (!isArray && key === 'prototype')
      found.push(reserved(path, `${path} ${PROTOTYPE_KEY_RULE}`));
    found.push(...reservedKeys(item, path));
  }
  return found;
}

/** What a request is told about a key that names an inherited member. */
const INHERITED_MEMBER_RULE =
  'names a member every object has (like constructor or toString): choose another key';
/** What a request is told about a key `prototype`. */
const PROTOTYPE_KEY_RULE =
  'is a key named prototype, which request validation would drop wherever it is: choose another key';
