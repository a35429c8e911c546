import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type {
  CardRollRow,
  FaceCountRow,
  MatchDiceAggregates,
  OpeningRow,
  PlayerAggregates,
  RulesetAggregates,
  StatsReadModel,
  StatsScope,
} from '../../application/ports/stats-read-model.port';
import type { PlayerRefs } from '../../application/ports/match-index.port';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import type { MatchRecord } from '../../domain/stats/match-record';
import { LOCAL_DATABASE } from '../persistence/local-database.provider';
import { createReadModelSchema } from './read-model-schema';
import { matchFilterClauses, readableMatchesSql } from './sqlite-match-index';

/** Events after which a match's record is computed again: it may have finished, or stopped being finished. */
const RECORD_CHANGING = new Set(['MatchFinished', 'MatchAbandoned', 'TimelineRewound']);
/**
 * Events that may change which matches a scope covers: the record-changing ones, and a claim
 * (the index's player names, which the `player` filter reads). Other events move only a
 * match's updated_at and last_seq, which no statistics filter reads.
 */
const SCOPE_CHANGING = new Set([...RECORD_CHANGING, 'SeatClaimed']);

/**
 * The statistics read model: one record per finished match (seats, lengths, losses, dice),
 * every aggregate summed from it in SQL. The projector marks a match pending, in its own
 * transaction, when its record may change; the record is computed after the commit from
 * the match's log (once per match, never per request). A crash in between leaves the mark,
 * and the record is computed at the next start.
 */
@Injectable()
export class SqliteStatsStore implements StatsReadModel {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private changes = 0;
  private readonly replaceRecord: (
    matchId: string,
    seq: number,
    record: MatchRecord | undefined,
  ) => void;

  constructor(@Inject(LOCAL_DATABASE) private readonly db: Database.Database) {
    createReadModelSchema(db);
    this.statements = prepareStatements(db);
    this.replaceRecord = db.transaction(
      (matchId: string, seq: number, record: MatchRecord | undefined) => {
        const s = this.statements;
        for (const remove of [
          s.deleteMatch,
          s.deleteSeats,
          s.deleteLosses,
          s.deleteDice,
          s.deleteCardRolls,
          s.deleteOpenings,
        ])
          remove.run(matchId);
        if (record) this.insert(record);
        s.donePending.run(matchId, seq);
      },
    );
  }

  /** Applies one match event; called inside the projector's transaction. True: the match waits for its record. */
  apply(event: RecordedEvent): boolean {
    if (SCOPE_CHANGING.has(event.type)) this.changes += 1;
    if (!RECORD_CHANGING.has(event.type)) return false;
    this.statements.markPending.run(event.matchId, event.seq);
    return true;
  }

  /** Matches whose record waits to be computed, with the seq that asked for it. */
  pending(limit: number): { matchId: string; seq: number }[] {
    return (this.statements.pending.all(limit) as { match_id: string; seq: number }[]).map(
      (row) => ({ matchId: row.match_id, seq: row.seq }),
    );
  }

  /**
   * Stores a match's record, or removes it (the match has not finished), and clears the
   * pending mark unless a later event marked the match again meanwhile.
   */
  store(matchId: string, seq: number, record: MatchRecord | undefined): void {
    this.replaceRecord(matchId, seq, record);
    this.changes += 1;
  }

  generation(): number {
    return this.changes;
  }

