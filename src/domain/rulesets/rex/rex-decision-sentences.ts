import { influenceSentences } from './decisions/influence.sentences';
import { allianceSentences } from './decisions/alliances.sentences';
import { biddingSentences } from './decisions/bidding.sentences';
import { maneuverSentences } from './decisions/maneuvers.sentences';
import { battleSentences } from './decisions/battle.sentences';
import { bombardmentSentences } from './decisions/bombardment.sentences';
import { strategySentences } from './decisions/strategy.sentences';
import { raceSentences } from './decisions/race-actions.sentences';
import { concessionSentences } from './decisions/concession.sentences';
import { victorySentences } from './decisions/victory.sentences';
import type { DecisionSentence } from '../../naming/decision-sentences';

/**
 * Rex: Final Days of an Empire. Each phase's sentences sit beside its decisions
 * (decisions/<phase>.sentences.ts); the log and the web client read them as one map.
 */
export const REX_SENTENCES: Record<string, DecisionSentence> = {
  ...influenceSentences,
  ...allianceSentences,
  ...biddingSentences,
  ...maneuverSentences,
  ...battleSentences,
  ...bombardmentSentences,
  ...strategySentences,
  ...raceSentences,
  ...concessionSentences,
  ...victorySentences,
};
