import { isUtf8 } from 'node:buffer';
import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Message } from '../../domain/shared/localized-text';
import { HttpRefusalError } from './http-refusal.error';

/** A request body the API refuses before any route sees it: 400 (not acceptable JSON) or 415. */
export class RefusedBodyError extends HttpRefusalError {
  /** Read by Fastify's default error handler, should the error ever reach it. */
  readonly statusCode: number;

  constructor(
    status: 400 | 415,
    /** The problem code: `malformed-json`, `json-too-deep`, `unencodable-string`, ... */
    code: string,
    message: Message,
  ) {
    super(status, code, message);
    this.name = 'RefusedBodyError';
    this.statusCode = status;
  }
}

/**
 * How deeply objects and arrays may nest in a body. The deepest real body (a ruleset's setup)
 * nests about 6 levels; far deeper input only serves to overflow recursive code downstream.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Members one object may have, and all objects of a body together. The largest real bodies (a
 * setup, corrective decisions) hold a few thousand; class-transformer's time grows with the
 * square of an object's member count, so a megabyte of unknown keys cost seconds of CPU.
 */
export const MAX_OBJECT_MEMBERS = 1_000;
export const MAX_BODY_MEMBERS = 10_000;

/** `; charset=...` of a Content-Type header. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Makes `application/json` the only body the API accepts (anything else is 415), in UTF-8 only,
 * parsed by Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys. A
 * refused body is reported with the reason: Fastify only says "not valid JSON", and a client
 * deserves the parser's position and message. A parsed body is then checked for what JSON
 * allows but nothing downstream can hold: nesting deeper than MAX_JSON_DEPTH, strings with
 * lone surrogates (not encodable as UTF-8, so not hashable) and numbers beyond a double.
 */
export function useJsonBodiesOnly(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Fastify's default text/plain parser would hand a string to DTO validation.
  fastify.removeContentTypeParser('text/plain');
  const parse = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<Server>('application/json', { bodyLimit }, (request, body, done) => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(
        new RefusedBodyError(
          415,
          'unsupported-media-type',
          `The body must be JSON in UTF-8; charset=${charset} is not accepted`,
        ),
        undefined,
      );
    }
    // Many clients send the JSON content type on a POST without a body: treat it as no body.
    if (body.length === 0) return done(null, undefined);
    if (!isUtf8(body)) {
      return done(
        new RefusedBodyError(400, 'malformed-json', 'The body is not valid UTF-8'),
        undefined,
      );
    }
    const text = body.toString('utf8');
    parse(request, text, (error, value) => {
      if (error) return done(new RefusedBodyError(400, 'malformed-json', explain(text)), undefined);
      const problem = unacceptableJson(value);
      if (problem) done(problem, undefined);
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

/** The first thing in a parsed body that the API cannot hold, as a refusal; undefined when all is well. */
export function unacceptableJson(value: unknown): RefusedBodyError | undefined {
  const path: (string | number)[] = [];
  const at = () => (path.length === 0 ? 'the top level' : pathText(path));
  let members = 0;

  const visit = (node: unknown, depth: number): RefusedBodyError | undefined => {
    if (typeof node === 'string') {
      return node.isWellFormed()
        ? undefined
        : new RefusedBodyError(
            400,
            'unencodable-string',
            `The string at ${at()} holds a lone UTF-16 surrogate (\\ud800-\\udfff outside a pair): it cannot be encoded as UTF-8`,
          );
    }
    if (typeof node === 'number') {
      return Number.isFinite(node)
        ? undefined
        : new RefusedBodyError(
            400,
            'number-out-of-range',
            `The number at ${at()} is beyond the range of a 64-bit float (about ±1.8e308)`,
          );
    }
    if (typeof node !== 'object' || node === null) return undefined;
    if (depth > MAX_JSON_DEPTH) {
      return new RefusedBodyError(
        400,
        'json-too-deep',
        `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep (at ${at()})`,
      );
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        path.push(index);
        const problem = visit(node[index], depth + 1);
        if (problem) return problem;
        path.pop();
      }
      return undefined;
    }
    const keys = Object.keys(node);
    members += keys.length;
    if (keys.length > MAX_OBJECT_MEMBERS || members > MAX_BODY_MEMBERS) {
      return new RefusedBodyError(
        400,
        'too-many-members',
        keys.length > MAX_OBJECT_MEMBERS
          ? `The object at ${at()} has ${keys.length} members; at most ${MAX_OBJECT_MEMBERS} are accepted`
          : `The body holds more than ${MAX_BODY_MEMBERS} object members in all`,
      );
    }
    for (const key of keys) {
      path.push(key);
      if (!key.isWellFormed()) {
        return new RefusedBodyError(
          400,
          'unencodable-string',
          `The member name at ${at()} holds a lone UTF-16 surrogate (\\ud800-\\udfff outside a pair): it cannot be encoded as UTF-8`,
        );
      }
      const problem = visit((node as Record<string, unknown>)[key], depth + 1);
      if (problem) return problem;
      path.pop();
    }
    return undefined;
  };
  return visit(value, 1);
}

/** `$.seats[0].name`, with names that are not identifiers quoted. */
function pathText(path: (string | number)[]): string {
  return (
    '$' +
    path
      .map((part) =>
        typeof part === 'number'
          ? `[${part}]`
          : /^[A-Za-z_$][\w$]*$/.test(part)
            ? `.${part}`
            : `[${JSON.stringify(part)}]`,
      )
      .join('')
  );
}
