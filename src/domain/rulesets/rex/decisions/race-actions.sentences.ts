import { when, type DecisionSentence } from '../../../naming/decision-sentences';
import { TROOPS_RU, TROOPS_EN } from '../rex-phrasing';

/** What a seat did, in the races' own actions (decisions/race-actions.ts). */
export const raceSentences: Record<string, DecisionSentence> = {
  'flip-troops': when(['location'], {
    en: 'flips its troops at {location}',
    ru: 'переворачивает войска: {location}',
  }),
  'sol-offensive-move': when(['from', 'to', 'troops'], {
    en: `moves ${TROOPS_EN} from {from} to {to} (Sol Offensive)`,
    ru: `перемещает ${TROOPS_RU}: {from} → {to} (наступление Сол)`,
  }),
};
