import type { Game } from '../game';
import { CP_WORDS } from './cp-naming';
import { CP_SENTENCES } from './cp-decision-sentences';
import { commandersPathRuleset } from './commanders-path.ruleset';

/** Commanders Path as the manifest lists it (../games.ts). */
export const COMMANDERS_PATH_GAME: Game = {
  ruleset: commandersPathRuleset,
  naming: CP_WORDS,
  sentences: CP_SENTENCES,
};
