import { hasOwn } from '../../domain/shared/id-record';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideComment } from '../../domain/match/dispute-decider';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { seatOf } from '../matches/match-access';
import { MatchRecorder } from '../matches/match-recorder';
import { requireJudgeOf } from './judging-access';

export class CommentDisputeCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly disputeId: string,
    readonly text: string,
  ) {
    super();
  }
}

/** Judges of the match comment; so may the match's seats, to answer them. */
@CommandHandler(CommentDisputeCommand)
export class CommentDisputeHandler implements ICommandHandler<
  CommentDisputeCommand,
  RecordedResult
> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({
    principal,
    matchId,
    disputeId,
    text,
  }: CommentDisputeCommand): Promise<RecordedResult> {
    const state = await this.recorder.current(matchId);
    const seat = seatOf(principal, state);
    if (!seat) requireJudgeOf(principal, state);
    if (!hasOwn(state.disputes, disputeId))
      throw new NotFoundError({
        en: `Match ${matchId} has no dispute ${disputeId}`,
        ru: 'В этом матче нет такого спора',
      });
    return this.recorder.record(matchId, (current) => decideComment(current, disputeId, text), {
      viewer: principal,
      actor: actorOf(principal, seat),
    });
  }
}
