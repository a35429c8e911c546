import type { Game } from '../game';
import { SW_WORDS } from './sw-naming';
import { SW_SENTENCES } from './sw-decision-sentences';
import { swStrategicRuleset } from './sw-strategic.ruleset';

/** The Star Wars strategic missions as the manifest lists it (../games.ts). */
export const SW_STRATEGIC_GAME: Game = {
  ruleset: swStrategicRuleset,
  naming: SW_WORDS,
  sentences: SW_SENTENCES,
};
