import { own } from '@domain/shared/id-record';
import type { DecisionSentence } from '@domain/naming/decision-sentences';
import type { RulesetNaming } from '@domain/naming/ruleset-naming';
import type { RulesetBoard } from './board-kit/ruleset-board';
import { COMMANDERS_PATH_PICKER, REX_PICKER, type RulesetPicker } from './ruleset-pickers';

/**
 * What the web client knows of one game beyond the generic table. Each loader is a chunk of
 * its own, fetched when a page shows one of the game's matches.
 */
export interface ClientGame {
  /** The words a reader is told (src/domain/naming, shared with the server's phrases). */
  words: () => Promise<RulesetNaming>;
  /** Its own board (its map or table, its battle panel), drawn instead of the generic zones. */
  board?: () => Promise<RulesetBoard>;
  /** Its own decision sentences; the table decisions' stand for the kinds it leaves out. */
  sentences?: () => Promise<Record<string, DecisionSentence>>;
  /** What an id field of its decision kinds names where the field's name does not say it. */
  picker?: RulesetPicker;
}

/**
 * The client's one registry of games, keyed by ruleset id: every game the server lists
 * (RULESETS in src/domain/rulesets) has its entry here (test/lint/structure.spec.ts checks it).
 */
export const GAMES: Record<string, ClientGame> = {
  freeform: {
    words: () => import('@domain/rulesets/freeform/freeform-naming').then((m) => m.FREEFORM_WORDS),
  },
  'commanders-path': {
    words: () => import('@domain/rulesets/commanders-path/cp-naming').then((m) => m.CP_WORDS),
    board: () => import('./replay/boards/cp-board').then((m) => m.CP_BOARD),
    sentences: () =>
      import('@domain/rulesets/commanders-path/cp-decision-sentences').then((m) => m.CP_SENTENCES),
    picker: COMMANDERS_PATH_PICKER,
  },
  rex: {
    words: () => import('@domain/rulesets/rex/rex-naming').then((m) => m.REX_WORDS),
    board: () => import('./replay/boards/rex-board').then((m) => m.REX_BOARD),
    sentences: () =>
      import('@domain/rulesets/rex/rex-decision-sentences').then((m) => m.REX_SENTENCES),
    picker: REX_PICKER,
  },
  'combat-commander': {
    words: () => import('@domain/rulesets/combat-commander/cc-naming').then((m) => m.CC_WORDS),
    board: () => import('./replay/boards/cc-board').then((m) => m.CC_BOARD),
    sentences: () =>
      import('@domain/rulesets/combat-commander/cc-decision-sentences').then((m) => m.CC_SENTENCES),
  },
  'sw-strategic': {
    words: () => import('@domain/rulesets/sw-strategic/sw-naming').then((m) => m.SW_WORDS),
    board: () => import('./replay/boards/sw-board').then((m) => m.SW_BOARD),
    sentences: () =>
      import('@domain/rulesets/sw-strategic/sw-decision-sentences').then((m) => m.SW_SENTENCES),
  },
  'galaxy-league': {
    words: () => import('@domain/rulesets/galaxy-league/gl-naming').then((m) => m.GL_WORDS),
    board: () => import('./replay/boards/gl-board').then((m) => m.GL_BOARD),
    sentences: () =>
      import('@domain/rulesets/galaxy-league/gl-decision-sentences').then((m) => m.GL_SENTENCES),
  },
};

/** The game's entry, if the client knows it (an id from a match or a file may be anything). */
export function clientGame(id: string | undefined): ClientGame | undefined {
  return id ? own(GAMES, id) : undefined;
}