  private insert(record: MatchRecord): void {
    const s = this.statements;
    const firstWon =
      record.firstSeat === undefined ? null : record.winners.includes(record.firstSeat) ? 1 : 0;
    s.insertMatch.run(
      record.matchId,
      record.optionsHash,
      JSON.stringify(record.options),
      record.seats.length,
      firstWon,
      record.decisions,
      record.rounds,
      record.minutes ?? null,
    );
    for (const seat of record.seats)
      s.insertSeat.run(
        record.matchId,
        seat.seat,
        seat.position,
        seat.faction ?? null,
        seat.player ?? null,
        seat.playerKey ?? null,
        seat.playerId ?? null,
        seat.won ? 1 : 0,
      );
    for (const loss of record.losses)
      s.insertLoss.run(record.matchId, loss.owner, loss.type, loss.count);
    for (const die of record.dice)
      s.insertDice.run(record.matchId, die.seat, die.source, die.sides, die.face, die.count);
    for (const roll of record.cardRolls)
      s.insertCardRoll.run(
        record.matchId,
        roll.seat,
        roll.source,
        roll.deck.en,
        roll.deck.ru,
        roll.combine,
        roll.outcomes,
        roll.value,
        roll.count,
      );
    const positions = new Map(record.seats.map((seat) => [seat.seat, seat.position]));
    // A draw is a match nobody won, never a loss.
    const resultOf = (seat: string) =>
      record.winners.includes(seat) ? 'win' : record.winners.length === 0 ? 'draw' : 'loss';
    for (const opening of record.openings)
      s.insertOpening.run(
        record.matchId,
        opening.seat,
        positions.get(opening.seat) ?? 0,
        opening.kind,
        opening.choice.en,
        opening.choice.ru,
        resultOf(opening.seat),
      );
  }

  async openingAggregates(scope: StatsScope): Promise<{ matches: number; rows: OpeningRow[] }> {
    return this.read(() => {
      const { sql: inScope, args } = scopeSql(scope);
      const matches = this.db
        .prepare(`SELECT COUNT(*) FROM rm_stat_matches WHERE match_id IN (${inScope})`)
        .pluck()
        .get(...args) as number;
      const rows = this.db
        .prepare(
          `SELECT seat, MIN(position) AS position, kind, choice_en, choice_ru, COUNT(*) AS games,
             SUM(result = 'win') AS wins, SUM(result = 'draw') AS draws,
             SUM(result = 'loss') AS losses
           FROM rm_stat_openings WHERE match_id IN (${inScope})
           GROUP BY seat, kind, choice_en, choice_ru
           ORDER BY position, seat, games DESC, kind, choice_en`,
        )
        .all(...args) as {
        seat: string;
        position: number;
        kind: string;
        choice_en: string;
        choice_ru: string;
        games: number;
        wins: number;
        draws: number;
        losses: number;
      }[];
      return {
        matches,
        rows: rows.map(({ choice_en, choice_ru, ...row }) => ({
          ...row,
          choice: { en: choice_en, ru: choice_ru },
        })),
      };
    });
  }

