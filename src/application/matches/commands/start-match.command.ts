import { Command, CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { decideStartMatch } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { managesMatch, seatOf } from '../match-access';
import { MatchEventsRecorded } from '../match-events-recorded.event';
import { MatchRepository } from '../match-repository';
import { actorOf, type RecordedResult } from './record-match-events';

export class StartMatchCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

@CommandHandler(StartMatchCommand)
export class StartMatchHandler implements ICommandHandler<StartMatchCommand, RecordedResult> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly eventBus: EventBus,
  ) {}

  async execute({ principal, matchId }: StartMatchCommand): Promise<RecordedResult> {
    const { events, state } = await this.matches.decideAndAppend(
      matchId,
      (current) => {
        if (!seatOf(principal, current) && !managesMatch(principal, current)) {
          throw new ForbiddenError('A match is started by its organizer or one of its seats');
        }
        return decideStartMatch(current);
      },
      { actor: actorOf(principal, seatOf(principal, { matchId })) },
    );
    this.eventBus.publish(new MatchEventsRecorded(matchId, events));
    return { matchId, seq: state.lastSeq, events };
  }
}
