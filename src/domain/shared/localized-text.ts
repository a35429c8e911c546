/** Users are Russian-speaking clubs and tournaments: every name a person reads has both forms. */
export interface LocalizedText {
  en: string;
  ru: string;
}
