/**
 * A decision's params schema (GET rulesets/:id, generated from the ruleset's class-validator
 * DTOs) read as the fields of a form, and the check that a form never sends what the schema
 * forbids. The schemas use a small subset of JSON Schema (type, properties, required,
 * additionalProperties, items, enum, pattern, lengths, bounds, `$ref: #/schemas/<name>`, and
 * the one-`$ref` `allOf` of a documented nested object); the page's content security policy
 * forbids compiling validators at run time, so this walks them.
 * The new-match page reads a ruleset's setup schema with the same walk (match-request.ts).
 */

import type { Lang } from '@domain/rulesets/ruleset';
import { upperFirst, type LocalizedText } from '@domain/shared/localized-text';

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  description?: string;
  'x-label-ru'?: string;
  'x-choice-names'?: Record<string, LocalizedText>;
  'x-new-id'?: string;
  examples?: unknown[];
  example?: unknown;
  $ref?: string;
  allOf?: JsonSchema[];
};

/** Schemas a `$ref` names (`#/schemas/<name>`). */
export type SchemaIndex = Readonly<Record<string, unknown>>;

/**
 * The schema a member stands for, its `$ref`s followed. A nested DTO member that carries its
 * own documentation (@Field with @IsNestedObject) is published by class-validator-jsonschema
 * as `{ type: 'object', description, 'x-label-ru', allOf: [{ $ref }] }` (a `$ref` may not have
 * siblings): that wrapper says nothing but the referenced schema, so it resolves to it. The
 * caller reads the wrapper's own description and label (fieldOf).
 */
export function resolve(schema: JsonSchema, index: SchemaIndex): JsonSchema {
  let current = schema;
  for (let depth = 0; depth < 16; depth += 1) {
    const ref = current.$ref ?? refWrapped(current);
    if (ref === undefined) return current;
    const name = ref.split('/').pop() ?? '';
    const found = Object.hasOwn(index, name) ? (index[name] as JsonSchema) : undefined;
    if (!found) return { type: 'object' };
    current = found;
  }
  return current;
}

/** What a schema may say beside the wrapped `$ref` and still be only that `$ref`: words. */
const WRAPPER_WORDS: ReadonlySet<string> = new Set(['type', 'description', 'x-label-ru', 'allOf']);

/** The `$ref` of the documented nested-object wrapper; undefined for any other schema. */
function refWrapped(schema: JsonSchema): string | undefined {
  const [only, ...more] = schema.allOf ?? [];
  if (!only || more.length > 0 || typeof only.$ref !== 'string') return undefined;
  if (Object.keys(only).length !== 1) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  return Object.keys(schema).every((key) => WRAPPER_WORDS.has(key)) ? only.$ref : undefined;
}

/**
 * A string of the id pattern names something on the table. Equal to ID_PATTERN.source
 * (safe-text.ts, which the page does not load: it brings class-validator).
 */
export const ID_SOURCE = '^[\\p{L}\\p{N}][\\p{L}\\p{N}_\\-.:@+#]{0,127}$';

/** What the schema says of a field for people: its Russian label, its description (English). */
export interface FieldDoc {
  labelRu?: string;
  help?: string;
  /** The names of a choice's values, where the ruleset gives them (`x-choice-names`). */
  choiceNames?: Readonly<Record<string, LocalizedText>>;
  /** An id the player types for a thing the decision creates (`x-new-id`), or picks one existing. */
  newId?: 'new' | 'new-or-existing';
}

/** A choice's value as the field names it, else undefined (the caller's words name it). */
export function choiceName(field: FieldDoc, value: string, lang: Lang): string | undefined {
  const names = field.choiceNames;
  return names && Object.hasOwn(names, value) ? names[value][lang] : undefined;
}

export type Field = FieldShape & FieldDoc;

/**
 * A field's name in words, the same on every form: in Russian the label the ruleset documents
 * (x-label-ru), else the ruleset's term for it (`term`), else its name spaced out
 * ("startRound" → "Start round"). Its description is English: the forms show it as help on the
 * English page only.
 */
export function fieldLabel(
  field: { name: string; labelRu?: string },
  lang: Lang,
  term: (word: string) => string | undefined,
): string {
  if (lang === 'ru' && field.labelRu) return field.labelRu;
  const termed = term(field.name);
  const text =
    termed && termed !== field.name
      ? termed
      : field.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return upperFirst(text);
}

