/** A player's result in a finished match: a draw is never a loss. */
export type Outcome = 'win' | 'draw' | 'loss';

/**
 * The result of whoever holds `seats` in a finished match won by `winners`: a win when one of
 * their seats won, a draw when nobody won, a loss when another seat won (in a match of more
 * than two seats, a third seat's win is a loss for both others).
 */
export function outcomeOf(seats: readonly string[], winners: readonly string[]): Outcome {
  if (seats.some((seat) => winners.includes(seat))) return 'win';
  return winners.length === 0 ? 'draw' : 'loss';
}

/** Wins, draws and losses, and the score they make (1 a win, ½ a draw, 0 a loss). */
export interface OutcomeTally {
  wins: number;
  draws: number;
  losses: number;
  score: number;
}

export function tallyOutcomes(outcomes: Iterable<Outcome>): OutcomeTally {
  const tally = { wins: 0, draws: 0, losses: 0, score: 0 };
  for (const outcome of outcomes) {
    if (outcome === 'win') tally.wins += 1;
    else if (outcome === 'draw') tally.draws += 1;
    else tally.losses += 1;
  }
  tally.score = tally.wins + tally.draws / 2;
  return tally;
}
