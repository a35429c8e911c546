import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideUndoRequest } from '../../domain/match/undo-decider';
import type { Principal } from '../auth/principal';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';

export class RequestUndoCommand extends Command<RecordedResult & { requestId: string }> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: { toSeq: number; reason: string },
  ) {
    super();
  }
}

/** A seat asks to take the match back to `toSeq`; granted at once when the ruleset needs no consent. */
@CommandHandler(RequestUndoCommand)
export class RequestUndoHandler implements ICommandHandler<
  RequestUndoCommand,
  RecordedResult & { requestId: string }
> {
  constructor(
    private readonly recorder: MatchRecorder,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: RequestUndoCommand): Promise<RecordedResult & { requestId: string }> {
    await this.recorder.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    const requestId = this.rng.uuid();
    const result = await this.recorder.recordRewinding(
      matchId,
      input.toSeq,
      ({ restore, since }) =>
        (state, ruleset) =>
          decideUndoRequest(
            ruleset,
            state,
            { requestId, seat, toSeq: input.toSeq, reason: input.reason },
            since,
            restore,
          ),
      { viewer: principal, actor: actorOf(principal, seat) },
    );
    return { ...result, requestId };
  }
}
