import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Names the query parameters an answer ignored: `foo, cache-buster` (URL-encoded names). */
export const IGNORED_PARAMS_HEADER = 'Matchlog-Ignored-Params';

/**
 * The parameters the validation pipe left out of each request's query, keyed by the query
 * object Fastify parsed (the one the pipe is given): nothing outlives the request.
 */
const ignoredOf = new WeakMap<object, string[]>();

/**
 * Records that the route read `query` through a DTO and ignores these members of it (unknown
 * to it; none, when all are known).
 */
export function ignoreQueryParams(query: object, names: readonly string[]): void {
  ignoredOf.set(query, [...(ignoredOf.get(query) ?? []), ...names]);
}

/** The API's routes: web pages and their assets read their own query in the browser. */
const API_PATH = /^\/api\//;

/**
 * Unknown query parameters are ignored, not refused (cache busters, parameters a newer client
 * sends to an older service): the answer says which, in `Warning: 299` (RFC 9111's
 * miscellaneous persistent warning) and in Matchlog-Ignored-Params.
 */
export function useIgnoredQueryParamsHeaders(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      const query =
        typeof request.query === 'object' && request.query !== null ? request.query : {};
      // A route whose query no DTO read (the validation pipe never saw it) takes no parameter.
      // A refusal says what was wrong instead (the parameters may not have been read at all).
      const ignored =
        API_PATH.test(request.url) && reply.statusCode < 400
          ? (ignoredOf.get(query) ?? Object.keys(query))
          : undefined;
      if (ignored?.length) {
        // Encoded: a parameter's name is the client's text, and a header holds ASCII only.
        const names = ignored.map((name) => encodeURIComponent(name)).join(', ');
        void reply.header(IGNORED_PARAMS_HEADER, names);
        void reply.header(
          'Warning',
          `299 - "unknown parameter${ignored.length > 1 ? 's' : ''}: ${names}"`,
        );
      }
      done(null, payload);
    });
}
