import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decidePause, decideResume } from '../../domain/match/dispute-decider';
import type { Principal } from '../auth/principal';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { requireJudgeOf } from './judging-access';

export class PauseMatchCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    /** Absent: resume. */
    readonly pause?: { reason: string; disputeId?: string },
  ) {
    super();
  }
}

@CommandHandler(PauseMatchCommand)
export class PauseMatchHandler implements ICommandHandler<PauseMatchCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({ principal, matchId, pause }: PauseMatchCommand): Promise<RecordedResult> {
    requireJudgeOf(principal, await this.recorder.current(matchId));
    return this.recorder.record(
      matchId,
      (state) => (pause ? decidePause(state, pause.reason, pause.disputeId) : decideResume(state)),
      {
        viewer: principal,
        actor: actorOf(principal),
      },
    );
  }
}
