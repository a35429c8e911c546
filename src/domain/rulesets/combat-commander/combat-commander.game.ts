import type { Game } from '../game';
import { CC_WORDS } from './cc-naming';
import { CC_SENTENCES } from './cc-decision-sentences';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/** Combat Commander as the manifest lists it (../games.ts). */
export const COMBAT_COMMANDER_GAME: Game = {
  ruleset: combatCommanderRuleset,
  naming: CC_WORDS,
  sentences: CC_SENTENCES,
};
