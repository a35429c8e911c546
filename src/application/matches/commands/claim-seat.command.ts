import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideClaimSeat } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { managesMatch, seatOf } from '../match-access';
import { MatchRecorder } from '../match-recorder';
import { actorOf, type RecordedResult } from './record-match-events';

export class ClaimSeatCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly seat: string,
    readonly input: { name: string; entropy?: string },
  ) {
    super();
  }
}

/** The player claims with the seat token; the organizer may claim on a player's behalf. */
@CommandHandler(ClaimSeatCommand)
export class ClaimSeatHandler implements ICommandHandler<ClaimSeatCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({ principal, matchId, seat, input }: ClaimSeatCommand): Promise<RecordedResult> {
    return this.recorder.record(
      matchId,
      (current) => {
        if (principal.kind === 'anonymous') throw new UnauthorizedError();
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
        return decideClaimSeat(current, { seat, ...input });
      },
      { viewer: principal, actor: actorOf(principal, seatOf(principal, { matchId })) },
    );
  }
}
