import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideDecision } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { RNG, type Rng } from '../../ports/rng.port';
import { requireSeat } from '../../auth/access';
import { MatchRecorder } from '../match-recorder';
import { SeedVault } from '../seed-vault';
import { actorOf, type RecordedResult } from './record-match-events';

export interface DecisionInput {
  kind: string;
  params?: unknown;
  /** The seat the caller claims to act for; must be the token's own seat. */
  seat?: string;
  expectedSeq?: number;
  /** From Idempotency-Key: a retried decision with the same id is recorded once. */
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
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({ principal, matchId, input }: MakeDecisionCommand): Promise<RecordedResult> {
    await this.recorder.matches.current(matchId); // an unknown match is a 404 before any token check
    const seed = await this.seeds.seedOf(matchId);
    const decisionId = input.decisionId ?? this.rng.uuid();
    const seat = requireSeat(principal, matchId, input.seat);
    let replay: { first: number; last: number } | undefined;
    const result = await this.recorder.record(
      matchId,
      (current, ruleset) => {
        replay = input.decisionId
          ? current.clientDecisions.find((d) => d.id === decisionId)
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
          },
          seed,
        );
      },
      {
        viewer: principal,
        actor: actorOf(principal, seat),
        decisionId,
        clientTime: input.clientTime,
        expectedSeq: input.expectedSeq,
      },
    );
    if (!replay) return result;
    const events = await this.recorder.matches.eventList(matchId, replay.first, replay.last);
    return {
      ...result,
      events: await this.recorder.visibleTo(principal, matchId, events),
      replayed: true,
    };
  }
}
