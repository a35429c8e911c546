import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogConfig } from '../config/app-config';
import { clientAddress } from '../http/client-address';
import type { ServiceMetrics } from './metrics';

/**
 * The service's one pino logger. Fastify writes the access lines with it, and Nest's Logger
 * (through nestjs-pino) writes everything else, so an operator reads one stream of JSON lines
 * (or, in a terminal, the same lines made readable by pino-pretty).
 */
export function createLogger(config: LogConfig, destination?: DestinationStream): Logger {
  const pretty =
    config.format === 'pretty' || (config.format === 'auto' && process.stdout.isTTY === true);
  const stream = pretty
    ? pinoPretty({
        destination: destination ?? 1,
        colorize: destination === undefined && process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,service',
      })
    : // Buffered: a write call per 4 KiB of lines, not per line (flushed on close).
      (destination ?? pino.destination({ sync: false, minLength: 4096 }));
  return pino(
    {
      level: config.level,
      base: { service: 'matchlog' },
      // Nothing this service logs carries a header; should a caller log one, never its secrets.
      redact: {
        paths: ['headers.authorization', 'req.headers.authorization', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    stream,
  );
}

/** What a caller may send as its request id: short, printable, nothing a log reader could trip on. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is safe to echo and log, else a fresh UUID. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * One access line per request (method, route, path, status, duration, request id, the client's
 * address: behind a trusted proxy the forwarded one) instead of
 * Fastify's two, written where Fastify reports a finished response; the request is counted in
 * the metrics there too. The path is logged
 * without its query string: queries carry player names, which an access log need not keep.
 */
class AccessLog extends LogController {
  constructor(private readonly metrics: ServiceMetrics) {
    super({ requestIdLogLabel: 'requestId', disableRequestLogging: false });
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: pathOf(request.url),
      status,
      address: clientAddress(request),
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      ...(error && { err: error }),
    };
    // 503 is an answer the service chose (not ready yet, store unreachable), not a failure.
    if (error || (status >= 500 && status !== 503)) request.log.error(line, 'request failed');
    else if (status === 503) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
    this.metrics.observeRequest(
      line.method,
      line.route ?? 'unmatched',
      status,
      reply.elapsedTime / 1000,
    );
  }
}

/** Fastify options that name each request, write its access line and count it in the metrics. */
export function requestLogOptions(metrics: ServiceMetrics): {
  genReqId(request: { headers: Record<string, string | string[] | undefined> }): string;
  requestIdHeader: false;
  logController: LogController;
} {
  return {
    genReqId: (request) => requestIdFor(request.headers['x-request-id']),
    requestIdHeader: false,
    logController: new AccessLog(metrics),
  };
}

/** Returns each request's id in `X-Request-Id`, so a caller can quote it to an operator. */
export function useRequestIds(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
