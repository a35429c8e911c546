import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSeal } from '../../domain/match/sealed-decider';
import type { Principal } from '../auth/principal';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';

export class SealDecisionCommand extends Command<RecordedResult & { sealId: string }> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: { kind: string; commitment: string },
  ) {
    super();
  }
}

@CommandHandler(SealDecisionCommand)
export class SealDecisionHandler implements ICommandHandler<
  SealDecisionCommand,
  RecordedResult & { sealId: string }
> {
  constructor(
    private readonly recorder: MatchRecorder,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: SealDecisionCommand): Promise<RecordedResult & { sealId: string }> {
    await this.recorder.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    const sealId = this.rng.uuid();
    const result = await this.recorder.record(
      matchId,
      (state, ruleset) => decideSeal(ruleset, state, { sealId, seat, ...input }),
      {
        viewer: principal,
        actor: actorOf(principal, seat),
      },
    );
    return { ...result, sealId };
  }
}
