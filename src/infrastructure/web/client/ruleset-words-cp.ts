import { cpTerm, describeCpEvent } from '../../../domain/rulesets/commanders-path/cp-phrasing';
import type { RulesetWords } from './ruleset-words';

export const CP_WORDS: RulesetWords = {
  describe: describeCpEvent,
  term: (term, lang, names) => cpTerm(term, lang, names),
};
