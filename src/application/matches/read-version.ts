import { Inject, Injectable } from '@nestjs/common';
import { isLive, type MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import { CLOCK, type Clock } from '../ports/clock.port';
import { resolveMatchView, type MatchView } from './match-access';
import { MatchRepository } from './match-repository';

/**
 * Which version of a match one caller reads: everything a read of the match shows this caller
 * is a function of these members (and of the request's own parameters), so they make its
 * entity tag. It says nothing past the caller's horizon: a spectator's version moves only as
 * their delayed view does.
 */
export interface ReadVersion {
  /** Whose view: `all` (every secret), `seat:<seat>` (that seat's hand) or `public`. */
  viewer: string;
  /** The last seq the caller may see. */
  seq: number;
  /** The hash of the event at `seq`: it covers every event up to it. */
  hash: string;
  /** The match is readable without a token, so a shared cache may keep what it answers. */
  public: boolean;
  /**
   * Ended, its dispute window closed and no dispute open: no ruling can rewind it any more,
   * so what it shows up to a given seq never changes (later events are judges' comments).
   */
  settled: boolean;
}

/** The ReadVersion of a match for a caller (the entity tags and caching of its reads). */
@Injectable()
export class MatchReadVersions {
  constructor(
    private readonly matches: MatchRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Refuses, as every read does, a caller who may not read the match. */
  async of(principal: Principal, matchId: string): Promise<ReadVersion> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    // Read together, before any await: the shared state moves on with appends.
    const headSeq = current.lastSeq;
    const headHash = current.headHash;
    const live = isLive(current);
    const version = {
      viewer: viewerClass(view),
      seq: view.horizon,
      public: !live || current.public,
      settled: !live && this.disputesClosed(current),
    };
    if (view.horizon >= headSeq) return { ...version, seq: headSeq, hash: headHash };
    const [atHorizon] = await this.matches.eventList(matchId, view.horizon, view.horizon);
    return { ...version, hash: atHorizon.meta.hash };
  }

  private disputesClosed(state: MatchState): boolean {
    if (state.endedAt === undefined) return false;
    const closes = Date.parse(state.endedAt) + state.disputeWindowMinutes * 60_000;
    return (
      Date.parse(this.clock.nowIso()) > closes &&
      !Object.values(state.disputes).some((dispute) => dispute.status === 'open')
    );
  }
}

function viewerClass(view: MatchView): string {
  if (view.everything) return 'all';
  return view.viewer.kind === 'seat' ? `seat:${view.viewer.seat}` : 'public';
}
