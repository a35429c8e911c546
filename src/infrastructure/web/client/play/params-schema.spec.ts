import Ajv from 'ajv';
import fc from 'fast-check';
import { describeRuleset } from '../../../../application/rulesets/ruleset-catalog';
import { RULESETS } from '../../../../domain/rulesets';
import { ID_PATTERN } from '../../../../domain/shared/safe-text';
import { checkAgainst, fieldsOf, ID_SOURCE, type Field, type JsonSchema } from './params-schema';

/**
 * The page's schema check decides what a form may send: it must agree with a real JSON
 * Schema validator on the schemas the rulesets publish, or a form would send what the
 * server refuses (or hold back what it accepts).
 */

const published = RULESETS.map(describeRuleset);
const kinds = published.flatMap((r) =>
  r.decisions.map((d) => ({
    ruleset: r.id,
    kind: d.kind,
    schema: d.params as JsonSchema,
    schemas: r.schemas,
  })),
);

/** Values of the shapes the schemas speak of, and of every other shape too. */
function valueFor(
  schema: JsonSchema,
  schemas: Record<string, unknown>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = schema.$ref ? (schemas[schema.$ref.split('/').pop() ?? ''] as JsonSchema) : schema;
  const wrong = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.constant([]),
  );
  if (depth > 3) return wrong;
  if (s.enum) return fc.oneof(fc.constantFrom(...s.enum), wrong);
  switch (s.type) {
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      const record = fc.record(
        Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, schemas, depth + 1)])),
        { requiredKeys: [] },
      );
      return fc.oneof(
        { weight: 5, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc.tuple(record, fc.string()).map(([r, k]) => ({ ...r, [`x${k}`]: 1 })),
        },
        { weight: 1, arbitrary: wrong },
      );
    }
    case 'array':
      return fc.oneof(
        {
          weight: 5,
          arbitrary: fc.array(valueFor(s.items ?? {}, schemas, depth + 1), { maxLength: 4 }),
        },
        { weight: 1, arbitrary: wrong },
      );
    case 'string':
      return fc.oneof(
        fc.constantFrom('red', 'north', 'leader:sol:5', '', ' x', 'new', 'a'.repeat(130), '2d6'),
        fc.string(),
        wrong,
      );
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double({ noNaN: true }), wrong);
    case 'boolean':
      return fc.oneof(fc.boolean(), wrong);
    default:
      return wrong;
  }
}

/** The fields as the form lays them out, without what they say to people. */
function shapes(fields: Field[]): unknown[] {
  return fields.map(({ labelRu: _l, help: _h, ...shape }) =>
    'fields' in shape ? { ...shape, fields: shapes(shape.fields) } : shape,
  );
}

describe('the page’s params check', () => {
  const ajv = new Ajv({ strict: false });

  it('knows the id pattern the DTOs use', () => {
    expect(ID_SOURCE).toBe(ID_PATTERN.source);
  });

  it.each(kinds.map((k) => [`${k.ruleset} ${k.kind}`, k]))(
    'agrees with a JSON Schema validator on %s',
    (_name, { schema, schemas }) => {
      const validate = ajv.compile({ ...schema, schemas });
      fc.assert(
        fc.property(valueFor(schema, schemas), (value) => {
          expect(checkAgainst(schema, value, schemas).length === 0).toBe(validate(value));
        }),
        { numRuns: 150, seed: 13 },
      );
    },
  );

  it('reads every kind’s params as form fields, ids as pickers and dice faces as faces', () => {
    const rex = published.find((r) => r.id === 'rex');
    const plan = rex?.decisions.find((d) => d.kind === 'battle-plan');
    const planFields = fieldsOf(plan?.params as JsonSchema, rex?.schemas ?? {});
    expect(shapes(planFields)).toEqual([
      { kind: 'number', name: 'dial', required: true, integer: true, min: 0, max: 40 },
      { kind: 'id', name: 'leader', required: false },
      {
        kind: 'enum',
        name: 'slot',
        required: true,
        values: ['none', 'attack', 'defense', 'attack-defense'],
      },
    ]);
    const cp = published.find((r) => r.id === 'commanders-path');
    const deploy = cp?.decisions.find((d) => d.kind === 'deploy');
    expect(shapes(fieldsOf(deploy?.params as JsonSchema, cp?.schemas ?? {}))).toEqual([
      {
        kind: 'groups',
        name: 'ships',
        required: false,
        max: 50,
        fields: [
          { kind: 'id', name: 'card', required: true },
          { kind: 'id', name: 'to', required: true },
        ],
      },
      { kind: 'id', name: 'commander', required: true },
      { kind: 'ids-list', name: 'keep', required: false, max: 7 },
    ]);
    // What the ruleset documents of a field: its Russian label, its description.
    expect(planFields[0]).toMatchObject({ labelRu: expect.any(String), help: expect.any(String) });
    const freeform = published.find((r) => r.id === 'freeform');
    const roll = freeform?.decisions.find((d) => d.kind === 'roll');
    expect(fieldsOf(roll?.params as JsonSchema, {}).map((f) => [f.name, f.kind])).toEqual([
      ['dice', 'text'],
      ['purpose', 'text'],
      ['faces', 'faces'],
    ]);
  });
});
