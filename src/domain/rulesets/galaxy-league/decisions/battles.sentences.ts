import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** The battles' decisions. */
export const BATTLE_SENTENCES: Record<string, DecisionSentence> = {
  'record-no-show': (p) =>
    has(p, 'planet', 'absent')
      ? {
          en: 'records that {absent} did not show up for the battle for {planet}',
          ru: 'записывает неявку на бой за планету {planet}: {absent}',
        }
      : undefined,
  // The battles: the linked match is named by the link in the league's log, not by its id here.
  'link-battle': (p) =>
    has(p, 'planet')
      ? {
          en: 'links a played match as the battle for {planet}',
          ru: 'связывает сыгранную партию с боем за планету: {planet}',
        }
      : undefined,
  'report-battle': (p) =>
    has(p, 'planet', 'winner')
      ? {
          en: 'reports the battle for {planet}: {winner} won',
          ru: 'сообщает итог боя за планету: {planet}; победа — {winner}',
        }
      : has(p, 'planet')
        ? {
            en: 'reports the battle for {planet}: no winner',
            ru: 'сообщает итог боя за планету: {planet}; победителя нет',
          }
        : undefined,
  'confirm-battle': (p) =>
    has(p, 'planet')
      ? {
          en: 'confirms the result of the battle for {planet}',
          ru: 'подтверждает итог боя за планету: {planet}',
        }
      : undefined,
  'choose-annexed': (p) =>
    has(p, 'territories')
      ? { en: 'annexes {territories}', ru: 'присоединяет территории: {territories}' }
      : undefined,
  'designate-capital': (p) =>
    has(p, 'planet')
      ? { en: 'names {planet} the new capital', ru: 'назначает новую столицу: {planet}' }
      : undefined,
};
