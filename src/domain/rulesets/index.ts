import { combatCommanderRuleset } from './combat-commander/combat-commander.ruleset';
import { commandersPathRuleset } from './commanders-path/commanders-path.ruleset';
import { freeformRuleset } from './freeform/freeform.ruleset';
import { galaxyLeagueRuleset } from './galaxy-league/galaxy-league.ruleset';
import { rexRuleset } from './rex/rex.ruleset';
import { swStrategicRuleset } from './sw-strategic/sw-strategic.ruleset';
import type { Ruleset } from './ruleset';

/** Every game this server plays: adding a game is adding it here (docs/adding-a-ruleset.md). */
export const RULESETS: readonly Ruleset[] = [
  freeformRuleset,
  commandersPathRuleset,
  rexRuleset,
  combatCommanderRuleset,
  swStrategicRuleset,
  galaxyLeagueRuleset as Ruleset,
];
