import { has, when, type DecisionSentence } from '../../../naming/decision-sentences';

const TOKENS_RU =
  '{count, plural, one {# фишку действия} few {# фишки действия} many {# фишек действия} other {# фишки действия}}';
const TOKENS_EN = '{count, plural, one {# action token} other {# action tokens}}';

/** What a seat did, in a turn's resources, production and movement (decisions/turn.ts). */
export const turnSentences: Record<string, DecisionSentence> = {
  'commercial-run': when(['ship', 'to'], {
    en: 'sends {ship} on a commercial run to {to}',
    ru: 'отправляет {ship} в торговый рейс → {to}',
  }),
  'smuggling-run': when(['ship', 'target'], {
    en: 'sends {ship} on a smuggling run to {target}',
    ru: 'отправляет {ship} в контрабандный рейс → {target}',
  }),
  'end-resources': () => ({ en: 'ends the resources step', ru: 'заканчивает шаг ресурсов' }),
  produce: (p) =>
    has(p, 'card', 'to')
      ? { en: 'builds {card} at {to}', ru: 'строит {card} → {to}' }
      : has(p, 'card')
        ? { en: 'builds {card}', ru: 'строит {card}' }
        : undefined,
  'play-ability': when(['card'], { en: 'plays {card}', ru: 'разыгрывает {card}' }),
  'play-upgrade': when(['card', 'target'], {
    en: 'fits {card} to {target}',
    ru: 'ставит улучшение {card} → {target}',
  }),
  'move-upgrade': when(['upgrade', 'to'], {
    en: 'moves the upgrade {upgrade} to {to}',
    ru: 'переносит улучшение {upgrade} → {to}',
  }),
  'play-situation': when(['card'], {
    en: 'plays the situation {card}',
    ru: 'разыгрывает ситуацию {card}',
  }),
  'discard-situation': when(['card'], {
    en: 'puts the situation {card} into Losses',
    ru: 'отправляет в потери ситуацию {card}',
  }),
  'move-commander': when(['to'], {
    en: 'moves the Commander to {to}',
    ru: 'переводит Командора → {to}',
  }),
  'buy-action-tokens': (p) =>
    typeof p.count === 'number'
      ? { en: `buys ${TOKENS_EN}`, ru: `покупает ${TOKENS_RU}` }
      : undefined,
  'end-production': () => ({ en: 'ends production', ru: 'заканчивает производство' }),
  'move-ships': when(['ships', 'to'], {
    en: 'moves {ships} to {to}',
    ru: 'перемещает {ships} → {to}',
  }),
  'move-ground': when(['card', 'to'], {
    en: 'moves {card} to {to}',
    ru: 'перемещает {card} → {to}',
  }),
  'end-movement': () => ({ en: 'ends movement', ru: 'заканчивает движение' }),
  'play-tactical': when(['card'], {
    en: 'plays the tactic {card}',
    ru: 'разыгрывает тактику {card}',
  }),
};
