import type { LocalizedText } from '../../shared/localized-text';
import { undoUnlessRevealed } from '../kit';
import { violation } from '../rule-violation';
import type { UndoInput, UndoVerdict } from '../ruleset';
import { RULES } from './cc-rules-text';

/**
 * Combat Commander's undo: nothing back over a card a player saw (a Fate card revealed by a
 * roll, a hand shown by an Event: «Карты на руке держатся в закрытую…» [1.2]); the engine
 * already stops at every shuffle and draw. A confirmed outcome is no such barrier: both
 * players agreed to it, and they may agree to take it back (the other seat's consent).
 */
const REVEALED: Record<string, LocalizedText> = {
  FateRolled: { en: 'a Fate card revealed for a roll', ru: 'открыта карта Судьбы для броска' },
  HandShown: { en: 'a hand shown by an Event', ru: 'рука показана Событием' },
};

const agreed = undoUnlessRevealed(new Set(), RULES.knowledge);

export function undoCc(input: UndoInput<unknown>): UndoVerdict {
  const blocking = input.since.find((e) => REVEALED[e.type] !== undefined);
  if (!blocking) return agreed(input);
  const what = REVEALED[blocking.type];
  return {
    allowed: false,
    violation: {
      ...violation(
        'undo_blocked',
        {
          en: `Event #${blocking.seq} cannot be taken back: ${what.en}, and a card once seen cannot be unseen`,
          ru: `Событие №${blocking.seq} нельзя отменить: ${what.ru}, а увиденную карту не забыть`,
        },
        RULES.knowledge,
      ),
      blockingSeq: blocking.seq,
    },
  };
}
