import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLanguage } from './accept-language';
import { PROBLEM_CONTENT_TYPE, negotiatedProblemFor, problemFor } from './problem-details';
import { HttpRefusalError } from './http-refusal.error';
import { TooManyRequestsError } from './too-many-requests.error';

/**
 * Requests Node's HTTP parser rejects before any route runs (raw non-ASCII bytes in the
 * URL, a broken request line, headers or a body that did not arrive in time) still get a
 * problem+json answer, not Fastify's plain one.
 */
export function problemClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const refusal =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new HttpRefusalError(
          431,
          'request-header-fields-too-large',
          'The request headers are too large',
        )
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new HttpRefusalError(
            408,
            'request-timeout',
            'The request (its headers or its body) did not arrive in time: send it whole, at once',
          )
        : new HttpRefusalError(
            400,
            'malformed-request',
            `The request could not be parsed (${error.code ?? 'bad request'}): percent-encode non-ASCII characters in URLs`,
          );
  socket.end(rawProblemResponse(refusal));
}

/** A whole HTTP/1.1 response carrying the problem of `error`, for a socket no route answers. */
export function rawProblemResponse(error: HttpRefusalError): string {
  const problem = problemFor(error, '');
  const body = JSON.stringify(problem);
  const retryAfter =
    error instanceof TooManyRequestsError ? `Retry-After: ${error.retryAfterSeconds}\r\n` : '';
  return (
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
    `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `${retryAfter}Connection: close\r\n\r\n${body}`
  );
}

/** Errors Fastify raises before routing (a URL whose percent-encoding is broken): problem+json too. */
export function problemFrameworkErrors(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { problem, language } = negotiatedProblemFor(
    new HttpRefusalError(
      400,
      'malformed-request',
      error.code === 'FST_ERR_BAD_URL'
        ? {
            en: `The URL is not valid percent-encoding: ${request.url}`,
            ru: `В адресе неверное %-кодирование: ${request.url}`,
          }
        : `The request could not be routed (${error.code ?? error.message})`,
    ),
    request.url,
    request.id,
    negotiateLanguage(request.headers['accept-language']),
  );
  void reply
    .status(400)
    .type(PROBLEM_CONTENT_TYPE)
    .header('content-language', language)
    .header('vary', 'Accept-Language')
    .send(problem);
}