type FieldShape =
  | { kind: 'id'; name: string; required: boolean }
  | { kind: 'enum'; name: string; required: boolean; values: string[] }
  | {
      kind: 'number';
      name: string;
      required: boolean;
      integer: boolean;
      min?: number;
      max?: number;
    }
  | { kind: 'boolean'; name: string; required: boolean }
  | { kind: 'text'; name: string; required: boolean; maxLength?: number; pattern?: string }
  /** Dice faces a seat reports (an array of whole numbers). */
  | { kind: 'faces'; name: string; required: boolean; min?: number; max?: number }
  | { kind: 'ids-list'; name: string; required: boolean; min?: number; max?: number }
  /**
   * A list of values of one enum, in the order chosen (a ship's steps, the ships bought);
   * `unique`: a value may be chosen once only.
   */
  | {
      kind: 'choice-list';
      name: string;
      required: boolean;
      values: string[];
      unique: boolean;
      min?: number;
      max?: number;
    }
  | { kind: 'group'; name: string; required: boolean; fields: Field[] }
  | { kind: 'groups'; name: string; required: boolean; fields: Field[]; min?: number; max?: number }
  /** Anything else (a free attribute object, a localized name): JSON typed by the player. */
  | { kind: 'json'; name: string; required: boolean; schema: JsonSchema };

/**
 * A name in both languages (`{ en, ru }`): the forms ask it in the page's language, the other
 * one optional (the same text when left empty).
 */
export function isLocalizedText(field: Field): boolean {
  return (
    field.kind === 'group' &&
    field.fields.length === 2 &&
    field.fields.every((f) => (f.name === 'en' || f.name === 'ru') && f.kind === 'text') &&
    field.fields[0].name !== field.fields[1].name
  );
}

const isId = (s: JsonSchema): boolean => s.type === 'string' && s.pattern === ID_SOURCE;

/** A choice among named values: an enum of strings. */
const isChoice = (s: JsonSchema): boolean => !!s.enum && s.enum.every((v) => typeof v === 'string');

/**
 * The fields of an object schema, in the schema's order. `within` holds the object schemas
 * this one is laid out inside: a member of one of them again (Commanders Path's card, whose
 * built-in cards are cards) has no end as fields, so it stays JSON.
 */
export function fieldsOf(
  schema: JsonSchema,
  index: SchemaIndex,
  within: ReadonlySet<JsonSchema> = new Set(),
): Field[] {
  const object = resolve(schema, index);
  const inside = new Set(within).add(object);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, raw]) =>
    fieldOf(name, raw, required.has(name), index, inside),
  );
}

function fieldOf(
  name: string,
  raw: JsonSchema,
  required: boolean,
  index: SchemaIndex,
  within: ReadonlySet<JsonSchema>,
): Field {
  const labelRu = raw['x-label-ru'];
  const choiceNames = raw['x-choice-names'];
  const newId = raw['x-new-id'];
  return {
    ...shapeOf(name, raw, required, index, within),
    ...(typeof labelRu === 'string' ? { labelRu } : {}),
    ...(choiceNames && typeof choiceNames === 'object' ? { choiceNames } : {}),
    ...(newId === 'new' || newId === 'new-or-existing' ? { newId } : {}),
    ...(raw.description ? { help: raw.description } : {}),
  };
}