  async rulesetAggregates(scope: StatsScope): Promise<RulesetAggregates> {
    return this.read(() => {
      const { sql: inScope, args } = scopeSql(scope);
      const all = <T>(query: string): T[] => this.db.prepare(query).all(...args) as T[];
      const [totals] = all<{
        matches: number;
        first_matches: number;
        first_wins: number;
        first_expected: number | null;
      }>(
        `SELECT COUNT(*) AS matches, COUNT(first_won) AS first_matches,
           COALESCE(SUM(first_won), 0) AS first_wins,
           SUM(CASE WHEN first_won IS NULL THEN NULL ELSE 1.0 / seat_count END) AS first_expected
         FROM rm_stat_matches WHERE match_id IN (${inScope})`,
      );
      const lengths = all<{ decisions: number; rounds: number; minutes: number | null }>(
        `SELECT decisions, rounds, minutes FROM rm_stat_matches WHERE match_id IN (${inScope})`,
      );
      return {
        matches: totals.matches,
        optionSets: all<{ options_hash: string; options: string; matches: number }>(
          `SELECT options_hash, MIN(options) AS options, COUNT(*) AS matches FROM rm_stat_matches
           WHERE match_id IN (${inScope}) GROUP BY options_hash ORDER BY matches DESC, options_hash`,
        ).map((row) => ({
          optionsHash: row.options_hash,
          options: JSON.parse(row.options) as Record<string, unknown>,
          matches: row.matches,
        })),
        factions: all<{ faction: string; played: number; wins: number }>(
          `SELECT faction, COUNT(*) AS played, SUM(won) AS wins FROM rm_stat_seats
           WHERE faction IS NOT NULL AND match_id IN (${inScope})
           GROUP BY faction ORDER BY played DESC, faction`,
        ),
        positions: all<{ position: number; played: number; wins: number }>(
          `SELECT position, COUNT(*) AS played, SUM(won) AS wins FROM rm_stat_seats
           WHERE match_id IN (${inScope}) GROUP BY position ORDER BY position`,
        ),
        firstPlayer: {
          matches: totals.first_matches,
          wins: totals.first_wins,
          expectedWins: totals.first_expected ?? 0,
        },
        lengths: {
          decisions: lengths.map((row) => row.decisions),
          rounds: lengths.map((row) => row.rounds),
          minutes: lengths.flatMap((row) => (row.minutes === null ? [] : [row.minutes])),
        },
        losses: all<{ piece_type: string; count: number; matches: number }>(
          `SELECT piece_type, SUM(count) AS count, COUNT(DISTINCT match_id) AS matches
           FROM rm_stat_losses WHERE match_id IN (${inScope})
           GROUP BY piece_type ORDER BY count DESC, piece_type`,
        ).map((row) => ({ pieceType: row.piece_type, count: row.count, matches: row.matches })),
        dice: all<FaceCountRow>(
          `SELECT source, sides, face, SUM(count) AS count FROM rm_stat_dice
           WHERE match_id IN (${inScope}) GROUP BY source, sides, face`,
        ),
        cardRolls: all<CardRollSqlRow>(
          `SELECT source, deck_en, deck_ru, combine, outcomes, value, SUM(count) AS count
           FROM rm_stat_card_rolls WHERE match_id IN (${inScope})
           GROUP BY source, deck_en, deck_ru, combine, outcomes, value`,
        ).map(cardRollRow),
      };
    });
  }

