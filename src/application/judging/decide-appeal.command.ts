import { hasOwn } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAppealDecision, type RewindInputs } from '../../domain/match/dispute-decider';
import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { actorOf, type Decide, type RecordedResult } from '../matches/commands/record-match-events';
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
    requireAppealJudge(principal, state, disputeId);
    return this.recorder.recordRewinding(
      matchId,
      appealRewindTarget(input),
      appealDecider(disputeId, input, await this.seeds.seedOf(matchId), this.rng),
      { viewer: principal, actor: actorOf(principal) },
    );
  }
}

/** The head judge of the match (or an admin), answering an appeal on a dispute it has. */
export function requireAppealJudge(
  principal: Principal,
  state: MatchState,
  disputeId: string,
): void {
  requireHeadJudgeOf(principal, state);
  if (!hasOwn(state.disputes, disputeId))
    throw new NotFoundError({
      en: `Match ${state.matchId} has no dispute ${disputeId}`,
      ru: 'В этом матче нет такого спора',
    });
}

export function appealRewindTarget(input: AppealDecisionInput): number | undefined {
  return input.ruling ? rewindTargetOf(input.ruling) : undefined;
}

/**
 * The answer's decision, given what a rewind needs: one path for answering an appeal and for
 * previewing the answer (PreviewRulingQuery), so a preview shows what the answer would record.
 */
export function appealDecider(
  disputeId: string,
  input: AppealDecisionInput,
  seed: Uint8Array,
  rng: Rng,
): (inputs: RewindInputs) => Decide {
  const { ruling } = input;
  const decisionIds =
    ruling?.remedy.kind === 'corrective' ? ruling.remedy.decisions.map(() => rng.uuid()) : [];
  return (rewind) => (current, ruleset) =>
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
    );
}
