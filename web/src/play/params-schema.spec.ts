import Ajv from 'ajv';
import fc from 'fast-check';
import { describeRuleset } from '@test/support/ruleset-details';
import { RULESETS } from '@domain/rulesets';
import { ID_PATTERN } from '@domain/shared/safe-text';
import { paramsOf } from './decision-form-state';
import {
  checkAgainst,
  choiceName,
  fieldsOf,
  ID_SOURCE,
  isLocalizedText,
  type Field,
  type JsonSchema,
} from './params-schema';

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
  // A documented nested object is published as a one-`$ref` allOf: its values are the ref's.
  const [wrapped] = schema.allOf ?? [];
  if (wrapped) return valueFor(wrapped, schemas, depth);
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

/**
 * Where the forms may ask for JSON: members whose schema declares no shape (free attributes),
 * and the gaps named here with the reason each. Anything else read as `json` is a member with
 * declared fields that a player would be made to type as JSON. Keys: ruleset, decision kind
 * (or `setup`), the field's path.
 */
const JSON_ALLOWED: Readonly<Record<string, string>> = {
  'freeform create-zones zones.attrs': 'free-form: a zone’s attributes are what the game needs',
  'freeform create-pieces pieces.attrs': 'free-form: a piece’s attributes are what the game needs',
  'freeform change-piece attrs': 'free-form: the attributes to merge are what the game needs',
  'freeform setup zones.attrs': 'free-form: a zone’s attributes are what the game needs',
  'freeform setup pieces.attrs': 'free-form: a piece’s attributes are what the game needs',
  'commanders-path manual-create-zones zones.attrs':
    'free-form: a zone’s attributes are what the game needs',
  'commanders-path manual-create-pieces pieces.attrs':
    'free-form: a piece’s attributes are what the game needs',
  'commanders-path manual-change-piece attrs':
    'free-form: the attributes to merge are what the game needs',
  'commanders-path register-deck commander.card.builtIn':
    'recursive: a card’s built-in cards are cards; fields without end (the deck is registered from a deck list on the new-match page)',
  'commanders-path register-deck cards.card.builtIn':
    'recursive: a card’s built-in cards are cards; fields without end (the deck is registered from a deck list on the new-match page)',
  'commanders-path register-deck commander.card.weapons':
    'a list of texts: the forms have no list-of-texts field yet',
  'commanders-path register-deck commander.card.placeOn':
    'a list of texts: the forms have no list-of-texts field yet',
  'commanders-path register-deck cards.card.weapons':
    'a list of texts: the forms have no list-of-texts field yet',
  'commanders-path register-deck cards.card.placeOn':
    'a list of texts: the forms have no list-of-texts field yet',
  'rex setup alliances':
    'lists of seats (an array of arrays): the setup is JSON on the new-match page',
  'rex setup strategyDeck.stops': 'a list of texts: the forms have no list-of-texts field yet',
  'sw-strategic setup mission.passports.destroyer':
    'compartments deck by deck (an array of arrays): the setup is JSON on the new-match page',
  'sw-strategic setup mission.passports.frigate':
    'compartments deck by deck (an array of arrays): the setup is JSON on the new-match page',
  'sw-strategic setup mission.passports.cruiser':
    'compartments deck by deck (an array of arrays): the setup is JSON on the new-match page',
};

/** Every field of a form, nested ones too, by its path. */
function everyField(fields: readonly Field[], prefix = ''): [string, Field][] {
  return fields.flatMap((f): [string, Field][] => [
    [`${prefix}${f.name}`, f],
    ...('fields' in f ? everyField(f.fields, `${prefix}${f.name}.`) : []),
  ]);
}

/** An object with no declared members, or a list of them: nothing to lay out as fields. */
function freeForm(schema: JsonSchema): boolean {
  if (schema.type === 'array') return !!schema.items && freeForm(schema.items);
  return (
    schema.type === 'object' &&
    !schema.$ref &&
    !schema.allOf &&
    Object.keys(schema.properties ?? {}).length === 0
  );
}

