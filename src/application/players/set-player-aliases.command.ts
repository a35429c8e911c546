import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSetAliases, type Player } from '../../domain/players/player-registry';
import { requireOrganizerOrAdmin } from '../auth/access';
import type { Principal } from '../auth/principal';
import { ForbiddenError } from '../errors';
import { PlayerDirectory } from './player-directory';
import { requirePlayer } from './require-player';

export class SetPlayerAliasesCommand extends Command<Player> {
  constructor(
    readonly principal: Principal,
    readonly playerId: string,
    readonly aliases: string[],
  ) {
    super();
  }
}

/** The organizer who registered the player (or an admin) replaces their aliases. */
@CommandHandler(SetPlayerAliasesCommand)
export class SetPlayerAliasesHandler implements ICommandHandler<SetPlayerAliasesCommand, Player> {
  constructor(private readonly directory: PlayerDirectory) {}

  async execute({ principal, playerId, aliases }: SetPlayerAliasesCommand): Promise<Player> {
    requireOrganizerOrAdmin(principal);
    const player = await requirePlayer(this.directory, playerId);
    if (principal.kind !== 'admin' && player.registeredBy !== principal.id)
      throw new ForbiddenError({
        en: `Player ${playerId} was registered by another organizer: only they (or an admin) change their aliases`,
        ru: `Игрока «${playerId}» зарегистрировал другой организатор: менять его псевдонимы может только он (или администратор)`,
      });
    return this.directory.record(principal, (state) =>
      decideSetAliases(state, { playerId, aliases }),
    );
  }
}
