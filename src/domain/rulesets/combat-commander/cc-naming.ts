import { ccSeatSides, ccTerm, CC_GENDERS, describeCcEvent } from './cc-phrasing';
import { own } from '../../shared/id-record';
import type { RulesetNaming } from '../../naming/ruleset-naming';

/**
 * Combat Commander's words: its sentences (a trigger's resolution nested under its roll) and
 * terms, its seats' sides (their nationalities) and its piece types' genders.
 */
export const CC_WORDS: RulesetNaming = {
  describe: describeCcEvent,
  term: (term, lang) => ccTerm(term, lang),
  seatSides: ccSeatSides,
  gender: (type) => own(CC_GENDERS, type),
};