function shapeOf(
  name: string,
  raw: JsonSchema,
  required: boolean,
  index: SchemaIndex,
  within: ReadonlySet<JsonSchema>,
): FieldShape {
  const s = resolve(raw, index);
  if (isId(s)) return { kind: 'id', name, required };
  if (isChoice(s)) return { kind: 'enum', name, required, values: s.enum as string[] };
  switch (s.type) {
    case 'integer':
    case 'number':
      return {
        kind: 'number',
        name,
        required,
        integer: s.type === 'integer',
        min: s.minimum,
        max: s.maximum,
      };
    case 'boolean':
      return { kind: 'boolean', name, required };
    case 'string':
      return { kind: 'text', name, required, maxLength: s.maxLength, pattern: s.pattern };
    case 'array': {
      const item = resolve(s.items ?? {}, index);
      const bounds = { min: s.minItems, max: s.maxItems };
      if (isId(item)) return { kind: 'ids-list', name, required, ...bounds };
      if (item.type === 'integer') return { kind: 'faces', name, required, ...bounds };
      if (isChoice(item))
        return {
          kind: 'choice-list',
          name,
          required,
          values: item.enum as string[],
          unique: s.uniqueItems === true,
          ...bounds,
        };
      if (item.type === 'object' && item.properties && !within.has(item))
        return {
          kind: 'groups',
          name,
          required,
          fields: fieldsOf(item, index, within),
          ...bounds,
        };
      return { kind: 'json', name, required, schema: s };
    }
    case 'object':
      if (s.properties && Object.keys(s.properties).length > 0 && !within.has(s))
        return { kind: 'group', name, required, fields: fieldsOf(s, index, within) };
      return { kind: 'json', name, required, schema: s };
    default:
      return { kind: 'json', name, required, schema: s };
  }
}

/** What is wrong with a value, by the path of the field (`ships[0].to`; '' for the whole). */
export interface SchemaProblem {
  path: string;
  code:
    | 'required'
    | 'unknown-field'
    | 'type'
    | 'enum'
    | 'pattern'
    | 'min'
    | 'max'
    | 'min-items'
    | 'max-items'
    | 'unique-items'
    | 'min-length'
    | 'max-length';
  limit?: number;
}

/** Every way `value` breaks `schema`; none means the server's schema check would pass. */
export function checkAgainst(
  schema: JsonSchema,
  value: unknown,
  index: SchemaIndex,
  path = '',
): SchemaProblem[] {
  const s = resolve(schema, index);
  const problems: SchemaProblem[] = [];
  const fail = (code: SchemaProblem['code'], limit?: number): SchemaProblem[] => [
    ...problems,
    { path, code, ...(limit === undefined ? {} : { limit }) },
  ];
  if (s.enum && !s.enum.includes(value)) return fail('enum');
  switch (s.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('type');
      const record = value as Record<string, unknown>;
      for (const name of s.required ?? [])
        if (record[name] === undefined) problems.push({ path: join(path, name), code: 'required' });
      for (const [name, member] of Object.entries(record)) {
        if (member === undefined) continue;
        const property =
          s.properties && Object.hasOwn(s.properties, name) ? s.properties[name] : undefined;
        if (property) problems.push(...checkAgainst(property, member, index, join(path, name)));
        else if (s.additionalProperties === false)
          problems.push({ path: join(path, name), code: 'unknown-field' });
      }
      return problems;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail('type');
      if (s.minItems !== undefined && value.length < s.minItems)
        problems.push({ path, code: 'min-items', limit: s.minItems });
      if (s.maxItems !== undefined && value.length > s.maxItems)
        problems.push({ path, code: 'max-items', limit: s.maxItems });
      if (s.uniqueItems === true && !allDifferent(value))
        problems.push({ path, code: 'unique-items' });
      value.forEach((item, i) => {
        if (s.items) problems.push(...checkAgainst(s.items, item, index, `${path}[${i}]`));
      });
      return problems;
    }
    case 'string': {
      if (typeof value !== 'string') return fail('type');
      const length = [...value].length;
      if (s.minLength !== undefined && length < s.minLength)
        problems.push({ path, code: 'min-length', limit: s.minLength });
      if (s.maxLength !== undefined && length > s.maxLength)
        problems.push({ path, code: 'max-length', limit: s.maxLength });
      if (s.pattern !== undefined && !patternOf(s.pattern).test(value))
        problems.push({ path, code: 'pattern' });
      return problems;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('type');
      if (s.type === 'integer' && !Number.isInteger(value)) return fail('type');
      if (s.minimum !== undefined && value < s.minimum) return fail('min', s.minimum);
      if (s.maximum !== undefined && value > s.maximum) return fail('max', s.maximum);
      return problems;
    }
    case 'boolean':
      return typeof value === 'boolean' ? problems : fail('type');
    default:
      return problems;
  }
}

/** No two items alike (as JSON values: the lists checked hold names and numbers). */
function allDifferent(items: readonly unknown[]): boolean {
  const seen = new Set(items.map((item) => JSON.stringify(item)));
  return seen.size === items.length;
}

const patterns = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
