/**
 * Which dice a match's rolls use, declared by its ruleset (`Ruleset.diceModes`) and recorded
 * in MatchCreated.
 */

/** Where a roll's faces come from: the provable server dice, or physical dice a seat reports. */
export type DiceMode = 'server' | 'reported' | 'either';

/**
 * The dice of a match, fixed at creation from the ruleset's options: each purpose's mode
 * (`purposes`), else `default`. Shuffles always use server dice.
 */
export interface DiceModes {
  default: DiceMode;
  purposes?: Record<string, DiceMode>;
  /**
   * Whether a reported roll must be confirmed by another seat before the next decision
   * (`before-next-decision`) or may stay unconfirmed (`optional`, and matches created before).
   */
  confirmReported?: ReportedRollConfirmation;
}

export type ReportedRollConfirmation = 'optional' | 'before-next-decision';

/** The mode of a purpose; matches created before modes were recorded allow either. */
export function diceModeOf(modes: DiceModes | undefined, purpose: string): DiceMode {
  return (
    (modes?.purposes && Object.hasOwn(modes.purposes, purpose)
      ? modes.purposes[purpose]
      : modes?.default) ?? 'either'
  );
}
