import { has, when, type DecisionSentence } from '../../../naming/decision-sentences';

/** What a seat did, in the setup (decisions/setup.ts). */
export const setupSentences: Record<string, DecisionSentence> = {
  'register-deck': () => ({ en: 'registers the deck', ru: 'регистрирует колоду' }),
  deal: () => ({ en: 'deals the starting hands', ru: 'раздаёт стартовые руки' }),
  redeal: () => ({ en: 'redeals the hand', ru: 'пересдаёт карты' }),
  'setup-spend': (p) =>
    has(p, 'builds')
      ? {
          en: 'spends the setup resources: {builds}',
          ru: 'тратит стартовые ресурсы: {builds}',
        }
      : {
          en: 'keeps the setup resources as action tokens',
          ru: 'оставляет стартовые ресурсы фишками действия',
        },
  'roll-initiative': () => ({ en: 'rolls for initiative', ru: 'бросает на инициативу' }),
  deploy: when(['ships'], { en: 'deploys {ships}', ru: 'выставляет: {ships}' }),
};
