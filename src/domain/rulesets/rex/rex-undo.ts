import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import { violation } from '../rule-violation';
import type { UndoInput, UndoVerdict } from '../ruleset';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import type { RexState } from './rex-state';

/**
 * Rex's undo verdicts. Beyond the engine's barriers (rolls, draws, shuffles, reveals of
 * sealed choices), nothing is taken back across a card revealed or looked at, a battle
 * wheel or card revealed, a Traitor revealed, or an Influence transfer (irreversible by
 * rule). A move or a deployment (any own decision) can be undone until the next player
 * acts; another player's seal in between needs that player's consent.
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

function refused(event: RecordedEvent, message: string, ruleRef: string): UndoVerdict {
  return {
    allowed: false,
    violation: { ...violation('undo_blocked', message, ruleRef), blockingSeq: event.seq },
  };
}

export function rexUndo({ seat, since }: UndoInput<RexState>): UndoVerdict {
  const barrier = since.find((e) => own(BARRIERS, e.type));
  if (barrier) {
    const { why, ruleRef } = own(BARRIERS, barrier.type)!;
    return refused(
      barrier,
      `${barrier.type} at seq ${barrier.seq}: ${why}; it cannot be undone`,
      ruleRef,
    );
  }
  const acted = since.find(
    (e) => e.type === 'DecisionMade' && (e.data as { seat?: string }).seat !== seat,
  );
  if (acted)
    return refused(
      acted,
      `${(acted.data as { seat?: string }).seat} acted at seq ${acted.seq}: a move or deployment can be undone only until the next player acts`,
      RULESET_CHOICES.undoUntilNextPlayer,
    );
  const sealedByOthers = since.some(
    (e) => e.type === 'DecisionSealed' && (e.data as { seat?: string }).seat !== seat,
  );
  return { allowed: true, needsConsent: sealedByOthers };
}
