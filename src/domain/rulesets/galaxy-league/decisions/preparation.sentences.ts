import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/**
 * The Preparation stage's decisions. A proposal or an offer is named by what it proposes where
 * the params say it; its id (`alliance-1-anna+boris`) is no name.
 */
export const PREPARATION_SENTENCES: Record<string, DecisionSentence> = {
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
};