describe('a list of choices', () => {
  const sw = published.find((r) => r.id === 'sw-strategic');
  const paramsOf = (kind: string): JsonSchema =>
    sw?.decisions.find((d) => d.kind === kind)?.params as JsonSchema;
  const fieldOfKind = (kind: string, name: string): Field | undefined =>
    fieldsOf(paramsOf(kind), sw?.schemas ?? {}).find((f) => f.name === name);

  it('is laid out as the enum’s values in order, with its bounds, repeats allowed', () => {
    expect(shapes([fieldOfKind('move-ship', 'steps') as Field])).toEqual([
      {
        kind: 'choice-list',
        name: 'steps',
        required: true,
        values: [
          'forward',
          'forward-left',
          'forward-right',
          'back',
          'back-left',
          'back-right',
          'turn-left',
          'turn-right',
        ],
        unique: false,
        min: 1,
        max: 12,
      },
    ]);
    expect(shapes([fieldOfKind('buy-ships', 'classes') as Field])).toEqual([
      {
        kind: 'choice-list',
        name: 'classes',
        required: true,
        values: ['fighter', 'bomber', 'destroyer', 'frigate', 'cruiser', 'transport'],
        unique: false,
        min: 1,
        max: 3,
      },
    ]);
  });

  it('is checked value by value and by its count', () => {
    const check = (steps: unknown): unknown[] =>
      checkAgainst(paramsOf('move-ship'), { ship: 'destroyer-1', steps }, sw?.schemas ?? {});
    expect(check(['forward', 'turn-left', 'forward'])).toEqual([]);
    expect(check(['forward', 'sideways'])).toEqual([{ path: 'steps[1]', code: 'enum' }]);
    expect(check([])).toEqual([{ path: 'steps', code: 'min-items', limit: 1 }]);
    expect(check(Array.from({ length: 13 }, () => 'forward'))).toEqual([
      { path: 'steps', code: 'max-items', limit: 12 },
    ]);
  });

  it('says when each value may be chosen once only, and refuses a repeat as Ajv does', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        sides: {
          type: 'array',
          items: { type: 'string', enum: ['north', 'south', 'east'] },
          uniqueItems: true,
          maxItems: 2,
        },
      },
    };
    expect(fieldsOf(schema, {})).toEqual([
      {
        kind: 'choice-list',
        name: 'sides',
        required: false,
        values: ['north', 'south', 'east'],
        unique: true,
        max: 2,
      },
    ]);
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const sides of [['north', 'south'], ['north', 'north'], ['east']]) {
      const problems = checkAgainst(schema, { sides }, {});
      expect([sides, problems.length === 0]).toEqual([sides, validate({ sides })]);
    }
    expect(checkAgainst(schema, { sides: ['north', 'north'] }, {})).toEqual([
      { path: 'sides', code: 'unique-items' },
    ]);
  });
});

describe('the forms’ fields', () => {
  const forms = published.flatMap((r) => [
    ...r.decisions.map((d) => ({
      form: `${r.id} ${d.kind}`,
      schema: d.params as JsonSchema,
      schemas: r.schemas,
    })),
    ...(r.setup
      ? [{ form: `${r.id} setup`, schema: r.setup as JsonSchema, schemas: r.schemas }]
      : []),
  ]);
  const asJson = forms.flatMap(({ form, schema, schemas }) =>
    everyField(fieldsOf(schema, schemas))
      .filter(([, f]) => f.kind === 'json')
      .map(([path, f]) => ({ key: `${form} ${path}`, field: f })),
  );

  it('ask for JSON only where the schema declares no fields, or where a gap is named', () => {
    expect(asJson.map((j) => j.key).sort()).toEqual(Object.keys(JSON_ALLOWED).sort());
  });

  it('name as free-form only what is', () => {
    for (const { key, field } of asJson)
      if (JSON_ALLOWED[key]?.startsWith('free-form') && field.kind === 'json')
        expect([key, freeForm(field.schema)]).toEqual([key, true]);
  });

  it('check inside a documented nested object as the server does', () => {
    const freeform = published.find((r) => r.id === 'freeform');
    const change = freeform?.decisions.find((d) => d.kind === 'change-track');
    const check = (name: unknown): unknown[] =>
      checkAgainst(
        change?.params as JsonSchema,
        { track: 'vp', delta: 1, name },
        freeform?.schemas ?? {},
      );
    expect(check({ en: 'Victory points', ru: 'Победные очки' })).toEqual([]);
    expect(check({ en: '' })).toEqual([
      { path: 'name.ru', code: 'required' },
      { path: 'name.en', code: 'min-length', limit: 1 },
    ]);
    expect(check('Victory points')).toEqual([{ path: 'name', code: 'type' }]);
  });

  it('lay out a documented nested object as a group with the nested fields’ labels', () => {
    const freeform = published.find((r) => r.id === 'freeform');
    const change = freeform?.decisions.find((d) => d.kind === 'change-track');
    const name = fieldsOf(change?.params as JsonSchema, freeform?.schemas ?? {}).find(
      (f) => f.name === 'name',
    );
    expect(name).toEqual({
      kind: 'group',
      name: 'name',
      required: false,
      labelRu: 'Название',
      help: "The track's name",
      fields: [
        {
          kind: 'text',
          name: 'en',
          required: true,
          maxLength: 200,
          pattern: expect.any(String),
          labelRu: 'По-английски',
          help: 'The text in English',
        },
        {
          kind: 'text',
          name: 'ru',
          required: true,
          maxLength: 200,
          pattern: expect.any(String),
          labelRu: 'По-русски',
          help: 'The text in Russian',
        },
      ],
    });
  });
});

