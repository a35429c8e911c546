import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { applyDecorators } from '@nestjs/common';
import {
  ApiSecurity,
  DocumentBuilder,
  getSchemaPath,
  SwaggerModule,
  type OpenAPIObject,
} from '@nestjs/swagger';
import type {
  OperationObject,
  ResponseObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { APP_VERSION } from '../config/package-info';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_BASE } from './problem-details';
import { ProblemDto } from './problem.dto';
import { RULESETS } from '../../domain/rulesets';
import { documentDecisionParams } from './decision-schemas';
import { IGNORED_TOKEN_HEADER, IGNORED_TOKEN_VALUE } from './request-limits';
import { RouteFlags } from './route-flags';
import { documentBadRequestExamples } from './bad-request-examples';
import { documentEventSchemas } from './event-schemas';
import { documentLineSchemas } from './schemas/line-schemas';
import { PublishedDocument } from './schemas/published-document';

/** Name of the bearer security scheme. */
export const BEARER_AUTH = 'bearer';

/**
 * How an operation is secured, as the OpenAPI document says it: every route is marked with
 * exactly one of these (the access rules in application/auth decide who may act).
 */
/** A token is needed: an anonymous request is refused (401) before its body is read. */
export const TokenRequired = (): MethodDecorator =>
  applyDecorators(ApiSecurity(BEARER_AUTH), RouteFlags({ tokenRequired: true }));
/** A token is optional: without one the caller reads what the public may read. */
export const TokenOptional = (): MethodDecorator =>
  applyDecorators(ApiSecurity(BEARER_AUTH), ApiSecurity({}));
/** A read that streams for as long as its reader reads: a read token's `openStreams` count it. */
export const StreamedRead = (): MethodDecorator => RouteFlags({ streamed: true });
/** A POST that only reads (a body too long for a query string): a read token may send it. */
export const ReadByPost = (): MethodDecorator => RouteFlags({ readByPost: true });
/** No token is needed (one that is sent must still be valid). */
export const NoToken = (): MethodDecorator => ApiSecurity(NO_TOKEN_MARK);

/** Stands for `security: []` until the document is built (ApiSecurity cannot say "none"). */
const NO_TOKEN_MARK = 'none';

const DESCRIPTION = `
An event-sourced log of tabletop war game matches: every decision and every dice roll is an
immutable, hash-chained event. Judges review disputes at any moment of a match, players
replay their games, statistics sites read match lists, bulk exports, logs, a live feed and
aggregates.

**Tokens.** Send \`Authorization: Bearer <token>\`. The admin token comes from
\`MATCHLOG_ADMIN_TOKEN\` (or is printed once at first start). The admin registers organizers;
an organizer creates tournaments and matches, and receives one token per seat to hand to the
players; judge tokens are scoped to a tournament or a match and appointed only by its organizer
(or the admin). A statistics site holds a read token (\`POST /api/v1/read-tokens\`): scoped to
an organizer's matches, tournaments or to the organizer, read-only, with its own throttle
(\`requestsPerMinute\`, \`openStreams\`: 429 with \`Retry-After\` beyond them). Finished public matches and statistics need no token. Tokens are shown once and stored only as hashes.
A read that needs no token, sent with an unknown or revoked one, is answered as to an anonymous
caller, with \`X-Matchlog-Auth: ignored-unknown-token\`; any other request with it gets 401.
Failed authentications are counted per token and, with a much higher limit, per address (429).

**Errors** are \`application/problem+json\` (RFC 9457): \`type\` ends with a stable code
(\`invalid-body\`, \`invalid-query\`, \`invalid-header\`, \`forbidden\`, \`rule-violation\`, ...), \`detail\` says
what was wrong, and invalid fields or query parameters are listed in \`errors\`.
Unknown query parameters are ignored, not refused: the answer names them in
\`Warning: 299 - "unknown parameter: foo"\` and \`Matchlog-Ignored-Params\`.

**Request ids.** Every answer carries \`X-Request-Id\`: the caller's own when it sent one of
at most 128 letters, digits and \`._:-\`, else a generated UUID. Problems repeat it as
\`requestId\`, and the service's log lines for the request carry it.
`.trim();

/** The groups of operations, in the order the document lists them. */
const TAGS: Array<[name: string, description: string]> = [
  [
    'matches',
    'Create, record and read matches: decisions, rolls, events, the table at any seq, exports.',
  ],
  ['judging', 'Undo requests, disputes, rulings, pauses and sealed decisions.'],
  ['rulesets', 'The games this server knows: options, catalog and decision schemas.'],
  [
    'stats',
    'Aggregates of finished matches: win rates with their intervals, lengths, losses, dice luck.',
  ],
  ['tournaments', 'Tournaments: a name, an owner, the matches and judges the owner adds.'],
  ['tokens', 'Organizer and judge tokens.'],
  ['export', 'Many matches at once, as NDJSON: summaries, events and tables, as you may see them.'],
  ['feed', 'The resumable live feed of every match you may see, and one match’s live stream.'],
  ['keys', 'The public keys that sign exports.'],
  ['health', 'Liveness of the service.'],
];

