import {
  ccSeatSides,
  ccTerm,
  CC_GENDERS,
  describeCcEvent,
} from '../../../domain/rulesets/combat-commander/cc-phrasing';
import { own } from '../../../domain/shared/id-record';
import type { RulesetWords } from './ruleset-words';

/**
 * Combat Commander's words: its sentences (a trigger's resolution nested under its roll) and
 * terms, its seats' sides (their nationalities) and its piece types' genders.
 */
export const CC_WORDS: RulesetWords = {
  describe: describeCcEvent,
  term: (term, lang) => ccTerm(term, lang),
  seatSides: ccSeatSides,
  gender: (type) => own(CC_GENDERS, type),
};
