import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { AnnotationAddedData } from '../../../domain/match/side-streams';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';
import { SideStreamLog } from '../side-stream-log';

export const MAX_SIDE_STREAM_PAGE = 1000;

export interface AnnotationsPage {
  matchId: string;
  /** AnnotationAdded events of `notes-<matchId>`, in the order they were recorded. */
  annotations: RecordedEvent<AnnotationAddedData>[];
  /** Pass as `from` for the next page (a seq of the notes stream); absent at the end. */
  nextFrom?: number;
}

export class GetAnnotationsQuery extends Query<AnnotationsPage> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly from = 0,
    readonly limit = MAX_SIDE_STREAM_PAGE,
  ) {
    super();
  }
}

/** The notes of a match, for whoever may read the match; spectators only on seqs within their horizon. */
@QueryHandler(GetAnnotationsQuery)
export class GetAnnotationsHandler implements IQueryHandler<GetAnnotationsQuery, AnnotationsPage> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly sideStreams: SideStreamLog,
  ) {}

  async execute({
    principal,
    matchId,
    from,
    limit,
  }: GetAnnotationsQuery): Promise<AnnotationsPage> {
    const view = resolveMatchView(principal, await this.matches.current(matchId));
    const notes = await this.sideStreams.read('notes', matchId, { from, limit });
    const annotations = (notes as RecordedEvent<AnnotationAddedData>[]).filter(
      (note) => note.type === 'AnnotationAdded' && note.data.seq <= view.horizon,
    );
    return {
      matchId,
      annotations,
      ...(notes.length === limit ? { nextFrom: notes[notes.length - 1].seq + 1 } : {}),
    };
  }
}
