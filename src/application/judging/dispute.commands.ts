import { hasOwn } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  decideComment,
  decideOpenDispute,
  decidePause,
  decideResume,
  decideRuling,
  type RewindInputs,
} from '../../domain/match/dispute-decider';
import type { Receipt } from '../../domain/export/receipt';
import type { Remedy, RulingIssuedData } from '../../domain/match/match-events';
import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { ForbiddenError, NotFoundError } from '../errors';
import { actorOf, type Decide, type RecordedResult } from '../matches/commands/record-match-events';
import { seatOf } from '../matches/match-access';
import { MatchRecorder } from '../matches/match-recorder';
import { SeedVault } from '../matches/seed-vault';
import { CLOCK, type Clock } from '../ports/clock.port';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';
import { requireJudgeOf } from './judging-access';

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
    await this.recorder.matches.current(matchId); // an unknown match is a 404 before any token check
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
    const state = await this.recorder.matches.current(matchId);
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
    requireJudgeOf(principal, await this.recorder.matches.current(matchId));
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
    const state = await this.recorder.matches.current(matchId);
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
