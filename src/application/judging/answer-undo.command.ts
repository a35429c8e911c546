import { own } from '../../domain/shared/id-record';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideUndoAnswer } from '../../domain/match/undo-decider';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { requireSeat } from '../auth/access';

export class AnswerUndoCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly requestId: string,
    readonly input: { accept: boolean; reason?: string },
  ) {
    super();
  }
}

@CommandHandler(AnswerUndoCommand)
export class AnswerUndoHandler implements ICommandHandler<AnswerUndoCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({
    principal,
    matchId,
    requestId,
    input,
  }: AnswerUndoCommand): Promise<RecordedResult> {
    const state = await this.recorder.current(matchId);
    const seat = requireSeat(principal, state.matchId);
    const request = own(state.undoRequests, requestId);
    if (!request)
      throw new NotFoundError({
        en: `Match ${matchId} has no undo request ${requestId}`,
        ru: 'В этом матче нет такой просьбы об отмене',
      });
    return this.recorder.recordRewinding(
      matchId,
      input.accept ? request.toSeq : undefined,
      ({ restore }) =>
        (current) =>
          decideUndoAnswer(current, { requestId, seat, ...input }, restore),
      { viewer: principal, actor: actorOf(principal, seat) },
    );
  }
}
