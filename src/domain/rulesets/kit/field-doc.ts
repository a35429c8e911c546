import { JSONSchema } from 'class-validator-jsonschema';
import { labelFields } from '../../shared/field-labels';

/**
 * Documents a params field where every reader of the schemas finds it (GET rulesets/:id and
 * the OpenAPI document, both generated from the DTO): what the field is, in English, and the
 * short Russian label the seat page shows beside it (`x-label-ru`).
 */
export function Field(en: string, ru: string): PropertyDecorator {
  const schema = JSONSchema({ description: en, 'x-label-ru': ru } as Parameters<
    typeof JSONSchema
  >[0]) as PropertyDecorator;
  return (target, property) => {
    schema(target, property);
    if (typeof property === 'string') labelFields(target.constructor, { [property]: ru });
  };
}
