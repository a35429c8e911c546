import { ccTerm, describeCcEvent } from '../../../domain/rulesets/combat-commander/cc-phrasing';
import type { RulesetWords } from './ruleset-words';

/** Combat Commander's words: its sentences (a trigger's resolution nested under its roll) and terms. */
export const CC_WORDS: RulesetWords = {
  describe: describeCcEvent,
  term: (term, lang) => ccTerm(term, lang),
};
