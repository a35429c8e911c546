import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { ApplicationError } from '../errors';
import { MATCH_INDEX, type MatchIndex } from '../ports/match-index.port';
import { StreamEventsQuery } from './queries/get-events.query';
import { GetMatchQuery } from './queries/get-match.query';
import { GetStateQuery } from './queries/get-state.query';
import { visibleTo, type ListMatchesFilter } from './queries/list-matches.query';
import { MatchReadVersions } from './read-version';

/** What a line of the bulk export holds besides the match id, its seq and head hash. */
export const EXPORT_PARTS = ['summary', 'events', 'state'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** The most ids one export may name. */
export const MAX_EXPORT_IDS = 1000;

export interface BulkExportRequest {
  filter: ListMatchesFilter;
  parts: ReadonlySet<ExportPart>;
  /** At most this many matches. */
  max?: number;
}

/** Matches read from the index at a time: the export holds one page of rows, never the list. */
const INDEX_PAGE = 100;
/** Text gathered before it is handed on: big enough to spare the stream tiny chunks. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The bulk export (issue 12): one NDJSON line per match the caller may read, as the per-match
 * reads show it to them: `{ matchId, seq, headHash, summary?, events?, state? }` where `seq`
 * and `headHash` are those of the last event the caller may see (verifiable against the hash
 * chain, the events' own `meta.hash` included), `events` the effective line redacted for the
 * caller and `state` the table at `seq`. Text is produced only as it is asked for: the index
 * is read a page at a time and each match's events one at a time, so memory stays flat
 * whatever the export's size and a reader that stops reading stops the export.
 */
@Injectable()
export class BulkExport {
  constructor(
    @Inject(MATCH_INDEX) private readonly index: MatchIndex,
    private readonly versions: MatchReadVersions,
    private readonly queries: QueryBus,
  ) {}

  async *ndjson(principal: Principal, request: BulkExportRequest): AsyncGenerator<string> {
    const max = request.max ?? Number.POSITIVE_INFINITY;
    const filter = { ...request.filter, visibleTo: visibleTo(principal) };
    let chunk = '';
    let sent = 0;
    let cursor: string | undefined;
    do {
      const page = await this.index.list(filter, Math.min(INDEX_PAGE, max - sent), cursor);
      for (const { matchId } of page.items) {
        const parts = await this.lineParts(principal, matchId, request.parts);
        if (!parts) continue;
        for await (const part of parts) {
          chunk += part;
          if (chunk.length >= CHUNK_CHARS) {
            yield chunk;
            chunk = '';
          }
        }
        sent += 1;
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined && sent < max);
    if (chunk.length > 0) yield chunk;
  }

  /**
   * The pieces of one match's line, or undefined when the caller may not read it (the index
   * is eventually consistent; the per-match checks are the ones that count).
   */
  private async lineParts(
    principal: Principal,
    matchId: string,
    parts: ReadonlySet<ExportPart>,
  ): Promise<AsyncIterable<string> | undefined> {
    try {
      const version = await this.versions.of(principal, matchId);
      const summary = parts.has('summary')
        ? await this.queries.execute(new GetMatchQuery(principal, matchId))
        : undefined;
      const events = parts.has('events')
        ? await this.queries.execute(
            new StreamEventsQuery(principal, matchId, 0, version.seq, 'effective'),
          )
        : undefined;
      const state = parts.has('state')
        ? await this.queries.execute(new GetStateQuery(principal, matchId, version.seq))
        : undefined;
      return (async function* () {
        yield `{"matchId":${JSON.stringify(matchId)},"seq":${version.seq},"headHash":${JSON.stringify(version.hash)}`;
        if (summary) yield `,"summary":${JSON.stringify(summary)}`;
        if (events) {
          yield ',"events":[';
          let first = true;
          for await (const event of events) {
            yield first ? JSON.stringify(event) : `,${JSON.stringify(event)}`;
            first = false;
          }
          yield ']';
        }
        if (state) yield `,"state":${JSON.stringify(state)}`;
        yield '}\n';
      })();
    } catch (error) {
      if (error instanceof ApplicationError) return undefined;
      throw error;
    }
  }
}
