import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../application/auth/principal';
import { TokenService } from '../../application/auth/token.service';
import { UnauthorizedError } from '../../application/errors';

export interface PrincipalRequest extends FastifyRequest {
  principal?: Principal;
}

/** RFC 6750: `Bearer` and a token68 credential. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Global guard: resolves the caller of every route into `request.principal` (read it with
 * `@CurrentPrincipal()`). No Authorization header means anonymous; a malformed header or an
 * unknown token is a 401 even on public routes, so a client never mistakes a typo for access.
 * Whether the caller may act is decided by the access rules (application/auth/access.ts).
 */
@Injectable()
export class PrincipalGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PrincipalRequest>();
    request.principal = await this.tokens.resolve(bearerToken(request.headers.authorization));
    return true;
  }
}

function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined) {
    throw new UnauthorizedError('The Authorization header must be "Bearer <token>"');
  }
  return token;
}
