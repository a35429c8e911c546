import { FACTIONS } from './gl-factions';
import { describeGalaxyLeagueEvent, STAGE_NAMES } from './gl-phrasing';
import { own } from '../../shared/id-record';
import type { RulesetNaming } from '../../naming/ruleset-naming';

/** The league's words: its sentences, its stages and zone kind, its factions' names. */
export const GL_WORDS: RulesetNaming = {
  describe: describeGalaxyLeagueEvent,
  term: (term, lang) =>
    own(STAGE_NAMES, term)?.[lang] ??
    (term === 'planet' ? { en: 'planet', ru: 'планета' }[lang] : undefined),
  faction: (id) => FACTIONS.find((f) => f.id === id)?.name,
  factions: FACTIONS.map((f) => f.id),
};
