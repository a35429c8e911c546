import { type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in a concession (decisions/victory.ts). */
export const victorySentences: Record<string, DecisionSentence> = {
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
};
