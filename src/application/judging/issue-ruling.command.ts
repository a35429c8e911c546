import { hasOwn } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideRuling, type RewindInputs } from '../../domain/match/dispute-decider';
import type { Remedy, RulingIssuedData } from '../../domain/match/match-events';
import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { ForbiddenError, NotFoundError } from '../errors';
import { actorOf, type Decide, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { SeedVault } from '../matches/seed-vault';
import { RNG, type Rng } from '../ports/rng.port';
import { requireJudgeOf } from './judging-access';

export type RulingInput = Omit<RulingIssuedData, 'disputeId'> & { remedy: Remedy };

export class IssueRulingCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly disputeId: string,
    readonly input: RulingInput,
  ) {
    super();
  }
}

/** A judge rules: none, a rewind to a seq, or corrective decisions recorded on the seats' behalf. */
@CommandHandler(IssueRulingCommand)
export class IssueRulingHandler implements ICommandHandler<IssueRulingCommand, RecordedResult> {
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
  }: IssueRulingCommand): Promise<RecordedResult> {
    const state = await this.recorder.current(matchId);
    requireRulingJudge(principal, state, disputeId);
    const decide = rulingDecider(disputeId, input, await this.seeds.seedOf(matchId), this.rng);
    return this.recorder.recordRewinding(matchId, rewindTargetOf(input), decide, {
      viewer: principal,
      actor: actorOf(principal),
    });
  }
}

/** Who may rule on a dispute of this match: a judge of the match (or an admin), never a seat. */
export function requireRulingJudge(
  principal: Principal,
  state: MatchState,
  disputeId: string,
): void {
  if (principal.kind === 'seat')
    throw new ForbiddenError({
      en: 'Rulings are issued by judges, not by seats',
      ru: 'Решения по спорам выносят судьи, а не игроки',
    });
  requireJudgeOf(principal, state);
  if (!hasOwn(state.disputes, disputeId))
    throw new NotFoundError({
      en: `Match ${state.matchId} has no dispute ${disputeId}`,
      ru: 'В этом матче нет такого спора',
    });
}

export function rewindTargetOf(input: RulingInput): number | undefined {
  return input.remedy.kind === 'rewind' ? input.remedy.toSeq : undefined;
}

/**
 * The ruling's decision, given what a rewind needs: one path for issuing a ruling and for
 * previewing it (PreviewRulingQuery), so a preview shows what the ruling would record.
 */
export function rulingDecider(
  disputeId: string,
  input: RulingInput,
  seed: Uint8Array,
  rng: Rng,
): (inputs: RewindInputs) => Decide {
  const decisionIds =
    input.remedy.kind === 'corrective' ? input.remedy.decisions.map(() => rng.uuid()) : [];
  return (rewind) => (current, ruleset) =>
    decideRuling(ruleset, current, { disputeId, ...input, decisionIds }, rewind, seed);
}
