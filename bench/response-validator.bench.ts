/**
 * Response validator benchmark: `npm run bench:response-validator`. What the e2e suite's
 * strict response validator (test/support/openapi-validator.ts) costs on the first bulk export
 * a test reads, now that the document types every export and feed line's event by ruleset and
 * type (`Event`: every ruleset's `Event.<ruleset>`, a oneOf by `type` with a discriminator).
 * The validator runs in the test's process, beside the in-process server, so this time stalls
 * the server too (keep-alive sockets reset under it). Side by side in one run, alternating:
 *
 *   baseline    the document with the lines' events as the untyped RecordedEventDto (before),
 *               checked by the validator;
 *   all at once the document as published, with `Event` compiled whole on first use (plain
 *               ajv oneOf: every event type of every ruleset), as the validator did before it
 *               honoured discriminators;
 *   lazy        the document as published, checked by the validator: a discriminated oneOf
 *               compiles only the branch an event's `type` names, when first met.
 *
 * Each run builds a new validator (a fresh ajv: cold compilation) and times its construction
 * and then the first export's validation (compile + check of every line), in wall-clock and in
 * the process's CPU time (which a loaded machine inflates less). The export holds a
 * finished freeform match (a roll, a concession) and a started Combat Commander battle.
 * Medians over BENCH_VALIDATOR_REPS (7) runs, and the ratio of each to the baseline.
 */
import 'reflect-metadata';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { fetchDocument } from '../test/support/api-client';
import {
  OpenApiValidator,
  closeObjectSchemas,
  type OpenApiDocument,
  type ResponseToValidate,
} from '../test/support/openapi-validator';
import { TEST_ADMIN_TOKEN, startTestApp } from '../test/support/test-app';
import { median } from './api/fold';

const REPS = Number.parseInt(process.env.BENCH_VALIDATOR_REPS ?? '7', 10);
const EXPORT = '/api/v1/export/matches';
const NDJSON = 'application/x-ndjson';

/** A JSON call that must answer `status`. */
async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Created {
  matchId: string;
  seatTokens: { seat: string; token: string }[];
}

/** A match of `ruleset` with its seats claimed and started; answers its seats' tokens. */
async function startedMatch(
  baseUrl: string,
  organizer: string,
  ruleset: string,
  seats: string[],
): Promise<{ matchId: string; tokens: Record<string, string> }> {
  const created = await call<Created>(baseUrl, 'POST', '/api/v1/matches', organizer, {
    ruleset,
    title: 'Замер проверки ответов',
    seats: seats.map((seat) => ({ seat })),
  });
  const tokens = Object.fromEntries(created.seatTokens.map(({ seat, token }) => [seat, token]));
  for (const seat of seats)
    await call(
      baseUrl,
      'POST',
      `/api/v1/matches/${created.matchId}/seats/${seat}/claim`,
      tokens[seat],
      { name: `Игрок ${seat}` },
    );
  await call(baseUrl, 'POST', `/api/v1/matches/${created.matchId}/start`, organizer);
  return { matchId: created.matchId, tokens };
}

