import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { PositionParams } from '../../domain/rulesets/position.params';
import { getMetadataStorage } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { LocalizedText } from '../../domain/shared/localized-text';
import { HOLDS_SAFE_TEXTS } from '../../domain/shared/safe-text';
import type { OptionSpec, PieceTypeSpec, Ruleset } from '../../domain/rulesets/ruleset';
import { RulesetRegistry } from '../../domain/rulesets/ruleset-registry';

export interface RulesetSummary {
  id: string;
  version: string;
  title: LocalizedText;
  summary: LocalizedText;
  seats: { min: number; max: number };
}

export interface RulesetDetail extends RulesetSummary {
  options: readonly OptionSpec[];
  catalog: PieceTypeSpec[];
  /** Prefixes of the ids of seats' tracks that are resources, not scores (Ruleset.resourceTracks). */
  resourceTracks: readonly string[];
  /** JSON Schema of the setup parameters, if the ruleset takes any. */
  setup?: JsonSchema;
  decisions: {
    kind: string;
    summary: LocalizedText;
    turn: 'active' | 'any';
    phases?: string[];
    /** Whether the choice is made sealed (committed first, revealed later): absent means never. */
    sealing?: 'required' | 'optional';
    params: JsonSchema;
    /** Params as a player would send them (valid against `params`). */
    example?: unknown;
  }[];
  /**
   * How a match of it starts from a given position (POST /matches `position`): the schema of
   * the position, of its `rules` part, and an example. Absent: it takes no position.
   */
  position?: { params: JsonSchema; rules?: JsonSchema; example?: unknown };
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
  schemaCache ??= withoutRefSiblings(
    validationMetadatasToSchemas({
      classTransformerMetadataStorage: defaultMetadataStorage,
      refPointerPrefix: '#/schemas/',
      // A rule on the texts inside a member says nothing of its type (the default would
      // refer to the member's reflected type, Object).
      additionalConverters: { [HOLDS_SAFE_TEXTS]: {} },
    }),
  ) as Record<string, JsonSchema>;
  return schemaCache;
}

/**
 * OpenAPI 3.0 ignores members beside a `$ref`, so a documented nested field (its description
 * and label, see the kit's `Field`) refers to its schema through `allOf: [{ $ref }]` instead.
 */
function withoutRefSiblings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefSiblings);
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const members = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, withoutRefSiblings(value)]),
  );
  if ($ref === undefined) return members;
  return Object.keys(members).length === 0 ? { $ref } : { ...members, allOf: [{ $ref }] };
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
    resourceTracks: ruleset.resourceTracks ?? [],
    ...(ruleset.setupParams ? { setup: schemaOf(ruleset.setupParams) } : {}),
    decisions: Object.entries(ruleset.decisions).map(([kind, spec]) => ({
      kind,
      summary: spec.summary,
      turn: spec.turn,
      ...(spec.phases ? { phases: spec.phases } : {}),
      ...(spec.sealing ? { sealing: spec.sealing } : {}),
      params: schemaOf(spec.params),
      ...(spec.example !== undefined ? { example: spec.example as unknown } : {}),
    })),
    ...(ruleset.position
      ? {
          position: {
            params: schemaOf(PositionParams),
            ...(ruleset.position.rules ? { rules: schemaOf(ruleset.position.rules) } : {}),
            ...(ruleset.position.example ? { example: ruleset.position.example } : {}),
          },
        }
      : {}),
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

/**
 * The registry the server starts with. Schemas are generated per class name (class-validator's
 * metadata is keyed so), so two params classes of one name would silently merge their schemas:
 * that is refused here, at start, naming both owners.
 */
/** A DTO class as class-validator and class-transformer see it. */
type DtoClass = abstract new (...args: never[]) => unknown;

export function createRulesetRegistry(rulesets: readonly Ruleset[]): RulesetRegistry {
  const registry = new RulesetRegistry(rulesets);
  const owners = new Map<string, { cls: DtoClass; owner: string }>();
  for (const ruleset of registry.list()) {
    const roots: [string, DtoClass][] = Object.entries(ruleset.decisions).map(([kind, spec]) => [
      `${ruleset.id} decision ${kind}`,
      spec.params,
    ]);
    if (ruleset.setupParams) roots.push([`${ruleset.id} setup`, ruleset.setupParams]);
    if (ruleset.position?.rules)
      roots.push([`${ruleset.id} position rules`, ruleset.position.rules]);
    for (const [owner, root] of roots)
      for (const cls of classesReachableFrom(root)) {
        const seen = owners.get(cls.name);
        if (seen && seen.cls !== cls)
          throw new Error(
            `Params classes of ${seen.owner} and ${owner} are both named ${cls.name}: rename one (schemas are keyed by class name)`,
          );
        owners.set(cls.name, { cls, owner });
      }
  }
  return registry;
}

/** A params class and the classes of its nested members (`@Type(() => X)`), transitively. */
function classesReachableFrom(root: DtoClass): Set<DtoClass> {
  const found = new Set<DtoClass>();
  const visit = (cls: DtoClass): void => {
    if (found.has(cls)) return;
    found.add(cls);
    const properties = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(cls, '', true, false)
        .map((metadata) => metadata.propertyName),
    );
    for (const property of properties) {
      const nested = defaultMetadataStorage
        .findTypeMetadata(cls, property)
        ?.typeFunction() as unknown;
      if (typeof nested === 'function' && nested !== Object) visit(nested as DtoClass);
    }
  };
  visit(root);
  return found;
}
