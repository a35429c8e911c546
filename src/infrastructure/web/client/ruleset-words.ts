import { own } from '../../../domain/shared/id-record';
import { TABLE_SENTENCES, type DecisionSentence } from '../../../domain/naming/decision-sentences';
import { GENERIC_NAMING, type RulesetNaming } from '../../../domain/naming/ruleset-naming';
import type { SpecialValue, Target } from './play/pickers';
import type { RulesetBoard } from './replay/ruleset-board';
import { rulesetPicker } from './ruleset-pickers';

/**
 * What the pages know of each ruleset's words, in the browser (a match file replays with no
 * server): the words a reader is told (src/domain/naming, shared with the server's phrases),
 * what the play page's choosers offer, and the ruleset's board. Each ruleset's words and board
 * are their own chunk, loaded when a page shows one of its matches.
 */
export interface RulesetWords extends RulesetNaming {
  /**
   * What an id field of a decision kind names where its name alone does not say it (`to`
   * as a seat, a host piece), and the values special to the ruleset (a new sector).
   * `field` is the field's name, inside a list of groups too (`ships` → `to`).
   */
  picker?(
    kind: string,
    field: string,
  ): { targets?: Target[]; specials?: SpecialValue[] } | undefined;
  /** The ruleset's own board (its map or table, its battle panel), drawn instead of the generic zones. */
  board?: RulesetBoard;
}

export const GENERIC_WORDS: RulesetWords = GENERIC_NAMING;

// The words and the board of a ruleset load together (the board's chunk draws with Preact).
const LOADERS: Record<string, () => Promise<RulesetWords>> = {
  rex: () =>
    Promise.all([
      import('../../../domain/rulesets/rex/rex-naming'),
      import('./replay/boards/rex-board'),
    ]).then(([w, b]) => ({ ...w.REX_WORDS, board: b.REX_BOARD })),
  'commanders-path': () =>
    Promise.all([
      import('../../../domain/rulesets/commanders-path/cp-naming'),
      import('./replay/boards/cp-board'),
    ]).then(([w, b]) => ({ ...w.CP_WORDS, board: b.CP_BOARD })),
  'combat-commander': () =>
    Promise.all([
      import('../../../domain/rulesets/combat-commander/cc-naming'),
      import('./replay/boards/cc-board'),
    ]).then(([w, b]) => ({ ...w.CC_WORDS, board: b.CC_BOARD })),
  'sw-strategic': () =>
    Promise.all([
      import('../../../domain/rulesets/sw-strategic/sw-naming'),
      import('./replay/boards/sw-board'),
    ]).then(([w, b]) => ({ ...w.SW_WORDS, board: b.SW_BOARD })),
  'galaxy-league': () =>
    Promise.all([
      import('../../../domain/rulesets/galaxy-league/gl-naming'),
      import('./replay/boards/gl-board'),
    ]).then(([w, b]) => ({ ...w.GL_WORDS, board: b.GL_BOARD })),
  freeform: () =>
    import('../../../domain/rulesets/freeform/freeform-naming').then((w) => w.FREEFORM_WORDS),
};

/**
 * Each ruleset's own decision sentences, in a chunk of their own loaded with its words; the
 * table decisions' sentences stand for a kind a ruleset does not phrase itself.
 */
const RULESET_SENTENCES: Record<string, () => Promise<Record<string, DecisionSentence>>> = {
  rex: () =>
    import('../../../domain/rulesets/rex/rex-decision-sentences').then((m) => m.REX_SENTENCES),
  'commanders-path': () =>
    import('../../../domain/rulesets/commanders-path/cp-decision-sentences').then(
      (m) => m.CP_SENTENCES,
    ),
  'combat-commander': () =>
    import('../../../domain/rulesets/combat-commander/cc-decision-sentences').then(
      (m) => m.CC_SENTENCES,
    ),
  'sw-strategic': () =>
    import('../../../domain/rulesets/sw-strategic/sw-decision-sentences').then(
      (m) => m.SW_SENTENCES,
    ),
  'galaxy-league': () =>
    import('../../../domain/rulesets/galaxy-league/gl-decision-sentences').then(
      (m) => m.GL_SENTENCES,
    ),
};

/** The sentences of a ruleset's decisions: its own over the table decisions'. */
export async function loadDecisionSentences(
  ruleset: string | undefined,
): Promise<Record<string, DecisionSentence>> {
  const load = ruleset ? own(RULESET_SENTENCES, ruleset) : undefined;
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
  const load = own(LOADERS, id);
  try {
    const [words, decisions] = await Promise.all([
      load ? load() : GENERIC_WORDS,
      loadDecisionSentences(id),
    ]);
    const picker = rulesetPicker(id);
    const withSentences = { ...words, decisions, ...(picker ? { picker } : {}) };
    loaded.set(id, withSentences);
    return withSentences;
  } catch {
    // A chunk that fails to load (an old tab after a deploy): the generic words still read.
    return GENERIC_WORDS;
  }
}