/** The published document and a first bulk export of the matches this seeds. */
async function seed(): Promise<{ document: OpenApiDocument; body: string }> {
  const app = await startTestApp();
  try {
    const { token: organizer } = await call<{ token: string }>(
      app.url,
      'POST',
      '/api/v1/organizers',
      TEST_ADMIN_TOKEN,
      { name: 'Клуб «Замер»' },
    );
    const freeform = await startedMatch(app.url, organizer, 'freeform', ['red', 'blue']);
    const matchPath = `/api/v1/matches/${freeform.matchId}`;
    await call(app.url, 'POST', `${matchPath}/rolls`, freeform.tokens.red, {
      purpose: 'attack',
      dice: '3d6',
    });
    await call(app.url, 'POST', `${matchPath}/decisions`, freeform.tokens.blue, {
      kind: 'concede',
      params: {},
    });
    await startedMatch(app.url, organizer, 'combat-commander', ['axis', 'allies']);
    const response = await fetch(`${app.url}${EXPORT}?with=summary,events&line=all`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    if (!response.ok) throw new Error(`GET ${EXPORT}: ${response.status}`);
    return { document: await fetchDocument(app.url), body: await response.text() };
  } finally {
    await app.close();
  }
}

/** The document as it was before: the export's and the feed's events untyped. */
function untypedEvents(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const typed = JSON.stringify({ $ref: '#/components/schemas/Event' });
  const untyped = { $ref: '#/components/schemas/RecordedEventDto' };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    if (JSON.stringify(node) === typed) return untyped;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  for (const name of ['ExportLineDto', 'FeedLineDto', 'ExportEventLineDto']) {
    const schemas = copy.components!.schemas as Record<string, unknown>;
    schemas[name] = visit(schemas[name]);
  }
  return copy;
}

/** The validator as it was: the document added whole, a response's schema compiled whole. */
function compilingWhole(document: OpenApiDocument): (response: ResponseToValidate) => boolean {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(closeObjectSchemas(structuredClone(document)) as object, 'document');
  return (response) => {
    const validate = ajv.compile({
      $ref: `document#/paths/${encodeURIComponent('~1api~1v1~1export~1matches')}/get/responses/200/content/${encodeURIComponent('application~1x-ndjson')}/schema`,
    });
    return response.body
      .split('\n')
      .filter((line) => line.length > 0)
      .every((line) => validate(JSON.parse(line)));
  };
}

type Side = 'baseline' | 'all at once' | 'lazy';

async function main(): Promise<void> {
  const { document, body } = await seed();
  const before = untypedEvents(document);
  const response: ResponseToValidate = {
    path: EXPORT,
    method: 'GET',
    status: 200,
    contentType: NDJSON,
    body,
  };
  const lines = body.split('\n').filter((line) => line.length > 0);
  const events = lines.reduce(
    (n, line) => n + ((JSON.parse(line) as { events?: unknown[] }).events?.length ?? 0),
    0,
  );
  const sides: Record<Side, () => (r: ResponseToValidate) => boolean> = {
    baseline: () => {
      const validator = new OpenApiValidator(before);
      return (r) => validator.validate(r).ok;
    },
    'all at once': () => compilingWhole(document),
    lazy: () => {
      const validator = new OpenApiValidator(document);
      return (r) => validator.validate(r).ok;
    },
  };
  const times: Record<Side, { construct: number[]; first: number[]; cpu: number[] }> = {
    baseline: { construct: [], first: [], cpu: [] },
    'all at once': { construct: [], first: [], cpu: [] },
    lazy: { construct: [], first: [], cpu: [] },
  };
  const order = Object.keys(sides) as Side[];
  for (let rep = 0; rep < REPS; rep += 1) {
    // Alternating, each side first in turn.
    for (const side of [...order.slice(rep % 3), ...order.slice(0, rep % 3)]) {
      const start = performance.now();
      const validate = sides[side]();
      const built = performance.now();
      const cpu = process.cpuUsage();
      if (!validate(response)) throw new Error(`${side}: the export does not validate`);
      const { user, system } = process.cpuUsage(cpu);
      const done = performance.now();
      times[side].construct.push(built - start);
      times[side].first.push(done - built);
      times[side].cpu.push((user + system) / 1000);
    }
  }
  const base = median(times.baseline.first);
  console.log(
    `First bulk export (${lines.length} lines, ${events} events) validated by a new validator; medians of ${REPS} runs, ms:`,
  );
  console.table(
    Object.fromEntries(
      order.map((side) => [
        side,
        {
          construct: Math.round(median(times[side].construct)),
          'first export': Math.round(median(times[side].first)),
          'vs baseline': `${(median(times[side].first) / base).toFixed(1)}x`,
          'first export, CPU': Math.round(median(times[side].cpu)),
          slowest: Math.round(Math.max(...times[side].first)),
        },
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
