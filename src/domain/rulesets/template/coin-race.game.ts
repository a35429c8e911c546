import type { Game } from '../game';
import type { Ruleset } from '../ruleset';
import { COIN_RACE_WORDS } from './coin-race-naming';
import { COIN_RACE_SENTENCES } from './coin-race-decision-sentences';
import { coinRaceRuleset } from './coin-race.ruleset';

/** Coin Race, the template game, registered only in tests, as the manifest lists it (../games.ts). */
export const COIN_RACE_GAME: Game = {
  ruleset: coinRaceRuleset as Ruleset,
  naming: COIN_RACE_WORDS,
  sentences: COIN_RACE_SENTENCES,
};