  async playerAggregates(who: PlayerRefs, scope: StatsScope): Promise<PlayerAggregates> {
    return this.read(() => {
      const { sql: inScope, args } = scopeSql(scope);
      const whoArgs = [JSON.stringify(who.ids), who.nameKey ?? null];
      const seats = this.db
        .prepare(
          `SELECT s.match_id, s.player, s.faction, s.won, ${DRAWN('s')} AS drawn FROM rm_stat_seats s
           JOIN rm_matches m ON m.match_id = s.match_id
           WHERE ${IS_WHO('s')} AND s.match_id IN (${inScope})
           ORDER BY m.ended_at DESC, s.match_id`,
        )
        .all(...whoArgs, ...args) as {
        match_id: string;
        player: string;
        faction: string | null;
        won: number;
        drawn: number;
      }[];
      const opponents = this.db
        .prepare(
          `SELECT MIN(o.player_key) AS key, MIN(o.player) AS name, o.player_id AS playerId,
             COUNT(*) AS played, SUM(s.won) AS wins,
             SUM(CASE WHEN s.won = 0 AND ${DRAWN('s')} THEN 1 ELSE 0 END) AS draws,
             SUM(CASE WHEN s.won = 0 AND NOT ${DRAWN('s')} THEN 1 ELSE 0 END) AS losses
           FROM rm_stat_seats s JOIN rm_stat_seats o ON o.match_id = s.match_id AND o.seat <> s.seat
           WHERE ${IS_WHO('s')} AND NOT ${IS_WHO('o')}
             AND (o.player_id IS NOT NULL OR o.player_key IS NOT NULL)
             AND s.match_id IN (${inScope})
           GROUP BY COALESCE('id:' || o.player_id, 'name:' || o.player_key)
           ORDER BY played DESC, key`,
        )
        .all(...whoArgs, ...whoArgs, ...args) as (PlayerAggregates['opponents'][number] & {
        playerId: string | null;
      })[];
      const dice = this.db
        .prepare(
          `SELECT d.source, d.sides, d.face, SUM(d.count) AS count FROM rm_stat_dice d
           JOIN rm_stat_seats s ON s.match_id = d.match_id AND s.seat = d.seat
           WHERE ${IS_WHO('s')} AND d.match_id IN (${inScope})
           GROUP BY d.source, d.sides, d.face`,
        )
        .all(...whoArgs, ...args) as FaceCountRow[];
      const cardRolls = (
        this.db
          .prepare(
            `SELECT d.source, d.deck_en, d.deck_ru, d.combine, d.outcomes, d.value, SUM(d.count) AS count
             FROM rm_stat_card_rolls d
             JOIN rm_stat_seats s ON s.match_id = d.match_id AND s.seat = d.seat
             WHERE ${IS_WHO('s')} AND d.match_id IN (${inScope})
             GROUP BY d.source, d.deck_en, d.deck_ru, d.combine, d.outcomes, d.value`,
          )
          .all(...whoArgs, ...args) as CardRollSqlRow[]
      ).map(cardRollRow);
      const factions = new Map<string, { faction: string; played: number; wins: number }>();
      for (const seat of seats) {
        if (seat.faction === null) continue;
        const entry = factions.get(seat.faction) ?? { faction: seat.faction, played: 0, wins: 0 };
        entry.played += 1;
        entry.wins += seat.won;
        factions.set(seat.faction, entry);
      }
      const wins = seats.filter((seat) => seat.won === 1).length;
      const draws = seats.filter((seat) => seat.won === 0 && seat.drawn === 1).length;
      return {
        ...(seats.length > 0 ? { name: seats[0].player } : {}),
        matches: new Set(seats.map((seat) => seat.match_id)).size,
        played: seats.length,
        wins,
        draws,
        losses: seats.length - wins - draws,
        factions: [...factions.values()].sort(
          (a, b) => b.played - a.played || a.faction.localeCompare(b.faction),
        ),
        opponents: opponents.map(({ playerId, ...opponent }) => ({
          ...opponent,
          ...(playerId !== null ? { playerId } : {}),
        })),
        dice,
        cardRolls,
      };
    });
  }

  async matchDice(matchId: string): Promise<MatchDiceAggregates | undefined> {
    return this.read(() => {
      if (!this.statements.hasMatch.get(matchId)) return undefined;
      const seats = this.statements.seatsOf.all(matchId) as {
        seat: string;
        position: number;
        faction: string | null;
        player: string | null;
        won: number;
      }[];
      return {
        seats: seats.map((row) => ({
          seat: row.seat,
          position: row.position,
          ...(row.faction !== null ? { faction: row.faction } : {}),
          ...(row.player !== null ? { player: row.player } : {}),
          won: row.won === 1,
        })),
        dice: this.statements.diceOf.all(matchId) as MatchDiceAggregates['dice'],
        cardRolls: (
          this.statements.cardRollsOf.all(matchId) as (CardRollSqlRow & { seat: string })[]
        ).map((row) => ({ seat: row.seat, ...cardRollRow(row) })),
      };
    });
  }

  /** One read transaction: every figure of an answer comes from the same commit. */
  private read<T>(body: () => T): T {
    return this.db.transaction(body).deferred();
  }
}

/**
 * Whether a seat (`alias`) is one a PlayerRefs names; takes two arguments: the ids as JSON,
 * and the name key of seats claimed by name only (null: none).
 */
const IS_WHO = (alias: string) =>
  `(${alias}.player_id IN (SELECT value FROM json_each(?)) OR (${alias}.player_id IS NULL AND ${alias}.player_key = ?))`;

