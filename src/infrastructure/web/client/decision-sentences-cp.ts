import { has, when, type DecisionSentence } from './replay/decision-sentences';

/** Commanders Path («Путь Командора»). */
export const CP_SENTENCES: Record<string, DecisionSentence> = {
  deal: () => ({ en: 'deals the starting hands', ru: 'раздаёт стартовые руки' }),
  'roll-initiative': () => ({ en: 'rolls for initiative', ru: 'бросает на инициативу' }),
  deploy: when(['ships'], { en: 'deploys {ships}', ru: 'выставляет: {ships}' }),
  'commercial-run': when(['ship', 'to'], {
    en: 'sends {ship} on a commercial run to {to}',
    ru: 'отправляет {ship} в торговый рейс → {to}',
  }),
  produce: (p) =>
    has(p, 'card', 'to')
      ? { en: 'builds {card} at {to}', ru: 'строит {card} → {to}' }
      : has(p, 'card')
        ? { en: 'builds {card}', ru: 'строит {card}' }
        : undefined,
  'play-upgrade': when(['card', 'target'], {
    en: 'fits {card} to {target}',
    ru: 'ставит улучшение {card} → {target}',
  }),
  'play-ability': when(['card'], { en: 'plays {card}', ru: 'разыгрывает {card}' }),
  'play-situation': when(['card'], {
    en: 'plays the situation {card}',
    ru: 'разыгрывает ситуацию {card}',
  }),
  'play-tactical': when(['card'], {
    en: 'plays the tactic {card}',
    ru: 'разыгрывает тактику {card}',
  }),
  'move-ships': when(['ships', 'to'], {
    en: 'moves {ships} to {to}',
    ru: 'перемещает {ships} → {to}',
  }),
  'move-ground': when(['card', 'to'], {
    en: 'moves {card} to {to}',
    ru: 'перемещает {card} → {to}',
  }),
  'move-commander': when(['to'], {
    en: 'moves the Commander to {to}',
    ru: 'переводит Командора → {to}',
  }),
  'start-battle': when(['location'], {
    en: 'starts a battle at {location}',
    ru: 'начинает бой: {location}',
  }),
  attack: (p) =>
    has(p, 'ship', 'targets')
      ? has(p, 'weapon')
        ? {
            en: '{ship} fires {weapon} at {targets}',
            ru: '{ship} стреляет ({weapon}) по цели: {targets}',
          }
        : { en: '{ship} attacks {targets}', ru: '{ship} атакует цель: {targets}' }
      : undefined,
  ram: when(['ship', 'target'], {
    en: 'rams {target} with {ship}',
    ru: 'таранит: {ship} → {target}',
  }),
  board: when(['ship', 'target'], {
    en: 'boards {target} from {ship}',
    ru: 'берёт на абордаж: {ship} → {target}',
  }),
  bomb: when(['ships', 'target'], {
    en: 'bombs {target} with {ships}',
    ru: 'бомбит: {ships} → {target}',
  }),
  withdraw: when(['ships'], { en: 'withdraws {ships}', ru: 'отводит из боя: {ships}' }),
  land: when(['ships'], { en: 'lands {ships}', ru: 'высаживает: {ships}' }),
  'pass-attack': () => ({ en: 'holds fire', ru: 'не атакует' }),
  'end-resources': () => ({ en: 'ends the resources step', ru: 'заканчивает шаг ресурсов' }),
  'end-production': () => ({ en: 'ends production', ru: 'заканчивает производство' }),
  'end-movement': () => ({ en: 'ends movement', ru: 'заканчивает движение' }),
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
};
