import { createHash } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadVersion } from '../../application/matches/read-version';

/** How long a shared cache may keep a settled match's answer before asking again. */
const SETTLED_MAX_AGE_SECONDS = 60;
/** A settled match's answer pinned to a seq never changes: caches keep it a year. */
const PINNED_MAX_AGE_SECONDS = 31_536_000;

export interface ConditionalRead {
  /** Names the representation: the resource and every parameter that shapes its body. */
  representation: string;
  /** The answer covers seqs up to a fixed one (`to=`, `at=`), not "up to the head". */
  pinned: boolean;
}

/**
 * A strong entity tag of what this caller reads: `"<seq>.<digest>"`, the digest over the
 * representation, the caller's view (redaction and horizon) and the hash at their horizon.
 * It starts with the seq so that it can go back as `If-Match` on a decision.
 */
export function entityTag(version: ReadVersion, representation: string): string {
  const digest = createHash('sha256')
    .update(`${representation}\n${version.viewer}\n${version.seq}\n${version.hash}`)
    .digest('base64url')
    .slice(0, 22);
  return `"${version.seq}.${digest}"`;
}

/**
 * Sets the read's `ETag`, `Vary` and (for anonymous callers) `Cache-Control`, and answers
 * 304 when `If-None-Match` names the tag: returns true when the caller must send nothing
 * more. A read with a token keeps the `no-store` set when the token was read
 * (request-limits.ts): it may hold the caller's private view.
 */
export function answerConditionally(
  request: FastifyRequest,
  reply: FastifyReply,
  version: ReadVersion,
  read: ConditionalRead,
): boolean {
  const tag = entityTag(version, read.representation);
  void reply.header('etag', tag).header('vary', 'Authorization, Accept, Accept-Encoding');
  if (request.headers.authorization === undefined && version.public) {
    void reply.header('cache-control', cacheControlOf(version, read.pinned));
  }
  if (!matchesAny(request.headers['if-none-match'], tag)) return false;
  void reply.status(304);
  return true;
}

function cacheControlOf(version: ReadVersion, pinned: boolean): string {
  if (!version.settled) return 'public, no-cache';
  return pinned
    ? `public, max-age=${PINNED_MAX_AGE_SECONDS}, immutable`
    : `public, max-age=${SETTLED_MAX_AGE_SECONDS}`;
}

/** RFC 9110 13.1.2: `*` or a list of tags, compared weakly (a W/ prefix is ignored). */
function matchesAny(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** The headers of a conditional read's 200 (OpenAPI). */
export const CONDITIONAL_READ_HEADERS = {
  ETag: {
    description: 'A strong tag of what this caller reads: `"<seq>.<digest>"`',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      '`no-store` for a read with a token; else `public, no-cache` while the match may still change, ' +
      '`public, max-age=60` once it has settled (ended, dispute window closed, no dispute open), and ' +
      '`public, max-age=31536000, immutable` for a settled match read up to a fixed seq (`to=`, `at=`): ' +
      'its events and table never change (only `lastSeq` may move on with a judge’s later comment)',
    schema: { type: 'string' },
  },
};

/** Documents `If-None-Match` and the 304 it may bring (OpenAPI). */
export function ApiNotModified(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'An ETag this caller read before: 304 with no body while it still holds',
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: what you hold is still what you would read',
    }),
  );
}
