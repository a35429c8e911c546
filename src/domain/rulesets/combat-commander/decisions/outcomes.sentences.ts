import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** The outcomes stated where the excerpt lacks the rule, their answers, a concession. */
export const OUTCOME_SENTENCES: Record<string, DecisionSentence> = {
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
