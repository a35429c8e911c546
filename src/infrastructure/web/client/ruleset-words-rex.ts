import { own } from '../../../domain/shared/id-record';
import { FACTIONS, isFaction } from '../../../domain/rulesets/rex/rex-factions';
import { describeRexEvent, REX_TERMS } from '../../../domain/rulesets/rex/rex-phrasing';
import type { RulesetWords } from './ruleset-words';

export const REX_WORDS: RulesetWords = {
  describe: describeRexEvent,
  term: (term, lang) => own(REX_TERMS, term)?.[lang],
  faction: (id) => (isFaction(id) ? FACTIONS[id].name : undefined),
  // An alliance is offered, and Influence given, to a player.
  picker: (kind, field) =>
    field === 'to' && (kind === 'offer-alliance' || kind === 'transfer-influence')
      ? { targets: ['seats'] }
      : undefined,
};
