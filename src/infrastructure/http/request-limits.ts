import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../application/auth/principal';
import { TokenService } from '../../application/auth/token.service';
import { UnauthorizedError } from '../../application/errors';
import type { RateLimits } from '../config/app-config';
import { TooManyRequestsError } from './too-many-requests.error';

/** A request once the authentication hook ran: `@CurrentPrincipal()` reads `principal`. */
export interface PrincipalRequest extends FastifyRequest {
  principal?: Principal;
}

/** Fastify route config of a route that needs a token: `@TokenRequired()` sets it. */
export interface TokenRouteConfig {
  tokenRequired?: boolean;
}

/** RFC 6750: `Bearer` and a token68 credential. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

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
      remaining: Math.max(0, this.max - window.current),
      resetSeconds: Math.ceil((window.ttl || this.windowMs) / 1000),
      exceeded: window.current > this.max,
    };
  }
}

/**
 * Before anything else of a request, in one Fastify onRequest hook (so before its body is
 * read or parsed): the caller's address is rate-limited; the bearer token, if any, is
 * resolved into `request.principal` (no header: anonymous; a malformed or unknown token: 401,
 * even on public routes, so a client never mistakes a typo for access) and rate-limited; an
 * address that sent too many bad tokens is refused before its next token is even looked at;
 * and a route that needs a token refuses an anonymous caller before reading the body.
 * Every answer carries the `RateLimit-*` headers of the tighter limit that applied, and every
 * answer to a token `Cache-Control: no-store`.
 */
export function useAuthenticationAndRateLimits(
  app: NestFastifyApplication,
  limits: RateLimits,
): void {
  const perAddress = new Limit(limits.perAddress, limits.windowMs);
  const perToken = new Limit(limits.perToken, limits.windowMs);
  const authFailures = new Limit(limits.authFailuresPerAddress, limits.windowMs);
  const tokens = app.get(TokenService);
  const refuseIfExceeded = (verdict: Verdict, reply: FastifyReply, what: string): void => {
    if (!verdict.exceeded) return;
    setRateLimitHeaders(reply, verdict);
    throw new TooManyRequestsError(
      `Too many ${what}: at most ${verdict.max} per ${limits.windowMs / 1000} s; retry in ${verdict.resetSeconds} s`,
      verdict.resetSeconds,
    );
  };

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request: PrincipalRequest, reply: FastifyReply) => {
    let tightest = perAddress.count(request.ip);
    refuseIfExceeded(tightest, reply, `requests from ${request.ip}`);
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      // The answer may hold the caller's private view, or a token: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      const failures = authFailures.peek(request.ip);
      refuseIfExceeded(
        { ...failures, exceeded: failures.remaining === 0 },
        reply,
        `failed authentications from ${request.ip}`,
      );
      try {
        request.principal = await tokens.resolve(bearerToken(authorization));
      } catch (error) {
        if (error instanceof UnauthorizedError) authFailures.count(request.ip);
        throw error;
      }
      const forToken = perToken.count(authorization);
      refuseIfExceeded(forToken, reply, 'requests with this token');
      if (forToken.remaining < tightest.remaining) tightest = forToken;
    }
    setRateLimitHeaders(reply, tightest);
    if (
      request.principal === undefined &&
      (request.routeOptions.config as TokenRouteConfig | undefined)?.tokenRequired
    ) {
      throw new UnauthorizedError();
    }
  });
}

/** The IETF draft's `RateLimit-*` fields (draft-ietf-httpapi-ratelimit-headers). */
function setRateLimitHeaders(reply: FastifyReply, verdict: Verdict): void {
  void reply.header('RateLimit-Limit', verdict.max);
  void reply.header('RateLimit-Remaining', verdict.remaining);
  void reply.header('RateLimit-Reset', verdict.resetSeconds);
}

function bearerToken(authorization: string): string {
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined) {
    throw new UnauthorizedError('The Authorization header must be "Bearer <token>"');
  }
  return token;
}
