import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../application/auth/principal';
import { READ_TOKEN_ONLY_READS } from '../../application/auth/access';
import { TokenService } from '../../application/auth/token.service';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, UnauthorizedError } from '../../application/errors';
import type { LocalizedText } from '../../domain/shared/localized-text';
import type { RateLimits } from '../config/app-config';
import { clientAddress } from './client-address';
import { TooManyRequestsError } from './too-many-requests.error';

/** A request once the authentication hook ran: `@CurrentPrincipal()` reads `principal`. */
export interface PrincipalRequest extends FastifyRequest {
  principal?: Principal;
  /** An unknown token came with this public read, which is answered as to an anonymous caller. */
  unknownTokenIgnored?: boolean;
  /** The request came with MATCHLOG_METRICS_TOKEN, which opens `/metrics` and nothing else. */
  metricsScraper?: boolean;
}

/**
 * Fastify route config: `@TokenRequired()` sets `tokenRequired`; `@StreamedRead()` marks the
 * routes that stream for as long as their reader reads (counted towards a read token's
 * `openStreams`), and `@ReadByPost()` the POSTs that only read (a read token may send them).
 */
export interface TokenRouteConfig {
  tokenRequired?: boolean;
  streamed?: boolean;
  readByPost?: boolean;
}

/** RFC 6750: `Bearer` and a token68 credential. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const MALFORMED_AUTHORIZATION: LocalizedText = {
  en: 'The Authorization header must be "Bearer <token>"',
  ru: 'Заголовок Authorization должен иметь вид "Bearer <токен>"',
};

/** The one route the scrape-only token (MATCHLOG_METRICS_TOKEN) opens. */
const METRICS_ROUTE = '/metrics';
const METRICS_TOKEN_ONLY: LocalizedText = {
  en: 'This token (MATCHLOG_METRICS_TOKEN) reads /metrics and nothing else',
  ru: 'Этот токен (MATCHLOG_METRICS_TOKEN) открывает только /metrics',
};

/** How many clients (addresses, tokens) each limit remembers at once, least recent forgotten. */
const LIMITER_MEMORY = 50_000;

/** The fixed-window counter of @fastify/rate-limit (its LocalStore, an LRU map). */
interface CountingStore {
  incr(
    key: string,
    done: (error: null, window: Window) => void,
    windowMs: number,
    max: number,
  ): void;
  read(
    key: string,
    done: (error: null, window: Window) => void,
    windowMs: number,
    max: number,
  ): void;
}
interface Window {
  current: number;
  ttl: number;
}
/*
 * The store is used directly: the plugin's own request hook costs about 10 µs a call in
 * promises and awaits, the store's synchronous count under 1 µs (the decision path counts).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache: number,
) => CountingStore;

interface Verdict {
  max: number;
  /** Requests counted in the window so far. */
  current: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** At most `max` requests per key in each window. */
class Limit {
  private readonly store = new LocalStore(false, false, LIMITER_MEMORY);

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request of `key`. */
  count(key: string): Verdict {
    return this.verdict((done) => this.store.incr(key, done, this.windowMs, this.max));
  }

  /** Where `key` stands, without counting. */
  peek(key: string): Verdict {
    return this.verdict((done) => this.store.read(key, done, this.windowMs, this.max));
  }

  private verdict(ask: (done: (error: null, window: Window) => void) => void): Verdict {
    let window: Window = { current: 0, ttl: 0 };
    // LocalStore answers synchronously.
    ask((_, answer) => (window = answer));
    return {
      max: this.max,
      current: window.current,
      remaining: Math.max(0, this.max - window.current),
      resetSeconds: Math.ceil((window.ttl || this.windowMs) / 1000),
      exceeded: window.current > this.max,
    };
  }
}

/** `X-Matchlog-Auth` on an answer given as to an anonymous caller because its token is unknown. */
export const IGNORED_TOKEN_HEADER = 'X-Matchlog-Auth';
export const IGNORED_TOKEN_VALUE = 'ignored-unknown-token';

