import type { RecordedEvent } from '../../events/recorded-event';
import type { CoinRaceEvents } from './coin-race-events';

/** The game's own slice: what the table does not already say. */
export interface CoinRaceState {
  order: string[];
  length: number;
  /** The boost deck has had its opening shuffle. */
  deckShuffled: boolean;
  /** The seat to play has flipped heads this turn (and may flip again). */
  flippedHeads: boolean;
}

export function initialCoinRaceState(): CoinRaceState {
  return { order: [], length: 0, deckShuffled: false, flippedHeads: false };
}

/** The coin is a d2: 2 is heads. */
export const HEADS = 2;

/** Never throws and never validates: a stored event must replay forever. */
export function evolveCoinRace(rs: CoinRaceState, event: RecordedEvent): CoinRaceState {
  switch (event.type) {
    case 'RaceLaidOut': {
      const { order, length } = event.data as Partial<CoinRaceEvents['RaceLaidOut']>;
      if (Array.isArray(order)) rs.order = order.filter((seat) => typeof seat === 'string');
      if (typeof length === 'number') rs.length = length;
      return rs;
    }
    case 'DeckShuffled':
      rs.deckShuffled = true;
      return rs;
    case 'DiceRolled': {
      const { purpose, faces } = event.data as { purpose?: unknown; faces?: unknown };
      if (purpose === 'coin' && Array.isArray(faces) && faces[0] === HEADS) rs.flippedHeads = true;
      return rs;
    }
    case 'PhaseStarted':
      rs.flippedHeads = false;
      return rs;
    default:
      return rs;
  }
}
