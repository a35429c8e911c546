import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import type {
  MatchCitedData,
  MatchCreatedData,
  MatchFinishedData,
  SeatClaimedData,
  TimelineRewoundData,
} from '../../domain/match/match-events';
import { voidedRangeOf } from '../../domain/match/evolve-match';
import type {
  MatchIndex,
  MatchListFilter,
  MatchSummary,
} from '../../application/ports/match-index.port';
import type { PlayerRefs } from '../../application/ports/match-index.port';
import { BadRequestError } from '../../application/errors';
import { playerKey } from '../../domain/stats/player-key';
import type { LiveReadScope } from '../../application/matches/match-access';
import { LOCAL_DATABASE } from '../persistence/local-database.provider';
import { createReadModelSchema } from './read-model-schema';

interface MatchRow {
  match_id: string;
  title: string | null;
  ruleset_id: string;
  ruleset_version: string;
  status: MatchSummary['status'];
  public: number;
  tournament_id: string | null;
  organizer: string;
  seats: string;
  winners: string | null;
  condition: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  updated_at: string;
  last_seq: number;
  /** change_position as text: a log position may pass 2^53. */
  change_position: string;
}

/** The projector's checkpoint, committed with the index rows it covers. */
export const MATCH_PROJECTOR_CHECKPOINT = 'match-projector';

/** Player names are searched case-insensitively in any script: SQLite's lower() folds ASCII only. */
export function searchKey(text: string): string {
  return text.toLocaleLowerCase('ru').normalize('NFC');
}

/** The match index (ruleset, status, seats, players, tournament, dates, winner), fed by the projector. */
@Injectable()
export class SqliteMatchIndex implements MatchIndex {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(@Inject(LOCAL_DATABASE) private readonly db: Database.Database) {
    createReadModelSchema(db);
    db.function('search_key', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? searchKey(text) : null,
    );
    db.function('player_key', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? playerKey(text) : null,
    );
    this.statements = prepareStatements(db);
  }

  /**
   * Applies one match event at its global log `position` (which becomes the match's change
   * position); called inside the projector's transaction.
   */
  apply(event: RecordedEvent, position: bigint): void {
    this.applyFields(event);
    this.statements.changedAt.run(position, event.matchId);
  }

