import { type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in a concession (decisions/concession.ts). */
export const concessionSentences: Record<string, DecisionSentence> = {
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
};
