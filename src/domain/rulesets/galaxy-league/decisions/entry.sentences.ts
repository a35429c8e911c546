import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** A new or returning player's entry into the league. */
export const ENTRY_SENTENCES: Record<string, DecisionSentence> = {
  'enter-league': (p) =>
    has(p, 'capital')
      ? { en: 'enters the league, capital {capital}', ru: 'входит в Лигу, столица: {capital}' }
      : {
          en: 'enters the league as a returning player',
          ru: 'входит в Лигу как возвращающийся игрок',
        },
};
