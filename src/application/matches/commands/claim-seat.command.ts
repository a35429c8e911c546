import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { decideClaimSeat } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { managesMatch, seatOf } from '../match-access';
import { MatchEventsRecorded } from '../match-events-recorded.event';
import { MatchRepository } from '../match-repository';
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
  constructor(
    private readonly matches: MatchRepository,
    private readonly eventBus: EventBus,
  ) {}

  async execute({ principal, matchId, seat, input }: ClaimSeatCommand): Promise<RecordedResult> {
    const { events, state } = await this.matches.decideAndAppend(
      matchId,
      (current) => {
        const own = seatOf(principal, current);
        if (own !== seat && !managesMatch(principal, current)) {
          throw new ForbiddenError(
            own
              ? `This token is for seat ${own}, not ${seat}`
              : `Seat ${seat} is claimed with its seat token or by the organizer`,
          );
        }
        return decideClaimSeat(current, { seat, ...input });
      },
      { actor: actorOf(principal, seatOf(principal, { matchId })) },
    );
    this.eventBus.publish(new MatchEventsRecorded(matchId, events));
    return { matchId, seq: state.lastSeq, events };
  }
}
