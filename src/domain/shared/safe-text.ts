import { Matches, type ValidationOptions } from 'class-validator';

/**
 * What an id and a name from outside may hold: one definition, used by the params of
 * every ruleset (validated in the domain, so a path that skips HTTP is covered) and by
 * the DTOs at the HTTP edge (re-exported by infrastructure/http/dto-patterns).
 */

/**
 * An id (piece, zone, fleet, deck, track, seat, ...): a letter or digit first (so never
 * `__proto__`), then letters, digits and `_ - . : @ + #`, at most 128 characters in all.
 * Ids that name other object members (`constructor`, `toString`) are still ids: records
 * are looked up by own entries only (see id-record).
 */
export const ID_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_\-.:@+#]{0,127}$/u;
export const ID_RULE =
  'must start with a letter or digit and hold only letters, digits and _ - . : @ + # (at most 128 characters)';
export const ID_RULE_RU =
  'должен начинаться с буквы или цифры и состоять из букв, цифр и знаков _ - . : @ + # (не длиннее 128 символов)';

/**
 * Text a person reads as a name or a title: no control characters (NUL, escapes, line
 * breaks) and no bidirectional overrides or isolates (U+202A-U+202E, U+2066-U+2069), which
 * would make a name display as something it is not.
 */
export const PLAIN_TEXT = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;
export const PLAIN_TEXT_RULE = 'must not contain control or bidirectional-override characters';

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** class-validator: the property (or, with `each`, every item) is an id. */
export function IsId(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(ID_PATTERN, {
    message: `$property ${ID_RULE}`,
    context: { ru: ID_RULE_RU },
    ...options,
  });
}

/** class-validator: the property is plain text (see PLAIN_TEXT). */
export function IsPlainText(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(PLAIN_TEXT, {
    message: `$property ${PLAIN_TEXT_RULE}`,
    context: { ru: 'в тексте не должно быть управляющих символов и символов смены направления' },
    ...options,
  });
}
