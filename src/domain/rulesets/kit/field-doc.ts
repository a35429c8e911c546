import { JSONSchema } from 'class-validator-jsonschema';
import type { LocalizedText } from '../../shared/localized-text';
import { labelFields } from '../../shared/field-labels';

/**
 * Documents a params field where every reader of the schemas finds it (GET rulesets/:id and
 * the OpenAPI document, both generated from the DTO): what the field is, in English, the
 * short Russian label the seat page shows beside it (`x-label-ru`) and, for a choice among
 * values, each value's name as the pages show it (`x-choice-names`), so no page shows an id.
 */
export function Field(
  en: string,
  ru: string,
  choiceNames?: Readonly<Record<string, LocalizedText>>,
): PropertyDecorator {
  const schema = JSONSchema({
    description: en,
    'x-label-ru': ru,
    ...(choiceNames ? { 'x-choice-names': choiceNames } : {}),
  } as Parameters<typeof JSONSchema>[0]) as PropertyDecorator;
  return (target, property) => {
    schema(target, property);
    if (typeof property === 'string') labelFields(target.constructor, { [property]: ru });
  };
}

/**
 * An id field that names a thing the decision creates (a new zone), typed by the player rather
 * than picked among what exists (`x-new-id: new`); or, `new-or-existing`, either one of its
 * kind on the table or a new one (a track is created when first changed).
 */
export function NewIdField(
  en: string,
  ru: string,
  mode: 'new' | 'new-or-existing',
): PropertyDecorator {
  return JSONSchema({
    description: en,
    'x-label-ru': ru,
    'x-new-id': mode,
  } as Parameters<typeof JSONSchema>[0]) as PropertyDecorator;
}
