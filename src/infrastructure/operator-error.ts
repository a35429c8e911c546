import { englishOf, type LocalizedText, type Message } from '../domain/shared/localized-text';

/**
 * A refusal an operator reads in a terminal or a journal (a tool's, or the start's): in both
 * languages, printed in the CLI's (the locale's, or `--lang`); `message` is the English form.
 */
export class OperatorError extends Error {
  constructor(readonly text: Message) {
    super(englishOf(text));
  }

  /** The text in `lang`. */
  in(lang: keyof LocalizedText): string {
    return typeof this.text === 'string' ? this.text : this.text[lang];
  }
}