  private applyFields(event: RecordedEvent): void {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'MatchCreated': {
        const created = data as unknown as MatchCreatedData;
        this.statements.insertMatch.run(
          event.matchId,
          created.title ?? null,
          created.ruleset.id,
          created.ruleset.version,
          created.public ? 1 : 0,
          created.tournamentId ?? null,
          created.organizer,
          JSON.stringify(created.seats),
          event.meta.recordedAt,
          event.meta.recordedAt,
          event.seq,
        );
        return;
      }
      case 'SeatClaimed': {
        const claim = data as unknown as SeatClaimedData;
        const row = this.statements.seatsOf.get(event.matchId) as { seats: string } | undefined;
        if (!row) return;
        const seats = (JSON.parse(row.seats) as MatchSummary['seats']).map((s) =>
          s.seat === claim.seat
            ? {
                ...s,
                player: claim.player.name,
                ...(typeof claim.player.playerId === 'string'
                  ? { playerId: claim.player.playerId }
                  : {}),
              }
            : s,
        );
        this.statements.updateSeats.run(
          JSON.stringify(seats),
          JSON.stringify(seats.flatMap(playerRefOf)),
          event.meta.recordedAt,
          event.seq,
          event.matchId,
        );
        return;
      }
      case 'MatchStarted':
        this.statements.markStarted.run(
          event.meta.recordedAt,
          event.meta.recordedAt,
          event.seq,
          event.matchId,
        );
        return;
      case 'MatchFinished': {
        const result = data as unknown as MatchFinishedData;
        this.statements.markFinished.run(
          JSON.stringify(result.winners),
          result.condition,
          event.meta.recordedAt,
          event.meta.recordedAt,
          event.seq,
          event.matchId,
        );
        return;
      }
      case 'MatchAbandoned':
        this.statements.markAbandoned.run(
          event.meta.recordedAt,
          event.meta.recordedAt,
          event.seq,
          event.matchId,
        );
        return;
      case 'MatchCited': {
        const cited = data as unknown as MatchCitedData;
        if (typeof cited.matchId === 'string')
          this.statements.insertLink.run(event.matchId, cited.matchId, event.seq);
        this.statements.advance.run(event.meta.recordedAt, event.seq, event.matchId);
        return;
      }
      case 'TimelineRewound': {
        // The campaign follows the effective line: a citation the rewind takes back is no link.
        const voided = voidedRangeOf(data as Partial<TimelineRewoundData>, event.seq);
        if (voided) this.statements.dropLinks.run(event.matchId, voided.from, voided.to);
        this.statements.advance.run(event.meta.recordedAt, event.seq, event.matchId);
        return;
      }
      default:
        this.statements.advance.run(event.meta.recordedAt, event.seq, event.matchId);
    }
  }

  async completeTo(): Promise<bigint | undefined> {
    const row = this.statements.checkpoint.get(MATCH_PROJECTOR_CHECKPOINT) as
      { position: string } | undefined;
    return row ? BigInt(row.position) : undefined;
  }

  async get(matchId: string): Promise<MatchSummary | undefined> {
    const row = this.statements.byId.get(matchId) as MatchRow | undefined;
    return row ? toSummary(row) : undefined;
  }

  async list(
    filter: MatchListFilter,
    limit: number,
    cursor?: string,
  ): Promise<{ items: MatchSummary[]; nextCursor?: string }> {
    const { clauses: where, args } = matchFilterClauses(filter);
    const add = (clause: string, ...values: unknown[]) => {
      where.push(clause);
      args.push(...values);
    };
    if (filter.status) add('status = ?', filter.status);
    if (filter.finishedSince) add('ended_at >= ?', filter.finishedSince);
    if (filter.updatedSince) add('updated_at >= ?', filter.updatedSince);
    if (filter.since !== undefined) add('change_position > ?', filter.since);
    if (filter.until !== undefined) add('change_position <= ?', filter.until);
    if (filter.faction)
      add(
        `EXISTS (SELECT 1 FROM json_each(seats) s WHERE search_key(s.value ->> 'faction') = ?)`,
        searchKey(filter.faction),
      );
    if (filter.winner) {
      const refs = filter.winnerPlayers ?? { ids: [], nameKey: playerKey(filter.winner) };
      add(
        `EXISTS (SELECT 1 FROM json_each(winners) w JOIN json_each(seats) s ON s.value ->> 'seat' = w.value
          WHERE ? IN (search_key(s.value ->> 'seat'), search_key(s.value ->> 'side'), search_key(s.value ->> 'faction'))
            OR s.value ->> 'playerId' IN (SELECT value FROM json_each(?))
            OR (s.value ->> 'playerId' IS NULL AND player_key(s.value ->> 'player') = ?))`,
        searchKey(filter.winner),
        JSON.stringify(refs.ids),
        refs.nameKey ?? null,
      );
    }
    if (filter.ids) add(`match_id IN (SELECT value FROM json_each(?))`, JSON.stringify(filter.ids));
    if (filter.organizer) add('organizer = ?', filter.organizer);
    const readable = readableMatchesSql(filter.visibleTo);
    if (readable) add(readable.sql, ...readable.args);
    const { by, direction } = filter.order ?? { by: 'created', direction: 'desc' };
    const column = by === 'updated' ? 'updated_at' : 'created_at';
    const [beyond, sqlDirection] = direction === 'asc' ? ['>', 'ASC'] : ['<', 'DESC'];
    if (cursor) {
      const [value, matchId] = decodeCursor(cursor);
      add(
        `(${column} ${beyond} ? OR (${column} = ? AND match_id ${beyond} ?))`,
        value,
        value,
        matchId,
      );
    }
    const sql = `SELECT *, CAST(change_position AS TEXT) AS change_position FROM rm_matches ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${column} ${sqlDirection}, match_id ${sqlDirection} LIMIT ?`;
    const rows = this.db.prepare(sql).all(...args, limit + 1) as MatchRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toSummary),
      ...(rows.length > limit && last
        ? {
            nextCursor: encodeCursor(
              by === 'updated' ? last.updated_at : last.created_at,
              last.match_id,
            ),
          }
        : {}),
    };
  }
}

/**
 * The match list's filters as SQL over rm_matches, its columns prefixed by `alias` (for a
 * join): the statistics filter their matches the same way.
 */
export function matchFilterClauses(
  filter: Pick<
    MatchListFilter,
    'ruleset' | 'tournament' | 'campaign' | 'player' | 'createdFrom' | 'createdTo'
  >,
  alias = '',
): { clauses: string[]; args: unknown[] } {
  const clauses: string[] = [];
  const args: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    args.push(value);
  };
  if (filter.ruleset) add(`${alias}ruleset_id = ?`, filter.ruleset);
  if (filter.tournament) add(`${alias}tournament_id = ?`, filter.tournament);
  if (filter.campaign) {
    clauses.push(
      `(${alias}match_id = ? OR ${alias}match_id IN (SELECT cited FROM rm_match_links WHERE citing = ?))`,
    );
    args.push(filter.campaign, filter.campaign);
  }
  if (filter.player) {
    clauses.push(
      `EXISTS (SELECT 1 FROM json_each(${alias}player_refs) r WHERE r.value IN (SELECT value FROM json_each(?)))`,
    );
    args.push(JSON.stringify(playerRefTokens(filter.player)));
  }
  if (filter.createdFrom) add(`${alias}created_at >= ?`, filter.createdFrom);
  if (filter.createdTo) add(`${alias}created_at <= ?`, filter.createdTo);
  return { clauses, args };
}

