import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ANONYMOUS, type Principal } from '../../application/auth/principal';
import type { PrincipalRequest } from './request-limits';

/** The caller of the request, as resolved before the request was read (request-limits.ts): `@CurrentPrincipal() principal: Principal`. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal =>
    context.switchToHttp().getRequest<PrincipalRequest>().principal ?? ANONYMOUS,
);
