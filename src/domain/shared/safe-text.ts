import { Matches, ValidateBy, type ValidationOptions } from 'class-validator';
import type { LocalizedText } from './localized-text';

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
 * Zero-width characters (space U+200B, non-joiner U+200C, joiner U+200D, no-break space or
 * byte-order mark U+FEFF) have a use only inside a word or an emoji sequence: between two
 * letters, marks, digits or pictographs. Anywhere else they only hide something (a name that
 * looks like another, a text that does not search as it reads).
 */
const JOINED = String.raw`[\p{L}\p{M}\p{N}\p{Extended_Pictographic}]`;
const ZERO_WIDTH = String.raw`[\u200B-\u200D\uFEFF]`;
const ZERO_WIDTH_IN_A_WORD = String.raw`(?<=${JOINED})${ZERO_WIDTH}(?=${JOINED})`;
/**
 * Control characters (NUL, escapes, line breaks: \p{Cc}), bidirectional embeddings, overrides
 * and isolates (U+202A-U+202E, U+2066-U+2069), which make a text display as something it is
 * not, and zero-width characters (allowed within a word only, see above).
 */
const UNSAFE = String.raw`\p{Cc}\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF`;

/** Text a person reads as a name or a title: one line, nothing unsafe (see UNSAFE). */
export const PLAIN_TEXT = new RegExp(String.raw`^(?:[^${UNSAFE}]|${ZERO_WIDTH_IN_A_WORD})*$`, 'u');
export const PLAIN_TEXT_RULE =
  'must not contain control, bidirectional-override or (outside a word) zero-width characters';

/**
 * Text a person writes and others read (a claim, a ruling's rationale, a reason, a comment, a
 * note): as PLAIN_TEXT, but it may run over several lines and hold tabs (line feeds, and a
 * carriage return only before one).
 */
export const FREE_TEXT = new RegExp(
  String.raw`^(?:[^${UNSAFE}]|[\n\t]|\r(?=\n)|${ZERO_WIDTH_IN_A_WORD})*$`,
  'u',
);

/** Why a text was refused, in both languages; class-validator prefixes the member's name. */
export const UNSAFE_TEXT_RULE: Record<'plain' | 'free', LocalizedText> = {
  plain: {
    en: PLAIN_TEXT_RULE,
    ru: 'не должно содержать управляющих символов, символов смены направления текста и (вне слова) символов нулевой ширины',
  },
  free: {
    en: 'must not contain control characters other than line breaks and tabs, bidirectional-override characters or (outside a word) zero-width characters',
    ru: 'не должно содержать управляющих символов (кроме переводов строки и табуляции), символов смены направления текста и (вне слова) символов нулевой ширины',
  },
};

/**
 * What a roll is for (counters are kept per purpose, and it is part of each roll's message):
 * letters of any alphabet, digits, `: _ . -` and spaces between them («атака ладьёй»), at most
 * 64 characters; never `|`, which separates the parts of a roll's message.
 */
export const ROLL_PURPOSE_PATTERN =
  /^[\p{L}\p{N}:_.-](?:[\p{L}\p{N} :_.-]{0,62}[\p{L}\p{N}:_.-])?$/u;
export const ROLL_PURPOSE_RULE: LocalizedText = {
  en: 'must be 1-64 letters, digits, spaces between them or : _ . -',
  ru: 'должно состоять из букв, цифр, пробелов между ними или знаков : _ . - (от 1 до 64 символов)',
};

export function isRollPurpose(value: unknown): value is string {
  return typeof value === 'string' && ROLL_PURPOSE_PATTERN.test(value);
}

/** class-validator: the property is a roll's purpose (see ROLL_PURPOSE_PATTERN). */
export function IsRollPurpose(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(ROLL_PURPOSE_PATTERN, {
    message: `$property ${ROLL_PURPOSE_RULE.en}`,
    context: { ru: ROLL_PURPOSE_RULE.ru },
    ...options,
  });
}

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
    message: `$property ${UNSAFE_TEXT_RULE.plain.en}`,
    context: { ru: UNSAFE_TEXT_RULE.plain.ru },
    ...options,
  });
}

/** class-validator: the property is free text that may span lines (see FREE_TEXT). */
export function IsFreeText(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(FREE_TEXT, {
    message: `$property ${UNSAFE_TEXT_RULE.free.en}`,
    context: { ru: UNSAFE_TEXT_RULE.free.ru },
    ...options,
  });
}

/** The name of the HoldsSafeTexts constraint (published schemas add nothing for it). */
export const HOLDS_SAFE_TEXTS = 'holdsSafeTexts';

/**
 * class-validator: every text inside the property, at any depth, is safe: member names as
 * PLAIN_TEXT, string values as FREE_TEXT. For members that hold what the game needs as free
 * JSON (a piece's attributes), shown to people as they were given.
 */
export function HoldsSafeTexts(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: HOLDS_SAFE_TEXTS,
      validator: {
        validate: (value: unknown) => holdsSafeTexts(value, 0),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'}: its names and texts ${UNSAFE_TEXT_RULE.free.en}`,
      },
    },
    { context: { ru: `имена и тексты ${UNSAFE_TEXT_RULE.free.ru}` }, ...options },
  );
}

/** Deeper values are refused by the body parser (MAX_JSON_DEPTH); here they are not walked. */
const MAX_TEXT_DEPTH = 64;

function holdsSafeTexts(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return FREE_TEXT.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_TEXT_DEPTH) return true;
  if (Array.isArray(value)) return value.every((item) => holdsSafeTexts(item, depth + 1));
  return Object.entries(value).every(
    ([name, item]) => PLAIN_TEXT.test(name) && holdsSafeTexts(item, depth + 1),
  );
}
