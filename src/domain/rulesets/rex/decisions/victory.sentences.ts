import { when, type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in Xxcha's prediction (decisions/victory.ts). */
export const victorySentences: Record<string, DecisionSentence> = {
  predict: when(['seat', 'round'], {
    en: 'predicts that {seat} wins in round {round}',
    ru: 'предсказывает: победит {seat}, раунд {round}',
  }),
};