/**
 * How much of a token its failures are counted by: the kind prefix and 8 characters of the
 * secret (48 bits), so a stale token is told from every other and no whole token is kept.
 */
const COUNTED_TOKEN_CHARACTERS = 16;

/** What the refusals of this file say, in both languages (seconds as "s"/"с": no plural forms). */
const REFUSALS = {
  requestsFromAddress: (address: string, max: number, windowS: number, retryS: number) => ({
    en: `Too many requests from ${address}: at most ${max} per ${windowS} s; retry in ${retryS} s`,
    ru: `Слишком много запросов с адреса ${address}: не больше ${max} за ${windowS} с; повторите через ${retryS} с`,
  }),
  requestsWithToken: (max: number, windowS: number, retryS: number) => ({
    en: `Too many requests with this token: at most ${max} per ${windowS} s; retry in ${retryS} s`,
    ru: `Слишком много запросов с этим токеном: не больше ${max} за ${windowS} с; повторите через ${retryS} с`,
  }),
  failuresFromAddress: (address: string, max: number, windowS: number, retryS: number) => ({
    en: `Too many failed authentications from ${address}: at most ${max} per ${windowS} s; retry in ${retryS} s`,
    ru: `Слишком много неудачных попыток входа с адреса ${address}: не больше ${max} за ${windowS} с; повторите через ${retryS} с`,
  }),
  failuresWithToken: (max: number, windowS: number, retryS: number) => ({
    en: `Too many failed authentications with this token: at most ${max} per ${windowS} s; it is unknown or revoked, ask for a new one; retry in ${retryS} s`,
    ru: `Слишком много неудачных попыток входа с этим токеном: не больше ${max} за ${windowS} с; он неизвестен или отозван, попросите новый; повторите через ${retryS} с`,
  }),
  requestsWithReadToken: (max: number, retryS: number) => ({
    en: `Too many requests with this read token: its throttle is ${max} a minute; retry in ${retryS} s`,
    ru: `Слишком много запросов с этим токеном чтения: ему разрешено ${max} в минуту; повторите через ${retryS} с`,
  }),
  streamsOfReadToken: (max: number, retryS: number) => ({
    en: `This read token has ${max} streams open, as many as it may: end one, or retry in ${retryS} s`,
    ru: `У этого токена чтения открыто потоков: ${max}, больше нельзя; закройте один или повторите через ${retryS} с`,
  }),
} satisfies Record<string, (...args: never[]) => LocalizedText>;

/** A read token's throttle is counted per minute, whatever the service's window. */
const READER_WINDOW_MS = 60_000;
/** When a read token over its open streams may try again: streams end at their reader's pace. */
const STREAM_RETRY_SECONDS = 5;

/**
 * Before anything else of a request, in one Fastify onRequest hook (so before its body is
 * read or parsed): the caller's address is rate-limited; the bearer token, if any, is
 * resolved into `request.principal` and rate-limited; and a route that needs a token refuses
 * an anonymous caller before reading the body.
 *
 * A malformed or unknown token is a failed authentication, counted per token (its first
 * characters) and per address. A token over its own limit is refused without being looked
 * at; an address over its (much higher) limit has none of its tokens looked at, valid or not,
 * so a guess that happens to be right is not told so. One stale bookmark in a club behind one
 * address thus locks out only itself. On a public read (GET or HEAD of a route that needs no
 * token) an unknown token is answered as anonymous, with `X-Matchlog-Auth:
 * ignored-unknown-token`; elsewhere it is a 401, so a client never mistakes a typo for access.
 * Every answer carries the `RateLimit-*` headers of the tighter limit that applied, and every
 * answer to a token `Cache-Control: no-store`.
 */
