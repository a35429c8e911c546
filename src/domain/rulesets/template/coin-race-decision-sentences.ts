import type { DecisionSentence } from '../../naming/decision-sentences';
import { raceSentences } from './decisions/race.sentences';

/**
 * Coin Race's decision sentences, one map for the log and the web client, assembled from each
 * phase's (decisions/<phase>.sentences.ts).
 */
export const COIN_RACE_SENTENCES: Record<string, DecisionSentence> = { ...raceSentences };
