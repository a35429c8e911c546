import { hasOwn } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAppealDecision } from '../../domain/match/dispute-decider';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { SeedVault } from '../matches/seed-vault';
import { RNG, type Rng } from '../ports/rng.port';
import { rewindTargetOf, type RulingInput } from './issue-ruling.command';
import { requireHeadJudgeOf } from './judging-access';

export interface AppealDecisionInput {
  outcome: 'upheld' | 'overturned';
  rationale: string;
  /** The new ruling: required to overturn, refused to uphold. */
  ruling?: RulingInput;
}

export class DecideAppealCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly disputeId: string,
    readonly input: AppealDecisionInput,
  ) {
    super();
  }
}

/** The head judge upholds an appealed ruling, or overturns it with a new one. */
@CommandHandler(DecideAppealCommand)
export class DecideAppealHandler implements ICommandHandler<DecideAppealCommand, RecordedResult> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    disputeId,
    input,
  }: DecideAppealCommand): Promise<RecordedResult> {
    const state = await this.recorder.current(matchId);
    requireHeadJudgeOf(principal, state);
    if (!hasOwn(state.disputes, disputeId))
      throw new NotFoundError({
        en: `Match ${matchId} has no dispute ${disputeId}`,
        ru: 'В этом матче нет такого спора',
      });
    const { ruling } = input;
    const seed = await this.seeds.seedOf(matchId);
    const decisionIds =
      ruling?.remedy.kind === 'corrective'
        ? ruling.remedy.decisions.map(() => this.rng.uuid())
        : [];
    return this.recorder.recordRewinding(
      matchId,
      ruling ? rewindTargetOf(ruling) : undefined,
      (rewind) => (current, ruleset) =>
        decideAppealDecision(
          ruleset,
          current,
          {
            disputeId,
            outcome: input.outcome,
            rationale: input.rationale,
            ...(ruling ? { ruling: { disputeId, ...ruling, decisionIds } } : {}),
          },
          rewind,
          seed,
        ),
      { viewer: principal, actor: actorOf(principal) },
    );
  }
}
