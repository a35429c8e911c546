import { when, type DecisionSentence } from '../../../naming/decision-sentences';
import { TROOPS_RU, TROOPS_EN, INFLUENCE_RU_ICU } from '../rex-phrasing';

/** What a seat did, in the auction and the recruitment (decisions/bidding.ts). */
export const biddingSentences: Record<string, DecisionSentence> = {
  'deal-auction': () => ({
    en: 'deals the remaining auction lots',
    ru: 'раздаёт оставшиеся лоты торгов',
  }),
  bid: when(['amount'], { en: 'bids {amount} Influence', ru: `ставит ${INFLUENCE_RU_ICU}` }),
  'pass-bid': () => ({ en: 'passes in the auction', ru: 'пасует на торгах' }),
  recruit: when(['troops'], { en: `recruits ${TROOPS_EN}`, ru: `набирает ${TROOPS_RU}` }),
};
