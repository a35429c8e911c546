import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { verifyMatchDraws } from '../../../domain/match/match-draws';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';
import { SeedVault } from '../seed-vault';

export interface RngView {
  matchId: string;
  commitment: string;
  revealed: boolean;
  /** Hex seed, once revealed (when the match ends). */
  seed?: string;
  /** The server's own re-check of every recorded server roll and shuffle. */
  verification: { ok: boolean; checked?: number; firstBadSeq?: number; message?: string };
}

export class GetRngQuery extends Query<RngView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRngQuery)
export class GetRngHandler implements IQueryHandler<GetRngQuery, RngView> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly seeds: SeedVault,
  ) {}

  async execute({ principal, matchId }: GetRngQuery): Promise<RngView> {
    const state = await this.matches.current(matchId);
    const view = resolveMatchView(principal, state);
    // A spectator's count of checked draws stops at their horizon, like everything they read.
    const verdict = verifyMatchDraws(
      await this.seeds.seedOf(matchId),
      matchId,
      await this.matches.eventList(matchId, 0, view.horizon),
    );
    return {
      matchId,
      commitment: state.commitment,
      revealed: state.revealedSeed !== undefined,
      ...(state.revealedSeed ? { seed: state.revealedSeed } : {}),
      verification: verdict.ok
        ? { ok: true, checked: verdict.checked }
        : { ok: false, firstBadSeq: verdict.seq, message: verdict.message },
    };
  }
}
