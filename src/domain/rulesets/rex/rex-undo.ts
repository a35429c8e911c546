import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { LocalizedText, Message } from '../../shared/localized-text';
import { violation } from '../rule-violation';
import type { UndoInput, UndoVerdict } from '../ruleset';
import { rexOptions } from './rex-options';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import type { RexState } from './rex-state';

/**
 * Rex's undo verdicts. Beyond the engine's barriers (rolls, draws, shuffles, reveals of
 * sealed choices), nothing is taken back across a card revealed or looked at, a battle
 * wheel or card revealed, a Traitor revealed, or an Influence transfer (irreversible by
 * rule). A move or a deployment (any decision) can be undone until the next player acts:
 * its own seat's undo is granted at once, another seat's request (or another player's seal
 * in between) goes to the other seats for consent.
 */

const BARRIERS: Record<string, { why: string; ruleRef: string }> = {
  InfluenceCardRevealed: {
    why: 'an Influence card was revealed',
    ruleRef: RULES.influencePlacement,
  },
  BombardmentCardRevealed: {
    why: 'a Bombardment card was revealed',
    ruleRef: RULES.bombardmentDraw,
  },
  BombardmentTopPeeked: { why: 'Sol looked at the top Bombardment card', ruleRef: RULES.solLook },
  AuctionOpened: {
    why: 'Strategy cards were dealt for the auction',
    ruleRef: RULES.strategyReshuffle,
  },
  AuctionLotsDealt: {
    why: 'Strategy cards were dealt for the auction',
    ruleRef: RULES.strategyReshuffle,
  },
  AuctionLotPeeked: { why: 'Jol-Nar looked at a card up for auction', ruleRef: RULES.jolnarLook },
  StartingCardsDealt: { why: 'starting cards were dealt', ruleRef: RULES.letnevCards },
  BattlePlanRevealed: { why: 'a battle wheel was revealed', ruleRef: RULES.wheelsRevealed },
  BattleCardsRevealed: { why: 'battle cards were revealed', ruleRef: RULES.cardsRevealed },
  CardsPlayed: { why: 'battle cards were revealed', ruleRef: RULES.cardsRevealed },
  TraitorCallRevealed: { why: 'a Traitor call was revealed', ruleRef: RULES.traitor },
  TraitorRevealed: { why: 'a Traitor card was revealed', ruleRef: RULES.traitor },
  InfluenceTransferred: {
    why: 'Influence was given, which cannot be taken back',
    ruleRef: RULES.transfersIrreversible,
  },
  PredictionRevealed: { why: 'Xxcha’s prediction was revealed', ruleRef: RULES.xxchaVictory },
};

function refused(event: RecordedEvent, message: Message, ruleRef: string): UndoVerdict {
  return {
    allowed: false,
    violation: { ...violation('undo_blocked', message, ruleRef), blockingSeq: event.seq },
  };
}

export function rexUndo({ seat, since, options }: UndoInput<RexState>): UndoVerdict {
  const barrier = since.find((e) => own(BARRIERS, e.type));
  if (barrier) {
    const { why, ruleRef } = own(BARRIERS, barrier.type)!;
    return refused(
      barrier,
      `${barrier.type} at seq ${barrier.seq}: ${why}; it cannot be undone`,
      ruleRef,
    );
  }
  // The move being taken back is the first decision after toSeq; whoever decides after it
  // (another seat) is the next player, who has acted on it.
  const decisions = since.filter((e) => e.type === 'DecisionMade');
  const mover = decisions.length > 0 ? seatOf(decisions[0]) : undefined;
  const acted = decisions.find((e) => seatOf(e) !== mover);
  if (acted) {
    const text = nextPlayerActed(decisions[0].seq, acted.seq);
    return refused(acted, text, RULESET_CHOICES.undoUntilNextPlayer);
  }
  // Another seat's move (or a seal of another seat in between) is taken back only with the
  // other seats' consent: "a judge issues it, or the players agree".
  const sealedByOthers = since.some((e) => e.type === 'DecisionSealed' && seatOf(e) !== seat);
  const othersMove = mover !== undefined && mover !== seat;
  if (othersMove && rexOptions(options ?? {}).undoOthersMove === 'mover-only')
    return refused(
      decisions[0],
      onlyTheMover(decisions[0].seq),
      RULESET_CHOICES.undoUntilNextPlayer,
    );
  return { allowed: true, needsConsent: sealedByOthers || othersMove };
}

function seatOf(event: RecordedEvent): string | undefined {
  return (event.data as { seat?: string }).seat;
}

/** Under undoOthersMove = mover-only: another player's move is not taken back at one's asking. */
function onlyTheMover(moveSeq: number): LocalizedText {
  return {
    en: `Only the player who made the move at #${moveSeq} may ask to take it back (the match’s option on taking back another race’s move)`,
    ru: `Отменить ход #${moveSeq} может попросить только сделавший его игрок (параметр матча «Просьба отменить ход другой расы»)`,
  };
}

/** Why a move cannot be taken back any more: the next player has acted on it. */
function nextPlayerActed(moveSeq: number, actedSeq: number): LocalizedText {
  return {
    en: `The next player acted at #${actedSeq} after the move at #${moveSeq}: a move can be undone only until the next player acts`,
    ru: `После хода #${moveSeq} следующий игрок уже сделал свой (#${actedSeq}): ход можно отменить, только пока следующий игрок не сделал свой`,
  };
}
