import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../errors';
import { requireOrganizerOrAdmin } from './access';
import { issuerOf } from './issue-read-token.command';
import type { Principal } from './principal';
import { TokenService } from './token.service';

export class RevokeReadTokenCommand extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly id: string,
  ) {
    super();
  }
}

/**
 * Revokes a read token its caller issued (the admin: any). Another organizer's token is
 * answered as one that does not exist: which tokens others issued is not told.
 */
@CommandHandler(RevokeReadTokenCommand)
export class RevokeReadTokenHandler implements ICommandHandler<RevokeReadTokenCommand, void> {
  constructor(private readonly tokens: TokenService) {}

  async execute({ principal, id }: RevokeReadTokenCommand): Promise<void> {
    requireOrganizerOrAdmin(principal);
    const issued = await this.tokens.readTokens(
      principal.kind === 'admin' ? undefined : issuerOf(principal),
    );
    if (!issued.some((token) => token.subject === id) || !(await this.tokens.revokeReadToken(id)))
      throw new NotFoundError({
        en: `You issued no read token ${id} that is not revoked yet: GET /api/v1/read-tokens lists yours`,
        ru: `Токена чтения ${id} среди выданных вами и не отозванных нет: список ваших — GET /api/v1/read-tokens`,
      });
  }
}
