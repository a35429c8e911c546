import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { Ruleset } from '../../../domain/rulesets/ruleset';
import { eventSchemaName } from '../event-schemas';

const NDJSON = 'application/x-ndjson';
const COMPONENTS = '#/components/schemas/';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The line schemas published as JSON Schema, by the name in their URL (beside lifted ones). */
function namedLineSchemas(rulesets: readonly Ruleset[]): Record<string, string> {
  return {
    'export-line': 'ExportLineDto',
    'feed-line': 'FeedLineDto',
    'player-match-line': 'PlayerMatchLineDto',
    event: 'RecordedEventDto',
    ...Object.fromEntries(
      rulesets.map((ruleset) => [`event.${ruleset.id}`, eventSchemaName(ruleset.id)]),
    ),
  };
}

/** Where the JSON Schema of a line is published. */
export function lineSchemaUrl(name: string): string {
  return `/api/v1/schemas/${name}`;
}

type Json = unknown;

/**
 * A component of the OpenAPI document as a standalone JSON Schema (draft-07): every schema
 * it reaches under `definitions`, OpenAPI's `nullable` spelled as a `null` type.
 */
export function standaloneSchema(document: OpenAPIObject, component: string, name: string): object {
  const components = (document.components?.schemas ?? {}) as Record<string, Json>;
  const definitions: Record<string, Json> = {};
  const convert = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(convert);
    if (node === null || typeof node !== 'object') return node;
    const { nullable, discriminator: _discriminator, ...rest } = node as Record<string, Json>;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)) {
        const referenced = value.slice(COMPONENTS.length);
        reach(referenced);
        out.$ref = `#/definitions/${referenced}`;
      } else if (key === 'properties' && value && typeof value === 'object') {
        // Member names are data, not keywords: only their schemas are converted.
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, Json>).map(([k, v]) => [k, convert(v)]),
        );
      } else out[key] = convert(value);
    }
    if (nullable !== true) return out;
    if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
    return { anyOf: [out, { type: 'null' }] };
  };
  const reach = (name: string): void => {
    if (name in definitions) return;
    definitions[name] = {};
    definitions[name] = convert(components[name]);
  };
  reach(component);
  return {
    $schema: DRAFT_07,
    $id: lineSchemaUrl(name),
    $ref: `#/definitions/${component}`,
    definitions,
  };
}

/**
 * Each NDJSON answer names the JSON Schema of one of its lines (`x-json-schema`), so a
 * client validates (and types) the stream line by line. A line schema written inline (a
 * oneOf of a header, events and a trailer) is lifted into the components first, named after
 * its operation (`exportMatch` → `ExportMatchLine`, published as `export-match-line`).
 * Answers the published names, each with its component.
 */
export function documentLineSchemas(
  document: OpenAPIObject,
  rulesets: readonly Ruleset[],
): Record<string, string> {
  const names = namedLineSchemas(rulesets);
  const byComponent = new Map(Object.entries(names).map(([name, component]) => [component, name]));
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as Array<{
      operationId?: string;
      responses?: Record<string, { content?: Record<string, Record<string, unknown>> }>;
    }>)
      for (const response of Object.values(operation.responses ?? {})) {
        const media = response.content?.[NDJSON];
        if (!media) continue;
        const schema = media.schema as { $ref?: string } | undefined;
        if (schema && schema.$ref === undefined && operation.operationId) {
          const id = operation.operationId;
          const component = `${id[0].toUpperCase()}${id.slice(1)}Line`;
          const name = `${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-line`;
          schemas[component] = schema as SchemaObject;
          media.schema = { $ref: COMPONENTS + component };
          names[name] = component;
          byComponent.set(component, name);
        }
        const $ref = (media.schema as { $ref?: string } | undefined)?.$ref;
        const name = $ref && byComponent.get($ref.slice(COMPONENTS.length));
        if (name) media['x-json-schema'] = lineSchemaUrl(name);
      }
  return names;
}
