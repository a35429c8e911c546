import rateLimit from '@fastify/rate-limit';
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

/** How many clients (addresses, tokens) the limiters remember at once. */
const LIMITER_MEMORY = 50_000;

interface Verdict {
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}
type Limiter = (request: FastifyRequest, options?: { increment: boolean }) => Promise<Verdict>;

/**
 * Before anything else of a request, in one Fastify onRequest hook (so before its body is
 * read or parsed): the caller's address is rate-limited; the bearer token, if any, is
 * resolved into `request.principal` (no header: anonymous; a malformed or unknown token: 401,
 * even on public routes, so a client never mistakes a typo for access) and rate-limited; an
 * address that sent too many bad tokens is refused before its next token is even looked at;
 * and a route that needs a token refuses an anonymous caller before reading the body.
 * Every answer carries the `RateLimit-*` headers of the tighter limit that applied.
 */
export async function useAuthenticationAndRateLimits(
  app: NestFastifyApplication,
  limits: RateLimits,
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await app.register(rateLimit as never, { global: false, cache: LIMITER_MEMORY });
  const create = (max: number, keyGenerator: (request: FastifyRequest) => string): Limiter =>
    (fastify as unknown as { createRateLimit(options: object): Limiter }).createRateLimit({
      max,
      timeWindow: limits.windowMs,
      keyGenerator,
      cache: LIMITER_MEMORY,
    });
  const perAddress = create(limits.perAddress, (request) => request.ip);
  const perToken = create(limits.perToken, (request) => request.headers.authorization ?? '');
  const authFailures = create(limits.authFailuresPerAddress, (request) => request.ip);
  const tokens = app.get(TokenService);

  fastify.addHook('onRequest', async (request: PrincipalRequest, reply: FastifyReply) => {
    let tightest = await perAddress(request);
    refuseIfExceeded(tightest, reply, `requests from ${request.ip}`, limits);
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const failures = await authFailures(request, { increment: false });
      if (failures.remaining === 0) {
        refuseIfExceeded(
          { ...failures, isExceeded: true },
          reply,
          `failed authentications from ${request.ip}`,
          limits,
        );
      }
      try {
        request.principal = await tokens.resolve(bearerToken(authorization));
      } catch (error) {
        if (error instanceof UnauthorizedError) await authFailures(request);
        throw error;
      }
      const forToken = await perToken(request);
      refuseIfExceeded(forToken, reply, 'requests with this token', limits);
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

function refuseIfExceeded(verdict: Verdict, reply: FastifyReply, what: string, limits: RateLimits) {
  if (!verdict.isExceeded) return;
  setRateLimitHeaders(reply, verdict);
  throw new TooManyRequestsError(
    `Too many ${what}: at most ${verdict.max} per ${limits.windowMs / 1000} s; retry in ${verdict.ttlInSeconds} s`,
    verdict.ttlInSeconds,
  );
}

/** The IETF draft's `RateLimit-*` fields (draft-ietf-httpapi-ratelimit-headers). */
function setRateLimitHeaders(reply: FastifyReply, verdict: Verdict): void {
  void reply.header('RateLimit-Limit', verdict.max);
  void reply.header('RateLimit-Remaining', verdict.remaining);
  void reply.header('RateLimit-Reset', verdict.ttlInSeconds);
}

function bearerToken(authorization: string): string {
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined) {
    throw new UnauthorizedError('The Authorization header must be "Bearer <token>"');
  }
  return token;
}
