import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import Ajv from 'ajv';
import type { OpenAPI3 } from 'openapi-typescript';
import {
  API_TYPES_FILE,
  fetchOpenApiDocument,
  generateApiTypesInChild,
} from '../support/api-types.generate';
import {
  EVENT_MAPS,
  EVENT_SCHEMAS_FILE,
  eventSchemasText,
} from '../support/event-schemas.generate';
import { lintOpenApiInChild } from '../support/openapi-lint';
import { RULESETS } from '../../src/domain/rulesets';
import { OpenApiValidator } from '../support/openapi-validator';
import { startTestApp, type TestApp } from '../support/test-app';

/** The committed client types and the published document must not drift apart. */
describe('the OpenAPI document', () => {
  let app: TestApp;
  let document: OpenAPI3;

  beforeAll(async () => {
    app = await startTestApp();
    document = await fetchOpenApiDocument(app.url);
  });
  afterAll(async () => {
    await app.close();
  });

  it('generates exactly the committed client types', async () => {
    const generated = await generateApiTypesInChild(document);
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    if (generated !== committed) {
      const at = [...generated].findIndex((char, i) => char !== committed[i]);
      const line = generated.slice(0, at).split('\n').length;
      throw new Error(
        `${relative(process.cwd(), API_TYPES_FILE)} is out of date with /docs-json (first difference at line ${line}): run npm run api:types`,
      );
    }
  });

  it('passes Redocly’s recommended lint rules with no error and no warning', async () => {
    const problems = await lintOpenApiInChild(document);
    // The event schemas included: the export's and the feed's lines reference them all.
    expect(
      problems.map((p) => `${p.severity} ${p.rule}: ${p.message} at ${p.at.join(', ')}`),
    ).toEqual([]);
  });

  it('says how every operation is secured: a token required, optional or not needed', () => {
    const operations = new OpenApiValidator(
      document as unknown as ConstructorParameters<typeof OpenApiValidator>[0],
    ).operations();
    const unsaid = operations
      .filter(([, , operation]) => !Array.isArray(operation.security))
      .map(([path, method]) => `${method.toUpperCase()} ${path}`);
    expect(unsaid).toEqual([]);
    const securityOf = (path: string, method: string): unknown =>
      operations.find(([p, m]) => p === path && m === method)?.[2].security;
    expect(securityOf('/health', 'get')).toEqual([]);
    expect(securityOf('/api/v1/matches/{id}/state', 'get')).toEqual([{ bearer: [] }, {}]);
    expect(securityOf('/api/v1/matches/{id}/decisions', 'post')).toEqual([{ bearer: [] }]);
  });

  it('gives every operation a summary, a description, tags and at least one documented 4xx problem', () => {
    const operations = new OpenApiValidator(
      document as unknown as ConstructorParameters<typeof OpenApiValidator>[0],
    ).operations();
    expect(operations.length).toBeGreaterThan(10);
    const gaps = operations.flatMap(([path, method, operation]) => {
      const where = `${method.toUpperCase()} ${path}`;
      const found: string[] = [];
      if (typeof operation.summary !== 'string' || operation.summary.trim() === '')
        found.push(`${where}: no summary`);
      if (typeof operation.description !== 'string' || operation.description.trim() === '')
        found.push(`${where}: no description`);
      if (!Array.isArray(operation.tags) || operation.tags.length === 0)
        found.push(`${where}: no tags`);
      const responses = (operation.responses ?? {}) as Record<
        string,
        { content?: Record<string, { schema?: { $ref?: string } }> }
      >;
      const problems = Object.entries(responses).filter(
        ([status, response]) =>
          /^4\d\d$/.test(status) &&
          response.content?.['application/problem+json']?.schema?.$ref ===
            '#/components/schemas/ProblemDto',
      );
      if (problems.length === 0) found.push(`${where}: no 4xx application/problem+json response`);
      return found;
    });
    expect(gaps).toEqual([]);
  });

  it('names every operation with a readable, unique operationId, never a generated one', () => {
    const operations = new OpenApiValidator(
      document as unknown as ConstructorParameters<typeof OpenApiValidator>[0],
    ).operations();
    const ids = operations.map(([path, method, operation]) => ({
      where: `${method.toUpperCase()} ${path}`,
      id: (operation as { operationId?: unknown }).operationId,
    }));
    // Nest's default is `<Controller>_<method>`: a name that says how the code is laid out.
    const unreadable = ids
      .filter(({ id }) => typeof id !== 'string' || !/^[a-z]+(?:[A-Z][a-z0-9]*)*$/.test(id))
      .map(({ where, id }) => `${where}: ${String(id)}`);
    expect(unreadable).toEqual([]);
    const seen = new Map<string, string>();
    const twice = ids.flatMap(({ where, id }) => {
      const first = seen.get(id as string);
      seen.set(id as string, where);
      return first ? [`${id as string}: ${first} and ${where}`] : [];
    });
    expect(twice).toEqual([]);
    expect(seen.get('exportMatches')).toBe('GET /api/v1/export/matches');
    expect(seen.get('readFeed')).toBe('GET /api/v1/feed');
  });

  it('gives every operation that takes input a 400 example naming one of its own inputs', () => {
    const operations = new OpenApiValidator(
      document as unknown as ConstructorParameters<typeof OpenApiValidator>[0],
    ).operations();
    type Example = { type: string; detail: string; errors?: { path: string }[] };
    const misfits = operations.flatMap(([path, method, operation]) => {
      const where = `${method.toUpperCase()} ${path}`;
      const op = operation as {
        parameters?: { name: string; in: string }[];
        requestBody?: unknown;
        responses?: Record<string, { content?: Record<string, { example?: Example }> }>;
      };
      const takesInput =
        op.requestBody !== undefined || (op.parameters ?? []).some((p) => p.in === 'query');
      const example = op.responses?.['400']?.content?.['application/problem+json']?.example;
      if (!example) return takesInput ? [`${where}: no 400 example`] : [];
      const code = example.type.replace(/^.*\//, '');
      const named = example.errors?.[0]?.path;
      if (code === 'invalid-query') {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        return named !== undefined && query.includes(named)
          ? []
          : [`${where}: invalid-query names ${named}, not one of its query parameters`];
      }
      if (code === 'invalid-body') {
        if (method === 'get') return [`${where}: a read is given a body refusal`];
        return named !== undefined && JSON.stringify(document).includes(`"${named}":{`)
          ? []
          : [`${where}: invalid-body names ${named}, a member of no body`];
      }
      return ['invalid-path', 'malformed-json'].includes(code)
        ? []
        : [`${where}: a 400 example of code ${code}`];
    });
    expect(misfits).toEqual([]);
    const example = (path: string, method: 'get' | 'post') =>
      (
        (document.paths![path] as Record<string, { responses: Record<string, unknown> }>)[method]
          .responses['400'] as { content: Record<string, { example: Example }> }
      ).content['application/problem+json'].example;
    expect(example('/api/v1/matches', 'get').type).toMatch(/invalid-query$/);
    expect(example('/api/v1/matches', 'post').detail).not.toContain('name must be a string');
  });

  it('publishes every event type of every ruleset, generated from the domain’s event maps', () => {
    expect(readFileSync(EVENT_SCHEMAS_FILE, 'utf8')).toBe(eventSchemasText());
    const unmapped = RULESETS.map((ruleset) => ruleset.id).filter((id) => !(id in EVENT_MAPS));
    expect(unmapped).toEqual([]);
    const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
    const cc = schemas['Event.combat-commander'] as {
      oneOf: { $ref: string }[];
      discriminator: { propertyName: string; mapping: Record<string, string> };
    };
    expect(cc.discriminator.propertyName).toBe('type');
    expect(cc.discriminator.mapping.FateRolled).toBe(
      '#/components/schemas/Event.combat-commander.FateRolled',
    );
    expect(cc.discriminator.mapping.DiceRolled).toBe(
      '#/components/schemas/Event.engine.DiceRolled',
    );
    expect(cc.oneOf).toHaveLength(Object.keys(cc.discriminator.mapping).length);
    // A FateRolled event's data: two dice of the card, read as the rules say.
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(document as object, 'document');
    const fate = {
      eventId: '00000000-0000-4000-8000-000000000000',
      matchId: 'm1',
      seq: 7,
      type: 'FateRolled',
      meta: {},
      data: {
        roll: 'r1',
        seat: 'axis',
        purpose: 'fire',
        card: 'f12',
        dice: [4, 5],
        value: 9,
        combine: 'sum',
      },
    };
    const valid = (event: unknown) =>
      ajv.validate({ $ref: 'document#/components/schemas/Event.combat-commander' }, event);
    // The envelope's meta is RecordedEventDto's: only the data is what this checks.
    const dataOf = (event: typeof fate) =>
      ajv.validate(
        { $ref: 'document#/components/schemas/EventData.combat-commander.FateRolled' },
        event.data,
      );
    expect(dataOf(fate)).toBe(true);
    expect(dataOf({ ...fate, data: { ...fate.data, dice: [4] } })).toBe(false);
    expect(valid({ ...fate, type: 'NoSuchEvent' })).toBe(false);

    // The export's and the feed's lines type their events with them (`Event`), so a client
    // generated from the document narrows a line's event by its type.
    const event = { $ref: '#/components/schemas/Event' };
    const members = (name: string) => schemas[name].properties as Record<string, object>;
    expect(members('ExportLineDto').events).toMatchObject({ type: 'array', items: event });
    expect(members('FeedLineDto').event).toMatchObject({ allOf: [event] });
    expect(members('ExportEventLineDto').event).toMatchObject({ allOf: [event] });
    // The suite's validator checks a line's event against the branch its type names.
    const validator = new OpenApiValidator(
      document as unknown as ConstructorParameters<typeof OpenApiValidator>[0],
    );
    const feedLine = (line: object) =>
      validator.validate({
        path: '/api/v1/feed',
        method: 'GET',
        status: 200,
        contentType: 'application/x-ndjson',
        body: `${JSON.stringify(line)}\n`,
      });
    const meta = {
      actor: { kind: 'seat', id: 'axis', seat: 'axis' },
      recordedAt: '2026-12-07T10:00:00.000Z',
      ruleset: { id: 'combat-commander', version: '0.2.0' },
      visibility: 'public',
      prevHash: '0'.repeat(64),
      hash: '1'.repeat(64),
    };
    expect(feedLine({ position: '7', event: { ...fate, meta } })).toEqual({ ok: true });
    const oneDie = feedLine({
      position: '7',
      event: { ...fate, meta, data: { ...fate.data, dice: [4] } },
    });
    expect(oneDie.ok || oneDie.message).toMatch(/\/event\/data\/dice/);
    const unknownType = feedLine({ position: '7', event: { ...fate, meta, type: 'NoSuchEvent' } });
    expect(unknownType.ok || unknownType.message).toMatch(/"type" one of .*not "NoSuchEvent"/);
  });

  it('names the JSON Schema of its line on every NDJSON answer, and serves it', async () => {
    const ndjson = Object.entries(document.paths!).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses?: Record<string, unknown> }>).flatMap(
        ([method, operation]) =>
          Object.values(operation.responses ?? {}).flatMap((response) => {
            const media = (response as { content?: Record<string, Record<string, unknown>> })
              .content?.['application/x-ndjson'];
            return media ? [{ where: `${method.toUpperCase()} ${path}`, media }] : [];
          }),
      ),
    );
    expect(ndjson.length).toBeGreaterThanOrEqual(4);
    expect(
      ndjson.filter(({ media }) => typeof media['x-json-schema'] !== 'string').map((n) => n.where),
    ).toEqual([]);
    const served: object[] = [];
    for (const url of new Set(ndjson.map(({ media }) => media['x-json-schema'] as string))) {
      const response = await fetch(`${app.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/schema\+json/);
      served.push((await response.json()) as object);
    }
    const unknown = await fetch(`${app.url}/api/v1/schemas/no-such-line`, {
      headers: { 'accept-language': 'ru' },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toContain('Схемы строк');
    // Compiled last: seconds of CPU, after which the app may have closed idle sockets.
    // Standalone draft-07 schemas: each compiles with nothing else loaded.
    for (const schema of served)
      expect(() =>
        new Ajv({ strict: false, validateFormats: false }).compile(schema),
      ).not.toThrow();
  }, 60_000);

  it('publishes each ruleset’s decisions as a oneOf by kind, the body of POST decisions as any of them', () => {
    const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
    const decisions = document.paths!['/api/v1/matches/{id}/decisions'] as {
      post: { requestBody: unknown };
    };
    const body = decisions.post.requestBody as {
      content: Record<string, { schema: { anyOf: { $ref: string }[] } }>;
    };
    const perRuleset = body.content['application/json'].schema.anyOf.map((ref) => ref.$ref);
    expect(perRuleset).toEqual(
      expect.arrayContaining([
        '#/components/schemas/Decision.freeform',
        '#/components/schemas/Decision.rex',
        '#/components/schemas/Decision.commanders-path',
      ]),
    );
    const freeform = schemas['Decision.freeform'] as {
      oneOf: { $ref: string }[];
      discriminator: { propertyName: string; mapping: Record<string, string> };
    };
    expect(freeform.discriminator.propertyName).toBe('kind');
    expect(freeform.discriminator.mapping.move).toBe('#/components/schemas/Decision.freeform.move');
    expect(freeform.oneOf).toContainEqual({ $ref: '#/components/schemas/Decision.freeform.move' });
    const move = JSON.stringify(schemas['Decision.freeform.move']);
    expect(move).toContain('"enum":["move"]');
    const params = /"params":\{"\$ref":"#\/components\/schemas\/(Params\.[^"]+)"/.exec(move)![1];
    expect(schemas[params]).toMatchObject({ properties: { to: expect.any(Object) } });
  });

  it('gives every decision kind of every ruleset an example its published schema accepts, and every field a description', () => {
    const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(document as object, 'document');
    const kinds = Object.keys(schemas).filter((name) => /^Decision\.[^.]+\..+$/.test(name));
    expect(kinds.length).toBeGreaterThan(100);
    const failures = kinds.flatMap((name) => {
      const { example } = schemas[name];
      if (example === undefined) return [`${name}: no example`];
      const valid = ajv.validate({ $ref: `document#/components/schemas/${name}` }, example);
      return valid ? [] : [`${name}: ${ajv.errorsText()}`];
    });
    expect(failures).toEqual([]);
    const undescribed = Object.entries(schemas)
      .filter(([name]) => name.startsWith('Params.') && !name.endsWith('SetupParams'))
      .flatMap(([name, schema]) =>
        Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)
          .filter(([, field]) => !field.description || !field['x-label-ru'])
          .map(([field]) => `${name}.${field}`),
      );
    expect(undescribed).toEqual([]);
  });
});