/** Whether the match of a seat (`alias`) was a draw: nobody won it. */
const DRAWN = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM rm_stat_seats w WHERE w.match_id = ${alias}.match_id AND w.won = 1)`;

/** The finished matches a scope covers, as a subquery of match ids, and its arguments. */
function scopeSql(scope: StatsScope): { sql: string; args: unknown[] } {
  const { clauses, args } = matchFilterClauses(scope, 'fm.');
  const where = [`fm.status = 'finished'`, ...clauses];
  if (scope.optionsHash) {
    where.push('fs.options_hash = ?');
    args.push(scope.optionsHash);
  }
  const readable = readableMatchesSql(scope.visibleTo, 'fm.');
  if (readable) {
    where.push(readable.sql);
    args.push(...readable.args);
  }
  return {
    sql: `SELECT fs.match_id FROM rm_stat_matches fs JOIN rm_matches fm ON fm.match_id = fs.match_id WHERE ${where.join(' AND ')}`,
    args,
  };
}

function prepareStatements(db: Database.Database) {
  return {
    markPending: db.prepare('INSERT OR REPLACE INTO rm_stat_pending (match_id, seq) VALUES (?, ?)'),
    pending: db.prepare('SELECT match_id, seq FROM rm_stat_pending ORDER BY seq LIMIT ?'),
    donePending: db.prepare('DELETE FROM rm_stat_pending WHERE match_id = ? AND seq <= ?'),
    deleteMatch: db.prepare('DELETE FROM rm_stat_matches WHERE match_id = ?'),
    deleteSeats: db.prepare('DELETE FROM rm_stat_seats WHERE match_id = ?'),
    deleteLosses: db.prepare('DELETE FROM rm_stat_losses WHERE match_id = ?'),
    deleteDice: db.prepare('DELETE FROM rm_stat_dice WHERE match_id = ?'),
    deleteCardRolls: db.prepare('DELETE FROM rm_stat_card_rolls WHERE match_id = ?'),
    deleteOpenings: db.prepare('DELETE FROM rm_stat_openings WHERE match_id = ?'),
    insertMatch: db.prepare(
      `INSERT INTO rm_stat_matches (match_id, options_hash, options, seat_count, first_won, decisions, rounds, minutes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertSeat: db.prepare(
      `INSERT OR REPLACE INTO rm_stat_seats (match_id, seat, position, faction, player, player_key, player_id, won)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertLoss: db.prepare(
      'INSERT INTO rm_stat_losses (match_id, owner, piece_type, count) VALUES (?, ?, ?, ?)',
    ),
    insertDice: db.prepare(
      'INSERT INTO rm_stat_dice (match_id, seat, source, sides, face, count) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertCardRoll: db.prepare(
      `INSERT INTO rm_stat_card_rolls (match_id, seat, source, deck_en, deck_ru, combine, outcomes, value, count)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertOpening: db.prepare(
      `INSERT OR REPLACE INTO rm_stat_openings (match_id, seat, position, kind, choice_en, choice_ru, result)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    hasMatch: db.prepare('SELECT 1 FROM rm_stat_matches WHERE match_id = ?'),
    seatsOf: db.prepare(
      'SELECT seat, position, faction, player, won FROM rm_stat_seats WHERE match_id = ? ORDER BY position',
    ),
    diceOf: db.prepare(
      'SELECT seat, source, sides, face, count FROM rm_stat_dice WHERE match_id = ? ORDER BY seat, source, sides, face',
    ),
    cardRollsOf: db.prepare(
      `SELECT seat, source, deck_en, deck_ru, combine, outcomes, value, count FROM rm_stat_card_rolls
       WHERE match_id = ? ORDER BY seat, source, deck_en, combine, outcomes, value`,
    ),
  };
}

/** A card roll row as SQL gives it. */
interface CardRollSqlRow {
  source: CardRollRow['source'];
  deck_en: string;
  deck_ru: string;
  combine: CardRollRow['combine'];
  outcomes: string;
  value: number;
  count: number;
}

const cardRollRow = ({ deck_en, deck_ru, ...row }: CardRollSqlRow): CardRollRow => ({
  source: row.source,
  deck: { en: deck_en, ru: deck_ru },
  combine: row.combine,
  outcomes: row.outcomes,
  value: row.value,
  count: row.count,
});
