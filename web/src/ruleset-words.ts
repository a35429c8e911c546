import { TABLE_SENTENCES, type DecisionSentence } from '@domain/naming/decision-sentences';
import { GENERIC_NAMING, type RulesetNaming } from '@domain/naming/ruleset-naming';
import type { RulesetBoard } from './board-kit/ruleset-board';
import { clientGame } from './games';
import type { RulesetPicker } from './ruleset-pickers';

/**
 * What the pages know of each ruleset's words, in the browser (a match file replays with no
 * server): the words a reader is told (src/domain/naming, shared with the server's phrases),
 * what the play page's choosers offer, and the ruleset's board, as games.ts registers them.
 * Each ruleset's words and board are their own chunk, loaded when a page shows one of its
 * matches.
 */
export interface RulesetWords extends RulesetNaming {
  /**
   * What an id field of a decision kind names where its name alone does not say it (`to`
   * as a seat, a host piece), and the values special to the ruleset (a new sector).
   * `field` is the field's name, inside a list of groups too (`ships` → `to`).
   */
  picker?: RulesetPicker;
  /** The ruleset's own board (its map or table, its battle panel), drawn instead of the generic zones. */
  board?: RulesetBoard;
}

export const GENERIC_WORDS: RulesetWords = GENERIC_NAMING;

/** The sentences of a ruleset's decisions: its own over the table decisions'. */
export async function loadDecisionSentences(
  ruleset: string | undefined,
): Promise<Record<string, DecisionSentence>> {
  const load = clientGame(ruleset)?.sentences;
  return { ...TABLE_SENTENCES, ...(load ? await load() : {}) };
}

const loaded = new Map<string, RulesetWords>();

/** The ruleset's words once loaded (`loadRulesetWords`), the generic ones until then. */
export function rulesetWords(id: string | undefined): RulesetWords {
  return (id && loaded.get(id)) || GENERIC_WORDS;
}

export async function loadRulesetWords(id: string | undefined): Promise<RulesetWords> {
  if (!id) return GENERIC_WORDS;
  const known = loaded.get(id);
  if (known) return known;
  const game = clientGame(id);
  try {
    // The words and the board load together (the board's chunk draws with Preact).
    const [words, board, decisions] = await Promise.all([
      game ? game.words() : GENERIC_WORDS,
      game?.board?.(),
      loadDecisionSentences(id),
    ]);
    const picker = game?.picker;
    const withSentences: RulesetWords = {
      ...words,
      decisions,
      ...(board ? { board } : {}),
      ...(picker ? { picker } : {}),
    };
    loaded.set(id, withSentences);
    return withSentences;
  } catch {
    // A chunk that fails to load (an old tab after a deploy): the generic words still read.
    return GENERIC_WORDS;
  }
}
