import { has, type DecisionSentence } from '../../naming/decision-sentences';

/**
 * Combat Commander: Europe. A trigger reads in Russian as the text translates its printed word
 * («Sniper!» is «Снайпер!»).
 */
export const CC_SENTENCES: Record<string, DecisionSentence> = {
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
  roll: (p) =>
    has(p, 'purpose')
      ? has(p, 'unit')
        ? { en: 'rolls for {unit} ({purpose})', ru: 'бросает кубики ({purpose}): {unit}' }
        : { en: 'rolls ({purpose})', ru: 'бросает кубики ({purpose})' }
      : { en: 'rolls', ru: 'бросает кубики' },
  sniper: (p) =>
    has(p, 'unit')
      ? { en: 'breaks {unit} with the Sniper!', ru: 'применяет триггер «Снайпер!»: {unit}' }
      : { en: 'declines the Sniper!', ru: 'отказывается от триггера «Снайпер!»' },
  'random-hex': (p) =>
    has(p, 'weapon')
      ? {
          en: 'reveals a Random Hex to repair {weapon}',
          ru: 'открывает Случайный Гекс для починки: {weapon}',
        }
      : { en: 'reveals a Random Hex', ru: 'открывает Случайный Гекс' },
  'state-outcome': (p) =>
    has(p, 'note')
      ? {
          en: 'states an outcome the rules lack: {note}',
          ru: 'заявляет результат, которого нет в правилах: {note}',
        }
      : {
          en: 'states an outcome the rules lack',
          ru: 'заявляет результат, которого нет в правилах',
        },
  'confirm-outcome': () => ({
    en: 'confirms the stated outcome',
    ru: 'подтверждает заявленный результат',
  }),
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
  'reject-outcome': () => ({
    en: 'rejects the stated outcome',
    ru: 'отклоняет заявленный результат',
  }),
};
