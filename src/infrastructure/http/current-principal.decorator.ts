import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ANONYMOUS, type Principal } from '../../application/auth/principal';
import type { PrincipalRequest } from './principal.guard';

/** The caller of the request, as resolved by PrincipalGuard: `@CurrentPrincipal() principal: Principal`. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal =>
    context.switchToHttp().getRequest<PrincipalRequest>().principal ?? ANONYMOUS,
);
