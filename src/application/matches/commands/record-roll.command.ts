import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideRoll } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { requireSeat } from '../../auth/access';
import { MatchRecorder } from '../match-recorder';
import { SeedVault } from '../seed-vault';
import { actorOf, type RecordedResult } from './record-match-events';

export interface RollInput {
  purpose: string;
  /** NdS terms joined by +, e.g. "2d6". */
  dice: string;
  /** Faces of physical dice; absent for a server roll. */
  faces?: number[];
  expectedSeq?: number;
}

export class RecordRollCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: RollInput,
  ) {
    super();
  }
}

/** A roll outside any decision: a server roll for a purpose, or physical dice reported by a seat. */
@CommandHandler(RecordRollCommand)
export class RecordRollHandler implements ICommandHandler<RecordRollCommand, RecordedResult> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
  ) {}

  async execute({ principal, matchId, input }: RecordRollCommand): Promise<RecordedResult> {
    await this.recorder.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    const seed = await this.seeds.seedOf(matchId);
    return this.recorder.record(
      matchId,
      (current) =>
        decideRoll(
          current,
          { seat, purpose: input.purpose, dice: input.dice, reportedFaces: input.faces },
          seed,
        ),
      { viewer: principal, actor: actorOf(principal, seat), expectedSeq: input.expectedSeq },
    );
  }
}
