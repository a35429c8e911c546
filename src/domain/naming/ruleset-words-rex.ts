import { own } from '../shared/id-record';
import { FACTIONS, isFaction } from '../rulesets/rex/rex-factions';
import { describeRexEvent, REX_TERMS } from '../rulesets/rex/rex-phrasing';
import type { RulesetNaming } from './ruleset-naming';

export const REX_WORDS: RulesetNaming = {
  describe: describeRexEvent,
  term: (term, lang) => own(REX_TERMS, term)?.[lang],
  faction: (id) => (isFaction(id) ? FACTIONS[id].name : undefined),
};
