import { seesEverything, spectatorHorizon, type Viewer } from '../../domain/match/match-view';
import { isLive, type MatchState } from '../../domain/match/match-state';
import type { MatchVisibility } from '../../domain/match/match-visibility';
import type { Principal } from '../auth/principal';
import { ForbiddenError } from '../errors';

/** What a caller may see of one match (DESIGN sections 7 and 10). */
export interface MatchView {
  viewer: Viewer;
  /** Sees every hidden member (judges, admins, and everyone once the match has ended). */
  everything: boolean;
  /**
   * The last seq the caller may see (spectators of a live match lag behind). For a spectator
   * it is also the last seq they are told of: nothing they read says how far the head is.
   */
  horizon: number;
  /** A spectator of a live match: the view lags up to `spectatorDelay` decisions behind the head. */
  delayed: boolean;
  /** A judge or an admin reads a live match with its hidden information: such reads are audited. */
  privileged: boolean;
}

export function judgesMatch(
  principal: Principal,
  state: Pick<MatchState, 'matchId' | 'tournamentId'>,
): boolean {
  return (
    principal.kind === 'judge' &&
    (principal.matchId === state.matchId ||
      (principal.tournamentId !== undefined && principal.tournamentId === state.tournamentId))
  );
}

/** Organizer of this match, or admin: may manage it (start, claim on a player's behalf). */
export function managesMatch(principal: Principal, state: Pick<MatchState, 'organizer'>): boolean {
  return (
    principal.kind === 'admin' ||
    (principal.kind === 'organizer' && principal.id === state.organizer)
  );
}

export function seatOf(
  principal: Principal,
  state: Pick<MatchState, 'matchId'>,
): string | undefined {
  return principal.kind === 'seat' && principal.matchId === state.matchId
    ? principal.seat
    : undefined;
}

/** Who `principal` is to this match: an admin, one of its judges, one of its seats, or the public. */
export function viewerOf(
  principal: Principal,
  state: Pick<MatchState, 'matchId' | 'tournamentId'>,
): Viewer {
  const seat = seatOf(principal, state);
  return principal.kind === 'admin'
    ? { kind: 'admin' }
    : judgesMatch(principal, state)
      ? { kind: 'judge' }
      : seat
        ? { kind: 'seat', seat }
        : { kind: 'public' };
}

/**
 * Reads of finished matches need no token. Live matches are visible to their seats,
 * their judges, their organizer and admins, to read tokens scoped to them (as the public sees
 * them, without delay), and to spectators only when created public, with the spectator delay.
 */
export function resolveMatchView(principal: Principal, state: MatchState): MatchView {
  const viewer = viewerOf(principal, state);
  const everything = seesEverything(viewer, state);
  if (
    !isLive(state) ||
    viewer.kind !== 'public' ||
    managesMatch(principal, state) ||
    readsLive(liveReadScope(principal), state)
  ) {
    return {
      viewer,
      everything,
      horizon: state.lastSeq,
      delayed: false,
      privileged: (viewer.kind === 'judge' || viewer.kind === 'admin') && isLive(state),
    };
  }
  if (!state.public) {
    throw new ForbiddenError({
      en: `Match ${state.matchId} is live and private: only its seats, judges and organizer may read it until it ends`,
      ru: 'Матч идёт и закрыт для зрителей: пока он не закончится, его видят только игроки, судьи и организатор',
    });
  }
  return {
    viewer,
    everything,
    horizon: spectatorHorizon(state),
    delayed: state.spectatorDelay > 0,
    privileged: false,
  };
}

/**
 * The matches a caller may read while they are live, beyond public ones: the one rule every
 * read path applies (the match list, the bulk export, the feed and the statistics, through
 * readsLive here and readableMatchesSql over the match index). Everyone reads every ended
 * match and every public one (behind its spectator delay); live private ones only their seats,
 * judges, organizer and admins, and read tokens scoped to them (as the public sees them).
 */
export interface LiveReadScope {
  all?: boolean;
  organizer?: string;
  matchIds?: string[];
  tournamentIds?: string[];
}

/** Which live matches `principal` reads beyond public ones (see LiveReadScope). */
export function liveReadScope(principal: Principal): LiveReadScope {
  switch (principal.kind) {
    case 'admin':
      return { all: true };
    case 'organizer':
      return { organizer: principal.id };
    case 'seat':
      return { matchIds: [principal.matchId] };
    case 'judge':
      return principal.matchId
        ? { matchIds: [principal.matchId] }
        : { tournamentIds: principal.tournamentId ? [principal.tournamentId] : [] };
    case 'reader':
      return principal.scope;
    case 'anonymous':
      return {};
  }
}

/** Whether `scope` reads this match whole while it is live (as readableMatchesSql says in SQL). */
export function readsLive(
  scope: LiveReadScope,
  match: Pick<MatchVisibility, 'matchId' | 'organizer' | 'tournamentId'>,
): boolean {
  return (
    scope.all === true ||
    (scope.organizer !== undefined && scope.organizer === match.organizer) ||
    (scope.matchIds?.includes(match.matchId) ?? false) ||
    (match.tournamentId !== undefined &&
      (scope.tournamentIds?.includes(match.tournamentId) ?? false))
  );
}

/**
 * The last seq of a match `principal` may see when the match stands as `match` says, by the
 * rule resolveMatchView applies: everything of an ended match, and of a live one to its seats,
 * judges, organizer and admins; a spectator of a live public match sees it as far as the
 * spectator delay allows; of a live private match nothing (-1).
 */
export function visibleHorizon(principal: Principal, match: MatchVisibility): number {
  if (!isLive(match) || readsLive(liveReadScope(principal), match)) return match.lastSeq;
  return match.public ? spectatorHorizon(match) : -1;
}
