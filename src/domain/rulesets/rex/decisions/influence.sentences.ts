import { type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in Influence (decisions/influence.ts). */
export const influenceSentences: Record<string, DecisionSentence> = {
  begin: () => ({
    en: 'begins the game: shuffles the decks and deals the starting cards',
    ru: 'начинает игру: тасует колоды и раздаёт стартовые карты',
  }),
  'reveal-influence': () => ({
    en: 'reveals the top Influence card',
    ru: 'открывает верхнюю Карту Влияния',
  }),
};
