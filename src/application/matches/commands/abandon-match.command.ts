import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAbandon } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { judgesMatch, managesMatch } from '../match-access';
import { MatchRecorder } from '../match-recorder';
import { SeedVault } from '../seed-vault';
import { actorOf, type RecordedResult } from './record-match-events';

export class AbandonMatchCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly reason: string,
  ) {
    super();
  }
}

/**
 * Ends a match that will not be played out (a player left, the club closed): by its organizer,
 * one of its judges or an admin, with the reason on record. The dice seed is revealed in the
 * same append, as for a finished match; a match that already ended is refused (409).
 */
@CommandHandler(AbandonMatchCommand)
export class AbandonMatchHandler implements ICommandHandler<AbandonMatchCommand, RecordedResult> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
  ) {}

  async execute({ principal, matchId, reason }: AbandonMatchCommand): Promise<RecordedResult> {
    const current = await this.recorder.current(matchId);
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    if (!managesMatch(principal, current) && !judgesMatch(principal, current)) {
      throw new ForbiddenError({
        en: 'A match is abandoned by its organizer, one of its judges or an admin',
        ru: 'Прервать матч может его организатор, судья матча или администратор',
      });
    }
    const seed = await this.seeds.seedOf(matchId);
    return this.recorder.record(matchId, (state) => decideAbandon(state, reason, seed), {
      viewer: principal,
      actor: actorOf(principal),
    });
  }
}
