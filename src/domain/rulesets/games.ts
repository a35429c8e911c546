import type { Game } from './game';
import type { Ruleset } from './ruleset';
import { COMBAT_COMMANDER_GAME } from './combat-commander/combat-commander.game';
import { COMMANDERS_PATH_GAME } from './commanders-path/commanders-path.game';
import { FREEFORM_GAME } from './freeform/freeform.game';
import { GALAXY_LEAGUE_GAME } from './galaxy-league/galaxy-league.game';
import { REX_GAME } from './rex/rex.game';
import { SW_STRATEGIC_GAME } from './sw-strategic/sw-strategic.game';

/**
 * Every game this server plays, one line each: adding a game is copying the template folder
 * and adding its `<game>.game.ts` here (docs/adding-a-ruleset.md). The template itself is
 * registered only in tests (test/lint/structure.spec.ts checks both).
 */
export const GAMES: readonly Game[] = [
  FREEFORM_GAME,
  COMMANDERS_PATH_GAME,
  REX_GAME,
  COMBAT_COMMANDER_GAME,
  SW_STRATEGIC_GAME,
  GALAXY_LEAGUE_GAME,
];

/** The games' rulesets, in the manifest's order. */
export const RULESETS: readonly Ruleset[] = GAMES.map((game) => game.ruleset);
