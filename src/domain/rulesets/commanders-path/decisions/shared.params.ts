/**
 * Params shared by the phases of Commanders Path. Dice faces are optional everywhere: they are
 * the faces of physical dice (option diceSource), left out for server dice.
 */

/** Dice faces, each checked as one. */
export const FACES = { each: true } as const;

export class CpNoParams {}
