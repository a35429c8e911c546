import type { MatchState } from '../../../domain/match/match-state';

/** The public summary of a match, as `GET matches/:id` returns it. */
export interface MatchSummaryView {
  matchId: string;
  title?: string;
  ruleset: { id: string; version: string };
  status: MatchState['status'];
  options: MatchState['options'];
  setup: MatchState['setup'];
  /** Decks the organizer laid out in a given order (a starting position): set, not shuffled. */
  laidOutDecks?: string[];
  seats: {
    seat: string;
    side?: string;
    faction?: string;
    player?: string;
    /** The registered player who claimed the seat, if one did. */
    playerId?: string;
    claimed: boolean;
  }[];
  organizer?: string;
  tournamentId?: string;
  public: boolean;
  spectatorDelay: number;
  commitment: string;
  seq: number;
  headHash: string;
  createdAt?: string;
  startedAt?: string;
  endedAt?: string;
  result?: MatchState['result'];
  turn: MatchState['table']['turn'];
}

export function summarize(state: MatchState): MatchSummaryView {
  return {
    matchId: state.matchId,
    title: state.title,
    ruleset: state.ruleset,
    status: state.status,
    options: state.options,
    setup: state.setup,
    ...(state.laidOutDecks ? { laidOutDecks: [...state.laidOutDecks] } : {}),
    seats: state.seats.map((s) => ({
      seat: s.seat,
      side: s.side,
      faction: s.faction,
      player: s.player?.name,
      ...(s.player?.playerId !== undefined ? { playerId: s.player.playerId } : {}),
      claimed: s.player !== undefined,
    })),
    organizer: state.organizer,
    tournamentId: state.tournamentId,
    public: state.public,
    spectatorDelay: state.spectatorDelay,
    commitment: state.commitment,
    seq: state.lastSeq,
    headHash: state.headHash,
    createdAt: state.createdAt,
    startedAt: state.startedAt,
    endedAt: state.endedAt,
    result: state.result,
    turn: state.table.turn,
  };
}
