import { has, type DecisionSentence } from '../../../naming/decision-sentences';
import { TROOPS_RU, TROOPS_EN } from '../rex-phrasing';

/** What a seat did, in a battle (decisions/battle.ts). */
export const battleSentences: Record<string, DecisionSentence> = {
  'start-battle': (p) =>
    has(p, 'location', 'opponent')
      ? {
          en: 'starts a battle at {location} against {opponent}',
          ru: 'начинает бой: {location}, противник — {opponent}',
        }
      : has(p, 'location')
        ? { en: 'starts a battle at {location}', ru: 'начинает бой: {location}' }
        : undefined,
  'battle-plan': (p) =>
    typeof p.dial === 'number'
      ? has(p, 'leader')
        ? {
            en: 'sets the battle wheel: dial {dial}, leader {leader}',
            ru: 'выставляет Колесо Битвы: число {dial}, лидер — {leader}',
          }
        : {
            en: 'sets the battle wheel: dial {dial}, no leader',
            ru: 'выставляет Колесо Битвы: число {dial}, без лидера',
          }
      : undefined,
  'battle-cards': (p) =>
    has(p, 'attack') || has(p, 'defense')
      ? { en: 'plays battle cards: {cards}', ru: 'выбирает карты боя: {cards}' }
      : { en: 'plays no battle card', ru: 'не выбирает карт боя' },
  'call-traitor': (p) =>
    has(p, 'traitor')
      ? { en: 'calls the traitor: {traitor}', ru: 'объявляет Предателя: {traitor}' }
      : { en: 'calls no traitor', ru: 'не объявляет Предателя' },
  'take-losses': (p) =>
    typeof p.troops === 'number'
      ? { en: `loses ${TROOPS_EN}`, ru: `теряет ${TROOPS_RU}` }
      : undefined,
  'keep-cards': (p) =>
    has(p, 'discard')
      ? { en: 'keeps its cards but {discard}', ru: 'оставляет карты, кроме: {discard}' }
      : { en: 'keeps its cards', ru: 'оставляет свои карты' },
};
