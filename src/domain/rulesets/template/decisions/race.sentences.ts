import { when, type DecisionSentence } from '../../../naming/decision-sentences';

/**
 * What each decision kind of the race (decisions/race.ts) says in the log after the seat's
 * name, in English and Russian (ICU patterns over the params in words: `{card}` is the card's
 * name). Every kind needs one.
 */
export const raceSentences: Record<string, DecisionSentence> = {
  flip: () => ({ en: 'flips the coin', ru: 'бросает монету' }),
  'draw-boost': () => ({
    en: 'draws a boost instead of flipping',
    ru: 'берёт ускорение вместо броска',
  }),
  'play-boost': when(['card'], { en: 'plays the boost {card}', ru: 'играет ускорение: {card}' }),
};
