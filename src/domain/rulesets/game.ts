import type { DecisionSentence } from '../naming/decision-sentences';
import type { RulesetNaming } from '../naming/ruleset-naming';
import type { Ruleset } from './ruleset';

/**
 * One game as the manifest (games.ts) lists it: its rules and the words a reader is told.
 * Each game folder holds one in its `<game>.game.ts`.
 */
export interface Game {
  ruleset: Ruleset;
  /** Its sentences for its own events, its terms, factions and names (decisions aside). */
  naming: RulesetNaming;
  /** What a seat did, by the game's own decision kinds; the table decisions' stand for the rest. */
  sentences: Readonly<Record<string, DecisionSentence>>;
}
