import type { DecisionSentence } from '../../naming/decision-sentences';
import { OUTCOME_SENTENCES } from './decisions/outcomes.sentences';
import { ROLL_SENTENCES } from './decisions/rolls.sentences';
import { TURN_SENTENCES } from './decisions/turn.sentences';

/**
 * Combat Commander: Europe's decision sentences by kind, as the game and the web client read
 * them: each phase's sit beside its decisions (decisions/<phase>.sentences.ts).
 */
export const CC_SENTENCES: Record<string, DecisionSentence> = {
  ...TURN_SENTENCES,
  ...ROLL_SENTENCES,
  ...OUTCOME_SENTENCES,
};
