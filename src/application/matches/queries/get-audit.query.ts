import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { verifyChain, type ChainBreak } from '../../../domain/events/hash-chain';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';
import { LruCache } from '../../lru-cache';

/** How many audit verdicts (match and horizon) are kept. */
const AUDIT_CACHE_CAPACITY = 1000;

export interface AuditView {
  matchId: string;
  verified: boolean;
  eventCount: number;
  headHash: string;
  brokenSeq?: number;
  reason?: ChainBreak;
  message?: string;
}

export class GetAuditQuery extends Query<AuditView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * Re-verifies the stored chain (hidden members included) and says where it breaks, if it does:
 * the whole of it, or for a spectator of a live match the part up to their horizon, so that
 * neither the count nor the head hash tells them how far the match has gone.
 */
@QueryHandler(GetAuditQuery)
export class GetAuditHandler implements IQueryHandler<GetAuditQuery, AuditView> {
  /**
   * Verdicts by match and horizon, each for the head it was computed at: re-hashing a long log
   * per call let a few callers hold the process for seconds. Callers that ask at once share
   * one computation; a verdict is computed anew once the head has moved.
   */
  private readonly verdicts = new LruCache<string, { head: string; verdict: Promise<AuditView> }>(
    AUDIT_CACHE_CAPACITY,
  );

  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetAuditQuery): Promise<AuditView> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const key = `${matchId}@${view.horizon}`;
    const head = `${current.lastSeq}:${current.headHash}`;
    const cached = this.verdicts.get(key);
    if (cached?.head === head) return cached.verdict;
    const verdict = this.verify(matchId, view.horizon);
    this.verdicts.set(key, { head, verdict });
    // A failed verification (the store unreachable) is not a verdict to keep.
    verdict.catch(() => {
      if (this.verdicts.get(key)?.verdict === verdict) this.verdicts.delete(key);
    });
    return verdict;
  }

  private async verify(matchId: string, horizon: number): Promise<AuditView> {
    const events = await this.matches.eventList(matchId, 0, horizon);
    const verdict = verifyChain(events);
    if (verdict.ok)
      return { matchId, verified: true, eventCount: events.length, headHash: verdict.headHash };
    return {
      matchId,
      verified: false,
      eventCount: events.length,
      headHash: events[events.length - 1]?.meta.hash ?? '',
      brokenSeq: verdict.brokenSeq,
      reason: verdict.reason,
      message: verdict.message,
    };
  }
}
