import { setupSentences } from './decisions/setup.sentences';
import { turnSentences } from './decisions/turn.sentences';
import { battleSentences } from './decisions/battle.sentences';
import { manualSentences } from './decisions/manual.sentences';
import { victorySentences } from './decisions/victory.sentences';
import type { DecisionSentence } from '../../naming/decision-sentences';

/**
 * Commanders Path («Путь Командора»). Each phase's sentences sit beside its decisions
 * (decisions/<phase>.sentences.ts); the log and the web client read them as one map.
 */
export const CP_SENTENCES: Record<string, DecisionSentence> = {
  ...setupSentences,
  ...turnSentences,
  ...battleSentences,
  ...manualSentences,
  ...victorySentences,
};
