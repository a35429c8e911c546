import { Inject, Injectable } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import type {
  DisputeOpenedData,
  MatchPausedData,
  RulingIssuedData,
} from '../../domain/match/match-events';
import type { DisputeQueue, DisputeSummary } from '../../application/ports/dispute-queue.port';
import { LOCAL_DATABASE } from '../persistence/local-database.provider';
import { createReadModelSchema } from './read-model-schema';

interface DisputeRow {
  dispute_id: string;
  match_id: string;
  tournament_id: string | null;
  seat: string;
  at_seq: number;
  claim: string;
  rule_ref: string | null;
  status: 'open' | 'ruled';
  opened_seq: number;
  opened_at: string;
  decision: DisputeSummary['decision'] | null;
  ruled_at: string | null;
  rationale: string | null;
  ruling_rule_ref: string | null;
  judge_id: string | null;
  paused_reason: string | null;
  paused_at: string | null;
}

/** The disputes queue, fed by the match projector inside its transaction. */
@Injectable()
export class SqliteDisputeQueue implements DisputeQueue {
  private readonly insert: Database.Statement;
  private readonly rule: Database.Statement;
  private readonly pause: Database.Statement;
  private readonly resume: Database.Statement;

  constructor(@Inject(LOCAL_DATABASE) private readonly db: Database.Database) {
    createReadModelSchema(db);
    this.insert = db.prepare(
      `INSERT OR REPLACE INTO rm_disputes (dispute_id, match_id, tournament_id, seat, at_seq, claim, rule_ref, status, opened_seq, opened_at)
       VALUES (?, ?, (SELECT tournament_id FROM rm_matches WHERE match_id = ?), ?, ?, ?, ?, 'open', ?, ?)`,
    );
    this.rule = db.prepare(
      `UPDATE rm_disputes SET status = 'ruled', decision = ?, ruled_at = ?, rationale = ?, ruling_rule_ref = ?, judge_id = ?
       WHERE dispute_id = ?`,
    );
    this.pause = db.prepare(
      `INSERT OR REPLACE INTO rm_match_pauses (match_id, reason, paused_at) VALUES (?, ?, ?)`,
    );
    this.resume = db.prepare(`DELETE FROM rm_match_pauses WHERE match_id = ?`);
  }

  apply(event: RecordedEvent): void {
    if (event.type === 'DisputeOpened') {
      const data = event.data as DisputeOpenedData;
      this.insert.run(
        data.disputeId,
        event.matchId,
        event.matchId,
        data.seat,
        data.atSeq,
        data.claim,
        data.ruleRef ?? null,
        event.seq,
        event.meta.recordedAt,
      );
    } else if (event.type === 'RulingIssued') {
      const data = event.data as RulingIssuedData;
      this.rule.run(
        data.decision,
        event.meta.recordedAt,
        data.rationale,
        data.ruleRef,
        event.meta.actor.id,
        data.disputeId,
      );
    } else if (event.type === 'MatchPaused') {
      this.pause.run(event.matchId, (event.data as MatchPausedData).reason, event.meta.recordedAt);
    } else if (event.type === 'MatchResumed') {
      this.resume.run(event.matchId);
    }
  }

  async list(
    filter: Parameters<DisputeQueue['list']>[0],
    limit: number,
  ): Promise<DisputeSummary[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.status) {
      where.push('d.status = ?');
      args.push(filter.status);
    }
    if (!filter.all) {
      const scopes: string[] = [];
      if (filter.matchIds?.length) {
        scopes.push(`d.match_id IN (${filter.matchIds.map(() => '?').join(', ')})`);
        args.push(...filter.matchIds);
      }
      if (filter.tournamentIds?.length) {
        scopes.push(`d.tournament_id IN (${filter.tournamentIds.map(() => '?').join(', ')})`);
        args.push(...filter.tournamentIds);
      }
      if (filter.organizer) {
        scopes.push('m.organizer = ?');
        args.push(filter.organizer);
      }
      where.push(scopes.length ? `(${scopes.join(' OR ')})` : '0');
    }
    const rows = this.db
      .prepare(
        `SELECT d.*, p.reason AS paused_reason, p.paused_at FROM rm_disputes d
         LEFT JOIN rm_matches m ON m.match_id = d.match_id
         LEFT JOIN rm_match_pauses p ON p.match_id = d.match_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.opened_at, d.dispute_id LIMIT ?`,
      )
      .all(...args, limit) as DisputeRow[];
    return rows.map((row) => ({
      disputeId: row.dispute_id,
      matchId: row.match_id,
      ...(row.tournament_id ? { tournamentId: row.tournament_id } : {}),
      seat: row.seat,
      atSeq: row.at_seq,
      claim: row.claim,
      ...(row.rule_ref ? { ruleRef: row.rule_ref } : {}),
      status: row.status,
      openedSeq: row.opened_seq,
      openedAt: row.opened_at,
      ...(row.decision ? { decision: row.decision } : {}),
      ...(row.ruled_at ? { ruledAt: row.ruled_at } : {}),
      ...(row.rationale !== null ? { rationale: row.rationale } : {}),
      ...(row.ruling_rule_ref !== null ? { rulingRuleRef: row.ruling_rule_ref } : {}),
      ...(row.judge_id ? { judge: { id: row.judge_id } } : {}),
      ...(row.paused_reason !== null ? { pausedReason: row.paused_reason } : {}),
      ...(row.paused_at ? { pausedAt: row.paused_at } : {}),
    }));
  }
}
