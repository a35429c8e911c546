import Ajv, { type ValidateFunction } from 'ajv';
import createClient from 'openapi-fetch';
import type { components, paths } from '../../web/src/api/matchlog-api';
import {
  anyDecision,
  asAdmin,
  asNewOrganizer,
  createApi,
  fetchDocument,
  type Api,
} from '../support/api-client';
import { claimSeatsAndStart, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/** One line of the bulk export and of the feed's long poll, as the generated types say. */
type ExportLine =
  paths['/api/v1/export/matches']['get']['responses'][200]['content']['application/x-ndjson'];
type FeedLine = paths['/api/v1/feed']['get']['responses'][200]['content']['application/x-ndjson'];
type AnyEvent = components['schemas']['Event'];

/**
 * The seats of a Combat Commander battle as its BattleSetUp event lists them. A compile-time
 * check of the generated types: `data.sides` is read only once the event is narrowed by its
 * `type`; any other event has no `sides`, so the typecheck fails (an unused @ts-expect-error)
 * if the document stopped typing each event's data by its type.
 */
function battleSeats(event: AnyEvent): string[] | undefined {
  if (event.type !== 'BattleSetUp') {
    // @ts-expect-error -- only a BattleSetUp has sides: an event not narrowed to it has none
    expect(event.data.sides).toBeUndefined();
    return undefined;
  }
  return event.data.sides.map((side) => side.seat);
}

/** The lines of an NDJSON stream as they arrive, each parsed: never the whole body at once. */
async function* ndjsonLines<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.length > 0) yield JSON.parse(line) as T;
    }
  }
  if (buffer.trim().length > 0) yield JSON.parse(buffer) as T;
}

/**
 * Issue 42, item 7: a client generated from the OpenAPI document (openapi-typescript's types,
 * openapi-fetch) streams the bulk export and the feed, and checks every line against the JSON
 * Schema the document names for it (`x-json-schema`) and every event against its ruleset's
 * event schema (`event.<ruleset>`), as a statistics site would.
 */
