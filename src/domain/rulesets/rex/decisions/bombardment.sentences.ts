import { type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in the Bombardment (decisions/bombardment.ts). */
export const bombardmentSentences: Record<string, DecisionSentence> = {
  'draw-bombardment': () => ({
    en: 'draws a Bombardment card',
    ru: 'тянет карту Бомбардировки',
  }),
  'peek-bombardment': () => ({
    en: 'looks at the next Bombardment card',
    ru: 'смотрит следующую карту Бомбардировки',
  }),
};
