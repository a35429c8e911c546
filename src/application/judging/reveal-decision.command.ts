import { hasOwn, own } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideReveal } from '../../domain/match/sealed-decider';
import type { Principal } from '../auth/principal';
import { NotFoundError, RejectedError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { SideStreamLog } from '../matches/side-stream-log';
import { sealRevealRefused } from '../../domain/match/side-streams';
import { SeedVault } from '../matches/seed-vault';
import { CitedMatches } from '../matches/cited-matches';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';

export class RevealDecisionCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly sealId: string,
    readonly input: { params: unknown; salt: string; voidIfRefused?: boolean },
  ) {
    super();
  }
}

/** A reveal that does not match its seal is refused (nothing applied) and the attempt is audited. */
@CommandHandler(RevealDecisionCommand)
export class RevealDecisionHandler implements ICommandHandler<
  RevealDecisionCommand,
  RecordedResult
> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
    private readonly sideStreams: SideStreamLog,
    private readonly citations: CitedMatches,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    sealId,
    input,
  }: RevealDecisionCommand): Promise<RecordedResult> {
    const state = await this.recorder.current(matchId);
    const seat = requireSeat(principal, state.matchId);
    if (!hasOwn(state.seals, sealId))
      throw new NotFoundError({
        en: `Match ${matchId} has no open sealed decision ${sealId}`,
        ru: 'В этом матче нет такого невскрытого выбора',
      });
    const seed = await this.seeds.seedOf(matchId);
    const decisionId = this.rng.uuid();
    // A sealed decision may cite other matches too: read them before, as an open one does.
    const cited = await this.citations.citedBy(
      this.recorder.rulesetOf(state),
      matchId,
      own(state.seals, sealId)!.kind,
      input.params,
    );
    try {
      return await this.recorder.record(
        matchId,
        (current, ruleset) =>
          decideReveal(ruleset, current, { sealId, seat, decisionId, ...input }, seed, cited),
        {
          viewer: principal,
          actor: actorOf(principal, seat),
          decisionId,
        },
      );
    } catch (error) {
      if (
        error instanceof RejectedError &&
        error.rejection.kind === 'rule_violation' &&
        error.rejection.code === 'seal_mismatch'
      ) {
        await this.onMismatch(matchId, seat, sealId);
      }
      throw error;
    }
  }

  /** The refused attempt goes to `audit-<matchId>`: the match stream stays untouched. */
  private async onMismatch(matchId: string, seat: string, sealId: string): Promise<void> {
    const state = await this.recorder.current(matchId);
    const commitment = own(state.seals, sealId)?.commitment ?? '';
    await this.sideStreams.append(
      'audit',
      state,
      [sealRevealRefused({ sealId, seat, commitment })],
      { kind: 'seat', id: seat, seat },
    );
  }
}
