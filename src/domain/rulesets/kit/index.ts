/**
 * The ruleset kit: what every game is written with. A ruleset imports only this kit, the
 * table model (`table/`) and the interface (`ruleset.ts`, `rule-violation.ts`); ESLint
 * refuses imports of the engine's internals (`match/`) or of another game's folder.
 * docs/adding-a-ruleset.md walks through a new game; `template/` is one to copy.
 *
 * Modules the replay viewer bundles (options, rules texts, phrasing) import `kit/options` and
 * `kit/rules-text` directly: this index also brings the table decisions' decorated DTOs, which
 * need reflect-metadata, and the browser has none.
 */
export { decisionsOn, type KitDecisionSpec } from './decision';
export { Draft, type DraftGame } from './draft';
export { Field } from './field-doc';
export { defineOptions, readOptions, type OptionsOf, type OptionValueOf } from './options';
export { refuse } from './refuse';
export { seatName } from './seat-name';
export { pieceName, zoneName } from './table-names';
export type { LocalizedText, Message } from '../../shared/localized-text';
export { enCount, ruCount } from '../../shared/localized-text';
export { quotesNotInSource, ruleRef } from './rules-text';
export { handZoneId, TABLE_DECISIONS, toPieceSpec, toZoneSpec } from './table-decisions';
export { undoUnlessRevealed } from './undo';
/** The engine's events a game reads in its own evolve. */
export type {
  DecisionMadeData,
  DecisionSealedData,
  MatchCitedData,
  MatchFinishedData,
  SealRevealedData,
} from '../../match/match-events';
/** The names a game's sentences use (players, sides, zones, ...), as the engine passes them. */
export type { PhraseNames } from '../../naming/event-phrases';
