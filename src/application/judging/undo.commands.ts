import { own } from '../../domain/shared/id-record';
import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  Query,
  QueryHandler,
  type ICommandHandler,
  type IQueryHandler,
} from '@nestjs/cqrs';
import { voidedBy } from '../../domain/match/rewind';
import { decideUndoAnswer, decideUndoRequest, undoVerdict } from '../../domain/match/undo-decider';
import { isRejection } from '../../domain/rulesets/rule-violation';
import { MatchRepository } from '../matches/match-repository';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../errors';
import { actorOf, type RecordedResult } from '../matches/commands/record-match-events';
import { MatchRecorder } from '../matches/match-recorder';
import { RNG, type Rng } from '../ports/rng.port';
import { requireSeat } from '../auth/access';

export class RequestUndoCommand extends Command<RecordedResult & { requestId: string }> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: { toSeq: number; reason: string },
  ) {
    super();
  }
}

/** A seat asks to take the match back to `toSeq`; granted at once when the ruleset needs no consent. */
@CommandHandler(RequestUndoCommand)
export class RequestUndoHandler implements ICommandHandler<
  RequestUndoCommand,
  RecordedResult & { requestId: string }
> {
  constructor(
    private readonly recorder: MatchRecorder,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: RequestUndoCommand): Promise<RecordedResult & { requestId: string }> {
    await this.recorder.matches.current(matchId); // an unknown match is a 404 before any token check
    const seat = requireSeat(principal, matchId);
    const requestId = this.rng.uuid();
    const result = await this.recorder.recordRewinding(
      matchId,
      input.toSeq,
      ({ restore, since }) =>
        (state, ruleset) =>
          decideUndoRequest(
            ruleset,
            state,
            { requestId, seat, toSeq: input.toSeq, reason: input.reason },
            since,
            restore,
          ),
      { viewer: principal, actor: actorOf(principal, seat) },
    );
    return { ...result, requestId };
  }
}

export class AnswerUndoCommand extends Command<RecordedResult> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly requestId: string,
    readonly input: { accept: boolean; reason?: string },
  ) {
    super();
  }
}

@CommandHandler(AnswerUndoCommand)
export class AnswerUndoHandler implements ICommandHandler<AnswerUndoCommand, RecordedResult> {
  constructor(private readonly recorder: MatchRecorder) {}

  async execute({
    principal,
    matchId,
    requestId,
    input,
  }: AnswerUndoCommand): Promise<RecordedResult> {
    const state = await this.recorder.matches.current(matchId);
    const seat = requireSeat(principal, state.matchId);
    const request = own(state.undoRequests, requestId);
    if (!request) throw new NotFoundError(`Match ${matchId} has no undo request ${requestId}`);
    return this.recorder.recordRewinding(
      matchId,
      input.accept ? request.toSeq : undefined,
      ({ restore }) =>
        (current) =>
          decideUndoAnswer(current, { requestId, seat, ...input }, restore),
      { viewer: principal, actor: actorOf(principal, seat) },
    );
  }
}

/** How far back the seat may ask to take the table: the events checked, newest first. */
export const UNDO_TARGETS_CHECKED = 60;

export interface UndoTargetsView {
  matchId: string;
  seat: string;
  seq: number;
  /** The seqs an undo request of the seat would be accepted to now, oldest first. */
  targets: { toSeq: number; needsConsent: boolean }[];
}

export class GetUndoTargetsQuery extends Query<UndoTargetsView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * The events the calling seat may ask to go back to, each checked as the request would be
 * (the engine's barriers and the ruleset's own rule), so a page offers none that would be
 * refused. The last UNDO_TARGETS_CHECKED events are checked.
 */
@QueryHandler(GetUndoTargetsQuery)
export class GetUndoTargetsHandler implements IQueryHandler<GetUndoTargetsQuery, UndoTargetsView> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetUndoTargetsQuery): Promise<UndoTargetsView> {
    const state = await this.matches.current(matchId);
    const seat = requireSeat(principal, matchId);
    const head = state.lastSeq;
    const base = { matchId, seat, seq: head };
    if (state.startedSeq === undefined || state.status !== 'started')
      return { ...base, targets: [] };
    const from = Math.max(state.startedSeq, head - UNDO_TARGETS_CHECKED);
    const effective = (await this.matches.eventList(matchId, from + 1, head)).filter(
      (e) => !voidedBy(state, e),
    );
    const ruleset = this.matches.rulesetOf(state);
    const targets: UndoTargetsView['targets'] = [];
    for (let toSeq = from; toSeq < head; toSeq += 1) {
      const since = effective.filter((e) => e.seq > toSeq);
      const verdict = undoVerdict(ruleset, state, seat, toSeq, since);
      if (!isRejection(verdict)) targets.push({ toSeq, needsConsent: verdict.needsConsent });
    }
    return { ...base, targets };
  }
}
