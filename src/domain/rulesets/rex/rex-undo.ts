import type { RecordedEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
import { violation } from '../rule-violation';
import type { UndoBarrier, UndoInput, UndoVerdict } from '../ruleset';
import { rexOptions } from './rex-options';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import type { RexState } from './rex-state';

/**
 * Rex's undo verdicts. Beyond the engine's barriers (rolls, draws, shuffles, reveals of
 * sealed choices), nothing is taken back across a card revealed or looked at, a battle
 * wheel or card revealed, a Traitor revealed, or an Influence transfer (irreversible by
 * rule): REX_UNDO_BARRIERS, which the engine checks with its own. A move or a deployment (any decision) can be undone until the next player acts:
 * its own seat's undo is granted at once, another seat's request (or another player's seal
 * in between) goes to the other seats for consent.
 */

const AUCTION_DEALT: UndoBarrier = {
  why: {
    en: 'Strategy cards were dealt for the auction',
    ru: 'розданы Карты Стратегий для торгов',
  },
  ruleRef: RULES.strategyReshuffle,
};
const BATTLE_CARDS_SEEN: UndoBarrier = {
  why: { en: 'battle cards were revealed', ru: 'вскрыты карты боя' },
  ruleRef: RULES.cardsRevealed,
};

/** Rex's barriers beside the engine's (`Ruleset.undoBarriers`: the engine refuses across them). */
export const REX_UNDO_BARRIERS: Record<string, UndoBarrier> = {
  InfluenceCardRevealed: {
    why: { en: 'an Influence card was revealed', ru: 'открыта карта Влияния' },
    ruleRef: RULES.influencePlacement,
  },
  BombardmentCardRevealed: {
    why: { en: 'a Bombardment card was revealed', ru: 'открыта карта Бомбардировки' },
    ruleRef: RULES.bombardmentDraw,
  },
  BombardmentTopPeeked: {
    why: {
      en: 'Sol looked at the top Bombardment card',
      ru: 'Сол посмотрел верхнюю карту Бомбардировки',
    },
    ruleRef: RULES.solLook,
  },
  AuctionOpened: AUCTION_DEALT,
  AuctionLotsDealt: AUCTION_DEALT,
  AuctionLotPeeked: {
    why: {
      en: 'Jol-Nar looked at a card up for auction',
      ru: 'Жол-Нар посмотрел карту, выставленную на торги',
    },
    ruleRef: RULES.jolnarLook,
  },
  StartingCardsDealt: {
    why: { en: 'starting cards were dealt', ru: 'розданы стартовые карты' },
    ruleRef: RULES.letnevCards,
  },
  BattlePlanRevealed: {
    why: { en: 'a battle wheel was revealed', ru: 'вскрыто Колесо Битвы' },
    ruleRef: RULES.wheelsRevealed,
  },
  BattleCardsRevealed: BATTLE_CARDS_SEEN,
  CardsPlayed: BATTLE_CARDS_SEEN,
  TraitorCallRevealed: {
    why: { en: 'a Traitor call was revealed', ru: 'вскрыт вызов Предателя' },
    ruleRef: RULES.traitor,
  },
  TraitorRevealed: {
    why: { en: 'a Traitor card was revealed', ru: 'вскрыта карта Предателя' },
    ruleRef: RULES.traitor,
  },
  InfluenceTransferred: {
    why: {
      en: 'Influence was given, which cannot be taken back',
      ru: 'передано Влияние, а это необратимо',
    },
    ruleRef: RULES.transfersIrreversible,
  },
  PredictionRevealed: {
    why: { en: 'Xxcha’s prediction was revealed', ru: 'вскрыто предсказание Кззча' },
    ruleRef: RULES.xxchaVictory,
  },
};

function refused(event: RecordedEvent, message: LocalizedText, ruleRef: string): UndoVerdict {
  return {
    allowed: false,
    violation: { ...violation('undo_blocked', message, ruleRef), blockingSeq: event.seq },
  };
}

export function rexUndo({ seat, since, options }: UndoInput<RexState>): UndoVerdict {
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
