import type { OpenAPIObject } from '@nestjs/swagger';
import { dtoSchemas, type JsonSchema } from '../../application/rulesets/ruleset-catalog';
import type { Ruleset } from '../../domain/rulesets/ruleset';

const DECISIONS_PATH = '/api/v1/matches/{id}/decisions';
const PARAMS_PREFIX = 'Params.';

/**
 * Publishes every ruleset's decision params in the document, so a generated client types
 * them: each params DTO (generated from its class-validator rules, as GET rulesets/:id
 * shows it) as `Params.<Class>`; per ruleset `Decision.<ruleset>`, a `oneOf` of its kinds
 * discriminated by `kind`; and the body of POST matches/:id/decisions as any of them (two
 * rulesets may name a kind alike, so across rulesets it is `anyOf`).
 */
export function documentDecisionParams(
  document: OpenAPIObject,
  rulesets: readonly Ruleset[],
): void {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Record<string, unknown>;
  const all = dtoSchemas();
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const publish = (name: string): void => {
    if (`${PARAMS_PREFIX}${name}` in schemas) return;
    const schema = all[name] ?? { type: 'object', additionalProperties: false };
    const text = JSON.stringify(schema).replace(
      /"#\/schemas\/([^"]+)"/g,
      (_, inner: string) => `"#/components/schemas/${PARAMS_PREFIX}${inner}"`,
    );
    schemas[`${PARAMS_PREFIX}${name}`] = JSON.parse(text) as JsonSchema;
    for (const [, inner] of text.matchAll(/"#\/components\/schemas\/Params\.([^"]+)"/g))
      publish(inner);
  };
  const perRuleset = rulesets.map((ruleset) => {
    const mapping: Record<string, string> = {};
    for (const [kind, spec] of Object.entries(ruleset.decisions)) {
      publish(spec.params.name);
      const name = `Decision.${ruleset.id}.${kind}`;
      schemas[name] = {
        description: `${ruleset.id}: ${spec.summary.en}`,
        ...(spec.example !== undefined ? { example: { kind, params: spec.example } } : {}),
        allOf: [
          ref('DecisionDto'),
          {
            type: 'object',
            required: ['kind'],
            properties: {
              kind: { type: 'string', enum: [kind] },
              params: ref(`${PARAMS_PREFIX}${spec.params.name}`),
            },
          },
        ],
      };
      mapping[kind] = `#/components/schemas/${name}`;
    }
    const name = `Decision.${ruleset.id}`;
    schemas[name] = {
      description: `A decision of the ${ruleset.id} ruleset, by its kind`,
      oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
      discriminator: { propertyName: 'kind', mapping },
    };
    return ref(name);
  });
  const body = (document.paths[DECISIONS_PATH]?.post?.requestBody ?? undefined) as
    { content?: Record<string, { schema?: unknown }> } | undefined;
  const json = body?.content?.['application/json'];
  if (!json) throw new Error(`${DECISIONS_PATH} has no JSON body to document`);
  json.schema = {
    description: 'A decision of the match’s ruleset: its kind and the params that kind takes',
    anyOf: perRuleset,
  };
}
