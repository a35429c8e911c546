import { createHash } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiNotModified } from './conditional-read';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Route config: the answer's JSON body gets a weak ETag of its bytes (WeakEntityTag below). */
export interface WeakEntityTagRouteConfig {
  weakEntityTag?: boolean;
}

/** What every answer tagged here varies with: the token, the media type and the encoding. */
const VARY = 'Authorization, Accept, Accept-Encoding';

/**
 * A weak tag of a representation: weak because it names what the answer says, not its bytes
 * on the wire (identity, gzip and br bodies share it, which a strong tag may not do).
 */
export function weakEntityTag(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22);
  return `W/"${digest}"`;
}

/**
 * Sets `tag` and `Vary` and answers 304 when `If-None-Match` names it (RFC 9110 13.1.2: weak
 * comparison, `*`, or a list): returns true when the caller must send nothing more.
 */
export function answerWeaklyConditionally(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
): boolean {
  void reply.header('etag', tag).header('vary', VARY);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch === undefined) return false;
  const bare = tag.replace(/^W\//, '');
  const matches =
    ifNoneMatch.trim() === '*' ||
    ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
  if (matches) void reply.status(304);
  return matches;
}

/**
 * JSON reads computed whole (the match list, statistics, the timeline) are tagged by the
 * digest of their body, once serialized and before compression, so a statistics site
 * revalidates with If-None-Match and gets 304 without the body. Routes opt in with
 * `@RouteConfig({ weakEntityTag: true })`; an answer that set its own ETag keeps it.
 */
export function useWeakEntityTags(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, reply, payload, done) => {
      const config = request.routeOptions.config as WeakEntityTagRouteConfig | undefined;
      if (
        !config?.weakEntityTag ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        reply.hasHeader('etag')
      )
        return done(null, payload);
      const tag = weakEntityTag(String(reply.getHeader('content-type') ?? ''), payload);
      if (answerWeaklyConditionally(request, reply, tag)) {
        reply.removeHeader('content-length');
        return done(null, '');
      }
      done(null, payload);
    });
}

/** Opts a JSON read into a weak ETag of its body and 304 to If-None-Match (and documents it). */
export const TaggedByBody = (): MethodDecorator =>
  applyDecorators(
    RouteConfig({ weakEntityTag: true } satisfies WeakEntityTagRouteConfig),
    ApiNotModified(),
  );
