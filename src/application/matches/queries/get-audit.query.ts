import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { verifyChain, type ChainBreak } from '../../../domain/events/hash-chain';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

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
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetAuditQuery): Promise<AuditView> {
    const view = resolveMatchView(principal, await this.matches.current(matchId));
    const events = await this.matches.eventList(matchId, 0, view.horizon);
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
