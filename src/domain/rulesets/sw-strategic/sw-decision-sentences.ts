import type { DecisionSentence } from '../../naming/decision-sentences';
import { GROUND_SENTENCES } from './decisions/ground.sentences';
import { SPACE_SENTENCES } from './decisions/space.sentences';
import { SPECIALIST_AND_ORBIT_SENTENCES } from './decisions/specialists-and-orbit.sentences';
import { TURN_SENTENCES } from './decisions/turns.sentences';

/**
 * Star Wars Stories, strategic missions: the decision sentences by kind, as the game and the
 * web client read them; each phase's sit beside its decisions (decisions/<phase>.sentences.ts).
 */
export const SW_SENTENCES: Record<string, DecisionSentence> = {
  ...TURN_SENTENCES,
  ...SPACE_SENTENCES,
  ...SPECIALIST_AND_ORBIT_SENTENCES,
  ...GROUND_SENTENCES,
};
