import Ajv from 'ajv';
import { GAMES } from '../../domain/rulesets';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import { validateParams } from '../../domain/rulesets/validate-params';
import { COIN_RACE_GAME } from '../../domain/rulesets/template/coin-race.game';
import { gameNaming } from '../../domain/naming/match-phrases';
import { describeRuleset, type JsonSchema } from './ruleset-catalog';

/**
 * Issue 13 point 9: every decision kind of every ruleset (the template's too) publishes a
 * description of every field, with its Russian label, and an example that the published
 * schema and the engine's own validation both accept. GET rulesets/:id and the OpenAPI
 * document are generated from the same DTOs and specs (decision-schemas.ts).
 */

const ALL_GAMES = [...GAMES, COIN_RACE_GAME];
const ALL: readonly Ruleset[] = ALL_GAMES.map((game) => game.ruleset);

/** Every property of `schema` and of the schemas it refers to, as `path` → its schema. */
function fieldsOf(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
  path: string,
  seen = new Set<string>(),
): [string, JsonSchema][] {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/schemas/', '') : undefined;
  if (ref !== undefined) {
    if (seen.has(ref)) return [];
    seen.add(ref);
    return fieldsOf(schemas[ref] ?? {}, schemas, path, seen);
  }
  const own = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const inner: [string, JsonSchema][] = [
    ...own.map(([name, field]): [string, JsonSchema] => [`${path}.${name}`, field]),
    ...(schema.items ? [[`${path}[]`, schema.items as JsonSchema] as [string, JsonSchema]] : []),
    ...([schema.anyOf, schema.oneOf, schema.allOf].flat().filter(Boolean) as JsonSchema[]).map(
      (s): [string, JsonSchema] => [path, s],
    ),
  ];
  return [
    ...own.map(([name, field]): [string, JsonSchema] => [`${path}.${name}`, field]),
    ...inner.flatMap(([at, field]) => fieldsOf(field, schemas, at, seen)),
  ];
}

describe.each(ALL.map((ruleset) => [ruleset.id, ruleset] as const))(
  'the decisions of %s, as published',
  (_id, ruleset) => {
    const detail = describeRuleset(ruleset);

    it('describe every field of every kind, with a Russian label', () => {
      const undocumented = detail.decisions.flatMap(({ kind, params }) =>
        fieldsOf(params, detail.schemas, kind)
          .filter(([, field]) => !field.description || !field['x-label-ru'])
          .map(([path]) => path),
      );
      expect(undocumented).toEqual([]);
    });

    it('give every kind an example the published schema and the engine both accept', () => {
      const ajv = new Ajv({ strict: false, allErrors: true });
      const failures = detail.decisions.flatMap(({ kind, params, example }) => {
        if (example === undefined) return [`${kind}: no example`];
        const check = ajv.compile({ ...params, schemas: detail.schemas });
        const errors: string[] = [];
        if (!check(example)) errors.push(`${kind}: ${ajv.errorsText(check.errors)}`);
        const engine = validateParams(ruleset.decisions[kind].params, example, 'params');
        if (!engine.ok) errors.push(`${kind}: ${engine.rejection.message}`);
        return errors;
      });
      expect(failures).toEqual([]);
    });
  },
);

describe.each(
  ALL.filter((ruleset) => ruleset.setupParams).map((ruleset) => [ruleset.id, ruleset] as const),
)('the setup of %s, as published', (_id, ruleset) => {
  // The new-match form labels each setup field with it (x-label-ru on the Russian page) and
  // shows the description as help: a member without them would read as its key.
  it('describes every field at every depth, with a Russian label', () => {
    const detail = describeRuleset(ruleset);
    const fields = fieldsOf(detail.setup ?? {}, detail.schemas, 'setup');
    expect(fields.length).toBeGreaterThan(0);
    const undocumented = fields
      .filter(([, field]) => !field.description || !field['x-label-ru'])
      .map(([path]) => path);
    expect(undocumented).toEqual([]);
  });
});

/**
 * The values of every choice the pages offer (decision params and setup) are named in Russian:
 * by the field (x-choice-names), else by the ruleset's words (factions, terms). A value with
 * no name would show its id on a Russian page.
 */
describe.each(ALL_GAMES.map((game) => [game.ruleset.id, game] as const))(
  'the choices of %s, as published',
  (_id, game) => {
    it('name every value in Russian', () => {
      const detail = describeRuleset(game.ruleset);
      const words = gameNaming(game);
      const fields = [
        ...detail.decisions.flatMap(({ kind, params }) => fieldsOf(params, detail.schemas, kind)),
        ...(detail.setup ? fieldsOf(detail.setup, detail.schemas, 'setup') : []),
      ];
      const unnamed = fields.flatMap(([path, field]) => {
        const names = field['x-choice-names'] as Record<string, { ru?: string }> | undefined;
        const values = (field.enum ??
          (field.items as JsonSchema | undefined)?.enum ??
          []) as unknown[];
        return values
          .map(String)
          .filter(
            (value) =>
              !names?.[value]?.ru && !words.faction?.(value)?.ru && !words.term(value, 'ru', {}),
          )
          .map((value) => `${path}: ${value}`);
      });
      expect(unnamed).toEqual([]);
    });
  },
);

describe('the documentation check', () => {
  it('finds an undescribed nested field', () => {
    const schemas = {
      Inner: { type: 'object', properties: { note: { type: 'string' } } },
    };
    const outer = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          description: 'd',
          'x-label-ru': 'r',
          items: { $ref: '#/schemas/Inner' },
        },
      },
    };
    expect(fieldsOf(outer, schemas, 'k').map(([path]) => path)).toEqual([
      'k.list',
      'k.list[].note',
    ]);
  });
});
