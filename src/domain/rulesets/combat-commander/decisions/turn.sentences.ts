import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** A Turn's decisions: cards played for their Orders and Actions, discards. */
export const TURN_SENTENCES: Record<string, DecisionSentence> = {
  begin: () => ({
    en: 'shuffles the Fate decks and deals the hands',
    ru: 'тасует колоды Судьбы и раздаёт руки',
  }),
  order: (p) =>
    has(p, 'card', 'leader')
      ? has(p, 'units')
        ? {
            en: 'plays {card} as an Order: the Command of {leader} activates {units}',
            ru: 'отдаёт Приказ: {card} → Командование: {leader} → {units}',
          }
        : {
            en: 'plays {card} as an Order through the Command of {leader}',
            ru: 'отдаёт Приказ: {card} → Командование: {leader}',
          }
      : has(p, 'card')
        ? has(p, 'units')
          ? { en: 'plays {card} as an Order for {units}', ru: 'отдаёт Приказ: {card} → {units}' }
          : { en: 'plays {card} as an Order', ru: 'отдаёт Приказ: {card}' }
        : undefined,
  action: (p) =>
    has(p, 'card', 'pieces', 'leader')
      ? {
          en: 'plays {card} as an Action for {pieces} through the Command of {leader}',
          ru: 'разыгрывает Действие: {card} → {pieces} (Командование: {leader})',
        }
      : has(p, 'card')
        ? has(p, 'pieces')
          ? {
              en: 'plays {card} as an Action for {pieces}',
              ru: 'разыгрывает Действие: {card} → {pieces}',
            }
          : { en: 'plays {card} as an Action', ru: 'разыгрывает Действие: {card}' }
        : undefined,
  discard: (p) =>
    has(p, 'cards')
      ? { en: 'discards {cards}', ru: 'сбрасывает: {cards}' }
      : { en: 'discards no card', ru: 'не сбрасывает карт' },
  'end-turn': () => ({ en: 'ends the Turn and draws up', ru: 'заканчивает Ход и добирает карты' }),
};
