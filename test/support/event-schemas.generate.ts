import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * Generates the JSON Schema of every event type of every ruleset from the domain's event
 * maps (the interfaces that map each event type to its data), into
 * `src/infrastructure/http/event-schemas.generated.json`, which the OpenAPI document
 * publishes (event-schemas.ts). Run it after changing an event's data:
 *
 *   npm run api:types   (this, then the client types from the document)
 *
 * `test/e2e/openapi-drift.e2e.spec.ts` fails while the committed file is out of date.
 */

const ROOT = join(__dirname, '../..');
export const EVENT_SCHEMAS_FILE = join(
  ROOT,
  'src/infrastructure/http/event-schemas.generated.json',
);

/**
 * Where each ruleset declares its own events: a file and the interface that maps each event
 * type to its data. Every ruleset records the engine's events too (`engine`). A new game adds
 * its line here; the drift spec fails while a registered game has none.
 */
export const EVENT_MAPS: Record<string, Array<[file: string, map: string]>> = {
  engine: [
    ['src/domain/match/match-events.ts', 'MatchEventMap'],
    ['src/domain/table/table-events.ts', 'TableEventMap'],
  ],
  freeform: [],
  'commanders-path': [['src/domain/rulesets/commanders-path/cp-events.ts', 'CpEvents']],
  rex: [['src/domain/rulesets/rex/rex-events.ts', 'RexEventMap']],
  'combat-commander': [['src/domain/rulesets/combat-commander/cc-events.ts', 'CcEvents']],
  'sw-strategic': [['src/domain/rulesets/sw-strategic/sw-events.ts', 'SwEvents']],
  'galaxy-league': [['src/domain/rulesets/galaxy-league/gl-events.ts', 'GalaxyLeagueEvents']],
};

/** An OpenAPI 3.0 schema object (the subset this generator writes). */
export type JsonSchema = Record<string, unknown>;

export interface EventSchemas {
  /** Per ruleset (and `engine`): each event type's data schema, by name in `schemas`. */
  events: Record<string, Record<string, string>>;
  /** Named schemas: each event's data (`EventData.<owner>.<Type>`) and the types they share. */
  schemas: Record<string, JsonSchema>;
}

/**
 * A redacted event lacks its `secret` member (match-view.ts redactEvent): no schema requires
 * it, so an event redacted for its reader still fits.
 */
const NEVER_REQUIRED = new Set(['secret']);

