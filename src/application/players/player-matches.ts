import { Inject, Injectable } from '@nestjs/common';
import { outcomeOf, type Outcome } from '../../domain/stats/outcome';
import { playerKey } from '../../domain/stats/player-key';
import type { Principal } from '../auth/principal';
import { liveReadScope } from '../matches/match-access';
import {
  MATCH_INDEX,
  type MatchIndex,
  type MatchSummary,
  type PlayerRefs,
} from '../ports/match-index.port';

/** Matches read from the index per page while a player's history streams. */
const INDEX_PAGE = 200;

/** One match of a player's history: the match as the list shows it, and how it went for them. */
export interface PlayerMatchLine {
  matchId: string;
  title?: string;
  ruleset: { id: string; version: string };
  status: MatchSummary['status'];
  public: boolean;
  tournamentId?: string;
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  /** The seats the player held (one, unless they played several). */
  seats: string[];
  /** Their result once the match finished; absent while it is live or when abandoned. */
  outcome?: Outcome;
  winners?: string[];
  /** Every seat of the match and who took it. */
  players: MatchSummary['seats'];
}

export interface PlayerMatchesFilter {
  ruleset?: string;
  status?: MatchSummary['status'];
  tournament?: string;
  createdFrom?: string;
  createdTo?: string;
  /** Only matches in which one of these players held another seat. */
  vs?: PlayerRefs;
  max?: number;
}

/**
 * A registered player's matches, newest first, each once: those the caller may read (ended and
 * public ones for everyone, live private ones for their seats, judges and organizer), as the
 * match list has them. History and head-to-head both read it, so their figures agree.
 */
@Injectable()
export class PlayerMatches {
  constructor(@Inject(MATCH_INDEX) private readonly index: MatchIndex) {}

  async *of(
    principal: Principal,
    playerId: string,
    filter: PlayerMatchesFilter,
  ): AsyncGenerator<PlayerMatchLine> {
    const { vs, max = Number.POSITIVE_INFINITY, ...listed } = filter;
    let sent = 0;
    let cursor: string | undefined;
    do {
      const page = await this.index.list(
        { ...listed, player: { ids: [playerId] }, visibleTo: liveReadScope(principal) },
        INDEX_PAGE,
        cursor,
      );
      for (const match of page.items) {
        const own = match.seats.filter((seat) => seat.playerId === playerId);
        if (own.length === 0) continue;
        if (vs && !match.seats.some((seat) => seat.playerId !== playerId && isOneOf(seat, vs)))
          continue;
        yield lineOf(
          match,
          own.map((seat) => seat.seat),
        );
        sent += 1;
        if (sent >= max) return;
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
}

function isOneOf(seat: MatchSummary['seats'][number], refs: PlayerRefs): boolean {
  if (seat.playerId !== undefined) return refs.ids.includes(seat.playerId);
  return seat.player !== undefined && playerKey(seat.player) === refs.nameKey;
}

function lineOf(match: MatchSummary, seats: string[]): PlayerMatchLine {
  return {
    matchId: match.matchId,
    ...(match.title !== undefined ? { title: match.title } : {}),
    ruleset: match.ruleset,
    status: match.status,
    public: match.public,
    ...(match.tournamentId !== undefined ? { tournamentId: match.tournamentId } : {}),
    createdAt: match.createdAt,
    ...(match.startedAt !== undefined ? { startedAt: match.startedAt } : {}),
    ...(match.endedAt !== undefined ? { endedAt: match.endedAt } : {}),
    seats,
    ...(match.status === 'finished'
      ? { outcome: outcomeOf(seats, match.winners ?? []), winners: match.winners ?? [] }
      : {}),
    players: match.seats,
  };
}
