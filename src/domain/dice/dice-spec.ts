/** Limits of a dice spec such as `2d6+1d8`. */
export const DICE_SPEC_LIMITS = {
  minCount: 1,
  maxCount: 100,
  minSides: 2,
  maxSides: 1000,
  /** Guard against absurd specs with many terms. */
  maxTotalDice: 1000,
} as const;

export type DiceSpecErrorCode = 'syntax' | 'count' | 'sides' | 'too-many-dice';

export interface DiceSpecError {
  readonly code: DiceSpecErrorCode;
  readonly message: string;
  /** The offending term, when the error is about one term. */
  readonly term?: string;
}

export type DiceSpecResult =
  | { readonly ok: true; readonly sides: number[] }
  | { readonly ok: false; readonly error: DiceSpecError };

const TERM = /^(\d*)[dD](\d+)$/;

/**
 * Parses `NdM` terms joined by `+` into the sides of each die, in order:
 * `3d6` → [6, 6, 6], `d20` → [20], `2d6+1d8` → [6, 6, 8].
 * N (default 1) must be 1..100, M 2..1000; spaces around terms are allowed.
 * Constant modifiers (`2d6+3`) are not dice and are refused.
 */
export function parseDiceSpec(spec: string): DiceSpecResult {
  const fail = (code: DiceSpecErrorCode, message: string, term?: string): DiceSpecResult => ({
    ok: false,
    error: term === undefined ? { code, message } : { code, message, term },
  });
  if (typeof spec !== 'string' || spec.trim() === '') {
    return fail('syntax', 'empty dice spec: expected terms like "3d6" or "2d6+1d8"');
  }
  const { minCount, maxCount, minSides, maxSides, maxTotalDice } = DICE_SPEC_LIMITS;
  const sides: number[] = [];
  for (const raw of spec.split('+')) {
    const term = raw.trim();
    const m = TERM.exec(term);
    if (m === null) {
      return fail(
        'syntax',
        `"${term}" is not a dice term: expected NdM such as "3d6" or "d20"`,
        term,
      );
    }
    const count = m[1] === '' ? 1 : Number(m[1]);
    const n = Number(m[2]);
    if (count < minCount || count > maxCount) {
      return fail('count', `"${term}": dice count must be ${minCount}..${maxCount}`, term);
    }
    if (n < minSides || n > maxSides) {
      return fail('sides', `"${term}": a die must have ${minSides}..${maxSides} sides`, term);
    }
    if (sides.length + count > maxTotalDice) {
      return fail('too-many-dice', `a spec may roll at most ${maxTotalDice} dice`);
    }
    for (let i = 0; i < count; i++) sides.push(n);
  }
  return { ok: true, sides };
}
