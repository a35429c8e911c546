/** Users are Russian-speaking clubs and tournaments: every name a person reads has both forms. */
export interface LocalizedText {
  en: string;
  ru: string;
}

/** A person-facing message: both forms, or a plain string that is English only (not yet translated). */
export type Message = string | LocalizedText;

/** The English form: what logs, `Error.message` and English readers get. */
export function englishOf(message: Message): string {
  return typeof message === 'string' ? message : message.en;
}

/** Both forms, or undefined when the message is English only. */
export function localizedOf(message: Message): LocalizedText | undefined {
  return typeof message === 'string' ? undefined : { en: message.en, ru: message.ru };
}

/**
 * "5 Войск": a count with the Russian noun form it takes (one: 1, 21; few: 2-4, 22-24;
 * many: 0, 5-20, 25...).
 */
export function ruCount(count: number, one: string, few: string, many: string): string {
  const mod10 = Math.abs(count) % 10;
  const mod100 = Math.abs(count) % 100;
  const form =
    mod10 === 1 && mod100 !== 11
      ? one
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? few
        : many;
  return `${count} ${form}`;
}

/** The text with its first letter in capitals (a phrase that opens a sentence or a list). */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Both languages of a text with the first letter in capitals. */
export function capital(text: LocalizedText): LocalizedText {
  return { en: upperFirst(text.en), ru: upperFirst(text.ru) };
}

/** Names as a list of choices shows them: each starting with a capital letter. */
export function choiceNames<K extends string>(
  names: Readonly<Record<K, LocalizedText>>,
): Record<K, LocalizedText> {
  return Object.fromEntries(
    Object.entries<LocalizedText>(names).map(([key, name]) => [key, capital(name)]),
  ) as Record<K, LocalizedText>;
}

/** "1 unit" / "3 units": the English count. */
export function enCount(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
