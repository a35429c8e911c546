/**
 * Coin Race's own events: what only this game has (the generic table events — tracks,
 * cards, dice, phases — carry the rest). Stored forever: change a shape only by adding
 * optional members.
 */
export interface CoinRaceEvents {
  /** Setup: the seats in turn order and the spaces of the track. */
  RaceLaidOut: { order: string[]; length: number };
}