describe('a generated client streaming the NDJSON answers', () => {
  let app: TestApp;
  let api: Api;
  let client: ReturnType<typeof createClient<paths>>;
  let ccMatch: string;
  let freeformMatch: string;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();
  let exportSchema: string;
  let feedSchema: string;

  /** The published JSON Schema at `url`, compiled in beforeAll. */
  function validatorAt(url: string): ValidateFunction {
    const known = validators.get(url);
    if (!known) throw new Error(`${url} was not compiled in beforeAll`);
    return known;
  }

  /** The JSON Schema URL the document names for the NDJSON answer of GET `path`. */
  function lineSchemaUrl(document: unknown, path: string): string {
    const url = (
      document as {
        paths: Record<
          string,
          {
            get: { responses: Record<string, { content: Record<string, Record<string, string>> }> };
          }
        >;
      }
    ).paths[path].get.responses['200'].content['application/x-ndjson']['x-json-schema'];
    expect(url).toMatch(/^\/api\/v1\/schemas\//);
    return url;
  }

  /**
   * Fetches every schema the test needs, then compiles them: compiling the event schemas takes
   * seconds of CPU, during which the server may close the client's idle keep-alive sockets,
   * so no request is made between two compilations.
   */
  async function compileSchemas(urls: string[]): Promise<void> {
    const fetched = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(`${app.url}${url}`);
        expect(response.status).toBe(200);
        return [url, (await response.json()) as object] as const;
      }),
    );
    for (const [url, schema] of fetched) validators.set(url, ajv.compile(schema));
    // Let the client notice the sockets the server closed meanwhile before the next request.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Checks an event against its own ruleset's published schema; answers the errors. */
  async function eventErrors(event: AnyEvent): Promise<string | undefined> {
    const validate = validatorAt(`/api/v1/schemas/event.${event.meta.ruleset.id}`);
    // A type guard: checked as unknown, so the event keeps its type for the message.
    return validate(event as unknown)
      ? undefined
      : `${event.type} #${event.seq}: ${ajv.errorsText(validate.errors)}`;
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    client = createClient<paths>({ baseUrl: app.url });
    const played = await startedFreeform(api, 'Клуб «Потоки»');
    freeformMatch = played.matchId;
    ok(
      await api.client.POST('/api/v1/matches/{id}/rolls', {
        headers: played.seats.red.headers,
        params: { path: { id: freeformMatch } },
        body: { purpose: 'attack', dice: '3d6' },
      }),
      201,
    );
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: played.seats.blue.headers,
        params: { path: { id: freeformMatch } },
        body: anyDecision({ kind: 'concede', params: {} }),
      }),
      201,
    );
    const organizer = await asNewOrganizer(api, 'Клуб «Судьба»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          title: 'Учебный бой',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
        },
      }),
      201,
    );
    ccMatch = created.matchId;
    await claimSeatsAndStart(api, created, organizer);
    const document = await fetchDocument(app.url);
    exportSchema = lineSchemaUrl(document, '/api/v1/export/matches');
    feedSchema = lineSchemaUrl(document, '/api/v1/feed');
    await compileSchemas([
      exportSchema,
      feedSchema,
      '/api/v1/schemas/event.freeform',
      '/api/v1/schemas/event.combat-commander',
    ]);
  }, 120_000);
  afterAll(() => app.close());

  it('streams the bulk export line by line, every line and event as the document publishes it', async () => {
    const validLine = validatorAt(exportSchema);
    const { data: body, response } = await client.GET('/api/v1/export/matches', {
      headers: asAdmin().headers,
      params: { query: { with: ['summary', 'events'], line: 'all' } },
      parseAs: 'stream',
    });
    expect(response.status).toBe(200);
    const lines: ExportLine[] = [];
    const errors: string[] = [];
    for await (const line of ndjsonLines<ExportLine>(body!)) {
      if (!validLine(line as unknown))
        errors.push(`${line.matchId}: ${ajv.errorsText(validLine.errors)}`);
      // The line types its events by ruleset and type (`Event`), with no cast.
      const events: AnyEvent[] = line.events ?? [];
      for (const event of events) {
        const wrong = await eventErrors(event);
        if (wrong) errors.push(wrong);
      }
      lines.push(line);
    }
    expect(errors).toEqual([]);
    expect(lines.map((line) => line.matchId).sort()).toEqual([ccMatch, freeformMatch].sort());

    // The generated types know each event's data by its type: no cast.
    const cc = lines.find((line) => line.matchId === ccMatch)!.events!;
    const setUp = cc.find((event) => event.type === 'BattleSetUp');
    expect(setUp && battleSeats(setUp)?.sort()).toEqual(['allies', 'axis']);
    expect(cc.filter((event) => battleSeats(event) !== undefined)).toEqual([setUp]);
    const freeform = lines.find((line) => line.matchId === freeformMatch)!.events!;
    const rolled = freeform.find((event) => event.type === 'DiceRolled');
    expect(rolled?.type === 'DiceRolled' && rolled.data.faces).toHaveLength(3);
    expect(freeform.map((event) => event.type)).toContain('MatchFinished');

    // The schemas are not vacuous: a BattleSetUp without its sides, or a roll whose dice are
    // words, is refused.
    const { sides: _sides, ...withoutSides } = (setUp as { data: Record<string, unknown> }).data;
    expect(await eventErrors({ ...setUp!, data: withoutSides } as unknown as AnyEvent)).toMatch(
      /sides/,
    );
    expect(
      await eventErrors({
        ...rolled!,
        data: { ...(rolled as { data: object }).data, faces: 'шесть' },
      } as unknown as AnyEvent),
    ).toMatch(/faces/);
  });

  it('streams the feed’s long poll line by line, every line and event as the document publishes it', async () => {
    const validLine = validatorAt(feedSchema);
    const errors: string[] = [];
    const seen: FeedLine[] = [];
    // Pages of 10 until a short one: a client that resumes after each page's last position.
    let after: string | undefined = '0';
    for (let page = 0; after !== undefined && page < 100; page++) {
      const { data: body, response } = await client.GET('/api/v1/feed', {
        headers: asAdmin().headers,
        params: { query: { format: 'ndjson', after, limit: 10, wait: 0 } },
        parseAs: 'stream',
      });
      expect(response.status).toBe(200);
      let count = 0;
      let last: string | undefined;
      for await (const line of ndjsonLines<FeedLine>(body!)) {
        if (!validLine(line as unknown))
          errors.push(`${line.position}: ${ajv.errorsText(validLine.errors)}`);
        const wrong = await eventErrors(line.event);
        if (wrong) errors.push(wrong);
        seen.push(line);
        last = line.position;
        count += 1;
      }
      after = count === 10 ? last : undefined;
    }
    expect(errors).toEqual([]);
    const matches = new Set(seen.map((line) => line.event.matchId));
    expect(matches).toEqual(new Set([ccMatch, freeformMatch]));
    // Once each, in feed order.
    const positions = seen.map((line) => line.position);
    expect(new Set(positions).size).toBe(positions.length);
    const setUp = seen.find((line) => line.event.type === 'BattleSetUp');
    expect(setUp?.event.meta.ruleset.id).toBe('combat-commander');
    // The feed's line types its event as the export's does: narrowed by type, with no cast.
    expect(setUp && battleSeats(setUp.event)?.sort()).toEqual(['allies', 'axis']);
  });
});