describe('a name in both languages', () => {
  const freeform = published.find((r) => r.id === 'freeform');
  const schemaOf = (kind: string): JsonSchema =>
    freeform?.decisions.find((d) => d.kind === kind)?.params as JsonSchema;
  const formOf = (kind: string): Field[] => fieldsOf(schemaOf(kind), freeform?.schemas ?? {});
  const NO_DICE = { physical: false };

  it('is asked in the page’s language, the other reading the same when left empty', () => {
    const track = formOf('change-track');
    const name = track.find((f) => f.name === 'name')!;
    expect(isLocalizedText(name)).toBe(true);
    expect(track.filter(isLocalizedText).map((f) => f.name)).toEqual(['name']);
    const sent = paramsOf(track, { track: 'очки', delta: 1, name: { ru: 'Очки' } }, NO_DICE);
    expect(sent.name).toEqual({ en: 'Очки', ru: 'Очки' });
    expect(checkAgainst(schemaOf('change-track'), sent, freeform?.schemas ?? {})).toEqual([]);
    // Typed in both, both are kept; typed in neither, none is sent.
    const both = { en: 'Points', ru: 'Очки' };
    expect(paramsOf(track, { name: both }, NO_DICE).name).toEqual(both);
    expect(paramsOf(track, { track: 'очки', name: {} }, NO_DICE)).toEqual({ track: 'очки' });
  });

  it('offers a new zone’s usual kinds by their Russian names, and asks no id', () => {
    const zone = formOf('create-zones')[0];
    if (zone.kind !== 'groups') throw new Error(`zones are ${zone.kind}`);
    const kind = zone.fields.find((f) => f.name === 'kind')!;
    expect(kind.kind).toBe('text');
    expect(Object.values(kind.choiceNames ?? {}).map((n) => n.ru)).toEqual([
      'Локация',
      'Сектор',
      'Гекс',
      'Область',
      'Рука',
      'Колода',
      'Сброс',
      'Резерв',
    ]);
    expect(zone.fields.find((f) => f.name === 'id')).toMatchObject({ required: false });
    expect(zone.fields.filter(isLocalizedText).map((f) => f.name)).toEqual(['name']);
  });
});

describe('the names of a choice’s values', () => {
  it('come from the field’s x-choice-names, in the page’s language', () => {
    const [visibility] = fieldsOf(
      {
        type: 'object',
        properties: {
          visibility: {
            type: 'string',
            enum: ['public', 'nobody'],
            'x-choice-names': {
              public: { en: 'Everyone', ru: 'Все' },
              nobody: { en: 'Nobody (a deck)', ru: 'Никто (колода)' },
            },
          },
        },
      },
      {},
    );
    expect(choiceName(visibility, 'nobody', 'ru')).toBe('Никто (колода)');
    expect(choiceName(visibility, 'public', 'en')).toBe('Everyone');
    // A value the field does not name is left to the ruleset's words.
    expect(choiceName(visibility, 'owner', 'ru')).toBeUndefined();
    expect(choiceName({}, 'public', 'ru')).toBeUndefined();
  });
});
