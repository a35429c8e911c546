import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in a Strategy card played outside battle (decisions/strategy.ts). */
export const strategySentences: Record<string, DecisionSentence> = {
  'play-strategy': (p) =>
    has(p, 'card', 'location')
      ? { en: 'plays {card} at {location}', ru: 'разыгрывает {card} → {location}' }
      : has(p, 'card')
        ? { en: 'plays {card}', ru: 'разыгрывает {card}' }
        : undefined,
};
