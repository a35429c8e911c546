import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLanguage } from './accept-language';
import { PROBLEM_CONTENT_TYPE, negotiatedProblemFor } from './problem-details';
import { TooManyRequestsError } from './too-many-requests.error';

/**
 * The one global exception filter: every error response is `application/problem+json`.
 * Nest 11 also routes Fastify's own errors through it (body parser, body limit, media type,
 * unknown route), so no Fastify error handler is needed; the e2e spec checks that.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { problem, language } = negotiatedProblemFor(
      error,
      request.url.split('?')[0],
      request.id,
      negotiateLanguage(request.headers['accept-language']),
    );
    // Through the request's logger, so the line carries the request id the problem names.
    if (problem.status >= 500)
      request.log.error({ err: error }, `${request.method} ${problem.instance} failed`);
    // A streamed response (NDJSON export) may fail after its headers went out.
    if (reply.sent) return;
    if (error instanceof TooManyRequestsError)
      void reply.header('Retry-After', error.retryAfterSeconds);
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