/** Serves the OpenAPI 3 document at /docs-json and the Swagger UI at /docs. */
export function setupOpenApi(app: NestFastifyApplication): void {
  const builder = new DocumentBuilder()
    .setTitle('matchlog')
    .setDescription(DESCRIPTION)
    .setVersion(APP_VERSION)
    .setLicense('AGPL-3.0-or-later', 'https://www.gnu.org/licenses/agpl-3.0.html')
    .addServer('/', 'This server')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description:
          'An opaque matchlog token (`ml_…`), not a JWT: it means nothing but to this server.',
      },
      BEARER_AUTH,
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build());
  markPublicOperations(document);
  documentIgnoredTokens(document);
  documentRateLimits(document);
  documentRequestIds(document);
  documentDecisionParams(document, RULESETS);
  documentEventSchemas(document, RULESETS);
  const lineSchemas = documentLineSchemas(document, RULESETS);
  documentBadRequestExamples(document);
  Object.assign(app.get(PublishedDocument), { document, lineSchemas });
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}

/** `@NoToken()` operations get `security: []`: the document says they need no token. */
function markPublicOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as OperationObject[]) {
      if (operation.security?.some((requirement) => NO_TOKEN_MARK in requirement))
        operation.security = [];
    }
}

/**
 * A GET that needs no token answers an unknown token as anonymous and says so in
 * `X-Matchlog-Auth` (request-limits.ts).
 */
function documentIgnoredTokens(document: OpenAPIObject): void {
  const header = {
    description:
      '`ignored-unknown-token`: the bearer token sent is unknown or revoked, and the answer is what an anonymous caller gets',
    schema: { type: 'string', enum: [IGNORED_TOKEN_VALUE] },
  };
  for (const item of Object.values(document.paths)) {
    const operation = (item as Record<string, OperationObject | undefined>).get;
    const tokenOptional = operation?.security?.some(
      (requirement) => Object.keys(requirement).length === 0,
    );
    if (!operation || !(operation.security?.length === 0 || tokenOptional)) continue;
    for (const [status, response] of Object.entries(operation.responses) as Array<
      [string, ResponseObject]
    >)
      if (/^[23]|^401$/.test(status))
        response.headers = { ...response.headers, [IGNORED_TOKEN_HEADER]: header };
  }
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit':
    'Requests allowed in the current window (per address or per token: the tighter)',
  'RateLimit-Remaining': 'Requests left in the current window',
  'RateLimit-Reset': 'Seconds until the window resets',
};

/**
 * Every operation may answer 429 (README, Configuration: requests per address, per token and
 * failed authentications per address), with Retry-After and the IETF draft's RateLimit-* fields.
 */
function documentRateLimits(document: OpenAPIObject): void {
  const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
  const tooManyRequests = {
    description:
      'Too many requests from this address or with this token, too many failed authentications from this address or with this token, or (creating a match) too many new matches of this organizer in an hour: retry after Retry-After seconds',
    headers: {
      'Retry-After': integerHeader('Seconds to wait before retrying'),
      ...Object.fromEntries(
        Object.entries(RATE_LIMIT_HEADERS).map(([name, text]) => [name, integerHeader(text)]),
      ),
    },
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: { $ref: getSchemaPath(ProblemDto) },
        example: {
          type: `${PROBLEM_TYPE_BASE}too-many-requests`,
          title: 'Too Many Requests',
          status: 429,
          detail: 'Too many requests with this token: at most 600 per 60 s; retry in 12 s',
          instance: '/api/v1/matches',
          retryAfterSeconds: 12,
        },
      },
    },
  };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as OperationObject[])
      operation.responses['429'] = tooManyRequests;
}

/** Every answer names its request in `X-Request-Id` (see observability/logging.ts). */
function documentRequestIds(document: OpenAPIObject): void {
  document.components = document.components ?? {};
  document.components.headers = {
    ...document.components.headers,
    RequestId: {
      description:
        'The request id: the caller’s `X-Request-Id` when it was safe to log, else a generated UUID',
      schema: { type: 'string', maxLength: 128 },
    },
  };
  const header = { $ref: '#/components/headers/RequestId' };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as OperationObject[])
      for (const response of Object.values(operation.responses) as ResponseObject[])
        response.headers = { ...response.headers, 'X-Request-Id': header };
}
