import type { RulesetNaming } from '../../naming/ruleset-naming';
import { describeCoinRaceEvent } from './coin-race-phrasing';

/**
 * The words a reader is told: a sentence for each of the game's own events and its terms
 * (phases, dice purposes, zone kinds of its own); the generic phrasing says the table's events.
 */
export const COIN_RACE_WORDS: RulesetNaming = {
  describe: (event, lang) => describeCoinRaceEvent(event, lang),
  term: (term, lang) => (term === 'coin' ? { en: 'coin', ru: 'монета' }[lang] : undefined),
};
