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

/**
 * The notes of a match, for whoever may read the match. A spectator behind the horizon reads
 * the notes stream only up to its first note on an event past the horizon: that note, and
 * every later one, wait until the horizon reaches it. Leaving out the hidden note alone would
 * tell it apart by the gap in the notes' seqs and the later note's prevHash; renumbering or
 * hiding prevHash would make the spectator's copy unverifiable. A prefix is a true part of the
 * chain that says nothing of what follows (and no `nextFrom` past it). Seats, judges and the
 * organizer read every note.
 */
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
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    if (view.horizon >= current.lastSeq) {
      const notes = await this.sideStreams.read('notes', matchId, { from, limit });
      return {
        matchId,
        annotations: notes.filter(isAnnotation),
        ...(notes.length === limit ? { nextFrom: notes[notes.length - 1].seq + 1 } : {}),
      };
    }
    // The notes before `from` are read too: a hidden one among them holds back the rest.
    const notes = await this.sideStreams.read('notes', matchId, { from: 0, limit: from + limit });
    const hidden = notes.findIndex((note) => isAnnotation(note) && note.data.seq > view.horizon);
    const shown = hidden === -1 ? notes : notes.slice(0, hidden);
    return {
      matchId,
      annotations: shown.filter((note) => note.seq >= from).filter(isAnnotation),
      ...(hidden === -1 && notes.length === from + limit
        ? { nextFrom: notes[notes.length - 1].seq + 1 }
        : {}),
    };
  }
}

function isAnnotation(note: RecordedEvent): note is RecordedEvent<AnnotationAddedData> {
  return note.type === 'AnnotationAdded';
}
