import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideConfirmRoll } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { requireSeat } from '../../auth/access';
import { MatchRecorder } from '../match-recorder';
import { actorOf, type RecordedResult } from './record-match-events';

export class ConfirmRollCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly rollSeq: number,
  ) {
    super();
  }
}

/** A seat confirms the faces another seat reported from physical dice. */
@CommandHandler(ConfirmRollCommand)
export class ConfirmRollHandler implements ICommandHandler<ConfirmRollCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({ principal, matchId, rollSeq }: ConfirmRollCommand): Promise<RecordedResult> {
    await this.recorder.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    return this.recorder.record(matchId, (current) => decideConfirmRoll(current, seat, rollSeq), {
      viewer: principal,
      actor: actorOf(principal, seat),
    });
  }
}
