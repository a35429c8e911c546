import type { Game } from '../game';
import { FREEFORM_WORDS } from './freeform-naming';
import { freeformRuleset } from './freeform.ruleset';

/** Freeform as the manifest lists it (../games.ts): its decisions are the table's, said by theirs. */
export const FREEFORM_GAME: Game = {
  ruleset: freeformRuleset,
  naming: FREEFORM_WORDS,
  sentences: {},
};
