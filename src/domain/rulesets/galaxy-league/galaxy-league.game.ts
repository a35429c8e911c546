import type { Game } from '../game';
import type { Ruleset } from '../ruleset';
import { GL_WORDS } from './gl-naming';
import { GL_SENTENCES } from './gl-decision-sentences';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';

/** Galaxy League as the manifest lists it (../games.ts). */
export const GALAXY_LEAGUE_GAME: Game = {
  ruleset: galaxyLeagueRuleset as Ruleset,
  naming: GL_WORDS,
  sentences: GL_SENTENCES,
};
