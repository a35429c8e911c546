import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { LocalizedText } from '../../domain/shared/localized-text';
import type { OptionSpec, PieceTypeSpec, Ruleset } from '../../domain/rulesets/ruleset';

export interface RulesetSummary {
  id: string;
  version: string;
  title: LocalizedText;
  summary: LocalizedText;
  seats: { min: number; max: number };
}

export interface RulesetDetail extends RulesetSummary {
  options: OptionSpec[];
  catalog: PieceTypeSpec[];
  /** JSON Schema of the setup parameters, if the ruleset takes any. */
  setup?: JsonSchema;
  decisions: {
    kind: string;
    summary: LocalizedText;
    turn: 'active' | 'any';
    phases?: string[];
    params: JsonSchema;
  }[];
  /** Schemas the decision schemas refer to with `$ref: '#/schemas/<name>'`. */
  schemas: Record<string, JsonSchema>;
}

export type JsonSchema = Record<string, unknown>;

export function summarizeRuleset(ruleset: Ruleset): RulesetSummary {
  const { id, version, title, summary, seats } = ruleset;
  return { id, version, title, summary, seats };
}

let schemaCache: Record<string, JsonSchema> | undefined;

/** JSON Schemas generated from the class-validator DTOs themselves, so documentation cannot drift from validation. */
export function dtoSchemas(): Record<string, JsonSchema> {
  schemaCache ??= validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: '#/schemas/',
  }) as Record<string, JsonSchema>;
  return schemaCache;
}

export function describeRuleset(ruleset: Ruleset): RulesetDetail {
  const schemas = dtoSchemas();
  const used: Record<string, JsonSchema> = {};
  const schemaOf = (cls: { name: string }): JsonSchema => {
    collect(cls.name, schemas, used);
    return schemas[cls.name] ?? { type: 'object', additionalProperties: false };
  };
  return {
    ...summarizeRuleset(ruleset),
    options: ruleset.options,
    catalog: ruleset.catalog,
    ...(ruleset.setupParams ? { setup: schemaOf(ruleset.setupParams) } : {}),
    decisions: Object.entries(ruleset.decisions).map(([kind, spec]) => ({
      kind,
      summary: spec.summary,
      turn: spec.turn,
      ...(spec.phases ? { phases: spec.phases } : {}),
      params: schemaOf(spec.params),
    })),
    schemas: used,
  };
}

/** Copies a schema and every schema it refers to. */
function collect(
  name: string,
  all: Record<string, JsonSchema>,
  into: Record<string, JsonSchema>,
): void {
  if (into[name] || !all[name]) return;
  into[name] = all[name];
  const refs = JSON.stringify(all[name]).matchAll(/"#\/schemas\/([^"]+)"/g);
  for (const [, ref] of refs) collect(ref, all, into);
}
