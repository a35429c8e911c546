import type { DiceMode, DiceModes } from '../match/match-events';
import type { OptionValue } from './ruleset';

const DICE_MODES: readonly DiceMode[] = ['server', 'reported', 'either'];

/** The dice of a match whose option `diceSource` (server, reported or either) covers every roll. */
export function diceModesFromSource(source: OptionValue | undefined): DiceModes {
  const mode = DICE_MODES.find((m) => m === source);
  return { default: mode ?? 'either' };
}