export function useAuthenticationAndRateLimits(
  app: NestFastifyApplication,
  limits: RateLimits,
  metricsToken?: string,
): void {
  const isMetricsToken = sameTokenAs(metricsToken);
  const windowSeconds = limits.windowMs / 1000;
  const perAddress = new Limit(limits.perAddress, limits.windowMs);
  const perToken = new Limit(limits.perToken, limits.windowMs);
  const failuresPerAddress = new Limit(limits.authFailuresPerAddress, limits.windowMs);
  const failuresPerToken = new Limit(limits.authFailuresPerToken, limits.windowMs);
  const tokens = app.get(TokenService);
  // One counter a throttle (read tokens choose theirs: a few distinct values).
  const readerLimits = new Map<number, Limit>();
  const readerLimit = (max: number): Limit => {
    let limit = readerLimits.get(max);
    if (!limit) readerLimits.set(max, (limit = new Limit(max, READER_WINDOW_MS)));
    return limit;
  };
  const openStreams = new Map<string, number>();
  const refuse = (verdict: Verdict, reply: FastifyReply, message: LocalizedText): never => {
    setRateLimitHeaders(reply, verdict);
    throw new TooManyRequestsError(message, verdict.resetSeconds);
  };
  /** A limit of failures is reached when no failure is left, not when one more is counted. */
  const lockedOut = (verdict: Verdict): Verdict => ({
    ...verdict,
    exceeded: verdict.remaining === 0,
  });

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request: PrincipalRequest, reply: FastifyReply) => {
    const address = clientAddress(request);
    let tightest = perAddress.count(address);
    if (tightest.exceeded)
      refuse(
        tightest,
        reply,
        REFUSALS.requestsFromAddress(address, tightest.max, windowSeconds, tightest.resetSeconds),
      );
    const tokenRequired = (request.routeOptions.config as TokenRouteConfig | undefined)
      ?.tokenRequired;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      // The answer may hold the caller's private view, or a token: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      const publicRead =
        (request.method === 'GET' || request.method === 'HEAD') && tokenRequired !== true;
      const fromAddress = lockedOut(failuresPerAddress.peek(address));
      if (fromAddress.exceeded)
        refuse(
          fromAddress,
          reply,
          REFUSALS.failuresFromAddress(
            address,
            fromAddress.max,
            windowSeconds,
            fromAddress.resetSeconds,
          ),
        );
      const bearer = BEARER.exec(authorization)?.[1];
      const counted = (bearer ?? authorization).slice(0, COUNTED_TOKEN_CHARACTERS);
      const ofToken = lockedOut(failuresPerToken.peek(counted));
      if (ofToken.exceeded && publicRead) {
        answerAsAnonymous(request, reply);
      } else if (ofToken.exceeded) {
        refuse(
          ofToken,
          reply,
          REFUSALS.failuresWithToken(ofToken.max, windowSeconds, ofToken.resetSeconds),
        );
      } else if (bearer !== undefined && isMetricsToken(bearer)) {
        // A scraper's token: whoever holds it reads the metrics, and is refused all else.
        if (request.routeOptions.url !== METRICS_ROUTE)
          throw new ForbiddenError(METRICS_TOKEN_ONLY);
        request.metricsScraper = true;
      } else {
        try {
          if (bearer === undefined) throw new UnauthorizedError(MALFORMED_AUTHORIZATION);
          request.principal = await tokens.resolve(bearer);
        } catch (error) {
          if (!(error instanceof UnauthorizedError)) throw error;
          countFailure(request, address, counted);
          if (!publicRead) throw error;
          answerAsAnonymous(request, reply);
        }
      }
      if (request.principal !== undefined || request.metricsScraper === true) {
        const reader = request.principal?.kind === 'reader' ? request.principal : undefined;
        const forToken = perToken.count(authorization);
        if (forToken.exceeded)
          refuse(
            forToken,
            reply,
            REFUSALS.requestsWithToken(forToken.max, windowSeconds, forToken.resetSeconds),
          );
        if (forToken.remaining < tightest.remaining) tightest = forToken;
        if (reader) tightest = limitReader(request, reply, reader, authorization, tightest);
      }
    }
    setRateLimitHeaders(reply, tightest);
    if (request.principal === undefined && tokenRequired) throw new UnauthorizedError();
  });

  /**
   * A read token: refused any write, counted against its own throttle (within the service's
   * per-token limit), and against its open streams on a streamed route. Answers the tighter
   * verdict, for the RateLimit-* headers.
   */
  function limitReader(
    request: PrincipalRequest,
    reply: FastifyReply,
    reader: Extract<Principal, { kind: 'reader' }>,
    authorization: string,
    tightest: Verdict,
  ): Verdict {
    const config = request.routeOptions.config as TokenRouteConfig | undefined;
    const reads =
      request.method === 'GET' || request.method === 'HEAD' || config?.readByPost === true;
    if (!reads) throw new ForbiddenError(READ_TOKEN_ONLY_READS);
    const throttle = readerLimit(reader.limits.requestsPerMinute).count(authorization);
    if (throttle.exceeded)
      refuse(throttle, reply, REFUSALS.requestsWithReadToken(throttle.max, throttle.resetSeconds));
    if (config?.streamed === true) {
      const open = openStreams.get(reader.id) ?? 0;
      if (open >= reader.limits.openStreams)
        throw new TooManyRequestsError(
          REFUSALS.streamsOfReadToken(reader.limits.openStreams, STREAM_RETRY_SECONDS),
          STREAM_RETRY_SECONDS,
        );
      openStreams.set(reader.id, open + 1);
      reply.raw.once('close', () => {
        const left = (openStreams.get(reader.id) ?? 1) - 1;
        if (left === 0) openStreams.delete(reader.id);
        else openStreams.set(reader.id, left);
      });
    }
    return throttle.remaining < tightest.remaining ? throttle : tightest;
  }

  /** Counts a failed authentication; the one that reaches a limit is logged (never the token). */
  function countFailure(request: FastifyRequest, address: string, counted: string): void {
    const fromAddress = failuresPerAddress.count(address);
    const ofToken = failuresPerToken.count(counted);
    if (fromAddress.current === fromAddress.max)
      request.log.warn(
        {
          address,
          failures: fromAddress.max,
          windowSeconds,
          lockedSeconds: fromAddress.resetSeconds,
        },
        `Failed authentications from ${address} reached ${fromAddress.max} in ${windowSeconds} s: no token from it is looked at for ${fromAddress.resetSeconds} s`,
      );
    if (ofToken.current === ofToken.max)
      request.log.warn(
        { address, failures: ofToken.max, windowSeconds, lockedSeconds: ofToken.resetSeconds },
        `One token failed ${ofToken.max} times in ${windowSeconds} s, last from ${address}: it is refused without a look for ${ofToken.resetSeconds} s`,
      );
  }
}

/** Whether a bearer token is `expected`, compared in constant time (never, when none is set). */
function sameTokenAs(expected: string | undefined): (bearer: string) => boolean {
  if (expected === undefined) return () => false;
  const digest = (token: string) => createHash('sha256').update(token).digest();
  const expectedDigest = digest(expected);
  return (bearer) => timingSafeEqual(digest(bearer), expectedDigest);
}

/** The request goes on as an anonymous one, and its answer says the token was ignored. */
function answerAsAnonymous(request: PrincipalRequest, reply: FastifyReply): void {
  request.principal = undefined;
  request.unknownTokenIgnored = true;
  void reply.header(IGNORED_TOKEN_HEADER, IGNORED_TOKEN_VALUE);
}

/** The IETF draft's `RateLimit-*` fields (draft-ietf-httpapi-ratelimit-headers). */
function setRateLimitHeaders(reply: FastifyReply, verdict: Verdict): void {
  void reply.header('RateLimit-Limit', verdict.max);
  void reply.header('RateLimit-Remaining', verdict.remaining);
  void reply.header('RateLimit-Reset', verdict.resetSeconds);
}
