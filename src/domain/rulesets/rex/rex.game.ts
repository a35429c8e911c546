import type { Game } from '../game';
import { REX_WORDS } from './rex-naming';
import { REX_SENTENCES } from './rex-decision-sentences';
import { rexRuleset } from './rex.ruleset';

/** Rex: Final Days of an Empire as the manifest lists it (../games.ts). */
export const REX_GAME: Game = { ruleset: rexRuleset, naming: REX_WORDS, sentences: REX_SENTENCES };
