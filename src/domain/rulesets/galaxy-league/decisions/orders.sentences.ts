import { has, type DecisionSentence } from '../../../naming/decision-sentences';

const SHIPS_RU =
  '{count, plural, one {# наёмника} few {# наёмников} many {# наёмников} other {# наёмника}}';
const SHIPS_EN = '{count, plural, one {# mercenary} other {# mercenaries}}';

/** The Attack, Return, Joining and Defence stages' decisions. */
export const ORDER_SENTENCES: Record<string, DecisionSentence> = {
  // Sealed until the stage's end: read once revealed, with what was declared.
  'declare-attacks': (p) =>
    p.returning === true && has(p, 'attacks')
      ? {
          en: 'declares a return to the league: attacks {attacks}',
          ru: 'заявляет возврат в игру: атаки {attacks}',
        }
      : has(p, 'attacks', 'colonisations')
        ? {
            en: 'declares attacks {attacks} and colonisations {colonisations}',
            ru: 'заявляет атаки {attacks} и колонизации {colonisations}',
          }
        : has(p, 'attacks')
          ? { en: 'declares attacks {attacks}', ru: 'заявляет атаки {attacks}' }
          : has(p, 'colonisations')
            ? {
                en: 'declares colonisations {colonisations}',
                ru: 'заявляет колонизации {colonisations}',
              }
            : { en: 'declares no attack', ru: 'не заявляет атак' },
  'recall-ship': (p) =>
    has(p, 'ship') ? { en: 'recalls {ship}', ru: 'отзывает звездолёт: {ship}' } : undefined,
  'declare-joins': (p) =>
    has(p, 'joins')
      ? {
          en: 'joins battles and colonisations {joins}',
          ru: 'присоединяется к боям и колонизациям {joins}',
        }
      : { en: 'joins nothing', ru: 'ни к чему не присоединяется' },
  'assign-defender': (p) =>
    has(p, 'ship', 'planet')
      ? { en: 'sets {ship} to defend {planet}', ru: 'выставляет на защиту: {ship} → {planet}' }
      : undefined,
  'hire-mercenaries': (p) =>
    has(p, 'planet') && typeof p.count === 'number'
      ? {
          en: `hires ${SHIPS_EN} to defend {planet}`,
          ru: `нанимает ${SHIPS_RU} на защиту: {planet}`,
        }
      : undefined,
};
