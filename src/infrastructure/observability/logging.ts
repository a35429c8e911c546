import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogConfig } from '../config/app-config';
import { clientAddress } from '../http/client-address';
import type { PrincipalRequest } from '../http/request-limits';
import type { ServiceMetrics } from './metrics';

/**
 * The service's one pino logger. Fastify writes the access lines with it, and Nest's Logger
 * (through NestLogger) writes everything else, so an operator reads one stream of JSON lines
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
    : // Asynchronous, each line written as soon as the one before it is (lines that come while
      // a write is under way go out together): a request's line is in the log when it is
      // answered, not a dozen requests later as with a 4 KiB buffer.
      (destination ?? pino.destination({ sync: false }));
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

/**
 * Nest's lines (its start-up, its exception handler, every `new Logger(context)` of the
 * service) written as the service's pino lines, from the first on: a start that fails writes
 * its error as JSON too, not in Nest's coloured console format.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /**
   * Nest passes the context last (after an `undefined` when nothing else was passed), and its
   * exception handler `(message, stack, context)`; a caller may pass an object of fields first
   * and the message after it.
   */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? rest.pop() : undefined;
    const [second] = rest.filter((param) => param !== undefined);
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...message }, typeof second === 'string' ? second : '');
    } else if (level === 'error' && typeof second === 'string') {
      this.logger[level]({ ...fields, stack: second }, String(message));
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

/** What a caller may send as its request id: short, printable, nothing a log reader could trip on. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is safe to echo and log, else a fresh UUID. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * One access line per request (method, route, path, status, duration, request id, the client's
 * address: behind a trusted proxy the forwarded one; its user agent, and the kind of token it
 * sent, never the token) instead of Fastify's two, written where Fastify reports a finished
 * response; the request is counted in the metrics there too. The path is logged without its
 * query string: queries carry player names, which an access log need not keep.
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
      userAgent: userAgentOf(request.headers['user-agent']),
      tokenKind: tokenKindOf(request as PrincipalRequest),
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

/** A user agent is the client's to choose: kept to a length a log line can carry. */
const USER_AGENT_CHARACTERS = 256;

function userAgentOf(header: string | undefined): string | null {
  return header === undefined ? null : header.slice(0, USER_AGENT_CHARACTERS);
}

/**
 * What the request authenticated as: a principal's kind, `metrics` (the scrape-only token),
 * `rejected` (a token that is malformed, unknown or refused), or `none`.
 */
function tokenKindOf(request: PrincipalRequest): string {
  if (request.principal !== undefined) return request.principal.kind;
  if (request.metricsScraper === true) return 'metrics';
  return request.headers.authorization === undefined ? 'none' : 'rejected';
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
