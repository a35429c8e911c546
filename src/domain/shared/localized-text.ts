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
