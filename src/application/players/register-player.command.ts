import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideRegisterPlayer, type Player } from '../../domain/players/player-registry';
import { requireOrganizerOrAdmin } from '../auth/access';
import type { Principal } from '../auth/principal';
import { PlayerDirectory } from './player-directory';

export class RegisterPlayerCommand extends Command<Player> {
  constructor(
    readonly principal: Principal,
    readonly input: { playerId: string; names: { ru: string; latin: string }; aliases?: string[] },
  ) {
    super();
  }
}

/** An organizer registers a player once; the id is taken by whoever came first (409 after). */
@CommandHandler(RegisterPlayerCommand)
export class RegisterPlayerHandler implements ICommandHandler<RegisterPlayerCommand, Player> {
  constructor(private readonly directory: PlayerDirectory) {}

  execute({ principal, input }: RegisterPlayerCommand): Promise<Player> {
    requireOrganizerOrAdmin(principal);
    return this.directory.record(principal, (state) =>
      decideRegisterPlayer(state, {
        playerId: input.playerId,
        names: input.names,
        aliases: input.aliases ?? [],
        registeredBy: principal.id,
      }),
    );
  }
}