/**
 * The matches `scope` may read, as one SQL condition over rm_matches (columns prefixed by
 * `alias` for a join): every ended or public match, and the live ones the scope reads, as
 * readsLive says in code. Undefined when the caller reads every match (admins). The list, the
 * bulk export and the statistics all filter with it.
 */
export function readableMatchesSql(
  scope: LiveReadScope,
  alias = '',
): { sql: string; args: unknown[] } | undefined {
  if (scope.all) return undefined;
  const alternatives = [`${alias}status IN ('finished', 'abandoned')`, `${alias}public = 1`];
  const args: unknown[] = [];
  if (scope.organizer !== undefined) {
    alternatives.push(`${alias}organizer = ?`);
    args.push(scope.organizer);
  }
  for (const [column, values] of [
    ['match_id', scope.matchIds],
    ['tournament_id', scope.tournamentIds],
  ] as const) {
    if (values?.length) {
      alternatives.push(`${alias}${column} IN (${values.map(() => '?').join(', ')})`);
      args.push(...values);
    }
  }
  return { sql: `(${alternatives.join(' OR ')})`, args };
}

/**
 * What a claimed seat is found by (rm_matches.player_refs): its registered player's id, or
 * for a seat claimed by name only, the name's key.
 */
function playerRefOf(seat: MatchSummary['seats'][number]): string[] {
  if (seat.playerId !== undefined) return [`id:${seat.playerId}`];
  return seat.player !== undefined ? [`name:${playerKey(seat.player)}`] : [];
}

/** The player_refs entries any of which a seat of a match must have to pass the filter. */
function playerRefTokens(refs: PlayerRefs): string[] {
  return [
    ...refs.ids.map((id) => `id:${id}`),
    ...(refs.nameKey !== undefined ? [`name:${refs.nameKey}`] : []),
  ];
}

function prepareStatements(db: Database.Database) {
  return {
    insertMatch:
      db.prepare(`INSERT OR REPLACE INTO rm_matches (match_id, title, ruleset_id, ruleset_version, status, public, tournament_id, organizer, seats, created_at, updated_at, last_seq)
       VALUES (?, ?, ?, ?, 'created', ?, ?, ?, ?, ?, ?, ?)`),
    seatsOf: db.prepare('SELECT seats FROM rm_matches WHERE match_id = ?'),
    updateSeats: db.prepare(
      'UPDATE rm_matches SET seats = ?, player_refs = ?, updated_at = ?, last_seq = ? WHERE match_id = ?',
    ),
    markStarted: db.prepare(
      `UPDATE rm_matches SET status = 'started', started_at = ?, updated_at = ?, last_seq = ? WHERE match_id = ?`,
    ),
    markFinished: db.prepare(
      `UPDATE rm_matches SET status = 'finished', winners = ?, condition = ?, ended_at = ?, updated_at = ?, last_seq = ? WHERE match_id = ?`,
    ),
    markAbandoned: db.prepare(
      `UPDATE rm_matches SET status = 'abandoned', ended_at = ?, updated_at = ?, last_seq = ? WHERE match_id = ?`,
    ),
    insertLink: db.prepare(
      'INSERT OR IGNORE INTO rm_match_links (citing, cited, seq) VALUES (?, ?, ?)',
    ),
    dropLinks: db.prepare('DELETE FROM rm_match_links WHERE citing = ? AND seq BETWEEN ? AND ?'),
    advance: db.prepare('UPDATE rm_matches SET updated_at = ?, last_seq = ? WHERE match_id = ?'),
    changedAt: db.prepare('UPDATE rm_matches SET change_position = ? WHERE match_id = ?'),
    byId: db.prepare(
      'SELECT *, CAST(change_position AS TEXT) AS change_position FROM rm_matches WHERE match_id = ?',
    ),
    checkpoint: db.prepare('SELECT position FROM rm_checkpoints WHERE name = ?'),
  };
}

function toSummary(row: MatchRow): MatchSummary {
  return {
    matchId: row.match_id,
    ...(row.title ? { title: row.title } : {}),
    ruleset: { id: row.ruleset_id, version: row.ruleset_version },
    status: row.status,
    public: row.public === 1,
    ...(row.tournament_id ? { tournamentId: row.tournament_id } : {}),
    organizer: row.organizer,
    seats: JSON.parse(row.seats) as MatchSummary['seats'],
    ...(row.winners ? { winners: JSON.parse(row.winners) as string[] } : {}),
    ...(row.condition ? { condition: row.condition } : {}),
    createdAt: row.created_at,
    ...(row.started_at ? { startedAt: row.started_at } : {}),
    ...(row.ended_at ? { endedAt: row.ended_at } : {}),
    updatedAt: row.updated_at,
    lastSeq: row.last_seq,
    changePosition: row.change_position,
  };
}

function encodeCursor(createdAt: string, matchId: string): string {
  return Buffer.from(JSON.stringify([createdAt, matchId])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
      return value as [string, string];
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('cursor is not one this server issued', 'invalid-cursor');
}
