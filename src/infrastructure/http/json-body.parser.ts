import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A request body that is not the JSON its content type claims. */
export class MalformedJsonError extends Error {
  /** Read by Fastify's default error handler, should the error ever reach it. */
  readonly statusCode = 400;

  constructor(message: string) {
    super(message);
    this.name = 'MalformedJsonError';
  }
}

/**
 * Makes `application/json` the only body the API accepts (anything else is 415), parsed by
 * Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys. A refused
 * body is reported with the reason: Fastify only says "not valid JSON", and a client deserves
 * the parser's position and message.
 */
export function useJsonBodiesOnly(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Fastify's default text/plain parser would hand a string to DTO validation.
  fastify.removeContentTypeParser('text/plain');
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<Server>('application/json', { bodyLimit }, (request, body, done) => {
    // Many clients send the JSON content type on a POST without a body: treat it as no body.
    if (body.length === 0) return done(null, undefined);
    const text = body.toString('utf8');
    parse(request, text, (error, value) => {
      if (error) done(new MalformedJsonError(explain(text)), undefined);
      else done(null, value);
    });
  });
}

function explain(body: string): string {
  try {
    JSON.parse(body);
  } catch (error) {
    return `The body is not valid JSON: ${(error as Error).message}`;
  }
  return 'The body holds a forbidden key (__proto__ or constructor.prototype)';
}
