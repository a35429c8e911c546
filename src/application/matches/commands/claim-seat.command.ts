import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideClaimSeat } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors';
import { PlayerDirectory } from '../../players/player-directory';
import { resolveSeatPlayer, type SeatPlayer } from '../../players/require-player';
import { managesMatch, seatOf } from '../match-access';
import { MatchRecorder } from '../match-recorder';
import { actorOf, type RecordedResult } from './record-match-events';

export class ClaimSeatCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly seat: string,
    /** `player`: a registered player's id, name or alias; else `name` as the seat shows it. */
    readonly input: { name?: string; player?: string; entropy?: string },
  ) {
    super();
  }
}

/**
 * The player claims with the seat token; the organizer may claim on a player's behalf. A
 * registered player (`player`) is resolved by the registry before the claim is decided.
 */
@CommandHandler(ClaimSeatCommand)
export class ClaimSeatHandler implements ICommandHandler<ClaimSeatCommand, RecordedResult> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({ principal, matchId, seat, input }: ClaimSeatCommand): Promise<RecordedResult> {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    const claimant = await this.claimantOf(input);
    return this.recorder.record(
      matchId,
      (current) => {
        const own = seatOf(principal, current);
        if (own !== seat && !managesMatch(principal, current)) {
          throw new ForbiddenError(
            own
              ? {
                  en: `This token is for seat ${own}, not ${seat}`,
                  ru: 'Эта ссылка — для другого места',
                }
              : {
                  en: `Seat ${seat} is claimed with its seat token or by the organizer`,
                  ru: 'Место занимают по его ссылке игрока или это делает организатор',
                },
          );
        }
        return decideClaimSeat(current, { seat, entropy: input.entropy, ...claimant });
      },
      { viewer: principal, actor: actorOf(principal, seatOf(principal, { matchId })) },
    );
  }

  private async claimantOf(
    input: ClaimSeatCommand['input'],
  ): Promise<SeatPlayer | { name: string }> {
    if (input.player !== undefined) return resolveSeatPlayer(this.directory, input.player);
    if (input.name !== undefined) return { name: input.name };
    throw new BadRequestError(
      {
        en: 'A seat is claimed with a name (`name`) or by a registered player (`player`: their id, name or alias)',
        ru: 'Место занимают по имени (`name`) или за зарегистрированного игрока (`player`: его идентификатор, имя или псевдоним)',
      },
      'invalid-body',
    );
  }
}
