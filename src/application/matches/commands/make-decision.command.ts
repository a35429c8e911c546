import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { canonicalJson } from '../../../domain/events/canonical-json';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { DecisionMadeData } from '../../../domain/match/match-events';
import { decideDecision } from '../../../domain/match/match-decider';
import { clientDecisionOf, type ClientDecision } from '../../../domain/match/match-state';
import { BadRequestError, IdempotencyKeyReusedError } from '../../errors';
import { judgesMatch } from '../match-access';
import type { Principal } from '../../auth/principal';
import { RNG, type Rng } from '../../ports/rng.port';
import { requireSeat } from '../../auth/access';
import { CitedMatches } from '../cited-matches';
import { MatchRecorder } from '../match-recorder';
import { SeedVault } from '../seed-vault';
import { actorOf, type RecordedResult } from './record-match-events';

export interface DecisionInput {
  kind: string;
  params?: unknown;
  /** The seat the caller claims to act for; must be the token's own seat. */
  seat?: string;
  expectedSeq?: number;
  /**
   * From Idempotency-Key: a retry by the same token with the same key and the same kind and
   * params is recorded once (another kind or params: 422); keys of other tokens are theirs.
   */
  decisionId?: string;
  clientTime?: string;
}

export class MakeDecisionCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: DecisionInput,
  ) {
    super();
  }
}

@CommandHandler(MakeDecisionCommand)
export class MakeDecisionHandler implements ICommandHandler<MakeDecisionCommand, RecordedResult> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
    private readonly citations: CitedMatches,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({ principal, matchId, input }: MakeDecisionCommand): Promise<RecordedResult> {
    // An unknown match is a 404 before any token check.
    const before = await this.recorder.current(matchId);
    const seed = await this.seeds.seedOf(matchId);
    const decisionId = input.decisionId ?? this.rng.uuid();
    // A judge of the match records the Game Master's decisions (kinds made `by: 'judge'`, or
    // `'seat-or-judge'`) on the seat named; every other decision is the seat token's own.
    const byJudge = judgesMatch(principal, before);
    const seat = byJudge
      ? requireNamedSeat(input.seat)
      : requireSeat(principal, matchId, input.seat);
    // Keys are scoped to the token that sent them: the actor recorded with the decision.
    const actor = actorOf(principal, seat);
    // Read before the decision, outside this match's lock: a cited match is finished, and the
    // decision checks that its head is still the hash the caller named.
    const cited = await this.citations.citedBy(
      this.recorder.rulesetOf(before),
      matchId,
      input.kind,
      input.params,
    );
    let replay: ClientDecision | undefined;
    const result = await this.recorder.record(
      matchId,
      (current, ruleset) => {
        replay = input.decisionId
          ? clientDecisionOf(current, actor.id, input.decisionId)
          : undefined;
        if (replay) return [];
        return decideDecision(
          ruleset,
          current,
          {
            decisionId,
            kind: input.kind,
            seat,
            params: input.params ?? {},
            clientKey: input.decisionId !== undefined,
            ...(byJudge ? { judgeRecorded: true } : {}),
          },
          seed,
          cited,
          { byJudgeDirectly: byJudge },
        );
      },
      {
        viewer: principal,
        actor,
        decisionId,
        clientTime: input.clientTime,
        expectedSeq: input.expectedSeq,
      },
    );
    if (!replay) return result;
    const events = await this.recorder.eventList(matchId, replay.first, replay.last);
    if (!isSameDecision(events[0], input))
      throw new IdempotencyKeyReusedError(decisionId, replay.first);
    return {
      ...result,
      events: await this.recorder.visibleTo(principal, matchId, events),
      replayed: true,
      // The receipt of the decision as first recorded: the same bytes, signed again.
      receipt: await this.recorder.receiptOf(events[events.length - 1]),
    };
  }
}

/** The seat a judge's decision is recorded for: named in the body. */
function requireNamedSeat(seat: string | undefined): string {
  if (seat === undefined)
    throw new BadRequestError(
      {
        en: 'A judge names the seat the decision is recorded for (seat)',
        ru: 'Судья указывает место, за которое записывает решение',
      },
      'invalid-seat',
    );
  return seat;
}

/** Whether the recorded DecisionMade is the decision asked for again (same kind, same params). */
function isSameDecision(recorded: RecordedEvent | undefined, input: DecisionInput): boolean {
  if (recorded?.type !== 'DecisionMade') return false;
  const made = recorded.data as DecisionMadeData;
  const params = made.secret ? made.secret.params : made.params;
  return (
    made.kind === input.kind && canonicalJson(params ?? {}) === canonicalJson(input.params ?? {})
  );
}
