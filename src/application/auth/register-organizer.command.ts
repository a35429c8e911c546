import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requireAdmin } from './access';
import type { Principal } from './principal';
import { TokenService } from './token.service';

export interface RegisteredOrganizer {
  id: string;
  name: string;
  /** Shown once: only its hash is stored. */
  token: string;
}

export class RegisterOrganizerCommand extends Command<RegisteredOrganizer> {
  constructor(
    readonly principal: Principal,
    readonly name: string,
  ) {
    super();
  }
}

/** An organizer creates matches and hands out their seat tokens: only an admin registers one. */
@CommandHandler(RegisterOrganizerCommand)
export class RegisterOrganizerHandler implements ICommandHandler<
  RegisterOrganizerCommand,
  RegisteredOrganizer
> {
  constructor(private readonly tokens: TokenService) {}

  async execute({ principal, name }: RegisterOrganizerCommand): Promise<RegisteredOrganizer> {
    requireAdmin(principal);
    const { id, token } = await this.tokens.issue({ kind: 'organizer', name });
    return { id, name, token };
  }
}
