import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { UNKNOWN_TOKEN } from '../../application/auth/token.service';
import { ForbiddenError, UnauthorizedError } from '../../application/errors';
import { negotiateLanguage } from './accept-language';
import { PROBLEM_CONTENT_TYPE, negotiatedProblemFor } from './problem-details';
import type { PrincipalRequest } from './request-limits';

/**
 * The one global exception filter: every error response is `application/problem+json`.
 * Nest 11 also routes Fastify's own errors through it (body parser, body limit, media type,
 * unknown route), so no Fastify error handler is needed; the e2e spec checks that.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<PrincipalRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // A read answered as anonymous because its token is unknown, and anonymous may not read
    // it: 401, and the caller hears about its token, not that it sent none or may not read.
    const refused =
      (error instanceof UnauthorizedError || error instanceof ForbiddenError) &&
      request.unknownTokenIgnored
        ? new UnauthorizedError(UNKNOWN_TOKEN)
        : error;
    const { problem, language } = negotiatedProblemFor(
      refused,
      request.url.split('?')[0],
      request.id,
      negotiateLanguage(request.headers['accept-language']),
    );
    // Through the request's logger, so the line carries the request id the problem names.
    // An unreachable store (503) is logged by the store's own state lines, once per change.
    if (problem.status >= 500 && problem.status !== 503)
      request.log.error({ err: error }, `${request.method} ${problem.instance} failed`);
    // A streamed response (NDJSON export) may fail after its headers went out.
    if (reply.sent) return;
    if (
      (problem.status === 429 || problem.status === 503) &&
      typeof problem.retryAfterSeconds === 'number'
    )
      void reply.header('Retry-After', problem.retryAfterSeconds);
    const vary = reply.getHeader('vary');
    reply
      .status(problem.status)
      .header('content-type', PROBLEM_CONTENT_TYPE)
      .header('content-language', language)
      // The detail depends on the reader's language: caches must key on it.
      .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
      .send(JSON.stringify(problem));
  }
}
