import { hasOwn } from '../../domain/shared/id-record';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAppeal } from '../../domain/match/dispute-decider';
import type { Principal } from '../auth/principal';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { managesMatch, seatOf } from '../matches/match-access';
import { MatchRecorder } from '../matches/match-recorder';

export class AppealRulingCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly disputeId: string,
    readonly reason: string,
  ) {
    super();
  }
}

/** A seat of the match, or its organizer, appeals a ruling to the head judge. */
@CommandHandler(AppealRulingCommand)
export class AppealRulingHandler implements ICommandHandler<AppealRulingCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({
    principal,
    matchId,
    disputeId,
    reason,
  }: AppealRulingCommand): Promise<RecordedResult> {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    const state = await this.recorder.current(matchId);
    const seat = seatOf(principal, state);
    if (!seat && !managesMatch(principal, state))
      throw new ForbiddenError({
        en: 'A ruling is appealed by a seat of the match or by its organizer',
        ru: 'Обжаловать решение может игрок этого матча или его организатор',
      });
    if (!hasOwn(state.disputes, disputeId))
      throw new NotFoundError({
        en: `Match ${matchId} has no dispute ${disputeId}`,
        ru: 'В этом матче нет такого спора',
      });
    return this.recorder.record(
      matchId,
      (current) => decideAppeal(current, { disputeId, ...(seat ? { seat } : {}), reason }),
      { viewer: principal, actor: actorOf(principal, seat) },
    );
  }
}
