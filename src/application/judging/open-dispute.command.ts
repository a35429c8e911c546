import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideOpenDispute } from '../../domain/match/dispute-decider';
import type { Receipt } from '../../domain/export/receipt';
import type { Principal } from '../auth/principal';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { CLOCK, type Clock } from '../ports/clock.port';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';

export class OpenDisputeCommand extends Command<RecordedResult & { disputeId: string }> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: { atSeq: number; claim: string; ruleRef?: string; receipts?: Receipt[] },
  ) {
    super();
  }
}

@CommandHandler(OpenDisputeCommand)
export class OpenDisputeHandler implements ICommandHandler<
  OpenDisputeCommand,
  RecordedResult & { disputeId: string }
> {
  constructor(
    private readonly recorder: MatchRecorder,
    @Inject(RNG) private readonly rng: Rng,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: OpenDisputeCommand): Promise<RecordedResult & { disputeId: string }> {
    await this.recorder.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    const disputeId = this.rng.uuid();
    const { receipts, ...claim } = input;
    // Checked before the append: the log only grows, so what was in it stays in it.
    const attached = receipts && (await this.recorder.checkReceipts(matchId, receipts));
    const result = await this.recorder.record(
      matchId,
      (state) =>
        decideOpenDispute(
          state,
          { disputeId, seat, ...claim, ...(attached ? { receipts: attached } : {}) },
          this.clock.nowIso(),
        ),
      {
        viewer: principal,
        actor: actorOf(principal, seat),
      },
    );
    return { ...result, disputeId };
  }
}
