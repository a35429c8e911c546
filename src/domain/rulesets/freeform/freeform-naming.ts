import { describeResultEvent } from './freeform-phrasing';
import type { RulesetNaming } from '../../naming/ruleset-naming';

/** Freeform's words: the table's, and a sentence for each of its own events (a declared result). */
export const FREEFORM_WORDS: RulesetNaming = {
  term: () => undefined,
  describe: (event, lang, names) => describeResultEvent(event, lang, names),
};
