import { Inject } from '@nestjs/common';
import {
  Command,
  CommandHandler,
  type ICommandHandler,
  type IQueryHandler,
  Query,
  QueryHandler,
} from '@nestjs/cqrs';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { decideJudgeNote, type JudgeNoteAddedData } from '../../domain/match/side-streams';
import { isRejection } from '../../domain/rulesets/rule-violation';
import type { Principal } from '../auth/principal';
import { RejectedError } from '../errors';
import { actorOf } from '../matches/commands/record-match-events';
import { MatchRepository } from '../matches/match-repository';
import { MAX_SIDE_STREAM_PAGE } from '../matches/queries/get-annotations.query';
import { SideStreamLog } from '../matches/side-stream-log';
import { RNG, type Rng } from '../ports/rng.port';
import { requireJudgeOf } from './judging-access';

/**
 * Private judge notes (`judge-notes-<matchId>`): written and read by the match's judges (and
 * admins) only. They live beside the match stream, so no read of the match (events, state,
 * export, feed, timeline), whoever makes it and however long after the end, can show them.
 */

export interface JudgeNoteInput {
  text: string;
  disputeId?: string;
}

export class AddJudgeNoteCommand extends Command<RecordedEvent<JudgeNoteAddedData>> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: JudgeNoteInput,
  ) {
    super();
  }
}

@CommandHandler(AddJudgeNoteCommand)
export class AddJudgeNoteHandler implements ICommandHandler<
  AddJudgeNoteCommand,
  RecordedEvent<JudgeNoteAddedData>
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
  }: AddJudgeNoteCommand): Promise<RecordedEvent<JudgeNoteAddedData>> {
    const state = await this.matches.current(matchId);
    requireJudgeOf(principal, state);
    const decided = decideJudgeNote(state, { noteId: this.rng.uuid(), ...input });
    if (isRejection(decided)) throw new RejectedError(decided);
    const [recorded] = await this.sideStreams.append(
      'judge-notes',
      state,
      decided,
      actorOf(principal),
    );
    return recorded as RecordedEvent<JudgeNoteAddedData>;
  }
}

export interface JudgeNotesPage {
  matchId: string;
  /** JudgeNoteAdded events of `judge-notes-<matchId>`, in the order recorded. */
  notes: RecordedEvent<JudgeNoteAddedData>[];
  /** Pass as `from` for the next page (a seq of the notes stream); absent at the end. */
  nextFrom?: number;
}

export class GetJudgeNotesQuery extends Query<JudgeNotesPage> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly limit = MAX_SIDE_STREAM_PAGE,
  ) {
    super();
  }
}

@QueryHandler(GetJudgeNotesQuery)
export class GetJudgeNotesHandler implements IQueryHandler<GetJudgeNotesQuery, JudgeNotesPage> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly sideStreams: SideStreamLog,
  ) {}

  async execute({ principal, matchId, from, limit }: GetJudgeNotesQuery): Promise<JudgeNotesPage> {
    const state = await this.matches.current(matchId);
    requireJudgeOf(principal, state);
    const notes = await this.sideStreams.read('judge-notes', matchId, { from, limit });
    return {
      matchId,
      notes: notes as RecordedEvent<JudgeNoteAddedData>[],
      ...(notes.length === limit ? { nextFrom: notes[notes.length - 1].seq + 1 } : {}),
    };
  }
}
