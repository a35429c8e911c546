import { PlayerDirectory } from '../players/player-directory';
import { withPlayerRefs } from '../players/player-refs';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { voidedRangeOf } from '../../domain/match/evolve-match';
import type { TimelineRewoundData } from '../../domain/match/match-events';
import { hasEnded, type MatchState } from '../../domain/match/match-state';
import type { LineChoice } from '../../domain/match/line';
import { voidedBy } from '../../domain/match/rewind';
import type { Principal } from '../auth/principal';
import { ApplicationError, BadRequestError } from '../errors';
import { recordedEventJson } from '../ports/event-store.port';
import { MATCH_INDEX, type MatchIndex, type MatchSummary } from '../ports/match-index.port';
import { MatchRepository } from './match-repository';
import { StreamEventsQuery } from './queries/stream-events.query';
import { GetMatchQuery } from './queries/get-match.query';
import { GetStateQuery } from './queries/get-state.query';
import { liveReadScope } from './match-access';
import type { ListMatchesFilter } from './queries/list-matches.query';
import { MatchReadVersions } from './read-version';

/** What a line of the bulk export holds besides the match id, its seq and head hash. */
export const EXPORT_PARTS = ['summary', 'events', 'state'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** The most ids one export may name. */
export const MAX_EXPORT_IDS = 1000;

export interface BulkExportRequest {
  filter: ListMatchesFilter;
  parts: ReadonlySet<ExportPart>;
  /**
   * `effective` (default): the line of play as it stands; `all`: every event in log order, the
   * voided ones marked `voidedBy`, as `GET matches/:id/events?line=all` gives them.
   */
  line?: LineChoice;
  /** At most this many matches. */
  max?: number;
}

/**
 * The change positions an export covers: matches changed after `since` (when given) up to
 * `completeTo`, the log position the answer is complete up to (the next sync's `since`).
 */
export interface SyncWindow {
  since?: bigint;
  completeTo: bigint;
}

/** Matches read from the index at a time: the export holds one page of rows, never the list. */
const INDEX_PAGE = 100;
/** Text gathered before it is handed on: big enough to spare the stream tiny chunks. */
const CHUNK_CHARS = 64 * 1024;
/** The event whose rewinds leave events out of the effective line. */
const REWIND_TYPE = 'TimelineRewound';

/** A piece of the export: text, or UTF-8 bytes handed over by the store as they are. */
export type ExportChunk = string | Uint8Array;

/**
 * The head of what a caller may see of a match, and its events on the effective line as JSON
 * text: `events` yields pieces of one or more events each, the commas between pieces left out.
 */
interface LineEvents {
  seq: number;
  hash: string;
  events?: AsyncIterable<ExportChunk>;
}

/**
 * The bulk export (issue 12): one NDJSON line per match the caller may read, as the per-match
 * reads show it to them: `{ matchId, seq, headHash, summary?, events?, state? }` where `seq`
 * and `headHash` are those of the last event the caller may see (verifiable against the hash
 * chain, the events' own `meta.hash` included), `events` the effective line redacted for the
 * caller and `state` the table at `seq`. Text is produced only as it is asked for: the index
 * is read a page at a time and each match's events a store page at a time, so memory stays
 * flat whatever the export's size and a reader that stops reading stops the export.
 *
 * A match the index has as ended is read without its state: an ended match stays ended (no
 * event makes it live again), and then every caller sees every event as stored, so its events
 * go out as the store's own JSON text, never parsed and serialized again, and no match state
 * is loaded (nor kept in the state cache) for them: when no rewind took events back, the store
 * hands them over as bytes a page at a time (`readRecordedJson`), which go to the socket as they
 * are. Live matches go through the per-match reads, which redact for the caller.
 */
@Injectable()
export class BulkExport {
  constructor(
    @Inject(MATCH_INDEX) private readonly index: MatchIndex,
    private readonly versions: MatchReadVersions,
    private readonly matches: MatchRepository,
    private readonly queries: QueryBus,
    private readonly directory: PlayerDirectory,
  ) {}

  /**
   * What an export asked for `since`/`until` covers: only up to the position the index has
   * caught up to, since a match changed at a later position may not be indexed yet (its row
   * would be missed now and skipped by a `since` past it). A match that changes while the
   * export is read moves past `completeTo` and comes in the next sync instead.
   */
  async syncWindow(since?: bigint, until?: bigint): Promise<SyncWindow> {
    if (since !== undefined && until !== undefined && until < since)
      throw new BadRequestError(
        {
          en: `until (${until}) must not be below since (${since}): both are log positions, since exclusive and until inclusive, such as since=1024&until=2048`,
          ru: `Параметр until (${until}) не может быть меньше since (${since}): оба — позиции журнала, since не включается, until включается, например since=1024&until=2048`,
        },
        'invalid-query',
      );
    const indexed = (await this.index.completeTo()) ?? 0n;
    const bound = until !== undefined && until < indexed ? until : indexed;
    return {
      ...(since !== undefined ? { since } : {}),
      completeTo: since !== undefined && since > bound ? since : bound,
    };
  }

  async *ndjson(
    principal: Principal,
    request: BulkExportRequest,
    window: SyncWindow,
  ): AsyncGenerator<ExportChunk> {
    const max = request.max ?? Number.POSITIVE_INFINITY;
    const filter = {
      ...(await withPlayerRefs(this.directory, request.filter)),
      ...(window.since !== undefined ? { since: window.since } : {}),
      until: window.completeTo,
      visibleTo: liveReadScope(principal),
    };
    let chunk = '';
    let sent = 0;
    let cursor: string | undefined;
    do {
      const page = await this.index.list(filter, Math.min(INDEX_PAGE, max - sent), cursor);
      for (const match of page.items) {
        const parts = await this.lineParts(
          principal,
          match,
          request.parts,
          request.line ?? 'effective',
        );
        if (!parts) continue;
        for await (const part of parts) {
          if (typeof part !== 'string') {
            // Bytes go on as they are, after the text gathered before them.
            if (chunk.length > 0) yield chunk;
            chunk = '';
            yield part;
          } else {
            chunk += part;
            if (chunk.length >= CHUNK_CHARS) {
              yield chunk;
              chunk = '';
            }
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
    match: MatchSummary,
    parts: ReadonlySet<ExportPart>,
    choice: LineChoice,
  ): Promise<AsyncIterable<ExportChunk> | undefined> {
    const { matchId } = match;
    try {
      // The whole log goes through the per-match read, which marks what was voided.
      const line =
        hasEnded(match) && choice === 'effective'
          ? await this.endedLine(matchId, parts.has('events'))
          : await this.liveLine(principal, matchId, parts.has('events'), choice);
      const summary = parts.has('summary')
        ? await this.queries.execute(new GetMatchQuery(principal, matchId, { keep: false }))
        : undefined;
      const state = parts.has('state')
        ? await this.queries.execute(
            new GetStateQuery(principal, matchId, line.seq, choice, { keep: false }),
          )
        : undefined;
      // A spectator who sees a live match delayed is not told when its head last moved.
      const change =
        !hasEnded(match) && line.seq < match.lastSeq
          ? ''
          : `,"changePosition":${JSON.stringify(match.changePosition)},"updatedAt":${JSON.stringify(match.updatedAt)}`;
      return (async function* () {
        yield `{"matchId":${JSON.stringify(matchId)},"seq":${line.seq},"headHash":${JSON.stringify(line.hash)}${change}`;
        if (summary) yield `,"summary":${JSON.stringify(summary)}`;
        if (line.events) {
          yield ',"events":[';
          let first = true;
          for await (const piece of line.events) {
            if (!first) yield ',';
            yield piece;
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

  /** Through the per-match reads: the caller's horizon, events redacted for them. */
  private async liveLine(
    principal: Principal,
    matchId: string,
    withEvents: boolean,
    choice: LineChoice,
  ): Promise<LineEvents> {
    const version = await this.versions.of(principal, matchId);
    if (!withEvents) return version;
    const events = await this.queries.execute(
      new StreamEventsQuery(principal, matchId, 0, version.seq, choice),
    );
    return {
      ...version,
      events: (async function* () {
        for await (const event of events) yield JSON.stringify(event);
      })(),
    };
  }

  /**
   * An ended match: its whole log to the head, nothing redacted, as the store keeps it; events
   * a rewind took back are left out as on every read of the effective line.
   */
  private async endedLine(matchId: string, withEvents: boolean): Promise<LineEvents> {
    if (!withEvents) return this.headOf(matchId);
    // Most matches: the whole log in one page with no rewind in it (the page counted them),
    // which names the head itself: one read of the store for the line.
    const pages = this.matches.eventPagesJson(matchId, { countTypes: [REWIND_TYPE] });
    const reader = pages[Symbol.asyncIterator]();
    const first = await reader.next();
    const second = first.done ? first : await reader.next();
    if (!first.done && second.done && first.value.counted === 0) {
      const { json, lastRevision, lastMeta } = first.value;
      return {
        seq: Number(lastRevision),
        hash: hashOf(lastMeta),
        events: (async function* () {
          yield json;
        })(),
      };
    }
    await reader.return?.();
    const head = await this.headOf(matchId);
    if (head.seq < 0) return head;
    const to = BigInt(head.seq);
    const rewinds = await this.rewindsOf(matchId, to);
    if (rewinds.voided.length === 0) {
      const whole = this.matches.eventPagesJson(matchId, { to });
      return {
        ...head,
        events: (async function* () {
          for await (const page of whole) yield page.json;
        })(),
      };
    }
    const stored = this.matches.eventsJson(matchId, { to });
    return {
      ...head,
      events: (async function* () {
        for await (const event of stored)
          if (!voidedBy(rewinds, { seq: Number(event.revision), type: event.type }))
            yield recordedEventJson(event, matchId);
      })(),
    };
  }

  /** The match's last event: its seq and hash (seq -1 for a match with no event). */
  private async headOf(matchId: string): Promise<{ seq: number; hash: string }> {
    for await (const last of this.matches.eventsJson(matchId, {
      direction: 'backwards',
      limit: 1,
    }))
      return { seq: Number(last.revision), hash: hashOf(last.meta) };
    return { seq: -1, hash: '' };
  }

  /** The ranges the match's rewinds to `to` took back. */
  private async rewindsOf(matchId: string, to: bigint): Promise<Pick<MatchState, 'voided'>> {
    const rewinds: Pick<MatchState, 'voided'> = { voided: [] };
    for await (const rewound of this.matches.eventsJson(matchId, { to, types: [REWIND_TYPE] })) {
      const range = voidedRangeOf(
        JSON.parse(rewound.data) as TimelineRewoundData,
        Number(rewound.revision),
      );
      if (range) rewinds.voided.push(range);
    }
    return rewinds;
  }
}

/** The hash an event's stored meta names. */
function hashOf(meta: string): string {
  return (JSON.parse(meta) as { hash: string }).hash;
}
