import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/**
 * The rolls read off the Fate deck. A trigger reads in Russian as the text translates its
 * printed word («Sniper!» is «Снайпер!»).
 */
export const ROLL_SENTENCES: Record<string, DecisionSentence> = {
  roll: (p) =>
    has(p, 'purpose')
      ? has(p, 'unit')
        ? { en: 'rolls for {unit} ({purpose})', ru: 'бросает кубики ({purpose}): {unit}' }
        : { en: 'rolls ({purpose})', ru: 'бросает кубики ({purpose})' }
      : { en: 'rolls', ru: 'бросает кубики' },
  sniper: (p) =>
    has(p, 'unit')
      ? { en: 'breaks {unit} with the Sniper!', ru: 'применяет триггер «Снайпер!»: {unit}' }
      : { en: 'declines the Sniper!', ru: 'отказывается от триггера «Снайпер!»' },
  'random-hex': (p) =>
    has(p, 'weapon')
      ? {
          en: 'reveals a Random Hex to repair {weapon}',
          ru: 'открывает Случайный Гекс для починки: {weapon}',
        }
      : { en: 'reveals a Random Hex', ru: 'открывает Случайный Гекс' },
};
