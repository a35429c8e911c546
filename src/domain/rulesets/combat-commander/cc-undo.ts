import { undoUnlessRevealed } from '../kit';
import type { UndoBarrier } from '../ruleset';
import { RULES } from './cc-rules-text';

/**
 * Combat Commander's undo: nothing back over a card a player saw (a Fate card revealed by a
 * roll, a hand shown by an Event: «Карты на руке держатся в закрытую…» [1.2]), Combat
 * Commander's barriers beside the engine's, which already stops at every shuffle and draw. A
 * confirmed outcome is no such barrier: both players agreed to it, and they may agree to take
 * it back (the other seat's consent).
 */
export const CC_UNDO_BARRIERS: Record<string, UndoBarrier> = {
  FateRolled: {
    why: { en: 'a Fate card was revealed for a roll', ru: 'открыта карта Судьбы для броска' },
    ruleRef: RULES.knowledge,
  },
  HandShown: {
    why: { en: 'a hand was shown by an Event', ru: 'рука показана Событием' },
    ruleRef: RULES.knowledge,
  },
};

export const undoCc = undoUnlessRevealed(new Set(), RULES.knowledge);
