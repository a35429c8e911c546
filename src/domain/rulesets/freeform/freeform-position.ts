import type { RulesetPosition } from '../ruleset';
import type { FreeformState } from './freeform-state';

/**
 * Freeform enforces no rules, so a position is its table alone: the engine's checks (pieces,
 * zones, seats and decks that exist, nothing in two places, a laid-out deck that is its
 * contents) are all it takes. It may add pieces of any type and tracks of any name, as the
 * freeform decisions may.
 */
export const FREEFORM_POSITION: RulesetPosition<FreeformState> = {
  newPieces: true,
  newTracks: true,
  example: {
    pieces: [
      { id: 'cruiser', zone: 'north', status: 'damaged', attrs: { hits: 2 } },
      { id: 'frigate', type: 'Фрегат', owner: 'blue', zone: 'north' },
    ],
    tracks: [{ id: 'points:red', owner: 'red', value: 7 }],
    turn: { round: 3, phase: 'battle', active: ['blue'] },
  },
  validate: () => [],
  events: () => [],
};
