import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problemFor } from './problem-details';
import { BadRequestError } from '../../application/errors';

/**
 * Requests Node's HTTP parser rejects before any route runs (raw non-ASCII bytes in the
 * URL, a broken request line) still get a problem+json answer, not Fastify's plain one.
 */
export function problemClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const problem = problemFor(
    new BadRequestError(
      tooLarge
        ? 'The request headers are too large'
        : `The request could not be parsed (${error.code ?? 'bad request'}): percent-encode non-ASCII characters in URLs`,
      'malformed-request',
    ),
    '',
  );
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({ ...problem, status });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Errors Fastify raises before routing (a URL whose percent-encoding is broken): problem+json too. */
export function problemFrameworkErrors(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const problem = problemFor(
    new BadRequestError(
      error.code === 'FST_ERR_BAD_URL'
        ? `The URL is not valid percent-encoding: ${request.url}`
        : `The request could not be routed (${error.code ?? error.message})`,
      'malformed-request',
    ),
    request.url,
  );
  void reply.status(400).type(PROBLEM_CONTENT_TYPE).send(problem);
}
