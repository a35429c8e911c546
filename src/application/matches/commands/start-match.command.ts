import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideStartMatch } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { managesMatch, seatOf } from '../match-access';
import { MatchRecorder } from '../match-recorder';
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
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({ principal, matchId }: StartMatchCommand): Promise<RecordedResult> {
    return this.recorder.record(
      matchId,
      (current) => {
        if (principal.kind === 'anonymous') throw new UnauthorizedError();
        if (!seatOf(principal, current) && !managesMatch(principal, current)) {
          throw new ForbiddenError({
            en: 'A match is started by its organizer or one of its seats',
            ru: 'Матч начинает его организатор или один из игроков',
          });
        }
        return decideStartMatch(current);
      },
      { viewer: principal, actor: actorOf(principal, seatOf(principal, { matchId })) },
    );
  }
}
