import { createHash } from 'node:crypto';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../web/src/api/matchlog-api';
import { OpenApiValidator, type OpenApiDocument } from './openapi-validator';
import { TEST_ADMIN_TOKEN } from './test-app';

/**
 * The e2e suite's client: typed with the types generated from `/docs-json`, and checking
 * every response it receives against that same live document (status, content type and
 * body, strictly). A call whose answer the document does not describe throws, so every
 * call of the suite proves the published document accurate.
 */

/** The media types the typed client reads (NDJSON is read with fetchChecked). */
export type JsonMedia = 'application/json' | 'application/problem+json';

export type ApiClient = Client<paths, JsonMedia>;

export interface Api {
  client: ApiClient;
  validator: OpenApiValidator;
  document: OpenApiDocument;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** How many responses were checked against the document, and every mismatch found. */
  checks: { responses: number; failures: string[] };
  /**
   * For what the typed client cannot send or read (a raw body, NDJSON): a plain fetch of
   * `url` whose response is still checked against the documented `pathTemplate`.
   */
  fetchChecked(pathTemplate: string, url: string, init?: RequestInit): Promise<Response>;
}

export async function fetchDocument(baseUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(`${baseUrl}/docs-json`);
  if (!response.ok) throw new Error(`GET /docs-json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/**
 * The validators built in this test file, by the document they check: a spec that starts
 * several apps (a restart, another configuration) compiles each schema once, not once per app.
 */
const validators = new Map<string, OpenApiValidator>();

function validatorOf(document: OpenApiDocument): OpenApiValidator {
  const key = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  let validator = validators.get(key);
  if (!validator) {
    validator = new OpenApiValidator(document);
    validators.set(key, validator);
  }
  return validator;
}

export async function createApi(baseUrl: string): Promise<Api> {
  const document = await fetchDocument(baseUrl);
  const validator = validatorOf(document);
  const checks = { responses: 0, failures: [] as string[] };

  const check = async (path: string, method: string, response: Response): Promise<void> => {
    checks.responses += 1;
    const verdict = validator.validate({
      path,
      method,
      status: response.status,
      contentType: response.headers.get('content-type'),
      // A clone: the caller still reads the original.
      body: await response.clone().text(),
    });
    if (!verdict.ok) {
      checks.failures.push(verdict.message);
      throw new Error(`The response contradicts the OpenAPI document: ${verdict.message}`);
    }
  };

  const validating: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      await check(schemaPath, request.method, response);
      return undefined;
    },
  };
  const client = createClient<paths, JsonMedia>({ baseUrl, fetch: fetchRetryingIdempotent });
  client.use(validating);

  return {
    client,
    validator,
    document,
    baseUrl,
    checks,
    async fetchChecked(pathTemplate, url, init) {
      const response = await fetchRetryingIdempotent(
        new Request(url.startsWith('http') ? url : `${baseUrl}${url}`, init),
      );
      await check(pathTemplate, init?.method ?? 'GET', response);
      return response;
    },
  };
}

/** The per-call `Authorization` header of a token (none for an anonymous call). */
export function bearer(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}

/** Someone the suite acts as: pass `headers` to a call. */
export interface Session {
  token: string;
  headers: { Authorization: string };
}

export function session(token: string): Session {
  return { token, headers: { Authorization: `Bearer ${token}` } };
}

/** The admin of the test app (its token comes from configuration). */
export function asAdmin(): Session {
  return session(TEST_ADMIN_TOKEN);
}

/** Registers an organizer as the admin and logs in with its token. */
export async function asNewOrganizer(
  api: Api,
  name: string,
): Promise<Session & { id: string; name: string }> {
  const { data, error, response } = await api.client.POST('/api/v1/organizers', {
    headers: asAdmin().headers,
    body: { name },
  });
  if (!data)
    throw new Error(`Registering organizer ${name}: ${response.status} ${JSON.stringify(error)}`);
  return { ...session(data.token), id: data.id, name: data.name };
}

/** An organizer's tournament and a judge of it, logged in: what every judged e2e match starts from. */
export async function newTournamentJudge(
  api: Api,
  organizer: Session,
  tournament: { tournamentId: string; name: string },
  judgeName: string,
): Promise<Session> {
  const created = await api.client.POST('/api/v1/tournaments', {
    headers: organizer.headers,
    body: tournament,
  });
  if (created.response.status !== 201)
    throw new Error(`Creating tournament ${tournament.tournamentId}: ${created.response.status}`);
  const { data, error, response } = await api.client.POST('/api/v1/judges', {
    headers: organizer.headers,
    body: { name: judgeName, tournamentId: tournament.tournamentId },
  });
  if (!data)
    throw new Error(`Appointing judge ${judgeName}: ${response.status} ${JSON.stringify(error)}`);
  return session(data.token);
}

/** The seat tokens of a created match, by seat. */
export function seatSessions(created: {
  seatTokens: { seat: string; token: string }[];
}): Record<string, Session> {
  return Object.fromEntries(created.seatTokens.map(({ seat, token }) => [seat, session(token)]));
}

/** The body of POST matches/:id/decisions: the published union of every ruleset's kinds. */
export type DecisionBody =
  paths['/api/v1/matches/{id}/decisions']['post']['requestBody']['content']['application/json'];

/**
 * A decision of any kind, for helpers that send the kinds (and the mistakes) their test
 * chooses: the typed union would refuse a kind held in a string.
 */
export function anyDecision(decision: {
  kind: string;
  params?: unknown;
  seat?: string;
  expectedSeq?: number;
  clientTime?: string;
}): DecisionBody {
  return decision as DecisionBody;
}

/**
 * `fetch`, sending a GET or HEAD once more when a kept-alive connection was closed under it
 * (ECONNRESET: the server's idle timeout passed while a loaded test process had not yet let
 * its own lapse). Browsers retry such requests the same way; a write is never sent twice.
 */
export async function fetchRetryingIdempotent(request: Request): Promise<Response> {
  const again = request.method === 'GET' || request.method === 'HEAD' ? request.clone() : undefined;
  try {
    return await fetch(request);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (again && (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')) return fetch(again);
    throw error;
  }
}
