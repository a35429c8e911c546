import type { RecordedEvent } from '../../events/recorded-event';
import { violation } from '../rule-violation';
import type { UndoInput, UndoVerdict } from '../ruleset';

/**
 * The usual undo rule: refused across an event of `revealing` (what a player saw cannot be
 * un-seen; rolls, draws, shuffles and seals are refused by the engine for every game),
 * granted without consent for an own decision not yet followed by anything, else the other
 * seats must agree.
 */
export function undoUnlessRevealed(revealing: ReadonlySet<string>, ruleRef?: string) {
  return function undo({ seat, since }: UndoInput<unknown>): UndoVerdict {
    const blocking = since.find((event) => revealing.has(event.type));
    if (blocking) {
      return {
        allowed: false,
        violation: {
          ...violation(
            'undo_blocked',
            {
              en: `${blocking.type} at seq ${blocking.seq} cannot be taken back`,
              ru: `Событие №${blocking.seq} отменить нельзя: то, что после него увидели, уже не забыть`,
            },
            ruleRef,
          ),
          blockingSeq: blocking.seq,
        },
      };
    }
    return { allowed: true, needsConsent: !isOwnSingleDecision(since, seat) };
  };
}

/** An own decision not yet followed by anything may be undone without consent. */
function isOwnSingleDecision(since: readonly RecordedEvent[], seat: string): boolean {
  const decisionIds = new Set(since.map((e) => e.meta.decisionId));
  return decisionIds.size === 1 && since.every((e) => e.meta.actor.seat === seat);
}
