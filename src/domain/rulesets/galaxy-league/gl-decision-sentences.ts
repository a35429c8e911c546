import { has, type DecisionSentence } from '../../naming/decision-sentences';

const SHIPS_RU =
  '{count, plural, one {# наёмника} few {# наёмников} many {# наёмников} other {# наёмника}}';
const SHIPS_EN = '{count, plural, one {# mercenary} other {# mercenaries}}';

/**
 * The Galaxy League. A proposal or an offer is named by what it proposes where the params
 * say it; its id (`alliance-1-anna+boris`) is no name.
 */
export const GL_SENTENCES: Record<string, DecisionSentence> = {
  'propose-alliance': (p) =>
    has(p, 'members')
      ? has(p, 'shares')
        ? {
            en: 'proposes an alliance: {members}; dues: {shares}',
            ru: 'предлагает Альянс: {members}; доли взноса: {shares}',
          }
        : { en: 'proposes an alliance: {members}', ru: 'предлагает Альянс: {members}' }
      : undefined,
  'consent-alliance': () => ({ en: 'consents to the alliance', ru: 'соглашается на Альянс' }),
  'propose-dues-split': (p) =>
    has(p, 'shares')
      ? { en: 'proposes the dues split: {shares}', ru: 'предлагает доли взноса: {shares}' }
      : undefined,
  'leave-alliance': () => ({ en: 'leaves the alliance', ru: 'выходит из Альянса' }),
  'decline-dues': () => ({
    en: 'declines to pay the alliance’s dues',
    ru: 'отказывается платить взнос Альянса',
  }),
  'forfeit-planet': (p) =>
    has(p, 'planet')
      ? {
          en: 'gives up {planet} for unpaid dues',
          ru: 'отдаёт планету за неуплату взноса: {planet}',
        }
      : undefined,
  'offer-swap': (p) =>
    has(p, 'mine', 'theirs')
      ? {
          en: 'offers to swap {mine} for {theirs}',
          ru: 'предлагает обмен планетами: {mine} ⇄ {theirs}',
        }
      : undefined,
  'accept-swap': () => ({ en: 'accepts the planet swap', ru: 'принимает обмен планетами' }),
  research: (p) =>
    has(p, 'technology')
      ? { en: 'researches {technology}', ru: 'исследует технологию: {technology}' }
      : undefined,
  'change-capital': (p) =>
    has(p, 'planet')
      ? { en: 'moves the capital to {planet}', ru: 'переносит столицу → {planet}' }
      : undefined,
  'take-pause': () => ({ en: 'pauses for this round', ru: 'берёт паузу на этот раунд' }),
  'end-stage': () => ({ en: 'is done with this stage', ru: 'завершает этап' }),
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
  'enter-league': (p) =>
    has(p, 'capital')
      ? { en: 'enters the league, capital {capital}', ru: 'входит в Лигу, столица: {capital}' }
      : {
          en: 'enters the league as a returning player',
          ru: 'входит в Лигу как возвращающийся игрок',
        },
  'record-no-show': (p) =>
    has(p, 'planet', 'absent')
      ? {
          en: 'records that {absent} did not show up for the battle for {planet}',
          ru: 'записывает неявку на бой за планету {planet}: {absent}',
        }
      : undefined,
  'hire-mercenaries': (p) =>
    has(p, 'planet') && typeof p.count === 'number'
      ? {
          en: `hires ${SHIPS_EN} to defend {planet}`,
          ru: `нанимает ${SHIPS_RU} на защиту: {planet}`,
        }
      : undefined,
};
