import { when, type DecisionSentence } from '../../../naming/decision-sentences';
import { INFLUENCE_RU_ICU } from '../rex-phrasing';

/** What a seat did, in the Ceasefire's alliances and deals (decisions/alliances.ts). */
export const allianceSentences: Record<string, DecisionSentence> = {
  'offer-alliance': when(['to'], { en: 'offers {to} an alliance', ru: 'предлагает союз: {to}' }),
  'leave-alliance': () => ({ en: 'leaves the alliance', ru: 'выходит из союза' }),
  'transfer-influence': when(['to', 'amount'], {
    en: 'gives {to} {amount} Influence',
    ru: `передаёт ${INFLUENCE_RU_ICU} → {to}`,
  }),
  'end-ceasefire': () => ({
    en: 'is done with alliances and deals',
    ru: 'заканчивает с союзами и сделками',
  }),
};
