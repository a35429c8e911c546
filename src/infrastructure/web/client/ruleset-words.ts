import { own } from '../../../domain/shared/id-record';
import type { Gender, PhraseNames } from '../../../domain/match/event-phrases';
import type { RecordedEvent } from '../../../domain/events/recorded-event';
import type { Lang } from '../../../domain/rulesets/ruleset';
import type { LocalizedText } from '../../../domain/shared/localized-text';
import type { SpecialValue, Target } from './play/pickers';
import type { RulesetBoard } from './replay/ruleset-board';
import { loadDecisionSentences, type DecisionSentence } from './replay/decision-sentences';

/**
 * What the viewer knows of each ruleset's words, in the browser (a match file replays with
 * no server): its sentences for its own events, its terms (phases, zone kinds, dice
 * purposes, causes) and its factions' names. Each ruleset's words are their own chunk,
 * loaded when a page shows one of its matches.
 */
export interface RulesetWords {
  describe?(event: RecordedEvent, lang: Lang, names: PhraseNames): string | undefined;
  term(term: string, lang: Lang, names: PhraseNames): string | undefined;
  faction?(id: string): LocalizedText | undefined;
  /** What a seat did, by decision kind (replay/decision-sentences.ts loads them with the words). */
  decisions?: Record<string, DecisionSentence>;
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
  /** Names the ruleset's own events give pieces (a registered deck's cards, to whoever may see them). */
  pieceNames?(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]>;
  /** The sides the ruleset's own events give seats (a scenario's nationalities), by seat. */
  seatSides?(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]>;
  /** The gender of a piece type's pieces' Russian names, where the piece records none. */
  gender?(type: string): Gender | undefined;
}

export const GENERIC_WORDS: RulesetWords = { term: () => undefined };

// The words and the board of a ruleset load together (the board's chunk draws with Preact).
const LOADERS: Record<string, () => Promise<RulesetWords>> = {
  rex: () =>
    Promise.all([import('./ruleset-words-rex'), import('./replay/boards/rex-board')]).then(
      ([w, b]) => ({ ...w.REX_WORDS, board: b.REX_BOARD }),
    ),
  'commanders-path': () =>
    Promise.all([import('./ruleset-words-cp'), import('./replay/boards/cp-board')]).then(
      ([w, b]) => ({ ...w.CP_WORDS, board: b.CP_BOARD }),
    ),
  'combat-commander': () =>
    Promise.all([import('./ruleset-words-cc'), import('./replay/boards/cc-board')]).then(
      ([w, b]) => ({ ...w.CC_WORDS, board: b.CC_BOARD }),
    ),
  'sw-strategic': () =>
    Promise.all([import('./ruleset-words-sw'), import('./replay/boards/sw-board')]).then(
      ([w, b]) => ({ ...w.SW_WORDS, board: b.SW_BOARD }),
    ),
  'galaxy-league': () =>
    Promise.all([import('./ruleset-words-gl'), import('./replay/boards/gl-board')]).then(
      ([w, b]) => ({ ...w.GL_WORDS, board: b.GL_BOARD }),
    ),
};

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
    const withSentences = { ...words, decisions };
    loaded.set(id, withSentences);
    return withSentences;
  } catch {
    // A chunk that fails to load (an old tab after a deploy): the generic words still read.
    return GENERIC_WORDS;
  }
}
