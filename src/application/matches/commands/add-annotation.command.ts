import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import { isLive, type MatchState } from '../../../domain/match/match-state';
import { decideAnnotation, type AnnotationAddedData } from '../../../domain/match/side-streams';
import { isRejection } from '../../../domain/rulesets/rule-violation';
import type { Principal } from '../../auth/principal';
import { ForbiddenError, RejectedError, UnauthorizedError } from '../../errors';
import { RNG, type Rng } from '../../ports/rng.port';
import { judgesMatch, seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';
import { SideStreamLog } from '../side-stream-log';
import { actorOf } from './record-match-events';

export interface AnnotationInput {
  seq: number;
  text?: string;
  tags?: string[];
  disputeId?: string;
}

export class AddAnnotationCommand extends Command<RecordedEvent<AnnotationAddedData>> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: AnnotationInput,
  ) {
    super();
  }
}

/**
 * A note on an event of the match, in `notes-<matchId>`: the game line is untouched. Seats and
 * judges of the match (and admins) may annotate at any time; once the match has ended,
 * anyone with a token.
 */
@CommandHandler(AddAnnotationCommand)
export class AddAnnotationHandler implements ICommandHandler<
  AddAnnotationCommand,
  RecordedEvent<AnnotationAddedData>
> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly sideStreams: SideStreamLog,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: AddAnnotationCommand): Promise<RecordedEvent<AnnotationAddedData>> {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    const state = await this.matches.current(matchId);
    const seat = requireAnnotator(principal, state);
    const decided = decideAnnotation(state, { annotationId: this.rng.uuid(), ...input });
    if (isRejection(decided)) throw new RejectedError(decided);
    const [recorded] = await this.sideStreams.append(
      'notes',
      state,
      decided,
      actorOf(principal, seat),
    );
    return recorded as RecordedEvent<AnnotationAddedData>;
  }
}

/** Who may annotate; returns the caller's seat when it annotates as a seat of the match. */
function requireAnnotator(principal: Principal, state: MatchState): string | undefined {
  if (principal.kind === 'anonymous') throw new UnauthorizedError();
  const seat = seatOf(principal, state);
  if (seat || principal.kind === 'admin' || judgesMatch(principal, state) || !isLive(state))
    return seat;
  throw new ForbiddenError(
    `Match ${state.matchId} is still being played: only its seats and judges may annotate it until it ends`,
  );
}
