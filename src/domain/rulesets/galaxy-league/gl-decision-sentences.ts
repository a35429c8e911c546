import type { DecisionSentence } from '../../naming/decision-sentences';
import { BATTLE_SENTENCES } from './decisions/battles.sentences';
import { ENTRY_SENTENCES } from './decisions/entry.sentences';
import { ORDER_SENTENCES } from './decisions/orders.sentences';
import { PREPARATION_SENTENCES } from './decisions/preparation.sentences';

/**
 * The league's decision sentences by kind, as the game and the web client read them: each
 * phase's sit beside its decisions (decisions/<phase>.sentences.ts).
 */
export const GL_SENTENCES: Record<string, DecisionSentence> = {
  ...PREPARATION_SENTENCES,
  ...ENTRY_SENTENCES,
  ...ORDER_SENTENCES,
  ...BATTLE_SENTENCES,
};