export function generateEventSchemas(): EventSchemas {
  const files = Object.values(EVENT_MAPS).flatMap((maps) => maps.map(([file]) => join(ROOT, file)));
  const program = ts.createProgram(files, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const schemas: Record<string, JsonSchema> = {};
  /** Named declarations already given a schema name (two of one name in two files get the file's too). */
  const named = new Map<ts.Symbol, string>();
  const inProgress = new Set<ts.Symbol>();

  const describe = (symbol: ts.Symbol | undefined): JsonSchema => {
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : '';
    return text ? { description: text.replace(/\s+/g, ' ').trim() } : {};
  };

  const nameOf = (symbol: ts.Symbol): string => {
    const known = named.get(symbol);
    if (known) return known;
    const declaration = symbol.declarations?.[0];
    const file = declaration
      ? relative(ROOT, declaration.getSourceFile().fileName).replace(/^.*\/|\.ts$/g, '')
      : 'lib';
    let name = `EventPart.${symbol.name}`;
    if ([...named.values()].includes(name)) name = `EventPart.${file}.${symbol.name}`;
    named.set(symbol, name);
    return name;
  };

  const schemaOf = (type: ts.Type, depth = 0): JsonSchema => {
    if (depth > 40) return {};
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Never) return { not: {} };
    if (flags & ts.TypeFlags.StringLiteral)
      return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (flags & ts.TypeFlags.NumberLiteral)
      return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (flags & ts.TypeFlags.BooleanLiteral)
      return { type: 'boolean', enum: [checker.typeToString(type) === 'true'] };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { nullable: true };
    if (type.isUnion()) return unionOf(type.types, depth);
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      const fixed = (type as ts.TupleTypeReference).target.fixedLength;
      return {
        type: 'array',
        items: elements.length === 1 ? schemaOf(elements[0], depth + 1) : unionOf(elements, depth),
        minItems: fixed,
        ...((type as ts.TupleTypeReference).target.hasRestElement
          ? {}
          : { maxItems: elements.length }),
      };
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: schemaOf(item, depth + 1) };
    }
    if (flags & ts.TypeFlags.Object) {
      const symbol = type.aliasSymbol ?? type.getSymbol();
      const reusable =
        symbol &&
        !type.aliasTypeArguments &&
        (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0 &&
        !(symbol.name === '__type' || symbol.name === '__object');
      if (reusable) {
        const name = nameOf(symbol);
        if (!schemas[name] && !inProgress.has(symbol)) {
          inProgress.add(symbol);
          schemas[name] = { ...describe(symbol), ...objectOf(type, depth) };
          inProgress.delete(symbol);
        }
        return { $ref: `#/components/schemas/${name}` };
      }
      return objectOf(type, depth);
    }
    if (type.isIntersection()) return objectOf(type, depth);
    return {};
  };

  const unionOf = (types: readonly ts.Type[], depth: number): JsonSchema => {
    const present = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = present.some((t) => t.flags & ts.TypeFlags.Null);
    const members = present.filter((t) => !(t.flags & ts.TypeFlags.Null));
    // `true | false` is how TypeScript spells boolean.
    const booleans = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    const all = rest.map((t) => schemaOf(t, depth + 1));
    if (booleans.length === 2) all.push({ type: 'boolean' });
    else all.push(...booleans.map((t) => schemaOf(t, depth + 1)));
    // `[number, number]` has one element schema twice.
    const parts = all.filter(
      (part, i) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(part)) === i,
    );
    const literals = parts.every((p) => Array.isArray(p.enum) && p.type === parts[0]?.type);
    const schema: JsonSchema =
      parts.length === 1
        ? parts[0]
        : literals && parts.length > 0
          ? { type: parts[0].type, enum: parts.flatMap((p) => p.enum as unknown[]) }
          : { anyOf: parts };
    return nullable ? { ...schema, nullable: true } : schema;
  };

  const objectOf = (type: ts.Type, depth: number): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration
        ? checker.getTypeOfSymbolAtLocation(property, declaration)
        : checker.getDeclaredTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      const schema = schemaOf(propertyType, depth + 1);
      const description = describe(property);
      // A $ref takes no siblings in OpenAPI 3.0: a described reference is wrapped.
      properties[property.name] =
        '$ref' in schema && 'description' in description
          ? { allOf: [schema], ...description }
          : { ...schema, ...description };
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (!optional && !NEVER_REQUIRED.has(property.name)) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type)[0];
    return {
      type: 'object',
      ...(Object.keys(properties).length > 0 ? { properties } : {}),
      ...(required.length > 0 ? { required } : {}),
      ...(index ? { additionalProperties: schemaOf(index.type, depth + 1) } : {}),
    };
  };

  const events: Record<string, Record<string, string>> = {};
  for (const [owner, maps] of Object.entries(EVENT_MAPS)) {
    events[owner] = {};
    for (const [file, mapName] of maps) {
      const source = program.getSourceFile(join(ROOT, file));
      const map = source?.statements.find(
        (statement): statement is ts.InterfaceDeclaration =>
          ts.isInterfaceDeclaration(statement) && statement.name.text === mapName,
      );
      if (!source || !map) throw new Error(`${file} declares no interface ${mapName}`);
      const mapType = checker.getTypeAtLocation(map.name);
      for (const property of checker.getPropertiesOfType(mapType)) {
        const data = checker.getTypeOfSymbolAtLocation(property, map);
        const name = `EventData.${owner}.${property.name}`;
        const schema = schemaOf(data);
        schemas[name] = { ...describe(property), ...schema };
        events[owner][property.name] = name;
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return { events, schemas: sorted };
}

/** The committed file's exact text. */
export function eventSchemasText(schemas: EventSchemas = generateEventSchemas()): string {
  return `${JSON.stringify(schemas, null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(EVENT_SCHEMAS_FILE, eventSchemasText());
  const written = JSON.parse(readFileSync(EVENT_SCHEMAS_FILE, 'utf8')) as EventSchemas;
  console.log(
    `wrote ${relative(process.cwd(), EVENT_SCHEMAS_FILE)}: ${Object.values(written.events).reduce((n, e) => n + Object.keys(e).length, 0)} event types, ${Object.keys(written.schemas).length} schemas`,
  );
}
