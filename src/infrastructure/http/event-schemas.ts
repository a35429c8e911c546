import type { OpenAPIObject } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import generatedFile from './event-schemas.generated.json';

/** The generated file's shape (EventSchemas of event-schemas.generate.ts). */
const generated = generatedFile as unknown as {
  events: Record<string, Record<string, string>>;
  schemas: Record<string, SchemaObject>;
};

/**
 * The events every ruleset records, as the OpenAPI document publishes them: each event type's
 * data is generated from the domain's event maps (test/support/event-schemas.generate.ts,
 * `EventData.<owner>.<Type>`); here each type becomes a RecordedEventDto whose `type` is that
 * type and whose `data` has that schema (`Event.<owner>.<Type>`), and each ruleset a oneOf of
 * its own and the engine's events keyed by `type` (`Event.<ruleset>`).
 */

const ENGINE = 'engine';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The name of the schema of any event of any ruleset (an export's or a feed's event). */
export const ANY_EVENT = 'Event';

/** The name of the schema of every event a ruleset records. */
export function eventSchemaName(ruleset: string): string {
  return `Event.${ruleset}`;
}

export function documentEventSchemas(document: OpenAPIObject, rulesets: readonly Ruleset[]): void {
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  Object.assign(schemas, generated.schemas);
  const { events } = generated;
  // The envelope is RecordedEventDto's, spelled out whole (not an allOf): a validator that
  // refuses undocumented members checks each event against one object schema.
  const envelope = schemas.RecordedEventDto as SchemaObject | undefined;
  if (!envelope?.properties) throw new Error('RecordedEventDto is not in the document');
  const eventOf = (owner: string, type: string, data: string): string => {
    const name = `Event.${owner}.${type}`;
    schemas[name] ??= {
      ...envelope,
      description: `A recorded \`${type}\` event`,
      properties: {
        ...envelope.properties,
        type: { type: 'string', enum: [type] },
        data: ref(data),
      },
    };
    return name;
  };
  for (const ruleset of rulesets) {
    const own = events[ruleset.id];
    if (!own) throw new Error(`No event map of ruleset ${ruleset.id} (event-schemas.generate.ts)`);
    const mapping: Record<string, string> = {};
    for (const [owner, types] of [
      [ENGINE, events[ENGINE]],
      [ruleset.id, own],
    ] as const)
      for (const [type, data] of Object.entries(types))
        mapping[type] = ref(eventOf(owner, type, data)).$ref;
    schemas[eventSchemaName(ruleset.id)] = {
      description: `Every event a ${ruleset.id} match records (ruleset version ${ruleset.version}): the engine’s and its own, by \`type\` (docs/event-formats.md)`,
      oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
      discriminator: { propertyName: 'type', mapping },
    };
  }
  schemas[ANY_EVENT] = {
    description:
      'A recorded event of any ruleset, as you may see it (redacted): one of `Event.<ruleset>`, by the ruleset of its match (`meta.ruleset.id`)',
    anyOf: rulesets.map((ruleset) => ref(eventSchemaName(ruleset.id))),
  };
}
