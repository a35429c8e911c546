import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { LocalizedText } from '../../shared/localized-text';
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

const BARRIERS: Record<string, { why: LocalizedText; ruleRef: string }> = {
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
  AuctionOpened: {
    why: {
      en: 'Strategy cards were dealt for the auction',
      ru: 'розданы Карты Стратегий для торгов',
    },
    ruleRef: RULES.strategyReshuffle,
  },
  AuctionLotsDealt: {
    why: {
      en: 'Strategy cards were dealt for the auction',
      ru: 'розданы Карты Стратегий для торгов',
    },
    ruleRef: RULES.strategyReshuffle,
  },
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
  BattleCardsRevealed: {
    why: { en: 'battle cards were revealed', ru: 'вскрыты карты боя' },
    ruleRef: RULES.cardsRevealed,
  },
  CardsPlayed: {
    why: { en: 'battle cards were revealed', ru: 'вскрыты карты боя' },
    ruleRef: RULES.cardsRevealed,
  },
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

export function rexUndo({ seat, since }: UndoInput<RexState>): UndoVerdict {
  const barrier = since.find((e) => own(BARRIERS, e.type));
  if (barrier) {
    const { why, ruleRef } = own(BARRIERS, barrier.type)!;
    return refused(
      barrier,
      {
        en: `${barrier.type} at seq ${barrier.seq}: ${why.en}; it cannot be undone`,
        ru: `Событие №${barrier.seq}: ${why.ru}; это не отменить`,
      },
      ruleRef,
    );
  }
  const acted = since.find(
    (e) => e.type === 'DecisionMade' && (e.data as { seat?: string }).seat !== seat,
  );
  if (acted)
    return refused(
      acted,
      {
        en: `${(acted.data as { seat?: string }).seat} acted at seq ${acted.seq}: a move or deployment can be undone only until the next player acts`,
        ru: `После этого уже действовал другой игрок (событие №${acted.seq}): ход или развёртывание отменяют, только пока следующий игрок не начал действовать`,
      },
      RULESET_CHOICES.undoUntilNextPlayer,
    );
  const sealedByOthers = since.some(
    (e) => e.type === 'DecisionSealed' && (e.data as { seat?: string }).seat !== seat,
  );
  return { allowed: true, needsConsent: sealedByOthers };
}
